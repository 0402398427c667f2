import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { INTAKE_KEYS, selectableGoalTypes, type GoalType } from '../../src/domain/intake';
import type { GoalSelectionActorSignatures } from './ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 002 §1, §4 "Goal creation", §8: the customer picks a goal type at /sign-up/select-goal (the recreational
// vehicle goal is hidden while the deprecated-goals flag is on); createGoal returns the goal; a failure opens the
// intake.errors.error-creating dialog. Once created, the view goes to /intake/1.

type Sig = GoalSelectionActorSignatures;

export interface GoalSelectionInput {
  hideDeprecatedGoals: boolean;
}

export interface GoalSelectionContext {
  /** The goals offered, in the spec's order. */
  goalTypes: GoalType[];
  selected: GoalType | null;
  goal: { id: string; type: string } | null;
  errorKey: typeof INTAKE_KEYS.errorCreating | null;
}

export type GoalSelectionEvent = { type: 'goal.select'; goalType: string } | { type: 'dialog.close' };

export const goalSelectionMachine = setup({
  types: {
    context: {} as GoalSelectionContext,
    events: {} as GoalSelectionEvent,
    input: {} as GoalSelectionInput,
    output: {} as { goal: { id: string; type: string } | null },
    tags: {} as 'form' | 'busy' | 'error' | 'dialog.error' | 'success',
  },
  actors: {
    createGoal: provided<Sig['createGoal']>('createGoal'),
  },
  guards: {
    isOfferedGoal: ({ context }, params: { goalType: string }) =>
      (context.goalTypes as readonly string[]).includes(params.goalType),
  },
  actions: {
    assignSelected: assign(({ event }) => {
      assertEvent(event, 'goal.select');
      return { selected: event.goalType as GoalType, errorKey: null };
    }),
    assignGoal: assign((_, params: { goal: { id: string; type: string } }) => ({ goal: params.goal })),
    assignCreateError: assign({ errorKey: INTAKE_KEYS.errorCreating }),
    clearError: assign({ errorKey: null }),
  },
}).createMachine({
  id: 'goalSelection',
  meta: machineSpec(['002 §4', '002 §8']),
  context: ({ input }) => ({
    goalTypes: selectableGoalTypes(input.hideDeprecatedGoals),
    selected: null,
    goal: null,
    errorKey: null,
  }),
  initial: 'selecting',
  states: {
    selecting: {
      meta: spec('002 §4'),
      tags: ['form'],
      on: {
        'goal.select': {
          guard: { type: 'isOfferedGoal', params: ({ event }) => ({ goalType: event.goalType }) },
          target: 'creating',
          actions: 'assignSelected',
        },
      },
    },
    creating: {
      meta: spec('002 §4'),
      tags: ['busy'],
      invoke: {
        id: 'createGoal',
        src: 'createGoal',
        input: ({ context }) => ({ type: context.selected ?? 'mortgage_loan' }),
        onDone: {
          target: 'created',
          actions: { type: 'assignGoal', params: ({ event }) => ({ goal: { id: event.output.id, type: event.output.type } }) },
        },
        onError: { target: 'errorDialog', actions: 'assignCreateError' },
      },
    },
    errorDialog: {
      // spec 002 §8: the goal creation error is a dialog.
      meta: spec('002 §4', '002 §8'),
      tags: ['error', 'dialog.error'],
      on: { 'dialog.close': { target: 'selecting', actions: 'clearError' } },
    },
    created: {
      meta: spec('002 §4'),
      type: 'final',
      tags: ['success'],
    },
  },
  output: ({ context }) => ({ goal: context.goal }),
});

type GoalSelectionSnapshot = SnapshotFrom<typeof goalSelectionMachine>;

/** What the goal page reads. */
export const goalSelectionSelectors = {
  goalTypes: (snapshot: GoalSelectionSnapshot) => snapshot.context.goalTypes,
  selected: (snapshot: GoalSelectionSnapshot) => snapshot.context.selected,
  busy: (snapshot: GoalSelectionSnapshot) => snapshot.hasTag('busy'),
  created: (snapshot: GoalSelectionSnapshot) => snapshot.hasTag('success'),
  errorOpen: (snapshot: GoalSelectionSnapshot) => snapshot.hasTag('dialog.error'),
  errorKey: (snapshot: GoalSelectionSnapshot) => snapshot.context.errorKey,
  canSelect: (snapshot: GoalSelectionSnapshot) => snapshot.hasTag('form'),
};
