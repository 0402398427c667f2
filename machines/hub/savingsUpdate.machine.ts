import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { INTAKE_AMOUNT_MAX_USD } from '../../src/domain/constants';
import { ERROR_KEYS } from '../../src/domain/errors';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { SavingsUpdateActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The update-savings dialog of the hub's savings action (spec 002 §2 modal state updateSavings, §4, §7 "goal update
// goal {id, properties {currentSavings}}, then recompute readiness score with isFirstScore false"): the customer
// types what they have saved now; a whole, non-negative amount up to the intake's maximum is sent; the new score
// answers. A coach without allowClientActions is told coach.toast.not-permitted and nothing is sent.

type Sig = SavingsUpdateActorSignatures;

export interface SavingsUpdateInput {
  /** src/domain/permissions.ts canActForClient. */
  canUpdate: boolean;
}

/** Why the amount was not saved: not a valid amount, or the server failed. */
export type SavingsUpdateError = 'invalid-amount' | 'update-failed';

export interface SavingsUpdateContext extends SavingsUpdateInput {
  error: SavingsUpdateError | null;
  /** The whole dollars being saved. */
  amount: number;
  displayScore: number | null;
}

export type SavingsUpdateEvent = { type: 'savings.submit'; amount: number | null };

/** A savings amount the goal takes (spec 002 §5: numeric, not above the maximum). */
export function isSavingsAmount(amount: number | null): amount is number {
  return amount !== null && Number.isFinite(amount) && amount >= 0 && amount <= INTAKE_AMOUNT_MAX_USD;
}

export const savingsUpdateMachine = setup({
  types: {
    context: {} as SavingsUpdateContext,
    events: {} as SavingsUpdateEvent,
    input: {} as SavingsUpdateInput,
    emitted: {} as NotifyEmitted<typeof ERROR_KEYS.coachNotPermitted>,
    tags: {} as 'busy' | 'saved',
  },
  actors: {
    updateSavings: provided<Sig['updateSavings']>('updateSavings'),
  },
  guards: {
    canSaveAmount: ({ context }, params: { amount: number | null }) => context.canUpdate && isSavingsAmount(params.amount),
    isSavingsAmount: (_, params: { amount: number | null }) => isSavingsAmount(params.amount),
  },
  actions: {
    assignError: assign((_, params: { error: SavingsUpdateError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    assignAmount: assign((_, params: { amount: number }) => ({ amount: Math.round(params.amount) })),
    assignScore: assign((_, params: { displayScore: number }) => ({ displayScore: params.displayScore })),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
  },
}).createMachine({
  id: 'savingsUpdate',
  meta: machineSpec(['002 §2', '002 §5']),
  context: ({ input }) => ({ ...input, error: null, amount: 0, displayScore: null }),
  initial: 'editing',
  states: {
    editing: {
      meta: spec('002 §2'),
      on: {
        'savings.submit': [
          {
            guard: { type: 'canSaveAmount', params: ({ event }) => ({ amount: event.amount }) },
            target: 'saving',
            actions: { type: 'assignAmount', params: ({ event }) => ({ amount: event.amount ?? 0 }) },
          },
          { guard: { type: 'isSavingsAmount', params: ({ event }) => ({ amount: event.amount }) }, actions: 'notifyNotPermitted' },
          // 'Provide a valid number.' on the field itself: a deliberate difference from spec 001 §5.5's error toast, so
          // the message sits beside the amount it is about and stays while the customer corrects it (WCAG 3.3.1;
          // docs/spec-status.md).
          { actions: { type: 'assignError', params: { error: 'invalid-amount' } } },
        ],
      },
    },
    saving: {
      meta: spec('002 §2'),
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'updateSavings',
        src: 'updateSavings',
        input: ({ context }) => ({ currentSavings: context.amount }),
        onDone: { target: 'saved', actions: { type: 'assignScore', params: ({ event }) => ({ displayScore: event.output.displayScore }) } },
        onError: { target: 'editing', actions: { type: 'assignError', params: { error: 'update-failed' } } },
      },
    },
    saved: {
      meta: spec('002 §2'),
      type: 'final',
      tags: ['saved'],
    },
  },
});

type SavingsUpdateSnapshot = SnapshotFrom<typeof savingsUpdateMachine>;

export const savingsUpdateSelectors = {
  busy: (s: SavingsUpdateSnapshot): boolean => s.hasTag('busy'),
  saved: (s: SavingsUpdateSnapshot): boolean => s.hasTag('saved'),
  error: (s: SavingsUpdateSnapshot): SavingsUpdateError | null => s.context.error,
  displayScore: (s: SavingsUpdateSnapshot): number | null => s.context.displayScore,
};
