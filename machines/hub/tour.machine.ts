import { assign, setup, type SnapshotFrom } from 'xstate';

// The guided tour (spec 002 §2 "Guided tour overlay", §4 Tour): the highlights cycle through a page's fixed sequence
// of targets. Only the targets the page shows are visited (a page may not show every part, e.g. the score details
// button before the score exists). The step lives in the navigation state: the host sends `tour.restore` with the
// navigation state's target after Back, Forward or a reload, and writes the machine's step there after the
// customer's own moves. Escape or a click outside dismisses it; the last step's Next finishes it.

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
}

export type TourEvent =
  /** Start at the first target the page shows (`available`: the page's sequence less the absent targets). */
  | { type: 'tour.start'; available: string[] }
  | { type: 'tour.next' }
  | { type: 'tour.back' }
  | { type: 'tour.dismiss' }
  /** The navigation state's target (null: no tour), with the targets the page shows now. */
  | { type: 'tour.restore'; target: string | null; available: string[] };

export const tourMachine = setup({
  types: { context: {} as TourContext, events: {} as TourEvent },
  guards: {
    hasTargets: ({ event }) => event.type === 'tour.start' && event.available.length > 0,
    hasNextTarget: ({ context }) => context.index < context.targets.length - 1,
    hasPreviousTarget: ({ context }) => context.index > 0,
    isRestorableTarget: ({ event }) => event.type === 'tour.restore' && event.target !== null && event.available.includes(event.target),
  },
  actions: {
    assignTargets: assign(({ event }) => (event.type === 'tour.start' ? { targets: event.available, index: 0 } : {})),
    assignNextTarget: assign({ index: ({ context }) => context.index + 1 }),
    assignPreviousTarget: assign({ index: ({ context }) => context.index - 1 }),
    assignRestoredTarget: assign(({ event }) =>
      event.type === 'tour.restore' && event.target !== null ? { targets: event.available, index: event.available.indexOf(event.target) } : {},
    ),
    clearTargets: assign({ targets: () => [], index: () => 0 }),
  },
}).createMachine({
  id: 'tour',
  context: { targets: [], index: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'tour.start': { guard: 'hasTargets', target: 'showing', actions: 'assignTargets' },
        'tour.restore': { guard: 'isRestorableTarget', target: 'showing', actions: 'assignRestoredTarget' },
      },
    },
    showing: {
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
  /** 1-based step and the number of steps, for "Step 2 of 3". */
  step: (snapshot: TourSnapshot): number => snapshot.context.index + 1,
  total: (snapshot: TourSnapshot): number => snapshot.context.targets.length,
  isLast: (snapshot: TourSnapshot): boolean => snapshot.context.index === snapshot.context.targets.length - 1,
};
