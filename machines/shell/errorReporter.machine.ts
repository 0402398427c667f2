import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import {
  ERROR_REPORT_BATCH_MAX,
  ERROR_REPORT_FIRST_FLUSH_DELAY_MS,
  ERROR_REPORT_FLUSH_DELAY_GROWTH,
} from '../../src/domain/constants';
import { ERROR_OVERFLOW_MESSAGE } from '../../src/domain/errors';
import type { ErrorReport } from '../ports';
import type { ErrorReporterActorSignatures } from './ports';
import { eitherWay, provided } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §9: error reports are sent in batches of at most 10; when more were queued, the rest are dropped and
// 'Too many errors. Some messages were omitted.' is added. The flush delay starts at 1 s and grows 1.5x with
// each flush, so a page stuck in an error loop slows its own reporting down.

type Sig = ErrorReporterActorSignatures;

export interface ErrorReporterContext {
  queue: ErrorReport[];
  /** The batch being sent. */
  batch: ErrorReport[];
  /** Flushes so far; the next delay is 1 s × 1.5^flushes. */
  flushes: number;
}

export type ErrorReporterEvent = { type: 'report.add'; report: ErrorReport };

/** The next flush delay: 1000, 1500, 2250, ... ms. */
export function flushDelayMs(flushes: number): number {
  return ERROR_REPORT_FIRST_FLUSH_DELAY_MS * ERROR_REPORT_FLUSH_DELAY_GROWTH ** flushes;
}

/** At most 10 reports, plus the overflow line when some were left out. */
export function batchOf(queue: readonly ErrorReport[]): ErrorReport[] {
  const batch = queue.slice(0, ERROR_REPORT_BATCH_MAX);
  return queue.length > ERROR_REPORT_BATCH_MAX ? [...batch, { message: ERROR_OVERFLOW_MESSAGE }] : batch;
}

export const errorReporterMachine = setup({
  types: {
    context: {} as ErrorReporterContext,
    events: {} as ErrorReporterEvent,
  },
  actors: {
    sendErrorReports: provided<Sig['sendErrorReports']>('sendErrorReports'),
  },
  guards: {
    hasQueuedReports: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueueReport: assign({
      queue: ({ context, event }) => {
        assertEvent(event, 'report.add');
        return [...context.queue, event.report];
      },
    }),
    takeBatch: assign(({ context }) => ({ batch: batchOf(context.queue), queue: [], flushes: context.flushes + 1 })),
    clearBatch: assign({ batch: [] }),
  },
  delays: {
    flushDelay: ({ context }) => flushDelayMs(context.flushes),
  },
}).createMachine({
  id: 'errorReporter',
  meta: machineSpec(['000 §9'], ['settling']),
  context: { queue: [], batch: [], flushes: 0 },
  initial: 'idle',
  on: {
    'report.add': { actions: 'enqueueReport' },
  },
  states: {
    idle: {
      meta: spec('000 §9'),
      on: {
        'report.add': { target: 'waiting', actions: 'enqueueReport' },
      },
    },
    waiting: {
      meta: spec('000 §9'),
      after: { flushDelay: 'sending' },
    },
    sending: {
      meta: spec('000 §9'),
      entry: 'takeBatch',
      invoke: {
        id: 'sendErrorReports',
        src: 'sendErrorReports',
        input: ({ context }) => context.batch,
        // A failed report is not reported again (it would loop).
        ...eitherWay('settling'),
      },
      exit: 'clearBatch',
    },
    settling: {
      always: [{ guard: 'hasQueuedReports', target: 'waiting' }, { target: 'idle' }],
    },
  },
});

type ErrorReporterSnapshot = SnapshotFrom<typeof errorReporterMachine>;

/** What the reporter holds: the queue and the batch in flight. Its states carry no tags: nothing shows them. */
export const errorReporterSelectors = {
  /** Reports waiting for the next flush. */
  queued: (s: ErrorReporterSnapshot) => s.context.queue,
  /** The batch being sent, empty between flushes. */
  sending: (s: ErrorReporterSnapshot) => s.context.batch,
};
