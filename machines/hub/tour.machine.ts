import { assign, setup, type SnapshotFrom } from 'xstate';
import { machineSpec, spec } from '../spec';

// The guided tour (spec 002 §2 "Guided tour overlay", §4 Tour): the highlights cycle through a page's fixed sequence
// of targets. Only the targets the page shows are visited (a page may not show every part, e.g. the score details
// button before the score exists). The step lives in the navigation state: the host sends `tour.restore` with the
// navigation state's target after Back, Forward or a reload, and writes the machine's step there after the
// customer's own moves. Escape or a click outside dismisses it; the last step's Next finishes it.
// After a reload the page is still loading: a restored target the page does not show yet (the score details button
// shows once the score has loaded) is waited for — the host reports the targets the page shows as it fills
// (`tour.targetsChanged`) — until the page has stayed still for `restoreWait` without showing it (each change that
// does not show it starts the wait again: a slow page is still loading, not missing the part); then the tour closes,
// as it would have after dismissal.

/** The pages' fixed sequences of targets (DOM ids), spec 002 §4 Tour. */
export const TOUR_SEQUENCES = {
  home: ['scoreComponent', 'scoreDetailsButton', 'actionsSection'],
  money: ['moneyOverview', 'totalCashMeter', 'downPaymentMeter', 'totalDebtMeter', 'dtiMeter', 'paymentSimulator', 'moneyHeader'],
} as const;
export type TourPage = keyof typeof TOUR_SEQUENCES;
export type TourTarget = (typeof TOUR_SEQUENCES)[TourPage][number];

export interface TourContext {
  /** The targets (DOM ids) this run visits, in the page's order: the page's sequence less the absent ones. */
  targets: string[];
  index: number;
  /** A restored target the page does not show yet (restoring only). */
  pending: string | null;
}

/** How long a restored step waits, after the page last changed, for its part of the page before the tour closes. */
export const TOUR_RESTORE_WAIT_MS = 8_000;

export type TourEvent =
  /** Start at the first target the page shows (`available`: the page's sequence less the absent targets). */
  | { type: 'tour.start'; available: string[] }
  | { type: 'tour.next' }
  | { type: 'tour.back' }
  | { type: 'tour.dismiss' }
  /** The navigation state's target (null: no tour), with the targets the page shows now. */
  | { type: 'tour.restore'; target: string | null; available: string[] }
  /** The targets the page shows now (sent while restoring, as the page fills). */
  | { type: 'tour.targetsChanged'; available: string[] };

export const tourMachine = setup({
  types: { context: {} as TourContext, events: {} as TourEvent },
  guards: {
    hasTargets: ({ event }) => event.type === 'tour.start' && event.available.length > 0,
    hasNextTarget: ({ context }) => context.index < context.targets.length - 1,
    hasPreviousTarget: ({ context }) => context.index > 0,
    isRestorableTarget: ({ event }) => event.type === 'tour.restore' && event.target !== null && event.available.includes(event.target),
    /** A restored target the page does not show yet: it may still be loading. */
    isAwaitableTarget: ({ event }) => event.type === 'tour.restore' && event.target !== null,
    isPendingTargetShown: ({ context, event }) =>
      event.type === 'tour.targetsChanged' && context.pending !== null && event.available.includes(context.pending),
  },
  actions: {
    assignTargets: assign(({ event }) => (event.type === 'tour.start' ? { targets: event.available, index: 0 } : {})),
    assignNextTarget: assign({ index: ({ context }) => context.index + 1 }),
    assignPreviousTarget: assign({ index: ({ context }) => context.index - 1 }),
    assignRestoredTarget: assign(({ event }) =>
      event.type === 'tour.restore' && event.target !== null ? { targets: event.available, index: event.available.indexOf(event.target) } : {},
    ),
    assignPendingTarget: assign(({ event }) => (event.type === 'tour.restore' ? { pending: event.target } : {})),
    assignPendingShown: assign(({ context, event }) =>
      event.type === 'tour.targetsChanged' && context.pending !== null
        ? { targets: event.available, index: event.available.indexOf(context.pending), pending: null }
        : {},
    ),
    clearTargets: assign({ targets: () => [], index: () => 0, pending: () => null }),
  },
  delays: {
    restoreWait: TOUR_RESTORE_WAIT_MS,
  },
}).createMachine({
  id: 'tour',
  meta: machineSpec(['002 §4', '002 §2']),
  context: { targets: [], index: 0, pending: null },
  initial: 'closed',
  states: {
    closed: {
      meta: spec('002 §4'),
      on: {
        'tour.start': { guard: 'hasTargets', target: 'showing', actions: 'assignTargets' },
        'tour.restore': [
          { guard: 'isRestorableTarget', target: 'showing', actions: 'assignRestoredTarget' },
          { guard: 'isAwaitableTarget', target: 'restoring', actions: 'assignPendingTarget' },
        ],
      },
    },
    // A reloaded step whose part of the page has not shown yet.
    restoring: {
      meta: spec('002 §4'),
      on: {
        'tour.start': { guard: 'hasTargets', target: 'showing', actions: ['clearTargets', 'assignTargets'] },
        'tour.targetsChanged': [
          { guard: 'isPendingTargetShown', target: 'showing', actions: 'assignPendingShown' },
          // The page is still filling: the wait starts again.
          { target: 'restoring', reenter: true },
        ],
        'tour.restore': [
          { guard: 'isRestorableTarget', target: 'showing', actions: 'assignRestoredTarget' },
          { guard: 'isAwaitableTarget', actions: 'assignPendingTarget' },
          { target: 'closed', actions: 'clearTargets' },
        ],
        'tour.dismiss': { target: 'closed', actions: 'clearTargets' },
      },
      after: {
        restoreWait: { target: 'closed', actions: 'clearTargets' },
      },
    },
    showing: {
      meta: spec('002 §4'),
      tags: ['open'],
      on: {
        'tour.next': [{ guard: 'hasNextTarget', actions: 'assignNextTarget' }, { target: 'closed', actions: 'clearTargets' }],
        'tour.back': { guard: 'hasPreviousTarget', actions: 'assignPreviousTarget' },
        'tour.dismiss': { target: 'closed', actions: 'clearTargets' },
        'tour.restore': [
          { guard: 'isRestorableTarget', actions: 'assignRestoredTarget' },
          { target: 'closed', actions: 'clearTargets' },
        ],
      },
    },
  },
});

type TourSnapshot = SnapshotFrom<typeof tourMachine>;

export const tourSelectors = {
  /** The highlighted target's DOM id, or null when the tour is closed. */
  target: (snapshot: TourSnapshot): string | null => (snapshot.hasTag('open') ? (snapshot.context.targets[snapshot.context.index] ?? null) : null),
  /** The step the navigation state should hold: the shown target, or the one a reload is waiting for. */
  navigationTarget: (snapshot: TourSnapshot): string | null =>
    snapshot.matches('restoring') ? snapshot.context.pending : tourSelectors.target(snapshot),
  /** Waiting for a reloaded step's part of the page. */
  isRestoring: (snapshot: TourSnapshot): boolean => snapshot.matches('restoring'),
  /** 1-based step and the number of steps, for "Step 2 of 3". */
  step: (snapshot: TourSnapshot): number => snapshot.context.index + 1,
  total: (snapshot: TourSnapshot): number => snapshot.context.targets.length,
  isLast: (snapshot: TourSnapshot): boolean => snapshot.context.index === snapshot.context.targets.length - 1,
};
