// Step-up for the most sensitive self-service steps (the full Social Security number, an email change): the
// security review asked that a stolen or long-lived session not be enough. The server refuses a sign-in older than
// RECENT_SIGN_IN_MAX_AGE_MS with RECENT_SIGN_IN_REQUIRED_CODE; the page asks for the password again
// (re-authentication renews the sign-in time) and tries once more.
import { RECENT_SIGN_IN_MAX_AGE_MS } from './constants';

/** The server's code (and details.key ERROR_KEYS.recentSignInRequired) for a sign-in that is not recent enough. */
export const RECENT_SIGN_IN_REQUIRED_CODE = 'recent-sign-in-required';

/**
 * Whether a sign-in at `authTimeSeconds` (the ID token's auth_time) is recent at `nowMs`. An unknown time, or one in
 * the future beyond a minute's clock skew, is not.
 */
export function isRecentSignIn(authTimeSeconds: number | null, nowMs: number): boolean {
  if (authTimeSeconds === null || !Number.isFinite(authTimeSeconds)) return false;
  const ageMs = nowMs - authTimeSeconds * 1_000;
  return ageMs <= RECENT_SIGN_IN_MAX_AGE_MS && ageMs >= -60_000;
}
