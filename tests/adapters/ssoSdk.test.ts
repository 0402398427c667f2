import { beforeEach, describe, expect, it, vi } from 'vitest';

// What the single sign-on code tells the page of a provider's identity (spec 000 §4.3): whether the provider sign-in
// just made it, and whether its token carries an account's claims; Firebase Auth faked at its functions.

const firebase = vi.hoisted(() => ({
  isNewUser: true,
  claims: {} as Record<string, unknown>,
}));

const firebaseUser = () => ({
  uid: 'u-1',
  email: 'pat.doe@example.com',
  getIdTokenResult: async () => ({
    // The claims every Firebase ID token carries, and the custom ones of the test.
    claims: { iss: 'https://securetoken.google.com/demo', aud: 'demo', auth_time: 1, user_id: 'u-1', sub: 'u-1', iat: 1, exp: 2, email: 'pat.doe@example.com', email_verified: true, firebase: { sign_in_provider: 'google.com' }, name: 'Pat', picture: 'https://example.com/p.png', ...firebase.claims },
  }),
});

vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: () => ({ name: 'single-sign-on' }) }));
vi.mock('../../src/adapters/firebase/firebaseApp', () => ({
  adapterConfig: () => ({ useEmulators: false, emulatorHost: '127.0.0.1' }),
  EMULATOR_PORTS: { auth: 9099 },
  firebaseApp: () => ({ options: {} }),
}));
vi.mock('firebase/auth', () => {
  class OAuthProvider {
    addScope() {}
  }
  class GoogleAuthProvider extends OAuthProvider {
    setCustomParameters() {}
  }
  return {
    browserPopupRedirectResolver: {},
    browserSessionPersistence: {},
    connectAuthEmulator: () => undefined,
    initializeAuth: () => ({ currentUser: null }),
    GoogleAuthProvider,
    OAuthProvider,
    signInWithPopup: async () => ({ user: firebaseUser() }),
    getRedirectResult: async () => ({ user: firebaseUser() }),
    getAdditionalUserInfo: () => ({ isNewUser: firebase.isNewUser }),
    signInWithRedirect: async () => new Promise(() => undefined),
    signOut: async () => undefined,
    updateCurrentUser: async () => undefined,
  };
});

describe("the provider's identity as single sign-on gives it to the page", () => {
  beforeEach(() => {
    firebase.isNewUser = true;
    firebase.claims = {};
  });

  it('says an identity the provider sign-in just made is new, with no claims of an account', async () => {
    const sso = await import('../../src/adapters/firebase/ssoSdk');
    expect(await sso.providerIdentityByPopup('google.com')).toEqual({ providerId: 'google.com', email: 'pat.doe@example.com', isNewUser: true, hasClaims: false });
  });

  it("says an account's identity is not new and carries claims, from the popup and from a redirect's return alike", async () => {
    firebase.isNewUser = false;
    firebase.claims = { role: 'customer' };
    const sso = await import('../../src/adapters/firebase/ssoSdk');
    const account = { providerId: 'apple.com', email: 'pat.doe@example.com', isNewUser: false, hasClaims: true };
    expect(await sso.providerIdentityByPopup('apple.com')).toEqual(account);
    expect(await sso.providerRedirectIdentity('apple.com')).toEqual(account);
  });
});
