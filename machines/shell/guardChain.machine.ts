import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { decideGuardChain, type GuardDecision, type GuardFacts } from '../../src/domain/guardChain';
import { machineSpec, spec } from '../spec';

// spec 000 §2.3: the guard chain for signed-in pages. It waits for the facts (session, user document,
// subscription, onboarding progress), then decides with src/domain/guardChain.ts and decides again whenever
// the facts or the route change. Views read `context.decision` in the `redirecting` state and navigate. When a fact
// cannot be read (a failed fetch), nothing is decided: a failed read is not a gate that is not done (sending the
// customer back to an earlier step could replace their answers); the page shows an error with Try again, which asks
// the app to read the facts again (emitted `facts.refetch`).

export interface GuardChainContext {
  facts: GuardFacts | null;
  path: string;
  decision: GuardDecision | null;
}

export type GuardChainEvent =
  | { type: 'facts.changed'; facts: GuardFacts }
  | { type: 'facts.failed' }
  | { type: 'facts.retry' }
  | { type: 'route.changed'; path: string };

export type GuardChainEmitted = { type: 'facts.refetch' };

/** Waiting for the facts, the page may show, a redirect (or the access gate's), a fact could not be read. */
export type GuardChainTag = 'loading' | 'allowed' | 'redirect' | 'notPermitted' | 'error';

export interface GuardChainInput {
  path: string;
}

export const guardChainMachine = setup({
  types: {
    context: {} as GuardChainContext,
    events: {} as GuardChainEvent,
    input: {} as GuardChainInput,
    emitted: {} as GuardChainEmitted,
    tags: {} as GuardChainTag,
  },
  guards: {
    isAllowed: ({ context }) => context.decision?.kind === 'allow',
    isNotPermitted: ({ context }) => context.decision?.kind === 'redirect' && context.decision.gate === 'access',
  },
  actions: {
    assignFacts: assign({
      facts: ({ event }) => {
        assertEvent(event, 'facts.changed');
        return event.facts;
      },
    }),
    assignPath: assign({
      path: ({ event }) => {
        assertEvent(event, 'route.changed');
        return event.path;
      },
    }),
    requestRefetch: emit({ type: 'facts.refetch' } as const),
    // The decision reads the clock only for degraded-access expiry (spec 001 §6).
    assignDecision: assign({
      decision: ({ context }) => (context.facts === null ? null : decideGuardChain(context.facts, context.path, new Date())),
    }),
  },
}).createMachine({
  id: 'guardChain',
  meta: machineSpec(['000 §2.3', '001 §6'], ['evaluating']),
  context: ({ input }) => ({ facts: null, path: input.path, decision: null }),
  initial: 'waiting',
  states: {
    waiting: {
      meta: spec('000 §2.3'),
      tags: ['loading'],
      // Facts first: a route change alone only records the path.
      on: { 'route.changed': { actions: 'assignPath' } },
    },
    evaluating: {
      entry: 'assignDecision',
      always: [
        { guard: 'isAllowed', target: 'allowed' },
        { guard: 'isNotPermitted', target: 'notPermitted' },
        { target: 'redirecting' },
      ],
    },
    allowed: {
      meta: spec('000 §2.3'),
      tags: ['allowed'],
    },
    redirecting: {
      // context.decision.redirectTo is where the view navigates; the route change brings the next decision.
      meta: spec('000 §2.3'),
      tags: ['redirect'],
    },
    notPermitted: {
      // Gate 7: the area is not part of this product line or these claims; the view goes home.
      meta: spec('000 §2.3'),
      tags: ['redirect', 'notPermitted'],
    },
    factsFailed: {
      meta: spec('000 §2.3'),
      tags: ['error'],
      on: {
        'facts.retry': { target: 'waiting', actions: 'requestRefetch' },
        'route.changed': { actions: 'assignPath' },
      },
    },
  },
  on: {
    'facts.changed': { target: '.evaluating', actions: 'assignFacts' },
    'facts.failed': '.factsFailed',
    'route.changed': { target: '.evaluating', actions: 'assignPath' },
  },
});

type GuardChainSnapshot = SnapshotFrom<typeof guardChainMachine>;

/** What the guarded layout reads (src/app/App.tsx). */
export const guardChainSelectors = {
  isWaiting: (s: GuardChainSnapshot) => s.hasTag('loading'),
  factsFailed: (s: GuardChainSnapshot) => s.hasTag('error'),
  /** The path the current decision is for. */
  decidedPath: (s: GuardChainSnapshot) => s.context.path,
  /** Where the page must go instead, or null when it may show. */
  redirectTo: (s: GuardChainSnapshot) =>
    s.hasTag('redirect') && s.context.decision?.kind === 'redirect' ? s.context.decision.redirectTo : null,
};
