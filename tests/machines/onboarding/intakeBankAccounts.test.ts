import { createActor, createMachine, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { callableRefusal } from '../../support/callableFailures';
import { intakeBankAccountsMachine, intakeBankAccountsSelectors as select } from '../../../machines/onboarding/intakeBankAccounts.machine';
import type { IntakeBankAccountsInput } from '../../../machines/onboarding/ports';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

// The intake's BankAccounts step on its own (spec 002 §4, spec 000 §6); the step within the intake is tested in
// intake.test.ts.

const entry = machineEntry('intakeBankAccounts');
if (!entry) throw new Error('intakeBankAccounts is not registered');

const REGISTERED = entry.testModel.input as IntakeBankAccountsInput;
/** Neither opted out nor linked. */
const INPUT: IntakeBankAccountsInput = { ...REGISTERED, bankOptOut: false, savedBankOptOut: false };

runModelPaths(entry, {
  variants: [
    { name: 'a free-line customer', input: { ...REGISTERED, productLine: 'Freemium' } },
    { name: 'an agent without allowClientActions', input: { ...REGISTERED, actor: { isAgent: true, allowClientActions: false } } },
  ],
});

describe('the BankAccounts step ends with where the intake goes, and its facts', () => {
  const machine = intakeBankAccountsMachine.provide({
    actors: {
      fetchWidgetUrl: fromPromise(async () => ({ url: 'https://bank.example/widget' })),
      countLinkedAccounts: fromPromise(async () => ({ linkedAccountCount: 2 })),
      // The opt-out's save never answers: the step stays busy.
      saveBankOptOut: fromPromise<void, { optOut: boolean }>(() => new Promise(() => undefined)),
    },
  });

  it('back, with the accounts linked meanwhile', async () => {
    const running = run(machine, INPUT);
    running.actor.send({ type: 'bank.linked' });
    await settle();
    running.actor.send({ type: 'step.back' });
    expect(running.actor.getSnapshot().output).toEqual({
      move: { to: 'back' },
      bankOptOut: false,
      savedBankOptOut: false,
      linkedAccountCount: 2,
    });
  });

  it('to another page the intake let through, with the opt-out ticked but not saved', () => {
    const running = run(machine, INPUT);
    running.actor.send({ type: 'bank.optOutChange', optOut: true });
    running.actor.send({ type: 'step.visit', page: 2 });
    expect(running.actor.getSnapshot().output).toEqual({
      move: { to: 'page', page: 2 },
      bankOptOut: true,
      savedBankOptOut: false,
      linkedAccountCount: 0,
    });
  });

  it('tells the intake it refuses another page while a call is under way, and stays', () => {
    const told: EventObject[] = [];
    // The intake as the step's parent: it records what the step tells it.
    const parent = createActor(
      createMachine({
        invoke: { id: 'intakeBankAccounts', src: machine, input: INPUT },
        on: { '*': { actions: ({ event }) => told.push(event) } },
      }),
    ).start();
    const step = parent.getSnapshot().children.intakeBankAccounts;
    step?.send({ type: 'bank.optOutChange', optOut: true });
    step?.send({ type: 'step.next' });
    step?.send({ type: 'step.visit', page: 2 });
    expect(told).toEqual([{ type: 'step.visitRefused' }]);
    expect(step?.getSnapshot().status).toBe('active');
    parent.stop();
  });
});

describe('the bank-link service failing (security review "faults")', () => {
  it('shows the general error when the widget address cannot be had, and Connect asks again and opens the widget', async () => {
    let asked = 0;
    const machine = intakeBankAccountsMachine.provide({
      actors: {
        fetchWidgetUrl: fromPromise(async () => {
          asked += 1;
          // functions/src/providers/faults.ts: the bank-link vendor down or past its deadline.
          if (asked === 1) throw callableRefusal('unavailable', 'bank-link-unavailable');
          return { url: 'https://bank.example/widget' };
        }),
        countLinkedAccounts: fromPromise(async () => ({ linkedAccountCount: 0 })),
        saveBankOptOut: fromPromise<void, { optOut: boolean }>(async () => undefined),
      },
    });
    const running = run(machine, INPUT);
    running.actor.send({ type: 'bank.connect' });
    await settle();
    const failed = running.actor.getSnapshot();
    // The ways on: Connect again, or tick the opt-out and go on (spec 002 §4), or Back.
    expect([select.errorKey(failed), select.widgetUrl(failed), select.canConnect(failed), select.canChangeOptOut(failed), select.canGoBack(failed)]).toEqual([
      'errors.general-error',
      null,
      true,
      true,
      true,
    ]);
    running.actor.send({ type: 'bank.connect' });
    await settle();
    const opened = running.actor.getSnapshot();
    expect([select.errorKey(opened), select.widgetUrl(opened)]).toEqual([null, 'https://bank.example/widget']);
  });
});
