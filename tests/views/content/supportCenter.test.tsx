import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import type { ContentPort } from '../../../src/app/content/port';
import { SupportCenterRoute } from '../../../src/app/content/ContentRoutes';
import type { Language } from '../../../src/i18n';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { ACCOUNT, summary, supportHome } from './contentFixtures';

// /support/* (spec 002 §2, §8): the home with its search and the 'still need assistance'
// dialog (phone, hours, contact form); an unknown category goes to /support/not-found; the catch-all shows the
// unable-to-find and report-issue messages; a failed load says 'Error loading support page'.

const pat: AuthUser = { uid: 'u1', email: 'pat@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

async function open(path: string, content: Partial<ContentPort>, language: Language = 'en', state?: Record<string, string>) {
  const fakes = fakeAppPorts({ user: pat, content });
  await renderCreditPage(<SupportCenterRoute />, fakes, { path, pattern: '/support/*', language, ...(state ? { state } : {}) });
  fakes.setMaintenance(false);
  fakes.setUser(pat);
}

const shownAddress = () => screen.getByTestId('location').textContent;
const navigationState = () => (window.history.state as { usr?: unknown } | null)?.usr ?? null;

afterEach(() => stopCreditApp());

describe('the support center', { timeout: 20_000 }, () => {
  it('lists the categories and opens the still-need-assistance dialog with the phone, its hours and the form', async () => {
    await open('/support', { getHome: async () => supportHome() });
    expect(await screen.findByRole('heading', { name: 'Support Center', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/support/my-account-and-login/reset-your-password');
    await userEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Still need assistance?' });
    expect(within(dialog).getByRole('link', { name: 'Call' }).getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    expect(within(dialog).getByText(/Monday/)).toBeTruthy();
    expect(within(dialog).getByRole('form', { name: /contact|support/i })).toBeTruthy();
  });

  it('keeps the contact form dialog in the navigation state: its own history entry, closed by Back or by Close going back', async () => {
    await open('/support', { getHome: async () => supportHome() });
    await userEvent.click(await screen.findByRole('button', { name: 'Contact support' }));
    expect(await screen.findByRole('dialog', { name: 'Still need assistance?' })).toBeTruthy();
    expect(navigationState()).toEqual({ modal: 'contactForm', modalDepth: 1 });

    await act(async () => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Still need assistance?' })).toBeNull());
    expect(navigationState()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Still need assistance?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Still need assistance?' })).toBeNull());
    expect([shownAddress(), navigationState()]).toEqual(['/support', null]);
  });

  it('reopens the contact form after a reload of its entry; Close then clears the modal state in place', async () => {
    await open('/support/not-found', {}, 'en', { modal: 'contactForm' });
    const dialog = await screen.findByRole('dialog', { name: 'Still need assistance?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Still need assistance?' })).toBeNull());
    expect([shownAddress(), navigationState()]).toEqual(['/support/not-found', null]);
  });

  it('sends an unknown category to /support/not-found with the unable-to-find and report-issue messages', async () => {
    await open('/support/no-such-category', { getCategory: async () => Promise.reject({ code: 'not-found' }) });
    await waitFor(() => expect(shownAddress()).toBe('/support/not-found'));
    expect(await screen.findByRole('heading', { name: "We couldn't find that page", level: 1 })).toBeTruthy();
    expect(screen.getByText(/please report the issue/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Report an issue' }));
    expect(await screen.findByRole('dialog', { name: 'Still need assistance?' })).toBeTruthy();
  });

  it('shows the unable-to-find and report-issue messages for any deeper unknown address', async () => {
    await open('/support/a/b/c', {});
    expect(await screen.findByRole('heading', { name: "We couldn't find that page", level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report an issue' })).toBeTruthy();
  });

  it("says 'Error loading support page' when the page fails to load", async () => {
    await open('/support', { getHome: async () => Promise.reject({ code: 'unavailable' }) });
    expect(await screen.findByText('Error loading support page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('searches in Spanish once typing pauses and shows the snippet as text', async () => {
    const search = vi.fn(async ({ query }: { query: string }) => ({
      query,
      total: 1,
      results: [{ article: summary('support', ACCOUNT.slug, 'reset-your-password', 'Restablecer su contraseña'), snippet: '<b>contraseña</b> olvidada' }],
    }));
    await open('/support', { getHome: async () => supportHome(), search }, 'es');
    const box = await screen.findByRole('searchbox', { name: 'Buscar artículos' });
    await userEvent.type(box, 'contraseña');
    const result = await screen.findByRole('link', { name: 'Restablecer su contraseña' });
    expect(result.getAttribute('href')).toBe('/support/my-account-and-login/reset-your-password');
    expect(screen.getByText('<b>contraseña</b> olvidada')).toBeTruthy();
    expect(screen.getByText('1 resultado para «contraseña»')).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ area: 'support', query: 'contraseña', lang: 'es' });
  });

  it("says 'no results' when nothing matches and asks nothing for one character", async () => {
    const search = vi.fn(async ({ query }: { query: string }) => ({ query, total: 0, results: [] }));
    await open('/support', { getHome: async () => supportHome(), search });
    const box = await screen.findByRole('searchbox', { name: 'Search articles' });
    // Enter asks at once for a searchable query; for one character it asks nothing.
    await userEvent.type(box, 'x{Enter}');
    expect(search).not.toHaveBeenCalled();
    await userEvent.type(box, 'yz');
    expect(await screen.findByText('No results for “xyz”. Try other words.')).toBeTruthy();
  });
});
