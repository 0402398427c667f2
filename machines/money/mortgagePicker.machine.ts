import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canActForClient, type Actor } from '../../src/domain/permissions';
import { provided } from '../actors';
import type { NotifyEmitted, PromiseActorSignature } from '../ports';
import { machineSpec, spec } from '../spec';

// The customer's existing mortgages on the money overview (spec 002 §7 getMortgages; §3 Goal's selectedMortgages):
// the open mortgages of the current credit report are listed, and the customer picks the ones the goal replaces (a
// refinance refinances them; a purchase pays them off). A pick shows at once and is saved as a goal update (§7 goal
// update, updateUserInfo's goal.properties.selectedMortgages); a failed save puts it back with a toast. A coach
// without client actions sees the list and is told "not permitted" instead (spec 002 §6; the server refuses too).
// Without a goal there is nothing to save into: the list shows, unpickable.

/** One existing mortgage as the page shows it (mirrors src/contract/money.ts mortgageSchema). */
export interface MortgageChoice {
  id: string;
  name: string;
  balance: number;
  monthlyPayment: number;
  openedOn: string | null;
  selected: boolean;
}

/** getMortgages' answer. */
export interface MortgageList {
  goalId: string | null;
  mortgages: MortgageChoice[];
}

export interface MortgagePickerActorSignatures {
  loadMortgages: PromiseActorSignature<void, MortgageList>;
  /** Saves the goal's whole selection. */
  saveSelection: PromiseActorSignature<{ goalId: string; ids: string[] }, void>;
}
type Sig = MortgagePickerActorSignatures;

export interface MortgagePickerInput {
  actor: Actor;
}

export interface MortgagePickerContext {
  actor: Actor;
  goalId: string | null;
  mortgages: MortgageChoice[];
  /** The pick being saved, to put back when the save fails. */
  pending: { id: string; previous: boolean } | null;
}

export type MortgagePickerEvent = { type: 'mortgage.toggle'; id: string; selected: boolean } | { type: 'load.retry' };

export type MortgagePickerTag = 'loading' | 'saving' | 'error';

export type MortgagePickerNotifyKey = typeof ERROR_KEYS.coachNotPermitted | 'mortgages.saveFailed';

export const mortgagePickerMachine = setup({
  types: {
    context: {} as MortgagePickerContext,
    events: {} as MortgagePickerEvent,
    input: {} as MortgagePickerInput,
    emitted: {} as NotifyEmitted<MortgagePickerNotifyKey>,
    tags: {} as MortgagePickerTag,
  },
  actors: {
    loadMortgages: provided<Sig['loadMortgages']>('loadMortgages'),
    saveSelection: provided<Sig['saveSelection']>('saveSelection'),
  },
  guards: {
    isNotPermitted: ({ context }) => !canActForClient(context.actor),
    // One of the listed mortgages switched to the other value, with a goal to save it into.
    isPickChange: ({ context }, params: { id: string; selected: boolean }) =>
      context.goalId !== null && context.mortgages.some((mortgage) => mortgage.id === params.id && mortgage.selected !== params.selected),
  },
  actions: {
    assignLoaded: assign((_, params: { loaded: MortgageList }) => ({
      goalId: params.loaded.goalId,
      mortgages: params.loaded.mortgages,
    })),
    applyPick: assign(({ context }, params: { id: string; selected: boolean }) => ({
      mortgages: context.mortgages.map((mortgage) => (mortgage.id === params.id ? { ...mortgage, selected: params.selected } : mortgage)),
      pending: { id: params.id, previous: !params.selected },
    })),
    confirmPick: assign({ pending: null }),
    revertPick: assign(({ context }) => {
      const pending = context.pending;
      if (pending === null) return {};
      return {
        mortgages: context.mortgages.map((mortgage) => (mortgage.id === pending.id ? { ...mortgage, selected: pending.previous } : mortgage)),
        pending: null,
      };
    }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifySaveFailed: emit({ type: 'notify', level: 'error', key: 'mortgages.saveFailed' } as const),
  },
}).createMachine({
  id: 'mortgagePicker',
  meta: machineSpec(['002 §7', '002 §3']),
  context: ({ input }) => ({ actor: input.actor, goalId: null, mortgages: [], pending: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('002 §7'),
      tags: ['loading'],
      invoke: {
        id: 'loadMortgages',
        src: 'loadMortgages',
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      meta: spec('002 §7'),
      tags: ['error'],
      on: { 'load.retry': 'loading' },
    },
    ready: {
      meta: spec('002 §7', '002 §3'),
      on: {
        'mortgage.toggle': [
          { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
          {
            guard: { type: 'isPickChange', params: ({ event }) => ({ id: event.id, selected: event.selected }) },
            target: 'saving',
            actions: { type: 'applyPick', params: ({ event }) => ({ id: event.id, selected: event.selected }) },
          },
        ],
      },
    },
    saving: {
      meta: spec('002 §7', '002 §3'),
      tags: ['saving'],
      invoke: {
        id: 'saveSelection',
        src: 'saveSelection',
        input: ({ context }) => ({
          goalId: context.goalId ?? '',
          ids: context.mortgages.filter((mortgage) => mortgage.selected).map((mortgage) => mortgage.id),
        }),
        onDone: { target: 'ready', actions: 'confirmPick' },
        onError: { target: 'ready', actions: ['revertPick', 'notifySaveFailed'] },
      },
    },
  },
});

export type MortgagePickerSnapshot = SnapshotFrom<typeof mortgagePickerMachine>;

export const mortgagePickerSelectors = {
  mortgages: (s: MortgagePickerSnapshot) => s.context.mortgages,
  loading: (s: MortgagePickerSnapshot) => s.hasTag('loading'),
  loadFailed: (s: MortgagePickerSnapshot) => s.hasTag('error'),
  saving: (s: MortgagePickerSnapshot) => s.hasTag('saving'),
  hasGoal: (s: MortgagePickerSnapshot) => s.context.goalId !== null,
  /** Picks can be made: a goal to save into, and nothing being saved. */
  canPick: (s: MortgagePickerSnapshot) => s.matches('ready') && s.context.goalId !== null,
};
