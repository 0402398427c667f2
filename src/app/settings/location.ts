import { isSettingsPage, SETTINGS_REAUTHENTICATION_SEGMENT, type SettingsPage } from '../../domain/routes';

// What a settings address names (spec 000 §2.5): /settings/{page}, and below the security page the nested route
// 'auth' (the re-authentication dialog). Everything after /settings/ is read here so the route decides in one place:
// no page → loan-goal; an unknown page, or anything unknown below a page → loan-goal. Billing (spec 001 §2) is the
// billing area's, built in its own issue: until then the shell's not-found page.

export type SettingsLocation =
  | { kind: 'index' }
  | { kind: 'unknown' }
  | { kind: 'billing' }
  | { kind: 'page'; page: SettingsPage; reauthentication: boolean };

/** `splat`: the part of the path after /settings/ (the router's `*`). */
export function readSettingsLocation(splat: string | undefined): SettingsLocation {
  const segments = (splat ?? '').split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'index' };
  const [page, ...rest] = segments;
  if (page === 'billing') return { kind: 'billing' };
  if (!isSettingsPage(page)) return { kind: 'unknown' };
  if (rest.length === 0) return { kind: 'page', page, reauthentication: false };
  if (page === 'security' && rest.length === 1 && rest[0] === SETTINGS_REAUTHENTICATION_SEGMENT) {
    return { kind: 'page', page, reauthentication: true };
  }
  return { kind: 'unknown' };
}
