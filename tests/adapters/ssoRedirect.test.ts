import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderIdentity } from '../../machines/ports';
import { loadAuthPort, settleAdapter } from '../support/authAdapter';

// Single sign-on by redirect over the auth port (spec 000 §4.3): the tab marks the redirect it starts, the page that
// comes back reads the mark without loading the redirect code, and completing (or failing to start) clears it. How
// the SDK loads for the rest of the port is authPort.test.ts's.

const sso = vi.hoisted(() => ({
  loads: 0,
  startError: null as null | { code: string },
  started: [] as string[],
  returned: null as null | ProviderIdentity,
}));

vi.mock('../../src/adapters/firebase/ssoSdk', () => {
  sso.loads += 1;
  return {
    startProviderRedirect: async (providerId: string) => {
      sso.started.push(providerId);
      if (sso.startError) throw sso.startError;
      return new Promise<never>(() => undefined);
    },
    providerRedirectIdentity: async (providerId: string) => (sso.returned ? { ...sso.returned, providerId } : null),
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

describe('single sign-on by redirect over the auth port', () => {
  let storage: ReturnType<typeof fakeSessionStorage>;
  beforeEach(() => {
    vi.resetModules();
    sso.loads = 0;
    sso.startError = null;
    sso.started = [];
    sso.returned = null;
    storage = fakeSessionStorage();
    vi.stubGlobal('window', Object.assign(new EventTarget(), { sessionStorage: storage }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows of no redirect on an ordinary visit, and does not load the redirect code to find out', async () => {
    const port = await loadAuthPort();
    expect(port.pendingProviderRedirect()).toBeNull();
    expect(sso.loads).toBe(0);
  });

  it('marks the redirect it starts with its provider and the page it comes back to', async () => {
    const port = await loadAuthPort();
    void port.startProviderRedirect('apple.com', 'signUp');
    await settleAdapter();
    expect(port.pendingProviderRedirect()).toEqual({ providerId: 'apple.com', flow: 'signUp' });

    void port.startProviderRedirect('google.com', 'signIn');
    await settleAdapter();
    expect(sso.started).toEqual(['apple.com', 'google.com']);
    expect(port.pendingProviderRedirect()).toEqual({ providerId: 'google.com', flow: 'signIn' });
  });

  it('forgets the mark when the redirect cannot start, and rejects with the provider code', async () => {
    const port = await loadAuthPort();
    sso.startError = { code: 'auth/network-request-failed' };
    await expect(port.startProviderRedirect('google.com', 'signIn')).rejects.toMatchObject({ code: 'auth/network-request-failed' });
    expect(port.pendingProviderRedirect()).toBeNull();
  });

  it("gives the page the marked provider's identity on the return, and none when the person came back without one", async () => {
    storage.setItem('app.singleSignOnRedirect', JSON.stringify({ providerId: 'apple.com', flow: 'signUp' }));
    const port = await loadAuthPort();
    sso.returned = { providerId: 'google.com', email: 'lee@example.com', isNewUser: true, hasClaims: false };
    expect(await port.completeProviderRedirect()).toEqual({ providerId: 'apple.com', email: 'lee@example.com', isNewUser: true, hasClaims: false });
    expect(port.pendingProviderRedirect()).toBeNull();

    storage.setItem('app.singleSignOnRedirect', JSON.stringify({ providerId: 'google.com', flow: 'signIn' }));
    sso.returned = null;
    expect(await port.completeProviderRedirect()).toBeNull();
    expect(port.pendingProviderRedirect()).toBeNull();
  });

  it('reads a mark it did not write (another value, a provider the app does not have) as no redirect', async () => {
    const port = await loadAuthPort();
    for (const value of ['not json', JSON.stringify({ providerId: 'example.com', flow: 'signIn' }), JSON.stringify({ providerId: 'google.com', flow: 'x' })]) {
      storage.setItem('app.singleSignOnRedirect', value);
      expect(port.pendingProviderRedirect()).toBeNull();
    }
  });
});
