import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_MORTGAGE_PICKER_COACH, SAMPLE_MORTGAGE_PICKER_INPUT, SAMPLE_MORTGAGES } from '../../../machines/money/entries';
import { mortgagePickerMachine, mortgagePickerSelectors, type MortgageList, type MortgagePickerInput } from '../../../machines/money/mortgagePicker.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('mortgagePicker');
if (!entry) throw new Error('mortgagePicker is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: SAMPLE_MORTGAGE_PICKER_COACH }] });

interface Faults {
  load?: object[];
  save?: object;
}

/** The existing mortgages over a server holding `stored`; `faults` makes the named calls fail (loads in turn). */
function picker(input: MortgagePickerInput = SAMPLE_MORTGAGE_PICKER_INPUT, stored: MortgageList = SAMPLE_MORTGAGES, faults: Faults = {}) {
  const saves: { goalId: string; ids: string[] }[] = [];
  let loads = 0;
  const machine = mortgagePickerMachine.provide({
    actors: {
      loadMortgages: fromPromise<MortgageList, void>(async () => {
        const fault = faults.load?.[loads];
        loads += 1;
        if (fault) throw fault;
        return stored;
      }),
      saveSelection: fromPromise<void, { goalId: string; ids: string[] }>(async ({ input: selection }) => {
        saves.push(selection);
        if (faults.save) throw faults.save;
      }),
    },
  });
  const running = run(machine, input);
  const { snapshot } = running;
  return {
    saves,
    snapshot,
    picked: () => mortgagePickerSelectors.mortgages(snapshot()).filter((m) => m.selected).map((m) => m.id),
    send: running.send,
    notices: running.notices,
  };
}

describe("the customer's existing mortgages (spec 002 §7 getMortgages)", () => {
  it('lists the mortgages once loaded, none picked, and lets the customer pick', async () => {
    const p = picker();
    expect(mortgagePickerSelectors.loading(p.snapshot())).toBe(true);
    await settle();
    expect(mortgagePickerSelectors.mortgages(p.snapshot()).map((m) => m.name)).toEqual(['WELLS FARGO HOME MORTGAGE', 'U.S. BANK HOME EQUITY']);
    expect([p.picked(), mortgagePickerSelectors.canPick(p.snapshot())]).toEqual([[], true]);
  });

  it('a pick shows at once and saves the whole selection into the goal', async () => {
    const p = picker();
    await settle();
    await p.send({ type: 'mortgage.toggle', id: 'tl-wells-mortgage', selected: true });
    await p.send({ type: 'mortgage.toggle', id: 'tl-us-bank-heloc', selected: true });
    await p.send({ type: 'mortgage.toggle', id: 'tl-wells-mortgage', selected: false });
    expect(p.picked()).toEqual(['tl-us-bank-heloc']);
    expect(p.saves).toEqual([
      { goalId: 'goal-refi-1', ids: ['tl-wells-mortgage'] },
      { goalId: 'goal-refi-1', ids: ['tl-wells-mortgage', 'tl-us-bank-heloc'] },
      { goalId: 'goal-refi-1', ids: ['tl-us-bank-heloc'] },
    ]);
    expect(p.notices()).toEqual([]);
  });

  it('a failed save puts the pick back with a toast', async () => {
    const p = picker(SAMPLE_MORTGAGE_PICKER_INPUT, SAMPLE_MORTGAGES, { save: { code: 'unavailable' } });
    await settle();
    await p.send({ type: 'mortgage.toggle', id: 'tl-wells-mortgage', selected: true });
    expect([p.picked(), p.notices()]).toEqual([[], [{ level: 'error', key: 'mortgages.saveFailed' }]]);
  });

  it('a coach without client actions is told not permitted and nothing is saved', async () => {
    const p = picker(SAMPLE_MORTGAGE_PICKER_COACH);
    await settle();
    await p.send({ type: 'mortgage.toggle', id: 'tl-wells-mortgage', selected: true });
    expect([p.picked(), p.saves, p.notices()]).toEqual([[], [], [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });

  it('without a goal the mortgages show but cannot be picked', async () => {
    const p = picker(SAMPLE_MORTGAGE_PICKER_INPUT, { ...SAMPLE_MORTGAGES, goalId: null });
    await settle();
    await p.send({ type: 'mortgage.toggle', id: 'tl-wells-mortgage', selected: true });
    expect([mortgagePickerSelectors.canPick(p.snapshot()), p.picked(), p.saves]).toEqual([false, [], []]);
  });

  it('offers a retry after a failed load, and loads again on it', async () => {
    const p = picker(SAMPLE_MORTGAGE_PICKER_INPUT, SAMPLE_MORTGAGES, { load: [{ code: 'unavailable' }] });
    await settle();
    expect(mortgagePickerSelectors.loadFailed(p.snapshot())).toBe(true);
    await p.send({ type: 'load.retry' });
    expect(mortgagePickerSelectors.mortgages(p.snapshot())).toHaveLength(2);
  });
});
