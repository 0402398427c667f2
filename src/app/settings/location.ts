import { isSettingsPage, SETTINGS_REAUTHENTICATION_SEGMENT, type SettingsPage } from '../../domain/routes';

// What a settings address names (spec 000 §2.5): /settings/{page}, and below the security page the nested route
// 'auth' (the re-authentication dialog). Everything after /settings/ is read here so the route decides in one place:
// no page → loan-goal; an unknown page, or anything unknown below a page → loan-goal. Billing (spec 001 §2) has one
// sub-route, 'upgrade' (the free plan's upgrade dialog over the billing page); anything else below it is billing.

/** /settings/billing/upgrade (src/domain/routes.ts BILLING_UPGRADE_PATH). */
export const BILLING_UPGRADE_SEGMENT = 'upgrade';

export type SettingsLocation =
  | { kind: 'index' }
  | { kind: 'unknown' }
  | { kind: 'billing'; upgrade: boolean }
  | { kind: 'page'; page: SettingsPage; reauthentication: boolean };

/** `splat`: the part of the path after /settings/ (the router's `*`). */
export function readSettingsLocation(splat: string | undefined): SettingsLocation {
  const segments = (splat ?? '').split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'index' };
  const [page, ...rest] = segments;
  if (page === 'billing') return { kind: 'billing', upgrade: rest.length === 1 && rest[0] === BILLING_UPGRADE_SEGMENT };
  if (!isSettingsPage(page)) return { kind: 'unknown' };
  if (rest.length === 0) return { kind: 'page', page, reauthentication: false };
  if (page === 'security' && rest.length === 1 && rest[0] === SETTINGS_REAUTHENTICATION_SEGMENT) {
    return { kind: 'page', page, reauthentication: true };
  }
  return { kind: 'unknown' };
}
