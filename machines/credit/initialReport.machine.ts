import { assign, setup, type SnapshotFrom } from 'xstate';
import { INITIAL_REPORT_RECHECK_MS } from '../../src/domain/constants';
import { provided, providedCallback } from '../actors';
import type { InitialPullStatus, InitialReportActorSignatures, InitialReportData } from './ports';
import { machineSpec, spec } from '../spec';

// The credit pages' wait for the first credit report (spec 002 §7 getInitialReport and the live
// initialReportStatus/{userId}; the pull completeIntake starts, spec 002 §4): a page with no report to show asks
// getInitialReport where the first report stands. Stored: the page reads it ('ready'). Under way: the page says the
// report is on its way and follows the status document live, asking again when the pull settles and every
// INITIAL_REPORT_RECHECK_MS meanwhile (the ask restarts a pull lost on its way). Failed: the page says so, and the
// customer may order a report (the refresh control). Not started: the report comes once onboarding is complete.
// The ask itself failing says so, with Try again.

type Sig = InitialReportActorSignatures;

export interface InitialReportContext {
  userId: string | null;
  report: InitialReportData['report'];
}

export type InitialReportEvent = { type: 'pull.status'; status: InitialPullStatus } | { type: 'check.retry' };

export type InitialReportTag = 'busy' | 'waiting' | 'ready' | 'pullFailed' | 'notStarted' | 'error';

const isSettled = (status: InitialPullStatus) => status === 'complete' || status === 'error';

export const initialReportMachine = setup({
  types: {
    context: {} as InitialReportContext,
    events: {} as InitialReportEvent,
    tags: {} as InitialReportTag,
  },
  actors: {
    getInitialReport: provided<Sig['getInitialReport']>('getInitialReport'),
    watchPullStatus: providedCallback<Sig['watchPullStatus']>('watchPullStatus'),
  },
  delays: {
    recheckPull: INITIAL_REPORT_RECHECK_MS,
  },
  guards: {
    hasReport: (_, params: { answer: InitialReportData }) => params.answer.report !== null,
    isPullUnderWay: (_, params: { answer: InitialReportData }) => params.answer.status === 'processing',
    isPullFailed: (_, params: { answer: InitialReportData }) => params.answer.status === 'error',
    isPullSettled: (_, params: { status: InitialPullStatus }) => isSettled(params.status),
  },
  actions: {
    assignAnswer: assign((_, params: { answer: InitialReportData }) => ({ userId: params.answer.userId, report: params.answer.report })),
  },
}).createMachine({
  id: 'initialReport',
  meta: machineSpec(['002 §7', '002 §4']),
  context: { userId: null, report: null },
  initial: 'checking',
  states: {
    // "Checking on your first credit report".
    checking: {
      meta: spec('002 §7'),
      tags: ['busy'],
      invoke: {
        id: 'getInitialReport',
        src: 'getInitialReport',
        onDone: [
          {
            guard: { type: 'hasReport', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'isPullUnderWay', params: ({ event }) => ({ answer: event.output }) },
            target: 'waiting',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'isPullFailed', params: ({ event }) => ({ answer: event.output }) },
            target: 'pullFailed',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'notStarted', actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'failed' },
      },
    },
    // "Your first credit report is on its way": the status document followed live.
    waiting: {
      meta: spec('002 §7', '002 §4'),
      tags: ['waiting'],
      invoke: {
        id: 'watchPullStatus',
        src: 'watchPullStatus',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
      },
      on: {
        'pull.status': {
          guard: { type: 'isPullSettled', params: ({ event }) => ({ status: event.status }) },
          target: 'checking',
          meta: spec('002 §7'),
        },
      },
      after: { recheckPull: { target: 'checking', meta: spec('002 §7') } },
    },
    // The report is stored: the page reads it.
    ready: {
      meta: spec('002 §7'),
      tags: ['ready'],
      type: 'final',
    },
    // The pull failed after its attempts: the customer may order a report. The answer for this visit.
    pullFailed: {
      meta: spec('002 §7', '002 §4'),
      tags: ['pullFailed'],
      type: 'final',
    },
    // No pull yet: the first report comes when onboarding is complete. The answer for this visit.
    notStarted: {
      meta: spec('002 §7', '002 §4'),
      tags: ['notStarted'],
      type: 'final',
    },
    // The ask failed: Try again.
    failed: {
      meta: spec('002 §7'),
      tags: ['error'],
      on: { 'check.retry': { target: 'checking', meta: spec('002 §7') } },
    },
  },
});

export type InitialReportSnapshot = SnapshotFrom<typeof initialReportMachine>;

export type InitialReportView = 'checking' | 'waiting' | 'ready' | 'pullFailed' | 'notStarted' | 'failed';

/** What the credit pages' wait shows. */
export const initialReportSelectors = {
  view: (s: InitialReportSnapshot): InitialReportView => {
    if (s.hasTag('ready')) return 'ready';
    if (s.hasTag('waiting')) return 'waiting';
    if (s.hasTag('pullFailed')) return 'pullFailed';
    if (s.hasTag('notStarted')) return 'notStarted';
    if (s.hasTag('error')) return 'failed';
    return 'checking';
  },
};
