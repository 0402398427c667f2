import type { Area } from '../../domain/permissions';

// Where each area of the main shell lives (spec 000 §2.4) and the order the header lists them in.

export const AREA_PATHS: Record<Area, string> = {
  dashboard: '/',
  money: '/money',
  credit: '/credit',
  documents: '/documents',
  identity: '/identity',
  'learning-center': '/learning-center',
  support: '/support',
  settings: '/settings',
};

/** The header's area links; support and settings have their own buttons (spec 000 §2.4). */
export const HEADER_AREAS = ['dashboard', 'credit', 'money', 'documents', 'identity', 'learning-center'] as const satisfies readonly Area[];
export type HeaderArea = (typeof HEADER_AREAS)[number];

/** spec 000 §2.4: the bottom navigation's five tabs, in order. */
export const BOTTOM_NAVIGATION_AREAS: readonly Area[] = ['documents', 'identity', 'dashboard', 'credit', 'money'];
