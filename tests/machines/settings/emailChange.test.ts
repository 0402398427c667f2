import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { emailChangeErrorKey, emailChangeMachine, emailChangeSelectors as select, type EmailChangeInput } from '../../../machines/settings/emailChange.machine';
import { SAMPLE_SETTINGS_COACH, SAMPLE_SETTINGS_CUSTOMER } from '../../../machines/settings/entries';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('emailChange');
if (!entry) throw new Error('emailChange is not registered');
const REGISTERED = entry.testModel.input as EmailChangeInput;

runModelPaths(entry, { variants: [{ name: 'a coach', input: { ...REGISTERED, actor: SAMPLE_SETTINGS_COACH } }] });

/** The email change dialog over a server where `taken` addresses belong to other accounts; `failure` fails every request. */
function dialog(input: Partial<EmailChangeInput> = {}, options: { taken?: string[]; failure?: object; signedInLongAgo?: boolean } = {}) {
  const requests: string[] = [];
  const passwords: string[] = [];
  // The server wants a recent sign-in until the customer has entered the right password again.
  let recent = options.signedInLongAgo !== true;
  const machine = emailChangeMachine.provide({
    actors: {
      changeEmail: fromPromise<CallableResponse<'changeEmail'>, CallableRequest<'changeEmail'>>(async ({ input: request }) => {
        requests.push(request.newEmail);
        if (request.siteId !== 'APP') throw { code: 'invalid-argument' };
        if (!recent) throw { code: 'recent-sign-in-required', key: 'errors.settings.recent-sign-in-required' };
        if (options.failure) throw options.failure;
        if (options.taken?.includes(request.newEmail)) throw { code: 'duplicate-email', key: 'errors.settings.email-in-use' };
        return { ok: true, pendingEmail: request.newEmail };
      }),
      reauthenticate: fromPromise<void, { password: string }>(async ({ input: { password } }) => {
        passwords.push(password);
        if (password !== 'Right-Password-1') throw { code: 'auth/wrong-password' };
        recent = true;
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, siteId: 'APP', currentEmail: 'settings.customer@demo.test', ...input });
  const snapshot = () => running.actor.getSnapshot();
  const send = async (event: Parameters<typeof running.actor.send>[0]) => {
    running.actor.send(event);
    await settle();
  };
  return {
    requests,
    passwords,
    snapshot,
    send,
    async request(email: string) {
      await send({ type: 'field.change', field: 'email', value: email });
      await send({ type: 'form.submit' });
    },
    notices: () => running.emitted.map(({ level, key }) => ({ level, key })),
  };
}

describe('requesting an email change (spec 000 §2.5, §7 changeEmail, §8)', () => {
  it('sends the new address trimmed and lowercased, then shows where the verification link went', async () => {
    const d = dialog();
    await d.request('  Jordan.Rivera@Example.com ');
    expect([d.requests, select.sent(d.snapshot()), select.pendingEmail(d.snapshot())]).toEqual([
      ['jordan.rivera@example.com'],
      true,
      'jordan.rivera@example.com',
    ]);
    await d.send({ type: 'edit.cancel' });
    expect([select.closed(d.snapshot()), d.snapshot().output]).toEqual([true, { pendingEmail: 'jordan.rivera@example.com' }]);
  });

  it("an address that fails the email rule is flagged 'Invalid email format' and not sent", async () => {
    const d = dialog();
    await d.request('jordan.rivera');
    expect([select.fieldError(d.snapshot()), d.requests]).toEqual(['errors.settings.email-invalid', []]);
    await d.send({ type: 'field.change', field: 'email', value: 'jordan.rivera@example.com' });
    expect(select.fieldError(d.snapshot())).toBeNull();
  });

  it('the address the account has already is refused before any call', async () => {
    const d = dialog();
    await d.request('Settings.Customer@demo.test');
    expect([select.fieldError(d.snapshot()), d.requests]).toEqual(['email-change.errors.same-address', []]);
  });

  it('an address in use says errors.settings.email-in-use and keeps the dialog', async () => {
    const d = dialog({}, { taken: ['taken@example.com'] });
    await d.request('taken@example.com');
    expect([select.errorKey(d.snapshot()), select.sent(d.snapshot()), select.email(d.snapshot())]).toEqual([
      'errors.settings.email-in-use',
      false,
      'taken@example.com',
    ]);
  });

  it("the server's invalid-email says errors.settings.email-invalid; too many requests its own key; anything else errors.general-error", async () => {
    const invalid = dialog({}, { failure: { code: 'invalid-email', key: 'errors.settings.email-invalid' } });
    await invalid.request('jordan@example.com');
    const limited = dialog({}, { failure: { code: 'rate-limited', key: 'errors.too-many-requests' } });
    await limited.request('jordan@example.com');
    const other = dialog({}, { failure: { code: 'internal' } });
    await other.request('jordan@example.com');
    expect([invalid, limited, other].map((d) => select.errorKey(d.snapshot()))).toEqual([
      'errors.settings.email-invalid',
      'errors.too-many-requests',
      'errors.general-error',
    ]);
  });

  it('a mail server that fails or times out says errors.general-error, keeps the address, and the same request goes again', async () => {
    // functions/src/settings/emailChange.ts takes the request back when the mail server refuses: asking again is safe.
    let attempts = 0;
    const machine = emailChangeMachine.provide({
      actors: {
        changeEmail: fromPromise<CallableResponse<'changeEmail'>, CallableRequest<'changeEmail'>>(async ({ input: request }) => {
          attempts += 1;
          if (attempts === 1) throw { code: 'unavailable', message: 'mail-unavailable' };
          return { ok: true, pendingEmail: request.newEmail };
        }),
        reauthenticate: fromPromise<void, { password: string }>(async () => undefined),
      },
    });
    const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, siteId: 'APP', currentEmail: 'settings.customer@demo.test' });
    running.actor.send({ type: 'field.change', field: 'email', value: 'jordan@example.com' });
    running.actor.send({ type: 'form.submit' });
    await settle();
    const failed = running.actor.getSnapshot();
    expect([select.errorKey(failed), select.email(failed), select.sent(failed), select.closed(failed)]).toEqual(['errors.general-error', 'jordan@example.com', false, false]);
    running.actor.send({ type: 'form.submit' });
    await settle();
    expect([attempts, select.sent(running.actor.getSnapshot()), select.pendingEmail(running.actor.getSnapshot())]).toEqual([2, true, 'jordan@example.com']);
  });

  it('a coach session is refused before any call', async () => {
    const d = dialog({ actor: SAMPLE_SETTINGS_COACH });
    await d.request('jordan@example.com');
    expect([d.requests, d.notices()]).toEqual([[], [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });

  it('Cancel closes the dialog without a request', async () => {
    const d = dialog();
    await d.send({ type: 'field.change', field: 'email', value: 'jordan@example.com' });
    await d.send({ type: 'edit.cancel' });
    expect([d.requests, d.snapshot().output]).toEqual([[], { pendingEmail: null }]);
  });

  it('an old sign-in is asked for the password again, and once re-authenticated the same request goes and is sent', async () => {
    const d = dialog({}, { signedInLongAgo: true });
    await d.request('jordan@example.com');
    expect([select.reauthenticating(d.snapshot()), select.sent(d.snapshot()), select.errorKey(d.snapshot())]).toEqual([true, false, null]);
    await d.send({ type: 'reauth.submit', password: '' });
    expect([select.reauthErrorKey(d.snapshot()), d.passwords]).toEqual(['errors.field-validation.password-required', []]);
    await d.send({ type: 'reauth.submit', password: 'wrong' });
    expect([select.reauthenticating(d.snapshot()), select.reauthErrorKey(d.snapshot())]).toEqual([true, 'auth.errors.wrong-password']);
    await d.send({ type: 'reauth.submit', password: 'Right-Password-1' });
    expect([select.reauthenticating(d.snapshot()), select.sent(d.snapshot()), d.requests]).toEqual([false, true, ['jordan@example.com', 'jordan@example.com']]);
  });

  it('Cancel on the password prompt goes back to the form with the address kept, and nothing is sent', async () => {
    const d = dialog({}, { signedInLongAgo: true });
    await d.request('jordan@example.com');
    await d.send({ type: 'reauth.cancel' });
    expect([select.reauthenticating(d.snapshot()), select.sent(d.snapshot()), select.email(d.snapshot()), d.passwords]).toEqual([
      false,
      false,
      'jordan@example.com',
      [],
    ]);
  });
});

describe("a refused address, however the server names it (spec 000 §8; the PortError's code or its details' key)", () => {
  it.each([
    [{ code: 'duplicate-email', key: 'errors.settings.email-in-use' }, 'errors.settings.email-in-use'],
    [{ code: 'failed-precondition', key: 'errors.settings.email-in-use' }, 'errors.settings.email-in-use'],
    [{ code: 'invalid-argument', key: 'invalid-email' }, 'errors.settings.email-invalid'],
    [{ code: 'invalid-argument', key: 'errors.settings.email-invalid' }, 'errors.settings.email-invalid'],
    [{ code: 'resource-exhausted', key: 'errors.too-many-requests' }, 'errors.too-many-requests'],
  ])('%o says %s', (error, key) => {
    expect(emailChangeErrorKey(error)).toBe(key);
  });
});
