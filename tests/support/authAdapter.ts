import type { AuthPort } from '../../machines/ports';

// The auth port over Firebase as the adapter tests load it: a fresh copy of the adapter (after vi.resetModules, with
// the tests' mocks of the Auth SDK and the single sign-on code), configured for a demo project without emulators,
// with no SDK loaded yet.

export const DEMO_API_KEY = 'demo-api-key';

export async function loadAuthPort(): Promise<AuthPort> {
  const settings = await import('../../src/adapters/firebase/firebaseSettings');
  settings.configureFirebase({
    apiKey: DEMO_API_KEY,
    projectId: 'demo',
    authDomain: 'demo',
    storageBucket: 'demo',
    useEmulators: false,
    emulatorHost: '127.0.0.1',
    defaultTenantId: 'customer',
  });
  const auth = await import('../../src/adapters/firebase/auth');
  auth.resetAuthSdkForTests();
  return auth.createAuthPort();
}

/** Lets the adapter's lazy imports and the SDK's callbacks run. */
export const settleAdapter = () => new Promise((resolve) => setTimeout(resolve, 20));
