import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_SETTINGS_COACH, SAMPLE_SETTINGS_CUSTOMER } from '../../../machines/settings/entries';
import { ssnRevealMachine, ssnRevealSelectors, type SsnRevealInput } from '../../../machines/settings/ssnReveal.machine';
import type { CallableRequest } from '../../../src/contract/callables';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('ssnReveal');
if (!entry) throw new Error('ssnReveal is not registered');
const REGISTERED = entry.testModel.input as SsnRevealInput;

runModelPaths(entry, { variants: [{ name: 'a coach', input: { ...REGISTERED, actor: SAMPLE_SETTINGS_COACH } }] });

/** The SSN field over a server that answers `answer` (a 9-digit string, or an error to throw). */
function ssnField(input: Partial<SsnRevealInput> = {}, answer: string | object = '666456789', options: { signedInLongAgo?: boolean } = {}) {
  let calls = 0;
  // The server wants a recent sign-in until the customer has entered the right password again.
  let recent = options.signedInLongAgo !== true;
  const machine = ssnRevealMachine.provide({
    actors: {
      getSocialSecurityNumber: fromPromise<{ ssn: string }, CallableRequest<'getSocialSecurityNumber'>>(async () => {
        calls += 1;
        if (!recent) throw { code: 'recent-sign-in-required', key: 'errors.settings.recent-sign-in-required' };
        if (typeof answer !== 'string') throw answer;
        return { ssn: answer };
      }),
      reauthenticate: fromPromise<void, { password: string }>(async ({ input: { password } }) => {
        if (password !== 'Right-Password-1') throw { code: 'auth/wrong-password' };
        recent = true;
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, lastFour: '6789', ...input });
  const snapshot = () => running.actor.getSnapshot();
  return {
    calls: () => calls,
    snapshot,
    display: () => ssnRevealSelectors.display(snapshot()),
    send: async (event: Parameters<typeof running.actor.send>[0]) => {
      running.actor.send(event);
      await settle();
    },
    notices: () => running.emitted.map(({ level, key }) => ({ level, key })),
  };
}

describe('showing and hiding the Social Security number (spec 000 §2.5, §5)', () => {
  it('shows the last four digits masked as ***-**-6789', () => {
    const f = ssnField();
    expect([f.display(), ssnRevealSelectors.revealed(f.snapshot()), ssnRevealSelectors.canReveal(f.snapshot())]).toEqual(['***-**-6789', false, true]);
  });

  it('Show asks the server and shows the number 3-2-4', async () => {
    const f = ssnField();
    await f.send({ type: 'ssn.show' });
    expect([f.display(), ssnRevealSelectors.revealed(f.snapshot()), f.calls()]).toEqual(['666-45-6789', true, 1]);
  });

  it('Hide masks it again and forgets the full number', async () => {
    const f = ssnField();
    await f.send({ type: 'ssn.show' });
    await f.send({ type: 'ssn.hide' });
    expect([f.display(), JSON.stringify(f.snapshot().context)]).toEqual(['***-**-6789', expect.not.stringContaining('666456789')]);
  });

  it('a failure stays masked with errors.general-error', async () => {
    const f = ssnField({}, { code: 'failed-precondition' });
    await f.send({ type: 'ssn.show' });
    expect([f.display(), f.notices()]).toEqual(['***-**-6789', [{ level: 'error', key: 'errors.general-error' }]]);
  });

  it('a coach is refused without asking the server', async () => {
    const f = ssnField({ actor: SAMPLE_SETTINGS_COACH });
    await f.send({ type: 'ssn.show' });
    expect([f.calls(), f.display(), f.notices()]).toEqual([0, '***-**-6789', [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });

  it('a contact without an SSN shows nothing and has nothing to show', async () => {
    const f = ssnField({ lastFour: null });
    await f.send({ type: 'ssn.show' });
    expect([f.display(), ssnRevealSelectors.canReveal(f.snapshot()), f.calls()]).toEqual([null, false, 0]);
  });

  it('an old sign-in is asked for the password again; a wrong one says so, the right one shows the number', async () => {
    const f = ssnField({}, '666456789', { signedInLongAgo: true });
    await f.send({ type: 'ssn.show' });
    expect([ssnRevealSelectors.reauthenticating(f.snapshot()), f.display(), f.notices()]).toEqual([true, '***-**-6789', []]);
    await f.send({ type: 'reauth.submit', password: 'wrong' });
    expect([ssnRevealSelectors.reauthenticating(f.snapshot()), ssnRevealSelectors.reauthErrorKey(f.snapshot())]).toEqual([true, 'auth.errors.wrong-password']);
    await f.send({ type: 'reauth.submit', password: 'Right-Password-1' });
    expect([ssnRevealSelectors.reauthenticating(f.snapshot()), f.display(), f.calls()]).toEqual([false, '666-45-6789', 2]);
  });

  it('Cancel on the password prompt keeps the number masked', async () => {
    const f = ssnField({}, '666456789', { signedInLongAgo: true });
    await f.send({ type: 'ssn.show' });
    await f.send({ type: 'reauth.cancel' });
    expect([ssnRevealSelectors.reauthenticating(f.snapshot()), f.display(), f.calls()]).toEqual([false, '***-**-6789', 1]);
  });
});
