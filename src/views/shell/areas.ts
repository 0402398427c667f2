import type { Area } from '../../domain/permissions';

// The header's and the bottom navigation's areas (spec 000 §2.4); their paths are in src/domain/routes.ts.

export { AREA_PATHS } from '../../domain/routes';

/** The header's area links; support and settings have their own buttons (spec 000 §2.4). */
export const HEADER_AREAS = ['dashboard', 'credit', 'money', 'documents', 'identity', 'learning-center'] as const satisfies readonly Area[];
export type HeaderArea = (typeof HEADER_AREAS)[number];

/** spec 000 §2.4: the bottom navigation's five tabs, in order. */
export const BOTTOM_NAVIGATION_AREAS: readonly Area[] = ['documents', 'identity', 'dashboard', 'credit', 'money'];
