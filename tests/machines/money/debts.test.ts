import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { debtsMachine, debtsSelectors, type DebtsInput, type GoodStandingAccounts } from '../../../machines/money/debts.machine';
import { SAMPLE_DEBTS_COACH, SAMPLE_DEBTS_INPUT, SAMPLE_GOOD_STANDING } from '../../../machines/money/debtsEntries';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('debts');
if (!entry) throw new Error('debts is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { ...SAMPLE_DEBTS_INPUT, actor: SAMPLE_DEBTS_COACH } }] });

interface Faults {
  load?: object;
  show?: object;
  extra?: object;
  /** Holds the switch's save until it resolves. */
  holdShow?: Promise<void>;
}

/** The debts page over a server holding `stored`; `faults` makes the named calls fail. */
function page(input: Partial<DebtsInput> = {}, stored: GoodStandingAccounts = SAMPLE_GOOD_STANDING, faults: Faults = {}) {
  const shows: { id: string; show: boolean }[] = [];
  const extras: number[] = [];
  const machine = debtsMachine.provide({
    actors: {
      loadDebts: fromPromise<GoodStandingAccounts, void>(async () => {
        if (faults.load) throw faults.load;
        return stored;
      }),
      saveShow: fromPromise<void, { id: string; show: boolean }>(async ({ input: change }) => {
        shows.push(change);
        if (faults.holdShow) await faults.holdShow;
        if (faults.show) throw faults.show;
      }),
      saveExtraPayment: fromPromise<number, { amount: number }>(async ({ input: { amount } }) => {
        extras.push(amount);
        if (faults.extra) throw faults.extra;
        return amount;
      }),
    },
  });
  const running = run(machine, { ...SAMPLE_DEBTS_INPUT, ...input });
  const { snapshot } = running;
  return {
    shows,
    extras,
    snapshot,
    plan: () => debtsSelectors.plan(snapshot()),
    order: () => debtsSelectors.plan(snapshot()).rows.map((row) => `${row.id}${row.show ? '' : ' (hidden)'}`),
    send: running.send,
    notices: running.notices,
  };
}

describe('the debts page (spec 002 §4 "Debt payoff")', () => {
  it('lists the accounts lowest balance first once loaded', async () => {
    const p = page();
    await settle();
    expect([debtsSelectors.status(p.snapshot()), p.order()]).toEqual(['ready', ['acct-store', 'acct-visa', 'acct-auto']]);
  });

  it('hiding an account moves it last, saves the switch and changes the plan', async () => {
    const p = page();
    await settle();
    const before = p.plan().totalBalance;
    await p.send({ type: 'debt.toggle', id: 'acct-store', show: false });
    expect([p.shows, p.order(), p.plan().totalBalance]).toEqual([
      [{ id: 'acct-store', show: false }],
      ['acct-visa', 'acct-auto', 'acct-store (hidden)'],
      before - 640,
    ]);
  });

  it('a failed switch moves back with a toast', async () => {
    const p = page({}, SAMPLE_GOOD_STANDING, { show: { code: 'unavailable' } });
    await settle();
    await p.send({ type: 'debt.toggle', id: 'acct-visa', show: false });
    expect([p.order(), p.notices()]).toEqual([['acct-store', 'acct-visa', 'acct-auto'], [{ level: 'error', key: 'debts.toggleFailed' }]]);
  });

  it('an extra monthly payment is saved and applied to the first account', async () => {
    const p = page();
    await settle();
    await p.send({ type: 'extra.change', value: '$100' });
    await p.send({ type: 'extra.submit' });
    expect([p.extras, p.plan().rows[0]?.extraPayment, p.notices()]).toEqual([[100], 100, [{ level: 'success', key: 'debts.extraSaved' }]]);
  });

  it('keeps an amount typed while a switch is being saved, and checks it', async () => {
    let release = () => undefined as void;
    const holdShow = new Promise<void>((resolve) => (release = resolve));
    const p = page({}, SAMPLE_GOOD_STANDING, { holdShow });
    await settle();
    await p.send({ type: 'debt.toggle', id: 'acct-visa', show: false });
    await p.send({ type: 'extra.change', value: '-40' });
    await p.send({ type: 'extra.submit' });
    expect([debtsSelectors.savingShow(p.snapshot()), debtsSelectors.extraDraft(p.snapshot()), debtsSelectors.extraError(p.snapshot())]).toEqual([
      true,
      '-40',
      'negative',
    ]);
    await p.send({ type: 'extra.change', value: '150' });
    await p.send({ type: 'extra.submit' });
    release();
    await settle();
    expect([p.shows, p.extras, debtsSelectors.busy(p.snapshot())]).toEqual([[{ id: 'acct-visa', show: false }], [150], false]);
  });

  it('a negative extra payment shows its message and nothing is saved', async () => {
    const p = page();
    await settle();
    await p.send({ type: 'extra.change', value: '-25' });
    await p.send({ type: 'extra.submit' });
    expect([debtsSelectors.extraError(p.snapshot()), p.extras, debtsSelectors.extra(p.snapshot())]).toEqual(['negative', [], 0]);
  });

  it('a failed extra payment save goes back to the saved amount', async () => {
    const p = page({}, { ...SAMPLE_GOOD_STANDING, additionalMonthlyDebtPayment: 50 }, { extra: { code: 'unavailable' } });
    await settle();
    await p.send({ type: 'extra.change', value: '200' });
    await p.send({ type: 'extra.submit' });
    expect([debtsSelectors.extra(p.snapshot()), debtsSelectors.extraDraft(p.snapshot()), p.notices()]).toEqual([
      50,
      '50',
      [{ level: 'error', key: 'debts.extraFailed' }],
    ]);
  });

  it('a coach without permission is refused before any call', async () => {
    const p = page({ actor: SAMPLE_DEBTS_COACH });
    await settle();
    await p.send({ type: 'debt.toggle', id: 'acct-visa', show: false });
    await p.send({ type: 'extra.change', value: '40' });
    await p.send({ type: 'extra.submit' });
    expect([p.shows, p.extras, p.notices().map((notice) => notice.key)]).toEqual([
      [],
      [],
      ['coach.toast.not-permitted', 'coach.toast.not-permitted'],
    ]);
  });

  it('a load failure keeps the server key and offers Try again', async () => {
    const p = page({}, SAMPLE_GOOD_STANDING, { load: { code: 'not-found', key: 'debts.errors.no-report' } });
    await settle();
    expect([debtsSelectors.status(p.snapshot()), debtsSelectors.loadErrorKey(p.snapshot())]).toEqual(['loadFailed', 'debts.errors.no-report']);
  });
});
