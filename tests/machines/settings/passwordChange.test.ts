import { describe, expect, it } from 'vitest';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_NEW_PASSWORD, SAMPLE_SETTINGS_COACH, SAMPLE_SETTINGS_CUSTOMER, SAMPLE_SETTINGS_PATHS } from '../../../machines/settings/entries';
import { passwordChangeMachine, passwordChangeSelectors as select, type PasswordChangeInput } from '../../../machines/settings/passwordChange.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('passwordChange');
if (!entry) throw new Error('passwordChange is not registered');
const REGISTERED = entry.testModel.input as PasswordChangeInput;

runModelPaths(entry, { variants: [{ name: 'a coach', input: { ...REGISTERED, actor: SAMPLE_SETTINGS_COACH } }] });

const CURRENT_PASSWORD = 'Demo-Credit-2026!';

interface Account {
  /** The login is too old until a re-authentication. */
  recentLogin?: boolean;
  /** How changePassword fails (beside requires-recent-login). */
  changeFails?: object;
  clearFails?: boolean;
}

/** The security page over an identity provider with one account whose password is CURRENT_PASSWORD. */
function securityPage(account: Account = {}, input: Partial<PasswordChangeInput> = {}) {
  const log: string[] = [];
  let recentLogin = account.recentLogin ?? true;
  const machine = passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise<void, { newPassword: string }>(async ({ input: request }) => {
        log.push(`changePassword:${request.newPassword}`);
        if (!recentLogin) throw { code: 'requires-recent-login' };
        if (account.changeFails) throw account.changeFails;
      }),
      reauthenticate: fromPromise<void, { password: string }>(async ({ input: request }) => {
        log.push('reauthenticate');
        if (request.password !== CURRENT_PASSWORD) throw { code: 'auth/wrong-password' };
        recentLogin = true;
      }),
      clearWeakPasswordFlag: fromPromise<CallableResponse<'clearWeakPasswordFlag'>, CallableRequest<'clearWeakPasswordFlag'>>(async () => {
        log.push('clearWeakPasswordFlag');
        if (account.clearFails) throw { code: 'unavailable' };
        return { ok: true };
      }),
      clearPasswordReset: fromPromise<CallableResponse<'clearWeakPasswordFlag'>, CallableRequest<'clearWeakPasswordFlag'>>(async () => {
        log.push('clearPasswordReset');
        if (account.clearFails) throw { code: 'unavailable' };
        return { ok: true };
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, paths: SAMPLE_SETTINGS_PATHS, ...input });
  const snapshot = () => running.actor.getSnapshot();
  const send = async (event: Parameters<typeof running.actor.send>[0]) => {
    running.actor.send(event);
    await settle();
  };
  return {
    log,
    snapshot,
    send,
    /** Types the new password and its confirmation and submits. */
    async change(newPassword: string, confirmPassword = newPassword) {
      await send({ type: 'field.change', field: 'newPassword', value: newPassword });
      await send({ type: 'field.change', field: 'confirmPassword', value: confirmPassword });
      await send({ type: 'form.submit' });
    },
    notices: () => running.emitted.filter((e) => e.type === 'notify').map(({ level, key }) => ({ level, key })),
    navigations: () => running.emitted.filter((e) => e.type === 'navigate').map(({ to, replace }) => ({ to, replace })),
  };
}

describe('changing the password (spec 000 §4.6, §5, §8)', () => {
  it("a password that passes the checklist is changed: 'Password updated successfully', then the security flags are cleared", async () => {
    const page = securityPage();
    await page.change(SAMPLE_NEW_PASSWORD);
    expect([page.log, page.notices(), select.changed(page.snapshot()), select.newPassword(page.snapshot())]).toEqual([
      [`changePassword:${SAMPLE_NEW_PASSWORD}`, 'clearWeakPasswordFlag', 'clearPasswordReset'],
      [{ level: 'success', key: 'auth.password.updated' }],
      true,
      '',
    ]);
  });

  it('the password is changed even when clearing the flags fails', async () => {
    const page = securityPage({ clearFails: true });
    await page.change(SAMPLE_NEW_PASSWORD);
    expect([select.changed(page.snapshot()), page.notices()]).toEqual([true, [{ level: 'success', key: 'auth.password.updated' }]]);
  });

  it("a password that fails the checklist, or a confirmation that differs, is flagged and not sent", async () => {
    const page = securityPage();
    await page.change('harborlights');
    expect(select.fieldErrors(page.snapshot())).toEqual({ newPassword: 'password-requirements' });
    await page.change(SAMPLE_NEW_PASSWORD, 'Harbor-Lights-2028');
    expect([select.fieldErrors(page.snapshot()), page.log]).toEqual([{ confirmPassword: 'security.errors.passwords-differ' }, []]);
  });

  it("the identity provider's weak-password refusal says 'password-requirements'", async () => {
    const page = securityPage({ changeFails: { code: 'password-requirements' } });
    await page.change(SAMPLE_NEW_PASSWORD);
    expect([select.errorKey(page.snapshot()), select.errorCode(page.snapshot()), select.changed(page.snapshot())]).toEqual(['password-requirements', null, false]);
  });

  it('any other failure gives the reference-code message with its code', async () => {
    const page = securityPage({ changeFails: { code: 'auth/network-request-failed' } });
    await page.change(SAMPLE_NEW_PASSWORD);
    expect([select.errorKey(page.snapshot()), select.errorCode(page.snapshot()), select.newPassword(page.snapshot())]).toEqual([
      'auth.errors.password-change-failed',
      'auth/network-request-failed',
      SAMPLE_NEW_PASSWORD,
    ]);
  });

  it('a coach session is refused before any call', async () => {
    const page = securityPage({}, { actor: SAMPLE_SETTINGS_COACH });
    await page.change(SAMPLE_NEW_PASSWORD);
    expect([page.log, page.notices()]).toEqual([[], [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });
});

describe('re-authentication when the login is too old (spec 000 §2.5, §4.6)', () => {
  it('opens the dialog on the nested route auth, and once re-authenticated retries the change by itself', async () => {
    const page = securityPage({ recentLogin: false });
    await page.change(SAMPLE_NEW_PASSWORD);
    expect([select.reauthenticating(page.snapshot()), page.navigations()]).toEqual([true, [{ to: '/settings/security/auth', replace: undefined }]]);
    await page.send({ type: 'route.changed', path: '/settings/security/auth', search: '' });
    expect(select.reauthenticating(page.snapshot())).toBe(true);
    await page.send({ type: 'reauth.submit', password: CURRENT_PASSWORD });
    expect([page.log, page.notices(), page.navigations().at(-1), select.changed(page.snapshot())]).toEqual([
      [`changePassword:${SAMPLE_NEW_PASSWORD}`, 'reauthenticate', `changePassword:${SAMPLE_NEW_PASSWORD}`, 'clearWeakPasswordFlag', 'clearPasswordReset'],
      [{ level: 'success', key: 'auth.password.updated' }],
      { to: '/settings/security', replace: true },
      true,
    ]);
  });

  it('a wrong password says so in the dialog, which stays open; an empty one asks for it', async () => {
    const page = securityPage({ recentLogin: false });
    await page.change(SAMPLE_NEW_PASSWORD);
    await page.send({ type: 'reauth.submit', password: '' });
    expect(select.reauthErrorKey(page.snapshot())).toBe('errors.field-validation.password-required');
    await page.send({ type: 'reauth.submit', password: 'Demo-Credit-2025!' });
    expect([select.reauthenticating(page.snapshot()), select.reauthErrorKey(page.snapshot()), page.log.filter((l) => l.startsWith('change'))]).toEqual([
      true,
      'auth.errors.wrong-password',
      [`changePassword:${SAMPLE_NEW_PASSWORD}`],
    ]);
  });

  it('Cancel closes the dialog and goes back to the page; the password is not changed', async () => {
    const page = securityPage({ recentLogin: false });
    await page.change(SAMPLE_NEW_PASSWORD);
    await page.send({ type: 'reauth.cancel' });
    expect([select.reauthenticating(page.snapshot()), page.navigations().at(-1), select.changed(page.snapshot())]).toEqual([
      false,
      { to: '/settings/security', replace: true },
      false,
    ]);
  });

  it("Back (the address leaves auth) closes the dialog without a change", async () => {
    const page = securityPage({ recentLogin: false });
    await page.change(SAMPLE_NEW_PASSWORD);
    await page.send({ type: 'route.changed', path: '/settings/security/auth', search: '' });
    await page.send({ type: 'route.changed', path: '/settings/security', search: '' });
    expect([select.reauthenticating(page.snapshot()), page.log]).toEqual([false, [`changePassword:${SAMPLE_NEW_PASSWORD}`]]);
  });

  it('the auth route opened with nothing to re-authenticate for goes back to the page', async () => {
    const page = securityPage();
    await page.send({ type: 'route.changed', path: '/settings/security/auth', search: '' });
    expect([select.reauthenticating(page.snapshot()), page.navigations()]).toEqual([false, [{ to: '/settings/security', replace: true }]]);
  });
});
