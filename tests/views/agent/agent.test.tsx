import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, CallablesPort, RawClaims } from '../../../machines/ports';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

// Agent sign-in at /agent, the CRM link-in on any page, the coach banner and the verification resend, in the whole
// app with fake ports (spec 000 §2.2, §2.3, §4.1, §6, §8).

const customer: AuthUser = {
  uid: 'u1',
  email: 'maria@example.com',
  emailVerified: true,
  tenantId: 'customer',
  providerIds: ['custom'],
};
const AGENT_CLAIMS: RawClaims = {
  role: 'customer',
  customerContactId: '003C',
  customerOnboardingComplete: true,
  isAgent: true,
  agentUid: 'coach-1',
};
const CRM_CLAIMS: RawClaims = {
  role: 'customer',
  customerContactId: '003C',
  customerOnboardingComplete: true,
  isAgent: true,
  isSalesforceSession: true,
  allowClientActions: false,
};

interface FakeOptions {
  claims?: RawClaims;
  /** What signInWithCustomToken does: sign `user` (default: `customer`) in, or reject with this code. */
  signInFails?: string;
  user?: AuthUser;
  createSalesforceToken?: CallablesPort['createSalesforceToken'];
  sendEmailVerification?: () => Promise<void>;
}

function fakePorts(options: FakeOptions = {}) {
  const signIns: string[] = [];
  const fakes = fakeAppPorts({
    claims: options.claims ?? AGENT_CLAIMS,
    userDocument: () => ({ customerContactId: '003C' }),
    auth: ({ changeUser }) => ({
      signInWithCustomToken: async (token) => {
        signIns.push(token);
        if (options.signInFails) throw { code: options.signInFails };
        const user = options.user ?? customer;
        changeUser(user);
        return user;
      },
      ...(options.sendEmailVerification ? { sendEmailVerification: options.sendEmailVerification } : {}),
    }),
    callables: { createSalesforceToken: options.createSalesforceToken ?? (async () => ({ token: 'crm-token' })) },
  });
  return { ...fakes, signIns };
}

const { renderApp, actors, stopApp } = appHarness({ VITE_ENV: 'emulator', VITE_ADMIN_CONSOLE_ORIGIN: 'https://admin.demo.test/console' });

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  act(() => notifications.clean());
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  stopApp();
});

describe('agent sign-in at /agent', () => {
  it('signs in with the query token and goes home, where the coach banner names the customer', async () => {
    const fakes = fakePorts();
    await renderApp('/agent?token=agent-token', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
    // React's development double mount may start the sign-in twice; it is always the query's token.
    expect(new Set(fakes.signIns)).toEqual(new Set(['agent-token']));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('note').textContent).toBe(
      'Coach view: signed in on behalf of Maria Alvarez. Client actions are not allowed.',
    );
  });

  it('says when the agent may act for the client', async () => {
    const fakes = fakePorts({ claims: { ...AGENT_CLAIMS, allowClientActions: true } });
    await renderApp('/agent?token=agent-token', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(await screen.findByText(/Client actions are allowed\./)).toBeTruthy();
    // The launch token left the address as soon as the page read it.
    expect(window.location.search).toBe('');
  });

  it("shows 'Unable to launch' with the identity provider's code when the token is refused", async () => {
    const fakes = fakePorts({ signInFails: 'auth/invalid-custom-token' });
    await renderApp('/agent?token=expired', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(
      await screen.findByText(
        'Unable to launch. Record the following reference code and contact us for assistance. Code: auth/invalid-custom-token.',
      ),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/agent');
    expect(window.location.href).not.toContain('expired');
  });

  it('without a query token, signs in with the token its opener posts from the admin console, and no other', async () => {
    Object.defineProperty(window, 'opener', { value: window, configurable: true, writable: true });
    const fakes = fakePorts();
    await renderApp('/agent', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(await screen.findByRole('status')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', source: window, data: 'stolen' }));
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://admin.demo.test', source: null, data: 'stolen' }));
    });
    expect(fakes.signIns).toEqual([]);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://admin.demo.test', source: window, data: { token: 'posted' } }));
    });
    expect(await screen.findByRole('heading', { name: /, Maria$/ })).toBeTruthy();
    expect(new Set(fakes.signIns)).toEqual(new Set(['posted']));
  });
});

describe('CRM link-in on any page', () => {
  const LINK = '/credit?UserId=005U&SessionId=00D!S&ContactId=003C';

  it('stays loading, drops the link from the address, and signs the CRM user in without email verification', async () => {
    let answer: (value: { token: string }) => void = () => undefined;
    const createSalesforceToken = vi.fn(() => new Promise<{ token: string }>((resolve) => (answer = resolve)));
    const fakes = fakePorts({ claims: CRM_CLAIMS, createSalesforceToken, user: { ...customer, emailVerified: false } });
    await renderApp(LINK, fakes);
    expect(window.location.pathname + window.location.search).toBe('/credit');
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(actors()?.session.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(() => expect(createSalesforceToken).toHaveBeenCalledWith({ userId: '005U', sessionId: '00D!S', contactId: '003C' }));
    expect(actors()?.session.getSnapshot().hasTag('loading')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
    await act(async () => answer({ token: 'crm-token' }));
    await waitFor(() => expect(actors()?.guardChain.getSnapshot().hasTag('allowed')).toBe(true));
    expect(fakes.signIns).toEqual(['crm-token']);
    expect(window.location.pathname).toBe('/credit');
    // The shell's page loads lazily after the guard chain allows it: wait for the banner, as a user would.
    expect((await screen.findByRole('note')).textContent).toMatch(/^Coach view: signed in on behalf of Maria Alvarez\./);
  });

  it("warns 'This user has not yet created an account in the app.' with a 'View in Admin Console' link to the contact", async () => {
    const fakes = fakePorts({ createSalesforceToken: async () => Promise.reject({ code: 'not-found' }) });
    await renderApp('/?userid=005U&sessionid=00D!S&contactid=003C', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(await screen.findByText('This user has not yet created an account in the app.')).toBeTruthy();
    const button = screen.getByRole('link', { name: 'View in Admin Console' });
    expect(button.getAttribute('href')).toBe('https://admin.demo.test/contacts/003C');
    expect(await screen.findByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(fakes.signIns).toEqual([]);
  });

  it('says the session expired or is invalid for any other failure', async () => {
    const fakes = fakePorts({ createSalesforceToken: async () => Promise.reject({ code: 'permission-denied' }) });
    await renderApp(LINK, fakes);
    fakes.setMaintenance(false);
    fakes.setUser(null);
    expect(
      await screen.findByText(
        'Your session has expired or is invalid. Please link again from salesforce, or sign in with your app account.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View in Admin Console' })).toBeNull();
  });
});

describe('resending the verification email on /not-verified', () => {
  it('sends it and says so', async () => {
    const sendEmailVerification = vi.fn(async () => undefined);
    const fakes = fakePorts({ claims: { role: 'customer', customerContactId: '003C' }, sendEmailVerification });
    await renderApp('/not-verified', fakes);
    fakes.setMaintenance(false);
    fakes.setUser({ ...customer, emailVerified: false, providerIds: ['password'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(/We sent you an email verification link!/)).toBeTruthy();
    expect(sendEmailVerification).toHaveBeenCalledTimes(1);
  });

  it('says when it could not be sent', async () => {
    const fakes = fakePorts({
      claims: { role: 'customer', customerContactId: '003C' },
      sendEmailVerification: async () => Promise.reject({ code: 'auth/too-many-requests' }),
    });
    await renderApp('/not-verified', fakes);
    fakes.setMaintenance(false);
    fakes.setUser({ ...customer, emailVerified: false, providerIds: ['password'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});
