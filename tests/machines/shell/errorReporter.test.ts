import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { errorReporterMachine } from '../../../machines/shell/errorReporter.machine';
import { machineEntry } from '../../../machines/index';
import type { ErrorReport } from '../../../machines/ports';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('errorReporter');
if (!entry) throw new Error('errorReporter is not registered');
runModelPaths(entry);

const OVERFLOW = 'Too many errors. Some messages were omitted.';

function startReporter({ failing = false } = {}) {
  const batches: ErrorReport[][] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    errorReporterMachine.provide({
      actors: {
        sendErrorReports: fromPromise<void, ErrorReport[]>(async ({ input }) => {
          batches.push(input);
          if (failing) throw Object.assign(new Error('unavailable'), { code: 'unavailable' });
        }),
      },
    }),
    { clock, inspect },
  );
  actor.start();
  const settle = async () => {
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    batches,
    report(count: number, label = 'error') {
      for (let index = 1; index <= count; index += 1) {
        actor.send({ type: 'report.add', report: { message: `${label} ${index}` } });
      }
    },
    async advance(ms: number) {
      clock.increment(ms);
      await settle();
    },
  };
}

describe('error-report batching (spec 000 §9)', () => {
  it('sends the first batch 1 s after the first error', async () => {
    const reporter = startReporter();
    reporter.report(3);
    await reporter.advance(999);
    expect(reporter.batches).toEqual([]);
    await reporter.advance(1);
    expect(reporter.batches).toEqual([[{ message: 'error 1' }, { message: 'error 2' }, { message: 'error 3' }]]);
  });

  it('sends at most 10 errors and adds the overflow line when some were left out', async () => {
    const reporter = startReporter();
    reporter.report(12);
    await reporter.advance(1_000);
    const [batch] = reporter.batches;
    expect(batch).toHaveLength(11);
    expect(batch?.slice(0, 10).map((report) => report.message)).toEqual(
      Array.from({ length: 10 }, (_, index) => `error ${index + 1}`),
    );
    expect(batch?.[10]).toEqual({ message: OVERFLOW });
  });

  it('sends exactly 10 errors without the overflow line', async () => {
    const reporter = startReporter();
    reporter.report(10);
    await reporter.advance(1_000);
    expect(reporter.batches[0]).toHaveLength(10);
    expect(reporter.batches[0]?.some((report) => report.message === OVERFLOW)).toBe(false);
  });

  it('waits 1000, then 1500, then 2250 ms: the delay grows 1.5x with each flush', async () => {
    const reporter = startReporter();
    const delays = [1_000, 1_500, 2_250];
    for (const [flush, delay] of delays.entries()) {
      reporter.report(1, `flush ${flush + 1}:`);
      await reporter.advance(delay - 1);
      expect(reporter.batches).toHaveLength(flush);
      await reporter.advance(1);
      expect(reporter.batches).toHaveLength(flush + 1);
    }
  });

  it('sends errors raised during a flush in the next batch', async () => {
    const reporter = startReporter();
    reporter.report(1, 'first');
    await reporter.advance(1_000);
    reporter.report(1, 'second');
    await reporter.advance(1_500);
    expect(reporter.batches).toEqual([[{ message: 'first 1' }], [{ message: 'second 1' }]]);
  });

  it('does not resend or report a batch the server refused', async () => {
    const reporter = startReporter({ failing: true });
    reporter.report(2);
    await reporter.advance(1_000);
    await reporter.advance(60_000);
    expect(reporter.batches).toHaveLength(1);
  });
});
