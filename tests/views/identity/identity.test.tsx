import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import IdentityRoute from '../../../src/app/identity/IdentityRoute';
import { identityWidgetUrl } from '../../../src/app/identity/widgetUrl';
import type { ArrayUserToken } from '../../../src/contract/identity';
import { appHarness, fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// /identity/* (spec 000 §2.4, §4.6): the identity-protection widget in a sandboxed frame on the section the address
// names, with the customer's user token (read once, cached without expiry, spec 000 §9); spec 000 §8's message with
// Try again when the token cannot be read; the upgrade banner for the free product line.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });

afterEach(() => {
  stopApp();
  stopCreditApp();
});

const WIDGET = 'http://127.0.0.1:5001/demo-credit-readiness/us-west4/identityWidgetSandbox';
const TOKEN: ArrayUserToken = { userToken: 'a'.repeat(32), widgetUrl: WIDGET };
const NEW_TOKEN: ArrayUserToken = { userToken: 'b'.repeat(32), widgetUrl: WIDGET };
const UNABLE = 'Unable to retrieve identity protection. Record the following reference code and contact us for assistance. Code: unable-to-retrieve-component.';

async function openIdentity(options: { path?: string; language?: 'en' | 'es'; productLine?: string; getArrayUserToken?: () => Promise<ArrayUserToken> } = {}) {
  const getArrayUserToken = options.getArrayUserToken ?? vi.fn(async () => TOKEN);
  const fakes = fakeAppPorts({
    userDocument: () => ({ productLine: options.productLine ?? 'Primary' }),
    identity: { getArrayUserToken },
  });
  const rendered = await renderCreditPage(<IdentityRoute />, fakes, { path: options.path ?? '/identity/alerts', pattern: '/identity/*', language: options.language });
  return { ...rendered, getArrayUserToken };
}

const frame = () => screen.findByTitle<HTMLIFrameElement>(/^Identity protection: |^Protección de identidad: /);
const post = (init: MessageEventInit) => act(() => void window.dispatchEvent(new MessageEvent('message', init)));

describe('the identity widget address', () => {
  it('carries the user token, the section and the US locale of the app language', () => {
    const url = new URL(identityWidgetUrl(TOKEN, 'credit-lock', 'es'));
    expect(`${url.origin}${url.pathname}`).toBe(WIDGET);
    expect(Object.fromEntries(url.searchParams)).toEqual({ userToken: TOKEN.userToken, section: 'credit-lock', locale: 'es-US' });
    expect(new URL(identityWidgetUrl(TOKEN, 'alerts', 'en')).searchParams.get('locale')).toBe('en-US');
  });
});

describe('the identity pages', () => {
  it("opens the widget's alerts with the customer's token in a frame that runs scripts and its own forms only", async () => {
    await openIdentity();
    const widget = await frame();
    const src = new URL(widget.src);
    expect(src.searchParams.get('userToken')).toBe(TOKEN.userToken);
    expect(src.searchParams.get('section')).toBe('alerts');
    expect(widget.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
    expect(screen.getByRole('heading', { level: 1, name: 'Identity protection' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alerts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Loading identity protection…')).toBeTruthy();
    fireEvent.load(widget);
    await waitFor(() => expect(screen.queryByText('Loading identity protection…')).toBeNull());
  });

  it('sends /identity to the alerts', async () => {
    await openIdentity({ path: '/identity' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/identity/alerts'));
  });

  it('opens the section a tab names, reading the token once (cached without expiry)', async () => {
    const { getArrayUserToken } = await openIdentity();
    await frame();
    await userEvent.click(screen.getByRole('link', { name: 'Credit lock' }));
    await waitFor(async () => expect(new URL((await frame()).src).searchParams.get('section')).toBe('credit-lock'));
    expect(screen.getByRole('link', { name: 'Credit lock' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('link', { name: 'Monitoring' }));
    await waitFor(async () => expect(new URL((await frame()).src).searchParams.get('section')).toBe('monitoring'));
    expect(getArrayUserToken).toHaveBeenCalledTimes(1);
  });

  it('opens the widget in Spanish for a Spanish reader', async () => {
    await openIdentity({ language: 'es', path: '/identity/monitoring' });
    expect(new URL((await frame()).src).searchParams.get('locale')).toBe('es-US');
    expect(screen.getByRole('heading', { level: 1, name: 'Protección de identidad' })).toBeTruthy();
  });

  it("shows spec 000 §8's message when the token cannot be read, and opens the widget with Try again", async () => {
    const getArrayUserToken = vi.fn<() => Promise<ArrayUserToken>>().mockRejectedValueOnce({ code: 'unavailable' }).mockResolvedValue(TOKEN);
    await openIdentity({ getArrayUserToken });
    expect((await screen.findByRole('alert')).textContent).toContain(UNABLE);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await frame()).toBeTruthy();
    expect(screen.queryByText(UNABLE)).toBeNull();
  });

  it('reads a new token once when the widget refuses one, and shows the message when the new one is refused too', async () => {
    const getArrayUserToken = vi.fn<() => Promise<ArrayUserToken>>().mockResolvedValueOnce(TOKEN).mockResolvedValue(NEW_TOKEN);
    await openIdentity({ getArrayUserToken });
    const refusal = { type: 'identity.widget', event: 'token-refused' };
    let widget = await frame();
    await post({ data: refusal, origin: 'http://127.0.0.1:5001', source: widget.contentWindow });
    await waitFor(async () => expect(new URL((await frame()).src).searchParams.get('userToken')).toBe(NEW_TOKEN.userToken));
    widget = await frame();
    await post({ data: refusal, origin: 'http://127.0.0.1:5001', source: widget.contentWindow });
    expect((await screen.findByRole('alert')).textContent).toContain(UNABLE);
    expect(getArrayUserToken).toHaveBeenCalledTimes(2);
  });

  it("ignores messages from another origin or another window than the widget's frame", async () => {
    const { getArrayUserToken } = await openIdentity();
    const widget = await frame();
    const refusal = { type: 'identity.widget', event: 'token-refused' };
    await post({ data: refusal, origin: 'https://evil.example', source: widget.contentWindow });
    await post({ data: refusal, origin: 'http://127.0.0.1:5001', source: window });
    await post({ data: { type: 'identity.widget', event: 'steal' }, origin: 'http://127.0.0.1:5001', source: widget.contentWindow });
    expect(await frame()).toBe(widget);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getArrayUserToken).toHaveBeenCalledTimes(1);
  });

  it.each(['/identity', '/identity/alerts', '/identity/credit-lock'])(
    'replaces %s for the free product line with the upgrade banner, and asks for no token',
    async (path) => {
      const getArrayUserToken = vi.fn();
      const fakes = fakeAppPorts({ userDocument: () => ({ productLine: 'Freemium' }), identity: { getArrayUserToken } });
      await renderApp(path, fakes);
      fakes.setMaintenance(false);
      fakes.setUser(maria);
      // The first of the file's tests to render the whole app (lazy routes) may take longer on a busy machine.
      expect(await screen.findByRole('heading', { level: 1, name: 'Identity protection, with premium' })).toBeTruthy();
      expect(screen.getByText('A credit lock at Equifax, Experian and TransUnion you can turn on and off')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See upgrade options' }).getAttribute('href')).toBe('/settings/billing/upgrade');
      expect(window.location.pathname).toBe(path);
      expect(screen.queryByTitle(/^Identity protection: /)).toBeNull();
      expect(getArrayUserToken).not.toHaveBeenCalled();
    },
  );

  it("opens the identity link's page in the app for a premium customer", async () => {
    const fakes = fakeAppPorts({ identity: { getArrayUserToken: async () => TOKEN } });
    await renderApp('/identity', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(new URL((await frame()).src).searchParams.get('section')).toBe('alerts');
    expect(window.location.pathname).toBe('/identity/alerts');
  });

  it('answers an unknown section with the not-found page', async () => {
    await openIdentity({ path: '/identity/nowhere' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTitle(/^Identity protection: /)).toBeNull();
  });
});
