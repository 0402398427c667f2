import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, RawClaims } from '../../../machines/ports';
import { userInfoAnswer } from '../../../machines/settings/entries';
import type { SettingsPort } from '../../../machines/settings/ports';
import { SettingsActorProvider } from '../../../src/app/settings/SettingsActorProvider';
import SettingsRoute from '../../../src/app/settings/SettingsRoute';
import { fakeAppPorts, type FakeAppPortsOptions } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// The settings addresses and their machines (spec 000 §2.5, §4.6): /settings and unknown
// pages go to loan-goal, billing is the billing area's; the security page's nested route `auth` is the re-authentication
// dialog, opened by the password change when the login is too old and left when it closes; the communications page's
// language choice applies at once and is stored on the user (not by an agent).

const casey: AuthUser = { uid: 'u1', email: 'settings.customer@demo.test', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const NEW_PASSWORD = 'Harbor-Lights-2027';

interface Options {
  settings?: Partial<SettingsPort>;
  call?: FakeAppPortsOptions['call'];
  claims?: RawClaims;
  setUILang?: FakeAppPortsOptions['setUILang'];
  userDocument?: FakeAppPortsOptions['userDocument'];
}

async function openSettings(path: string, options: Options = {}) {
  const fakes = fakeAppPorts({
    user: casey,
    ...(options.claims ? { claims: options.claims } : {}),
    ...(options.setUILang ? { setUILang: options.setUILang } : {}),
    ...(options.userDocument ? { userDocument: options.userDocument } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
    // No goal chosen yet: the loan-goal page says so.
    call: { getUserInfo: async () => userInfoAnswer(null, null), ...options.call },
  });
  // The app holds the password change's actor above the routes (src/app/App.tsx).
  const route = (
    <SettingsActorProvider>
      <SettingsRoute />
    </SettingsActorProvider>
  );
  const { i18n } = await renderCreditPage(route, fakes, { path, pattern: '/settings/*' });
  fakes.setMaintenance(false);
  fakes.setUser(casey);
  return { fakes, i18n };
}

const shownAddress = () => screen.getByTestId('location').textContent;

afterEach(() => stopCreditApp());

describe('the settings addresses', { timeout: 20_000 }, () => {
  it('opens the loan goal from /settings', async () => {
    await openSettings('/settings');
    await waitFor(() => expect(shownAddress()).toBe('/settings/loan-goal'));
    expect(await screen.findByRole('heading', { name: 'Loan goal', level: 1 })).toBeTruthy();
    expect(await screen.findByText('You have not chosen a goal yet.')).toBeTruthy();
  });

  it.each([
    ['an unknown page', '/settings/preferences'],
    ['anything unknown below a page', '/settings/personal-info/extra'],
  ])('sends %s to the loan goal', async (_behaviour, address) => {
    await openSettings(address);
    await waitFor(() => expect(shownAddress()).toBe('/settings/loan-goal'));
  });

  it("opens billing's upgrade sub-route inside the settings layout (the billing pages: tests/views/billing)", async () => {
    await openSettings('/settings/billing/upgrade', { userDocument: () => ({ productLine: 'Freemium' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Upgrade to premium' })).toBeTruthy();
    expect(shownAddress()).toBe('/settings/billing/upgrade');
  });
});

describe('the security page and its re-authentication route', { timeout: 30_000 }, () => {
  async function submitNewPassword() {
    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('opens the dialog at security/auth when the login is too old, then changes the password once re-authenticated and goes back', async () => {
    const changePassword = vi
      .fn<SettingsPort['changePassword']>()
      .mockRejectedValueOnce({ code: 'requires-recent-login' })
      .mockResolvedValue(undefined);
    const reauthenticate = vi.fn<SettingsPort['reauthenticate']>(async () => undefined);
    const clearWeakPasswordFlag = vi.fn(async () => ({ ok: true as const }));
    const clearPasswordReset = vi.fn(async () => ({ ok: true as const }));
    await openSettings('/settings/security', { settings: { changePassword, reauthenticate }, call: { clearWeakPasswordFlag, clearPasswordReset } });
    await submitNewPassword();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    // With the dialog's code loaded already (an earlier test opened a dialog) it may show before the address follows.
    await waitFor(() => expect(shownAddress()).toBe('/settings/security/auth'));
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'Demo-Credit-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(shownAddress()).toBe('/settings/security'));
    expect(reauthenticate).toHaveBeenCalledWith('Demo-Credit-2026!');
    expect(changePassword).toHaveBeenCalledTimes(2);
    expect(changePassword).toHaveBeenLastCalledWith({ newPassword: NEW_PASSWORD });
    expect((await screen.findAllByText('Password updated successfully')).length).toBeGreaterThan(0);
    await waitFor(() => expect([clearWeakPasswordFlag.mock.calls.length, clearPasswordReset.mock.calls.length]).toEqual([1, 1]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull());
  });

  it('closes the dialog without a change when the customer cancels it', async () => {
    const changePassword = vi.fn<SettingsPort['changePassword']>(async () => Promise.reject({ code: 'requires-recent-login' }));
    const reauthenticate = vi.fn<SettingsPort['reauthenticate']>();
    await openSettings('/settings/security', { settings: { changePassword, reauthenticate } });
    await submitNewPassword();
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(shownAddress()).toBe('/settings/security'));
    expect(reauthenticate).not.toHaveBeenCalled();
    expect(changePassword).toHaveBeenCalledTimes(1);
  });

  it('goes to the security page when security/auth is opened with nothing to confirm', async () => {
    await openSettings('/settings/security/auth');
    await waitFor(() => expect(shownAddress()).toBe('/settings/security'));
    expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeTruthy();
  });

  it("says why a new password is asked for when the account's weak-password flag is set", async () => {
    await openSettings('/settings/security', { userDocument: () => ({ security: { weakPassword: true, passwordResetRequired: false } }) });
    expect(await screen.findByText('Your password does not meet our requirements any more. Please choose a new one.')).toBeTruthy();
  });
});

describe('the language choice on the communications page', { timeout: 20_000 }, () => {
  const communications: FakeAppPortsOptions['call'] = {
    getAuthorizations: async () => ({
      Allow_Referral_Update__c: true,
      Round_Opt_In__c: false,
      DoNotCall: false,
      Do_Not_SMS__c: false,
      SMS_Opt_out__c: false,
      hasMobilePhone: true,
      agreedToPIIAt: null,
    }),
  };

  it('switches the page to Spanish at once and stores the choice on the user', async () => {
    const setUILang = vi.fn(async () => undefined);
    const { i18n } = await openSettings('/settings/communications', { call: communications, setUILang });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'es');
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    await waitFor(() => expect(setUILang).toHaveBeenCalledWith('es'));
  });

  it("leaves the customer's stored language alone in an agent session (the agent's page still switches)", async () => {
    const setUILang = vi.fn(async () => undefined);
    const { i18n } = await openSettings('/settings/communications', {
      call: communications,
      setUILang,
      claims: { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true, isAgent: true, allowClientActions: true },
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'es');
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(setUILang).not.toHaveBeenCalled();
  });
});
