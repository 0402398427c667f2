import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser, PortError } from '../../../machines/ports';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

// /v1-sign-in (spec 000 §2.2): the first app's sign-in address is the sign-in page under a header of its own, served
// by the app's router with fake ports (the sign-in machine's actors are provided from them, as in the app).

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(stopApp);

/** The app at `path`, signed out, the maintenance flag off; `signIn` answers the email and password sign-in. */
async function openSignedOut(path: string, signIn: (email: string, password: string) => Promise<AuthUser>) {
  const signInCalls: { email: string; password: string }[] = [];
  const fakes = fakeAppPorts({
    auth: ({ changeUser }) => ({
      signInWithEmail: async (email: string, password: string) => {
        signInCalls.push({ email, password });
        const user = await signIn(email, password);
        changeUser(user);
        return user;
      },
    }),
    callables: { checkSignInFailureReason: async () => ({ reason: 'other' as const, providerIds: [] }) },
  });
  await renderApp(path, fakes);
  fakes.setMaintenance(false);
  fakes.setUser(null);
  return { signInCalls };
}

async function fillAndSubmit(email: string, password: string) {
  const form = await screen.findByRole('form', { name: 'Sign in' });
  await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), email);
  await userEvent.type(within(form).getByLabelText('Password'), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
}

describe('/v1-sign-in', () => {
  it('shows its own header over the sign-in page: the new app, the same account, and help', async () => {
    await openSignedOut('/v1-sign-in', async () => maria);
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Welcome to the new app: sign in with the email and password of your account.')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Need help?' }).getAttribute('href')).toBe('/contact');
    expect(within(header).getByRole('link', { name: 'Credit Readiness' }).getAttribute('href')).toBe('/');
    // The sign-in page's own header is not there: its link to sign-up stays under the form only.
    expect(within(header).queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/sign-up');
    expect(window.location.pathname).toBe('/v1-sign-in');
  });

  it('signs the customer in with the email and password and takes them home', async () => {
    const { signInCalls } = await openSignedOut('/v1-sign-in', async () => maria);
    await fillAndSubmit('maria@example.com', 'Secret-pass1');
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
    expect(signInCalls).toEqual([{ email: 'maria@example.com', password: 'Secret-pass1' }]);
    expect(window.location.pathname).toBe('/');
  });

  it('says a wrong password on the page and keeps its header', async () => {
    await openSignedOut('/v1-sign-in', async () => {
      const error: PortError = { code: 'auth/wrong-password' };
      throw error;
    });
    await fillAndSubmit('maria@example.com', 'wrong-pass1');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Need help?' })).toBeTruthy();
    expect(window.location.pathname).toBe('/v1-sign-in');
  });

  it('opens the forgot-password dialog below its own address, under its own header, and Back closes it', async () => {
    await openSignedOut('/v1-sign-in', async () => maria);
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
    expect(window.location.pathname).toBe('/v1-sign-in/reset-password');
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/v1-sign-in'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Need help?' })).toBeTruthy();
  });

  it('opens the forgot-password dialog when its address is opened directly', async () => {
    await openSignedOut('/v1-sign-in/reset-password', async () => maria);
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
    // Under the dialog, the page keeps its own header.
    expect(screen.getByText(/^Welcome to the new app/).closest('header')).not.toBeNull();
  });
});
