import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { DisputesDevToolsActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The dashboard's non-production panel: moves the customer's dispute clock forward in the
// bureau-response sandbox (devTools { command: 'advanceDisputes', days }), so the bureaus answer and the items move
// through the stages. Says the new date, or that it failed.

type Sig = DisputesDevToolsActorSignatures;

export const DISPUTES_DEV_TOOLS_KEYS = {
  advanced: 'toast.bureaus-advanced',
  failed: 'toast.advance-error',
} as const;

/** The most days one click may move the clock (a little over the 45-day extended window). */
export const MAX_ADVANCE_DAYS = 60;

export interface DisputesDevToolsContext {
  /** The customer's dispute day after the last advance (yyyy-MM-dd), null before any. */
  asOf: string | null;
  days: number;
}

export type DisputesDevToolsEvent = { type: 'bureaus.advance'; days: number };
export type DisputesDevToolsEmitted = NotifyEmitted<(typeof DISPUTES_DEV_TOOLS_KEYS)[keyof typeof DISPUTES_DEV_TOOLS_KEYS]>;
export type DisputesDevToolsTag = 'busy';

export const disputesDevToolsMachine = setup({
  types: {
    context: {} as DisputesDevToolsContext,
    events: {} as DisputesDevToolsEvent,
    emitted: {} as DisputesDevToolsEmitted,
    tags: {} as DisputesDevToolsTag,
  },
  actors: {
    advanceDisputes: provided<Sig['advanceDisputes']>('advanceDisputes'),
  },
  guards: {
    isValidDays: (_, params: { days: number }) => Number.isInteger(params.days) && params.days >= 1 && params.days <= MAX_ADVANCE_DAYS,
  },
  actions: {
    assignDays: assign((_, params: { days: number }) => ({ days: params.days })),
    assignAsOf: assign((_, params: { asOf: string }) => ({ asOf: params.asOf })),
    notifyAdvanced: emit((_, params: { asOf: string }) => ({
      type: 'notify' as const,
      level: 'success' as const,
      key: DISPUTES_DEV_TOOLS_KEYS.advanced,
      values: { date: params.asOf },
    })),
    notifyFailed: emit({ type: 'notify', level: 'error', key: DISPUTES_DEV_TOOLS_KEYS.failed } as const),
  },
}).createMachine({
  id: 'disputesDevTools',
  meta: machineSpec(['001 §2']),
  context: { asOf: null, days: 0 },
  initial: 'idle',
  states: {
    idle: {
      meta: spec('001 §2'),
      on: {
        'bureaus.advance': {
          guard: { type: 'isValidDays', params: ({ event }) => ({ days: event.days }) },
          target: 'advancing',
          actions: { type: 'assignDays', params: ({ event }) => ({ days: event.days }) },
        },
      },
    },
    advancing: {
      meta: spec('001 §2'),
      tags: ['busy'],
      invoke: {
        id: 'advanceDisputes',
        src: 'advanceDisputes',
        input: ({ context }) => ({ days: context.days }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'assignAsOf', params: ({ event }) => ({ asOf: event.output.asOf }) },
            { type: 'notifyAdvanced', params: ({ event }) => ({ asOf: event.output.asOf }) },
          ],
        },
        onError: { target: 'idle', actions: 'notifyFailed' },
      },
    },
  },
});

type DisputesDevToolsSnapshot = SnapshotFrom<typeof disputesDevToolsMachine>;

export const disputesDevToolsSelectors = {
  busy: (s: DisputesDevToolsSnapshot): boolean => s.hasTag('busy'),
  asOf: (s: DisputesDevToolsSnapshot): string | null => s.context.asOf,
};
