import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { savingsUpdateMachine, savingsUpdateSelectors } from '../../../machines/hub/savingsUpdate.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('savingsUpdate');
if (!entry) throw new Error('savingsUpdate is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach without client actions', input: { canUpdate: false } }] });

function savings(canUpdate: boolean, fail = false) {
  const sent: number[] = [];
  const machine = savingsUpdateMachine.provide({
    actors: {
      updateSavings: fromPromise<{ displayScore: number }, { currentSavings: number }>(async ({ input: request }) => {
        sent.push(request.currentSavings);
        if (fail) throw { code: 'internal' };
        return { displayScore: 71 };
      }),
    },
  });
  const running = run(machine, { canUpdate });
  return { ...running, sent, snapshot: () => running.actor.getSnapshot() };
}

describe('the update-savings dialog (spec 002 §7 goal update, then the score)', () => {
  it('sends the amount in whole dollars and answers the new score', async () => {
    const s = savings(true);
    s.actor.send({ type: 'savings.submit', amount: 18_500.4 });
    await settle();
    expect(s.sent).toEqual([18_500]);
    expect([savingsUpdateSelectors.saved(s.snapshot()), savingsUpdateSelectors.displayScore(s.snapshot())]).toEqual([true, 71]);
  });

  it('refuses an amount that is not one, sending nothing', async () => {
    const s = savings(true);
    for (const amount of [null, -1, 100_000_001, Number.NaN]) s.actor.send({ type: 'savings.submit', amount });
    await settle();
    expect([s.sent, savingsUpdateSelectors.error(s.snapshot())]).toEqual([[], 'invalid-amount']);
  });

  it('keeps the dialog open with the failure when the server fails', async () => {
    const s = savings(true, true);
    s.actor.send({ type: 'savings.submit', amount: 100 });
    await settle();
    expect([savingsUpdateSelectors.saved(s.snapshot()), savingsUpdateSelectors.error(s.snapshot())]).toEqual([false, 'update-failed']);
  });

  it('tells a coach without permission coach.toast.not-permitted and sends nothing', async () => {
    const s = savings(false);
    s.actor.send({ type: 'savings.submit', amount: 100 });
    await settle();
    expect(s.sent).toEqual([]);
    expect(s.emitted).toContainEqual({ type: 'notify', level: 'warning', key: 'coach.toast.not-permitted' });
  });
});
