import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_INITIAL_REPORTS } from '../../../machines/credit/entries';
import { initialReportMachine, initialReportSelectors } from '../../../machines/credit/initialReport.machine';
import type { InitialReportData, PullStatusEvent } from '../../../machines/credit/ports';
import { INITIAL_REPORT_RECHECK_MS } from '../../../src/domain/constants';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('initialReport');
if (!entry) throw new Error('initialReport is not registered');

runModelPaths(entry);

/** The wait with getInitialReport answering `answers` in turn (an Error rejects) and a live status to drive. */
function wait(answers: (InitialReportData | Error)[]) {
  const asked: number[] = [];
  const watched: string[] = [];
  let push: ((event: PullStatusEvent) => void) | null = null;
  const machine = initialReportMachine.provide({
    actors: {
      getInitialReport: fromPromise(async () => {
        asked.push(asked.length + 1);
        const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      watchPullStatus: fromCallback<EventObject, { userId: string }>(({ input, sendBack }) => {
        watched.push(input.userId);
        push = sendBack;
        return () => {
          push = null;
        };
      }),
    },
  });
  const running = run(machine);
  return {
    running,
    asked,
    watched,
    view: () => initialReportSelectors.view(running.actor.getSnapshot()),
    status: (status: PullStatusEvent['status']) => push?.({ type: 'pull.status', status }),
    watching: () => push !== null,
  };
}

describe('the wait for the first credit report (spec 002 §7 getInitialReport)', () => {
  it('is ready at once when the report is stored, and stops', async () => {
    const w = wait([SAMPLE_INITIAL_REPORTS.stored]);
    await settle();
    expect(w.view()).toBe('ready');
    expect(w.running.actor.getSnapshot().status).toBe('done');
    expect(w.running.actor.getSnapshot().context.report).toEqual(SAMPLE_INITIAL_REPORTS.stored.report);
  });

  it("follows the customer's status document while the pull is under way, and asks again when it settles", async () => {
    const w = wait([SAMPLE_INITIAL_REPORTS.processing, SAMPLE_INITIAL_REPORTS.stored]);
    await settle();
    expect([w.view(), w.watched]).toEqual(['waiting', ['u1']]);
    w.status('processing');
    await settle();
    expect([w.view(), w.asked.length]).toEqual(['waiting', 1]);
    w.status('complete');
    await settle();
    expect([w.view(), w.asked.length, w.watching()]).toEqual(['ready', 2, false]);
  });

  it('asks again every recheck while the status stays under way (the ask restarts a lost pull)', async () => {
    const w = wait([SAMPLE_INITIAL_REPORTS.processing, SAMPLE_INITIAL_REPORTS.processing, SAMPLE_INITIAL_REPORTS.failed]);
    await settle();
    w.running.clock.increment(INITIAL_REPORT_RECHECK_MS - 1);
    await settle();
    expect(w.asked.length).toBe(1);
    w.running.clock.increment(1);
    await settle();
    expect([w.view(), w.asked.length]).toEqual(['waiting', 2]);
    w.running.clock.increment(INITIAL_REPORT_RECHECK_MS);
    await settle();
    expect([w.view(), w.asked.length]).toEqual(['pullFailed', 3]);
  });

  it('says a failed pull and a pull not started as they are, asking nothing more', async () => {
    const failed = wait([SAMPLE_INITIAL_REPORTS.failed]);
    const none = wait([SAMPLE_INITIAL_REPORTS.none]);
    await settle();
    expect([failed.view(), none.view()]).toEqual(['pullFailed', 'notStarted']);
    failed.running.clock.increment(INITIAL_REPORT_RECHECK_MS * 3);
    await settle();
    expect([failed.asked.length, failed.watching()]).toEqual([1, false]);
  });

  it('says the ask failed, and Try again asks again', async () => {
    const w = wait([new Error('unavailable'), SAMPLE_INITIAL_REPORTS.processing]);
    await settle();
    expect(w.view()).toBe('failed');
    w.running.actor.send({ type: 'check.retry' });
    await settle();
    expect([w.view(), w.asked.length]).toEqual(['waiting', 2]);
  });
});
