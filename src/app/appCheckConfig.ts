import type { AppCheckSettings } from '../adapters/firebase/firebaseSettings';

// App Check's settings (src/adapters/firebase/appCheck.ts), read from Vite's import.meta.env beside ./config.ts:
// VITE_APP_CHECK_SITE_KEY, the reCAPTCHA Enterprise site key of a deployed app (production requires App Check on
// every callable: functions/src/callable/callableOptions.ts), and VITE_APP_CHECK_DEBUG_TOKEN, a debug token registered in the
// Firebase console for a dev build against a real project. Under the emulators neither is needed. Checked by hand
// (each unset or a non-empty string): the sign-in page's start-up code reads them and carries no schema library.

/** The setting `name` of `env`: unset, or a non-empty string; anything else is refused loudly. */
function optionalText(env: Record<string, unknown>, name: string): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0) throw new Error(`${name} must be a non-empty string when it is set.`);
  return value;
}

/**
 * The settings; a debug token in a production-like build is refused loudly: anyone can read it from the bundle,
 * and it would pass App Check from any script.
 */
export function readAppCheckSettings(env: Record<string, unknown>, isProductionLike: boolean): AppCheckSettings {
  const siteKey = optionalText(env, 'VITE_APP_CHECK_SITE_KEY');
  const debugToken = optionalText(env, 'VITE_APP_CHECK_DEBUG_TOKEN');
  if (isProductionLike && debugToken !== undefined) {
    throw new Error('VITE_APP_CHECK_DEBUG_TOKEN must not be set in a production build (prod, restore).');
  }
  return { siteKey, debugToken };
}
