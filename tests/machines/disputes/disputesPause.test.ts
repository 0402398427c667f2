import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_COACH_ACTOR, SAMPLE_CUSTOMER_ACTOR } from '../../../machines/disputes/entries';
import { disputesPauseMachine, disputesPauseSelectors, type DisputesPauseInput } from '../../../machines/disputes/disputesPause.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('disputesPause');
if (!entry) throw new Error('disputesPause is not registered');
runModelPaths(entry, { variants: [{ name: 'a coach without client actions', input: { actor: SAMPLE_COACH_ACTOR } }] });

/** The banner over a server that keeps the flag; `fail` names the calls that reject. */
function banner(paused: boolean, input: DisputesPauseInput = { actor: SAMPLE_CUSTOMER_ACTOR }, fail: readonly string[] = []) {
  let stored = paused;
  const sets: boolean[] = [];
  const machine = disputesPauseMachine.provide({
    actors: {
      checkIfDisputesPaused: fromPromise<boolean, void>(async () => {
        if (fail.includes('check')) throw { code: 'unavailable' };
        return stored;
      }),
      setIsDisputesPaused: fromPromise<boolean, { isPaused: boolean }>(async ({ input: request }) => {
        sets.push(request.isPaused);
        if (fail.includes('set')) throw { code: 'unavailable' };
        stored = request.isPaused;
        return stored;
      }),
    },
  });
  const running = run(machine, input);
  return { ...running, sets, snapshot: () => running.actor.getSnapshot(), keys: () => running.emitted.map((event) => event.key) };
}

describe('pause and resume investigations (spec 001 §2, §4)', () => {
  it('shows whether investigations are paused once the check answers', async () => {
    const paused = banner(true);
    expect(disputesPauseSelectors.busy(paused.snapshot())).toBe(true);
    await settle();
    expect([disputesPauseSelectors.known(paused.snapshot()), paused.snapshot().hasTag('paused')]).toEqual([true, true]);
    const running = banner(false);
    await settle();
    expect(running.snapshot().hasTag('paused')).toBe(false);
  });

  it('pauses, then resumes, saying so each time', async () => {
    const b = banner(false);
    await settle();
    b.actor.send({ type: 'pause.toggle' });
    await settle();
    expect(b.snapshot().hasTag('paused')).toBe(true);
    b.actor.send({ type: 'pause.toggle' });
    await settle();
    expect(b.snapshot().hasTag('paused')).toBe(false);
    expect([b.sets, b.keys()]).toEqual([[true, false], ['toast.investigations-paused', 'toast.investigations-resumed']]);
  });

  it('stays as it was with pause-error when the change fails', async () => {
    const b = banner(true, undefined, ['set']);
    await settle();
    b.actor.send({ type: 'pause.toggle' });
    await settle();
    expect([b.snapshot().hasTag('paused'), b.keys()]).toEqual([true, ['toast.pause-error']]);
  });

  it('refuses a coach without client actions', async () => {
    const b = banner(false, { actor: SAMPLE_COACH_ACTOR });
    await settle();
    b.actor.send({ type: 'pause.toggle' });
    await settle();
    expect([b.sets, b.keys()]).toEqual([[], ['coach.toast.not-permitted']]);
  });

  it('leaves the banner out when the check fails', async () => {
    const b = banner(false, undefined, ['check']);
    await settle();
    expect([disputesPauseSelectors.known(b.snapshot()), b.snapshot().status]).toEqual([false, 'done']);
  });
});
