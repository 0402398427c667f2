import { assign, setup, type SnapshotFrom } from 'xstate';
import { READINESS_SCORE_MAX_POLLS, READINESS_SCORE_POLL_MS } from '../../src/domain/constants';
import type { ReadinessScoreActorSignatures } from './ports';
import { portErrorCode } from '../ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// The home hub's loan readiness score (spec 002 §2 score gauge, §3 "Readiness score"). The first score is generated
// as intake completes, while the hub already opens (spec 002 §4): until it exists the hub asks again every 3 s.
// After a minute without one (its generation failed, or the customer was onboarded before scores existed) the
// customer is offered to have it calculated now.

type Sig = ReadinessScoreActorSignatures;

export interface ReadinessScoreContext {
  displayScore: number | null;
  /** Asks made while waiting for the first score. */
  polls: number;
  errorCode: string | null;
}

export type ReadinessScoreEvent = { type: 'score.calculate' } | { type: 'load.retry' };

export const readinessScoreMachine = setup({
  types: {
    context: {} as ReadinessScoreContext,
    events: {} as ReadinessScoreEvent,
    tags: {} as 'loading' | 'generating' | 'notReady' | 'busy' | 'shown' | 'error',
  },
  actors: {
    fetchScore: provided<Sig['fetchScore']>('fetchScore'),
    calculateScore: provided<Sig['calculateScore']>('calculateScore'),
  },
  guards: {
    hasScore: (_, params: { score: { displayScore: number } | null }) => params.score !== null,
    hasPollsLeft: ({ context }) => context.polls < READINESS_SCORE_MAX_POLLS,
  },
  actions: {
    assignScore: assign((_, params: { score: { displayScore: number } | null }) => ({ displayScore: params.score?.displayScore ?? null })),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    resetPolls: assign({ polls: 0 }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: portErrorCode(params.error) })),
    clearError: assign({ errorCode: null }),
  },
  delays: {
    scorePoll: READINESS_SCORE_POLL_MS,
  },
}).createMachine({
  id: 'readinessScore',
  meta: machineSpec(['002 §4', '002 §2']),
  context: { displayScore: null, polls: 0, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      meta: spec('002 §4'),
      tags: ['loading'],
      entry: ['clearError', 'resetPolls'],
      invoke: {
        id: 'fetchScore',
        src: 'fetchScore',
        onDone: [
          {
            guard: { type: 'hasScore', params: ({ event }) => ({ score: event.output }) },
            target: 'shown',
            actions: { type: 'assignScore', params: ({ event }) => ({ score: event.output }) },
          },
          { target: 'waiting' },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    waiting: {
      meta: spec('002 §4'),
      tags: ['generating'],
      after: { scorePoll: 'polling' },
    },
    polling: {
      meta: spec('002 §4'),
      tags: ['generating'],
      entry: 'countPoll',
      invoke: {
        id: 'pollScore',
        src: 'fetchScore',
        onDone: [
          {
            guard: { type: 'hasScore', params: ({ event }) => ({ score: event.output }) },
            target: 'shown',
            actions: { type: 'assignScore', params: ({ event }) => ({ score: event.output }) },
          },
          { guard: 'hasPollsLeft', target: 'waiting' },
          { target: 'notReady' },
        ],
        // A failed ask counts as an empty one.
        onError: [{ guard: 'hasPollsLeft', target: 'waiting' }, { target: 'notReady' }],
      },
    },
    notReady: {
      meta: spec('002 §4'),
      tags: ['notReady'],
      on: { 'score.calculate': 'calculating' },
    },
    calculating: {
      meta: spec('002 §4'),
      tags: ['generating', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'calculateScore',
        src: 'calculateScore',
        onDone: { target: 'shown', actions: { type: 'assignScore', params: ({ event }) => ({ score: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      meta: spec('002 §4'),
      type: 'final',
      tags: ['shown'],
    },
    failed: {
      meta: spec('002 §4'),
      tags: ['error'],
      on: { 'load.retry': 'loading' },
    },
  },
});

type ReadinessScoreSnapshot = SnapshotFrom<typeof readinessScoreMachine>;

/** What the home hub's score card shows. */
export type ReadinessScoreStatus = 'loading' | 'generating' | 'notReady' | 'failed' | 'shown';

/** What the home hub reads. */
export const readinessScoreSelectors = {
  status: (snapshot: ReadinessScoreSnapshot): ReadinessScoreStatus => {
    if (snapshot.hasTag('shown')) return 'shown';
    if (snapshot.hasTag('error')) return 'failed';
    if (snapshot.hasTag('notReady')) return 'notReady';
    return snapshot.hasTag('generating') ? 'generating' : 'loading';
  },
  displayScore: (snapshot: ReadinessScoreSnapshot) => snapshot.context.displayScore,
};
