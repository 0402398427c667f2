import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../machines/ports';
import { appHarness, fakeAppPorts } from '../support/appHarness';

// The app as a whole with fake ports: the maintenance gate, the guard chain's redirects and the session's pages.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const { renderApp, actors, stopApp } = appHarness({ VITE_ENV: 'emulator' });

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(stopApp);

describe('the app', () => {
  it('shows nothing while the maintenance flag loads', async () => {
    const fakes = fakeAppPorts();
    await renderApp('/sign-in', fakes);
    fakes.setUser(null);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends a signed-out visitor of a protected page to sign-in, keeping the page to return to', async () => {
    const fakes = fakeAppPorts();
    await renderApp('/credit', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(await screen.findByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/sign-in?redirectTo=%2Fcredit');
  });

  it('replaces every page with the maintenance screen while the flag is on, and comes back when it clears', async () => {
    const fakes = fakeAppPorts();
    await renderApp('/sign-in', fakes);
    fakes.setMaintenance(true);
    fakes.setUser(null);
    expect(await screen.findByRole('heading', { name: 'Planned maintenance' })).toBeTruthy();
    fakes.setMaintenance(false);
    expect(await screen.findByRole('button', { name: 'Forgot password?' })).toBeTruthy();
  });

  it('lets developers through maintenance with a warning toast', async () => {
    const fakes = fakeAppPorts({ claims: { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true, isDeveloper: true } });
    await renderApp('/', fakes);
    fakes.setUser(maria);
    await waitFor(() => expect(actors()?.session.getSnapshot().hasTag('signedIn')).toBe(true));
    fakes.setMaintenance(true);
    expect(await screen.findByText('Maintenance is on. As a developer you can keep using the app.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Maria/ })).toBeTruthy();
  });

  it('greets a signed-in, onboarded customer on the home page', async () => {
    const fakes = fakeAppPorts();
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
  });

  it('sends a customer who has not signed the contract to the first onboarding gate', async () => {
    const fakes = fakeAppPorts({
      claims: { role: 'customer', customerContactId: 'c1' },
      userDocument: () => ({ setupComplete: false }),
      // No signed contract yet (a failed read would show an error with Try again instead).
      onboarding: { getContractLink: async () => ({ link: null }) },
    });
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByRole('heading', { name: 'Sign your contract' })).toBeTruthy();
    expect(window.location.pathname).toBe('/sign-up/contract');
  });

  it('sends an unverified user to /not-verified', async () => {
    const fakes = fakeAppPorts();
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser({ ...maria, emailVerified: false });
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(window.location.pathname).toBe('/not-verified');
  });

  it('sends a free-line customer away from money pages to home (the credit pages show an upgrade banner instead)', async () => {
    const fakes = fakeAppPorts({ userDocument: () => ({ productLine: 'Freemium' }) });
    await renderApp('/money', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('shows the session error screen when the claims cannot be read', async () => {
    const fakes = fakeAppPorts();
    fakes.ports.auth.getClaims = vi.fn(async () => {
      throw { code: 'not-found' };
    });
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByText('This user has not yet created an account in the app.')).toBeTruthy();
  });

  it('resyncs the claims, refreshes the token and reloads the data when a callable finds no contact id, then shows the page again', async () => {
    const resyncCustomClaims = vi.fn(async () => ({ ok: true as const }));
    const fakes = fakeAppPorts({ callables: { resyncCustomClaims } });
    const refreshToken = vi.spyOn(fakes.ports.auth, 'refreshToken');
    const resetQueries = vi.spyOn(fakes.ports.queryCache, 'reset');
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
    fakes.failWithContactIdMissing('no-customer-contact-id');
    await waitFor(() => expect(resetQueries).toHaveBeenCalled());
    expect(resyncCustomClaims).toHaveBeenCalledOnce();
    expect(refreshToken).toHaveBeenCalled();
    await waitFor(() => expect(actors()?.session.getSnapshot().hasTag('signedIn')).toBe(true));
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
  });

  it('comes back to the page with Try again after the session could not be resolved for a moment', async () => {
    const fakes = fakeAppPorts();
    const resolve = fakes.ports.auth.getClaims;
    let unavailable = true;
    fakes.ports.auth.getClaims = vi.fn(async (...args: Parameters<typeof resolve>) => {
      if (unavailable) throw { code: 'unavailable' };
      return resolve(...args);
    });
    await renderApp('/', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    unavailable = false;
    await userEvent.click(tryAgain);
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
  });
});
