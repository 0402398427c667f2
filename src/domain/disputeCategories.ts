// The dispute categories and their address slugs (spec 001 §2 "Disputes dashboard", §3): a module of their own so
// the route table (./routes.ts), which every page's start-up code carries, takes these few lines and not the whole of
// ./disputes.ts (docs/benchmarks.md §1). ./disputes.ts re-exports them.

/** The wizard's step order and the dashboard's accordion order (spec 001 §3). */
export const DISPUTE_CATEGORIES = [
  'COLLECTIONS_TRADELINE',
  'COLLECTIONS_OTHER',
  'PUBLIC_RECORDS',
  'LATE_PAYMENTS',
  'RECENT_INQUIRY',
] as const;
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number];

/** The {type} part of /credit/disputes/{stage}/{type}/*: the category in lower kebab case. */
export function categorySlug(category: DisputeCategory): string {
  return category.toLowerCase().replaceAll('_', '-');
}

export function categoryFromSlug(slug: string | undefined): DisputeCategory | null {
  return DISPUTE_CATEGORIES.find((category) => categorySlug(category) === slug) ?? null;
}
