import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/query-core';
import type { OnboardingCallablesPort } from '../../machines/onboardingPorts';
import type { AuthUser, CallablesPort, LiveDataPort, MaintenanceFlagValue, RawClaims } from '../../machines/ports';
import type { AppPorts, UserDocument } from '../../src/app/ports';
import { appHarness } from '../support/appHarness';

// The app as a whole with fake ports: the maintenance gate, the guard chain's redirects and the session's pages.

interface Fakes {
  setUser: (user: AuthUser | null) => void;
  setMaintenance: (flag: MaintenanceFlagValue) => void;
  ports: AppPorts;
}

function fakePorts(options: { claims?: RawClaims; document?: Partial<UserDocument> } = {}): Fakes {
  let userListener: (user: AuthUser | null) => void = () => undefined;
  let flagListener: (flag: MaintenanceFlagValue) => void = () => undefined;
  let currentUser: AuthUser | null = null;
  const unused = () => Promise.reject(new Error('not used in this test'));
  // One promise, as the adapter keeps it: a page suspends on it until the query library has loaded.
  const loadedQueryClient = Promise.resolve(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const callables = new Proxy({}, { get: () => unused }) as CallablesPort;
  const liveData: LiveDataPort = {
    subscribeUserDocument: () => () => undefined,
    subscribeMaintenanceFlag: (_siteType, listener) => {
      flagListener = listener;
      return () => undefined;
    },
    subscribeFeatureFlags: (listener) => {
      listener({});
      return () => undefined;
    },
  };
  const ports: AppPorts = {
    auth: {
      currentUser: () => currentUser,
      getClaims: async () => options.claims ?? { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true },
      signInWithEmail: unused,
      signInWithCustomToken: unused,
      signOut: async () => {
        currentUser = null;
        userListener(null);
      },
      refreshToken: async () => undefined,
      verifyPasswordResetCode: unused,
      confirmPasswordReset: unused,
      applyActionCode: unused,
      sendEmailVerification: async () => undefined,
      subscribeUser: (listener) => {
        userListener = listener;
        return () => undefined;
      },
    },
    callables: { ...callables, storeLastSignIn: async () => ({ stored: true }), reportError: async () => ({ stored: 1 }) },
    liveData,
    queryClient: () => loadedQueryClient,
    queryCache: { reset: async () => undefined },
    storage: { readLastSignInMs: () => Date.now(), writeLastSignInMs: () => undefined },
    subscribeUserDocument: (uid, listener) => {
      listener({
        uid,
        siteId: 'APP',
        tenantId: 'customer',
        lastSignIn: null,
        firstName: 'Maria',
        lastName: 'Alvarez',
        email: 'maria@example.com',
        setupComplete: true,
        productLine: 'Primary',
        customerContactId: 'c1',
        subscriptionStatus: 'Active',
        authorizationsAcceptedAt: null,
        degradedAccess: null,
        uiLang: null,
        ...options.document,
      });
      return () => undefined;
    },
    getCustomerContact: unused,
    onboarding: new Proxy({}, { get: () => unused }) as OnboardingCallablesPort,
    onboardingLive: { subscribeInitialReportStatus: () => () => undefined },
    getReadinessScore: async () => null,
  };
  return {
    ports,
    setUser: (user) => {
      currentUser = user;
      act(() => userListener(user));
    },
    setMaintenance: (flag) => act(() => flagListener(flag)),
  };
}

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const { renderApp, actors, stopApp } = appHarness({ VITE_ENV: 'emulator' });

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(stopApp);

describe('the app', () => {
  it('shows nothing while the maintenance flag loads', async () => {
    const fakes = fakePorts();
    await renderApp('/sign-in', fakes);
    fakes.setUser(null);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends a signed-out visitor of a protected page to sign-in, keeping the page to return to', async () => {
    const fakes = fakePorts();
    await renderApp('/credit', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(await screen.findByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/sign-in?redirectTo=%2Fcredit');
  });

  it('replaces every page with the maintenance screen while the flag is on, and comes back when it clears', async () => {
    const fakes = fakePorts();
    await renderApp('/sign-in', fakes);
    fakes.setMaintenance(true);
    fakes.setUser(null);
    expect(await screen.findByRole('heading', { name: 'Planned maintenance' })).toBeTruthy();
    fakes.setMaintenance(false);
    expect(await screen.findByRole('button', { name: 'Forgot password?' })).toBeTruthy();
  });

  it('lets developers through maintenance with a warning toast', async () => {
    const fakes = fakePorts({ claims: { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true, isDeveloper: true } });
    await renderApp('/', fakes);
    fakes.setUser(maria);
    await waitFor(() => expect(actors()?.session.getSnapshot().hasTag('signedIn')).toBe(true));
    fakes.setMaintenance(true);
    expect(await screen.findByText('Maintenance is on. As a developer you can keep using the app.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Maria/ })).toBeTruthy();
  });

  it('greets a signed-in, onboarded customer on the home page', async () => {
    const fakes = fakePorts();
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
  });

  it('sends a customer who has not signed the contract to the first onboarding gate', async () => {
    const fakes = fakePorts({ claims: { role: 'customer', customerContactId: 'c1' }, document: { setupComplete: false } });
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByRole('heading', { name: 'Sign your contract' })).toBeTruthy();
    expect(window.location.pathname).toBe('/sign-up/contract');
  });

  it('sends an unverified user to /not-verified', async () => {
    const fakes = fakePorts();
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser({ ...maria, emailVerified: false });
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(window.location.pathname).toBe('/not-verified');
  });

  it("sends a free-line customer away from credit pages to home", async () => {
    const fakes = fakePorts({ document: { productLine: 'Freemium' } });
    await renderApp('/credit', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('shows the session error screen when the claims cannot be read', async () => {
    const fakes = fakePorts();
    fakes.ports.auth.getClaims = vi.fn(async () => {
      throw { code: 'not-found' };
    });
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByText('This user has not yet created an account in the app.')).toBeTruthy();
  });
});
