// App Check in the browser (src/adapters/firebase/appCheck.ts, src/app/appCheckConfig.ts): production refuses a
// callable without an App Check token (functions/src/callable/callableOptions.ts). Against the emulators the app sends a
// local debug token that the Functions emulator reads without verifying; a debug token never ships in a prod build.
import { describe, expect, it } from 'vitest';
import { emulatorDebugToken } from '../../src/adapters/firebase/appCheck';
import { readAppCheckSettings } from '../../src/app/appCheckConfig';

/** The Functions emulator's reading of an App Check token (firebase-functions' unsafeDecodeAppCheckToken). */
function asTheEmulatorReadsIt(token: string): Record<string, unknown> {
  expect(token).toMatch(/^[a-zA-Z0-9\-_=]+?\.[a-zA-Z0-9\-_=]+?\.([a-zA-Z0-9\-_=]+)?$/);
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64').toString()) as Record<string, unknown>;
}

describe('App Check', () => {
  it('sends the emulators a token naming the app, good for an hour', () => {
    const now = Date.UTC(2026, 11, 7, 9, 0, 0);
    const { token, expireTimeMillis } = emulatorDebugToken({ options: { projectId: 'demo-credit-readiness', appId: '1:123:web:abc' } }, now);
    expect(expireTimeMillis).toBe(now + 60 * 60 * 1000);
    expect(asTheEmulatorReadsIt(token)).toMatchObject({ sub: '1:123:web:abc', aud: ['projects/demo-credit-readiness'], iat: now / 1000, exp: now / 1000 + 3600 });
    // The demo config has no app id: the project names the app.
    expect(asTheEmulatorReadsIt(emulatorDebugToken({ options: { projectId: 'demo-credit-readiness' } }, now).token).sub).toBe('demo-credit-readiness:web');
  });

  it('reads the site key and the debug token, and refuses a debug token in a production build', () => {
    expect(readAppCheckSettings({ VITE_APP_CHECK_SITE_KEY: 'site-key' }, true)).toEqual({ siteKey: 'site-key', debugToken: undefined });
    expect(readAppCheckSettings({ VITE_APP_CHECK_DEBUG_TOKEN: 'debug-token' }, false)).toEqual({ siteKey: undefined, debugToken: 'debug-token' });
    expect(() => readAppCheckSettings({ VITE_APP_CHECK_DEBUG_TOKEN: 'debug-token' }, true)).toThrow(/must not be set in a production build/);
  });
});
