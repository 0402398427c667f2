// The subscription gate (spec 000 §2.3 step 2; spec 001 §3, §6).

export const SUBSCRIPTION_STATUSES = [
  'Active',
  'Pending',
  'Completed',
  'Pending Onboarding',
  'Current',
  'Suspended',
  'Non-Current',
  'Inactive',
  'UNKNOWN',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Customers outside this set are redirected to /update-payment (spec 001 §6). Both spellings of unknown occur. */
export const ACCEPTABLE_SUBSCRIPTION_STATUSES = [
  'Active',
  'Current',
  'Unknown',
  'UNKNOWN',
  'Pending Onboarding',
  'Pending',
] as const;

export function isAcceptableSubscriptionStatus(status: string | null | undefined): boolean {
  // A missing status counts as Unknown.
  if (status === null || status === undefined || status === '') return true;
  return (ACCEPTABLE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

export interface SubscriptionGateFacts {
  status: string | null | undefined;
  isAgent: boolean;
  hasDegradedAccess: boolean;
  now: Date;
  /** When the degraded access ends; absent means it does not expire. */
  degradedAccessExpiration?: Date | null;
}

/** Agents and users with unexpired degraded access pass; everyone else needs an acceptable status (spec 001 §6). */
export function passesSubscriptionGate(facts: SubscriptionGateFacts): boolean {
  if (facts.isAgent) return true;
  if (facts.hasDegradedAccess) {
    const expiration = facts.degradedAccessExpiration;
    if (!expiration || expiration.getTime() > facts.now.getTime()) return true;
  }
  return isAcceptableSubscriptionStatus(facts.status);
}

/**
 * Whether the session may start or submit disputes (spec 001 §6). Disputes are premium: a customer whose status is
 * outside the acceptable set is told 'premium only' even when unexpired degraded access lets them past the
 * subscription gate (degraded access opens the app, not the premium work). Agents are not refused here; their rule
 * is allowClientActions.
 */
export function mayActOnDisputes(facts: { status: string | null | undefined; isAgent: boolean }): boolean {
  return facts.isAgent || isAcceptableSubscriptionStatus(facts.status);
}
