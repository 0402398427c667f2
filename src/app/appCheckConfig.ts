import { z } from 'zod/mini';
import type { AppCheckSettings } from '../adapters/firebase/firebaseSettings';
import { config } from './config';

// App Check's settings (src/adapters/firebase/appCheck.ts), read from Vite's import.meta.env beside ./config.ts:
// VITE_APP_CHECK_SITE_KEY, the reCAPTCHA Enterprise site key of a deployed app (production requires App Check on
// every callable: functions/src/callable/callableOptions.ts), and VITE_APP_CHECK_DEBUG_TOKEN, a debug token registered in the
// Firebase console for a dev build against a real project. Under the emulators neither is needed.

const schema = z.object({
  VITE_APP_CHECK_SITE_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_APP_CHECK_DEBUG_TOKEN: z.optional(z.string().check(z.minLength(1))),
});

/**
 * The settings; a debug token in a production-like build is refused loudly: anyone can read it from the bundle,
 * and it would pass App Check from any script.
 */
export function readAppCheckSettings(env: Record<string, unknown>, isProductionLike: boolean): AppCheckSettings {
  const parsed = schema.parse(env);
  if (isProductionLike && parsed.VITE_APP_CHECK_DEBUG_TOKEN !== undefined) {
    throw new Error('VITE_APP_CHECK_DEBUG_TOKEN must not be set in a production build (prod, restore).');
  }
  return { siteKey: parsed.VITE_APP_CHECK_SITE_KEY, debugToken: parsed.VITE_APP_CHECK_DEBUG_TOKEN };
}

export const appCheckSettings: AppCheckSettings = readAppCheckSettings(import.meta.env ?? {}, config.isProductionLike);
