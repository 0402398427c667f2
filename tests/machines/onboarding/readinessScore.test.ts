import { fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { readinessScoreMachine } from '../../../machines/onboarding/readinessScore.machine';
import { READINESS_SCORE_MAX_POLLS, READINESS_SCORE_POLL_MS } from '../../../src/domain/constants';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('readinessScore');
if (!entry) throw new Error('readinessScore is not registered');
runModelPaths(entry);

type Answer = number | null | Error;

/** The machine over fake score reads answering from `answers` (the last one repeats); records when each was made. */
function scoreCard(answers: Answer[], calculated: number | Error = 58) {
  const clock = new SimulatedClock();
  const asks: number[] = [];
  let calculations = 0;
  const answer = (value: Answer | undefined) => {
    if (value instanceof Error) throw Object.assign(value, { code: 'unavailable' });
    return value === null || value === undefined ? null : { displayScore: value };
  };
  const machine = readinessScoreMachine.provide({
    actors: {
      fetchScore: fromPromise(async () => {
        asks.push(clock.now());
        return answer(answers[Math.min(asks.length - 1, answers.length - 1)]);
      }),
      calculateScore: fromPromise(async () => {
        calculations += 1;
        if (calculated instanceof Error) throw Object.assign(calculated, { code: 'internal' });
        return { displayScore: calculated };
      }),
    },
  });
  return { ...run(machine, undefined, clock), asks, calculations: () => calculations };
}

describe('the home hub readiness score (spec 002 §2, §3, §4)', () => {
  it('shows the score at once when it exists', async () => {
    const { actor, asks } = scoreCard([62]);
    await settle();
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    expect(actor.getSnapshot().context.displayScore).toBe(62);
    expect(asks).toEqual([0]);
  });

  it('asks again every 3 s while the first score is being generated, and shows it when it comes', async () => {
    const { actor, asks, advance } = scoreCard([null, null, 71]);
    await settle();
    expect(actor.getSnapshot().hasTag('generating')).toBe(true);
    await advance(READINESS_SCORE_POLL_MS);
    await advance(READINESS_SCORE_POLL_MS);
    expect(asks).toEqual([0, 3_000, 6_000]);
    expect(actor.getSnapshot().context.displayScore).toBe(71);
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
  });

  it('offers to calculate the score after a minute without one, and shows the calculated score', async () => {
    const { actor, asks, advance, calculations } = scoreCard([null]);
    await settle();
    for (let poll = 0; poll < READINESS_SCORE_MAX_POLLS + 5; poll += 1) await advance(READINESS_SCORE_POLL_MS);
    expect(asks).toHaveLength(READINESS_SCORE_MAX_POLLS + 1);
    expect(actor.getSnapshot().hasTag('notReady')).toBe(true);
    actor.send({ type: 'score.calculate' });
    await settle();
    expect(calculations()).toBe(1);
    expect(actor.getSnapshot().context.displayScore).toBe(58);
  });

  it('counts a failed ask while waiting as an empty one', async () => {
    const { actor, advance } = scoreCard([null, new Error('offline'), 44]);
    await settle();
    await advance(READINESS_SCORE_POLL_MS);
    expect(actor.getSnapshot().hasTag('generating')).toBe(true);
    await advance(READINESS_SCORE_POLL_MS);
    expect(actor.getSnapshot().context.displayScore).toBe(44);
  });

  it('shows the error with Try again when the score cannot be read or calculated', async () => {
    const { actor } = scoreCard([new Error('offline'), 62]);
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('unavailable');
    actor.send({ type: 'load.retry' });
    await settle();
    expect(actor.getSnapshot().context.displayScore).toBe(62);
  });
});
