import type { FirebaseApp } from 'firebase/app';
import type { AppCheckSettings } from './firebaseSettings';

// App Check for the callables: production refuses a callable without a valid App Check token
// (functions/src/callable/callableOptions.ts), so the app proves with reCAPTCHA Enterprise that a call comes from this app
// in a real browser. The SDK loads with the first callable (functions.ts), never with the sign-in page's start-up
// code (docs/benchmarks.md §1).
//   production and stage   reCAPTCHA Enterprise with the site key
//   dev against a project  the SDK's debug provider, with a debug token registered in the Firebase console
//   the local emulators    a debug provider of our own: the demo project has no App Check service to exchange a
//                          debug token with, and the Functions emulator reads App Check tokens without verifying
//                          them, so a local token names the app and no request leaves the machine.

const EMULATOR_TOKEN_TTL_MS = 60 * 60 * 1000;

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned App Check token for the emulators: the shape of App Check's JWT, the app as its subject. */
export function emulatorDebugToken(app: Pick<FirebaseApp, 'options'>, now: number): { token: string; expireTimeMillis: number } {
  const expireTimeMillis = now + EMULATOR_TOKEN_TTL_MS;
  const { projectId = 'demo-project', appId } = app.options;
  const payload = {
    sub: appId ?? `${projectId}:web`,
    aud: [`projects/${projectId}`],
    iss: 'app-check-emulator-debug',
    iat: Math.floor(now / 1000),
    exp: Math.floor(expireTimeMillis / 1000),
  };
  return { token: `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(payload)}.`, expireTimeMillis };
}

async function activate(app: FirebaseApp, settings: AppCheckSettings, useEmulators: boolean): Promise<void> {
  if (!useEmulators && !settings.debugToken && !settings.siteKey) return;
  const { CustomProvider, initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
  if (useEmulators) {
    initializeAppCheck(app, {
      provider: new CustomProvider({ getToken: () => Promise.resolve(emulatorDebugToken(app, Date.now())) }),
      isTokenAutoRefreshEnabled: false,
    });
    return;
  }
  if (settings.debugToken) {
    // The SDK's debug mode: it exchanges this token and never consults the provider (so no reCAPTCHA script loads).
    (globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN = settings.debugToken;
    initializeAppCheck(app, {
      provider: new CustomProvider({ getToken: () => Promise.reject(new Error('App Check runs on its debug token here')) }),
      isTokenAutoRefreshEnabled: true,
    });
    return;
  }
  if (settings.siteKey) initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(settings.siteKey), isTokenAutoRefreshEnabled: true });
}

let activation: Promise<void> | undefined;

/**
 * Activates App Check once per page, before the first callable. A failed load (the SDK's chunk did not arrive) is
 * tried again with the next call; the call itself goes ahead, and the server decides.
 */
export function ensureAppCheck(app: FirebaseApp, settings: AppCheckSettings, useEmulators: boolean): Promise<void> {
  activation ??= activate(app, settings, useEmulators).catch(() => {
    activation = undefined;
  });
  return activation;
}
