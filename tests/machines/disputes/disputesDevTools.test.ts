import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { disputesDevToolsMachine, disputesDevToolsSelectors, MAX_ADVANCE_DAYS } from '../../../machines/disputes/disputesDevTools.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('disputesDevTools');
if (!entry) throw new Error('disputesDevTools is not registered');
runModelPaths(entry);

function devTools(fail = false) {
  const asked: number[] = [];
  const machine = disputesDevToolsMachine.provide({
    actors: {
      advanceDisputes: fromPromise<{ asOf: string }, { days: number }>(async ({ input }) => {
        asked.push(input.days);
        if (fail) throw { code: 'failed-precondition' };
        return { asOf: '2026-12-26' };
      }),
    },
  });
  const running = run(machine);
  return { ...running, asked, snapshot: () => running.actor.getSnapshot() };
}

describe('the disputes dev tools', () => {
  it("advances the customer's dispute clock by the days asked and tells the new date", async () => {
    const d = devTools();
    d.actor.send({ type: 'bureaus.advance', days: 31 });
    expect(disputesDevToolsSelectors.busy(d.snapshot())).toBe(true);
    await settle();
    expect(d.asked).toEqual([31]);
    expect(disputesDevToolsSelectors.asOf(d.snapshot())).toBe('2026-12-26');
    expect(d.emitted).toEqual([{ type: 'notify', level: 'success', key: 'toast.bureaus-advanced', values: { date: '2026-12-26' } }]);
  });

  it('says when the advance failed', async () => {
    const d = devTools(true);
    d.actor.send({ type: 'bureaus.advance', days: 5 });
    await settle();
    expect([disputesDevToolsSelectors.asOf(d.snapshot()), d.emitted.map((event) => event.key)]).toEqual([null, ['toast.advance-error']]);
  });

  it('refuses days that are not a whole number from 1 to the limit', async () => {
    const d = devTools();
    for (const days of [0, -3, 2.5, MAX_ADVANCE_DAYS + 1, Number.NaN]) d.actor.send({ type: 'bureaus.advance', days });
    await settle();
    expect(d.asked).toEqual([]);
  });
});
