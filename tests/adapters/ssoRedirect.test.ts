import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Single sign-on by redirect over the auth port (spec 000 §4.3): the tab marks the redirect it starts, the page that
// comes back reads the mark without loading the redirect code, and completing (or failing to start) clears it.

const sso = vi.hoisted(() => ({
  loads: 0,
  startError: null as null | { code: string },
  started: [] as string[],
  redirectUser: null as null | Record<string, unknown>,
  signUpAuth: { name: 'sign-up auth' },
}));

vi.mock('../../src/adapters/firebase/authSdk', () => ({
  firebaseAuth: () => ({ currentUser: null, tenantId: null, name: 'app auth' }),
}));

vi.mock('../../src/adapters/firebase/ssoSdk', () => {
  sso.loads += 1;
  return {
    signUpAuth: () => sso.signUpAuth,
    startProviderRedirect: async (auth: { name: string }, providerId: string) => {
      sso.started.push(`${auth.name} ${providerId}`);
      if (sso.startError) throw sso.startError;
      return new Promise<never>(() => undefined);
    },
    providerRedirectUser: async () => sso.redirectUser,
  };
});

function fakeSessionStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

async function loadPort() {
  const settings = await import('../../src/adapters/firebase/firebaseSettings');
  settings.configureFirebase({
    apiKey: 'demo-api-key',
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

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('single sign-on by redirect over the auth port', () => {
  let storage: ReturnType<typeof fakeSessionStorage>;
  beforeEach(() => {
    vi.resetModules();
    sso.loads = 0;
    sso.startError = null;
    sso.started = [];
    sso.redirectUser = null;
    storage = fakeSessionStorage();
    vi.stubGlobal('window', Object.assign(new EventTarget(), { sessionStorage: storage }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows of no redirect on an ordinary visit, and does not load the redirect code to find out', async () => {
    const port = await loadPort();
    expect(port.pendingProviderRedirect()).toBeNull();
    expect(sso.loads).toBe(0);
  });

  it('marks the redirect it starts with its provider and page, on the right Auth instance', async () => {
    const port = await loadPort();
    void port.startProviderRedirect('apple.com', 'signUp');
    await settle();
    expect(sso.started).toEqual(['sign-up auth apple.com']);
    expect(port.pendingProviderRedirect()).toEqual({ providerId: 'apple.com', flow: 'signUp' });

    void port.startProviderRedirect('google.com', 'signIn');
    await settle();
    expect(sso.started).toEqual(['sign-up auth apple.com', 'app auth google.com']);
    expect(port.pendingProviderRedirect()).toEqual({ providerId: 'google.com', flow: 'signIn' });
  });

  it('forgets the mark when the redirect cannot start, and rejects with the provider code', async () => {
    const port = await loadPort();
    sso.startError = { code: 'auth/network-request-failed' };
    await expect(port.startProviderRedirect('google.com', 'signIn')).rejects.toMatchObject({ code: 'auth/network-request-failed' });
    expect(port.pendingProviderRedirect()).toBeNull();
  });

  it("completes the sign-in on the return: the provider's user, and the mark cleared", async () => {
    storage.setItem('app.singleSignOnRedirect', JSON.stringify({ providerId: 'google.com', flow: 'signIn' }));
    const port = await loadPort();
    sso.redirectUser = { uid: 'u-9', email: 'pat@example.com', emailVerified: true, tenantId: null, providerData: [{ providerId: 'google.com' }] };
    expect(await port.completeSignInRedirect()).toEqual({
      uid: 'u-9',
      email: 'pat@example.com',
      emailVerified: true,
      tenantId: 'customer',
      providerIds: ['google.com'],
    });
    expect(port.pendingProviderRedirect()).toBeNull();
  });

  it("gives the sign-up page the provider's identity on the return, and none when the person came back without one", async () => {
    storage.setItem('app.singleSignOnRedirect', JSON.stringify({ providerId: 'apple.com', flow: 'signUp' }));
    const port = await loadPort();
    sso.redirectUser = { uid: 'u-7', email: 'lee@example.com', providerData: [] };
    expect(await port.completeSignUpRedirect()).toEqual({ providerId: 'apple.com', email: 'lee@example.com' });
    expect(port.pendingProviderRedirect()).toBeNull();

    storage.setItem('app.singleSignOnRedirect', JSON.stringify({ providerId: 'apple.com', flow: 'signUp' }));
    sso.redirectUser = null;
    expect(await port.completeSignUpRedirect()).toBeNull();
    expect(port.pendingProviderRedirect()).toBeNull();
  });

  it('reads a mark it did not write (another value, a provider the app does not have) as no redirect', async () => {
    const port = await loadPort();
    for (const value of ['not json', JSON.stringify({ providerId: 'example.com', flow: 'signIn' }), JSON.stringify({ providerId: 'google.com', flow: 'x' })]) {
      storage.setItem('app.singleSignOnRedirect', value);
      expect(port.pendingProviderRedirect()).toBeNull();
    }
  });
});
