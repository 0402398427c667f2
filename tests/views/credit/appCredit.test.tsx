import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import { CreditLanguageToggle } from '../../../src/app/credit/CreditLanguageToggle';
import { CreditUpgradeBanner } from '../../../src/views/credit/CreditUpgradeBanner';
import { appHarness, fakeAppPorts } from '../../support/appHarness';
import { renderView } from '../../support/render';
import { renderCreditPage, stopCreditApp } from './creditAppHarness';

// The credit area in the app (spec 001 §1, §2; spec 000 §4.8): the free product line sees the upgrade banner in place
// of every credit page, and the report's language toggle switches the app's language and stores the choice.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  stopApp();
  stopCreditApp();
});

describe('the upgrade banner', () => {
  it('says what premium gives, links to the billing upgrade and gives the customer-service phone', async () => {
    await renderView(<CreditUpgradeBanner upgradePath="/settings/billing/upgrade" phone="800-555-0199" />);
    expect(screen.getByRole('heading', { name: 'Your credit, with premium', level: 1 })).toBeTruthy();
    expect(screen.getByText('Your full credit report from TransUnion, Equifax and Experian, side by side')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See upgrade options' }).getAttribute('href')).toBe('/settings/billing/upgrade');
    expect(screen.getByText('Call customer service at 800-555-0199.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call now' }).getAttribute('href')).toBe('tel:+18005550199');
    expect(screen.getByText('Monday through Friday 8 a.m. to 5:30 p.m. MST')).toBeTruthy();
  });

  it.each(['/credit', '/credit/report', '/credit/report/equifax', '/credit/simulator'])(
    'replaces %s for the free product line, where it stays (no redirect) and reads no credit data',
    async (path) => {
      const getCreditReport = vi.fn();
      const fakes = fakeAppPorts({ userDocument: () => ({ productLine: 'Freemium' }), credit: { getCreditReport } });
      await renderApp(path, fakes);
      fakes.setMaintenance(false);
      fakes.setUser(maria);
      expect(await screen.findByRole('heading', { name: 'Your credit, with premium' })).toBeTruthy();
      expect(window.location.pathname).toBe(path);
      expect(getCreditReport).not.toHaveBeenCalled();
    },
  );
});

describe('the language toggle', () => {
  it('switches the app to Spanish and stores the choice on the user', async () => {
    const setUILang = vi.fn(async () => undefined);
    const { i18n } = await renderCreditPage(<CreditLanguageToggle />, fakeAppPorts({ setUILang }), { path: '/credit/report' });
    const toggle = await screen.findByRole('radiogroup', { name: 'Report language' });
    expect(toggle).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(setUILang).toHaveBeenCalledWith('es');
    expect(window.localStorage.getItem('lang')).toBe('es');
    expect(await screen.findByRole('radiogroup', { name: 'Idioma del informe' })).toBeTruthy();
  });

  it('keeps the new language when it cannot be stored, and says so', async () => {
    const setUILang = vi.fn(async () => {
      throw { code: 'unavailable' };
    });
    const { i18n } = await renderCreditPage(<CreditLanguageToggle />, fakeAppPorts({ setUILang }), { path: '/credit/report' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Español' }));
    expect(await screen.findByText('Tu elección de idioma se aplica aquí, pero no se pudo guardar en tu cuenta.')).toBeTruthy();
    expect(i18n.language).toBe('es');
  });

  it('stores quick changes one after the other, so the last choice is the one stored', async () => {
    const finished: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const setUILang = vi.fn(
      (lang: 'en' | 'es') =>
        new Promise<void>((resolve) => {
          const done = () => {
            finished.push(lang);
            resolve();
          };
          if (lang === 'es') releaseFirst = done;
          else done();
        }),
    );
    await renderCreditPage(<CreditLanguageToggle />, fakeAppPorts({ setUILang }), { path: '/credit/report' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Español' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect(setUILang).toHaveBeenCalledTimes(1);
    releaseFirst();
    await waitFor(() => expect(finished).toEqual(['es', 'en']));
  });

  it('stores nothing when the language chosen is already the one shown', async () => {
    const setUILang = vi.fn(async () => undefined);
    await renderCreditPage(<CreditLanguageToggle />, fakeAppPorts({ setUILang }), { path: '/credit/report' });
    await userEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect(setUILang).not.toHaveBeenCalled();
  });
});
