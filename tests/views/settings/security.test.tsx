import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { createActor, fromPromise } from 'xstate';
import { passwordChangeMachine } from '../../../machines/settings/passwordChange.machine';
import type { Language } from '../../../src/i18n';
import { ReauthenticationDialog } from '../../../src/views/settings/ReauthenticationDialog';
import { SecurityPage, type SecurityFlags } from '../../../src/views/settings/SecurityPage';
import { renderView } from '../../support/render';
import { actorsStoppedAfterEach } from '../../support/viewActors';

// settings/security and its `auth` dialog (spec 000 §2.5, §4.6, §5, §8) bound to the real passwordChange machine
// with fake identity-provider calls: the checklist and the confirmation, 'Password updated successfully', the weak
// and reference-code messages, re-authentication when the login is too old (then the change retried by itself), a
// wrong password in the dialog, Cancel, and the notice of a flagged password.

const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };
const PATHS = { page: '/settings/security', reauthentication: '/settings/security/auth' };
const NEW_PASSWORD = 'Desert-Bloom-2027';

const { actors: running } = actorsStoppedAfterEach();

const failure = (code: string) => Object.assign(new Error(code), { code });

interface Options {
  changePassword?: (newPassword: string) => Promise<void>;
  reauthenticate?: (password: string) => Promise<void>;
  flags?: SecurityFlags;
  language?: Language;
}

async function renderPage(options: Options = {}) {
  const changePassword = vi.fn(options.changePassword ?? (async () => undefined));
  const reauthenticate = vi.fn(options.reauthenticate ?? (async () => undefined));
  const clearSecurityFlags = vi.fn(async (_flag: string) => undefined);
  const machine = passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise(async ({ input }: { input: { newPassword: string } }) => changePassword(input.newPassword)),
      reauthenticate: fromPromise(async ({ input }: { input: { password: string } }) => reauthenticate(input.password)),
      clearWeakPasswordFlag: fromPromise<CallableResponse<'clearWeakPasswordFlag'>, CallableRequest<'clearWeakPasswordFlag'>>(async () => {
        await clearSecurityFlags('weakPassword');
        return { ok: true };
      }),
      clearPasswordReset: fromPromise<CallableResponse<'clearWeakPasswordFlag'>, CallableRequest<'clearWeakPasswordFlag'>>(async () => {
        await clearSecurityFlags('passwordResetRequired');
        return { ok: true };
      }),
    },
  });
  const actor = createActor(machine, { input: { actor: customer, paths: PATHS } });
  const navigations: string[] = [];
  actor.on('navigate', (event) => navigations.push(event.to));
  actor.start();
  running.push(actor);
  await renderView(
    <>
      <SecurityPage actor={actor} flags={options.flags ?? { weakPassword: false, passwordResetRequired: false }} />
      <ReauthenticationDialog actor={actor} />
    </>,
    { language: options.language },
  );
  return { actor, changePassword, reauthenticate, clearSecurityFlags, navigations };
}

async function fillForm(password: string, confirmation = password) {
  const form = screen.getByRole('form', { name: 'Change password' });
  await userEvent.type(within(form).getByLabelText('New password'), password);
  await userEvent.type(within(form).getByLabelText('Confirm new password'), confirmation);
  return form;
}

describe('the security page', { timeout: 30_000 }, () => {
  it('ticks the checklist as the password is typed and asks for the confirmation to match', async () => {
    const { changePassword } = await renderPage();
    const form = await fillForm('desert', 'desert');
    const checklist = screen.getByText('Your password needs:').parentElement as HTMLElement;
    expect(within(checklist).getByText('One lowercase').textContent).toBe('One lowercase(met)');
    expect(within(checklist).getByText('One uppercase').textContent).toBe('One uppercase(not met yet)');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(/Password must contain one lowercase letter/)).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.type(within(form).getByLabelText('New password'), NEW_PASSWORD);
    expect(within(form).getByText('The passwords do not match.')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("changes the password and says 'Password updated successfully'", async () => {
    const { changePassword, clearSecurityFlags } = await renderPage({ flags: { weakPassword: true, passwordResetRequired: false } });
    expect(screen.getByText('Your password does not meet our requirements any more. Please choose a new one.')).toBeTruthy();
    const form = await fillForm(NEW_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(changePassword).toHaveBeenCalledWith(NEW_PASSWORD);
    expect(clearSecurityFlags.mock.calls).toEqual([['weakPassword'], ['passwordResetRequired']]);
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/does not meet our requirements/)).toBeNull();
  });

  it('says when the identity provider finds the password weak, and gives the reference code otherwise', async () => {
    let attempt = 0;
    await renderPage({
      changePassword: async () => {
        attempt += 1;
        throw failure(attempt === 1 ? 'password-requirements' : 'auth/internal-error');
      },
    });
    const form = await fillForm(NEW_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Password must contain one lowercase letter/);
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Unable to set password. Record the following reference code and contact us for assistance. Code: auth/internal-error.',
      ),
    );
  });

  it('asks for the current password when the login is too old, then changes the password by itself', async () => {
    let attempt = 0;
    const { changePassword, reauthenticate, navigations } = await renderPage({
      changePassword: async () => {
        attempt += 1;
        if (attempt === 1) throw failure('requires-recent-login');
      },
      reauthenticate: async (password) => {
        if (password !== 'Old-Password-1') throw failure('auth/wrong-password');
      },
    });
    const form = await fillForm(NEW_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(navigations).toEqual([PATHS.reauthentication]);
    const current = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(document.activeElement).toBe(current));
    await userEvent.type(current, 'Wrong-Password-1{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Unable to authenticate. Please check your password and try again.');
    await userEvent.clear(current);
    await userEvent.type(current, 'Old-Password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reauthenticate.mock.calls).toEqual([['Wrong-Password-1'], ['Old-Password-1']]);
    expect(changePassword).toHaveBeenCalledTimes(2);
    expect(navigations).toEqual([PATHS.reauthentication, PATHS.page]);
  });

  it('closes the re-authentication dialog on Cancel without changing the password, the form kept', async () => {
    const { changePassword, reauthenticate } = await renderPage({ changePassword: async () => Promise.reject(failure('requires-recent-login')) });
    const form = await fillForm(NEW_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reauthenticate).not.toHaveBeenCalled();
    expect(changePassword).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Password updated successfully')).toBeNull();
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe(NEW_PASSWORD);
  });

  it('says why when the password must be reset', async () => {
    await renderPage({ flags: { weakPassword: true, passwordResetRequired: true } });
    expect(screen.getByText('Your password needs to be reset. Please choose a new one.')).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await renderPage({ language: 'es' });
    const form = screen.getByRole('form', { name: 'Cambiar contraseña' });
    expect(within(form).getByLabelText('Contraseña nueva')).toBeTruthy();
    expect(within(form).getByLabelText('Confirme la contraseña nueva')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Cambiar contraseña' })).toBeTruthy();
  });
});
