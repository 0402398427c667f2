import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { provided, providedCallback } from '../actors';
import { portErrorCode, type NotifyEmitted } from '../ports';
import type { ActionCompletionActorSignatures, HubActionData, HubActionListData } from './ports';
import { machineSpec, spec } from '../spec';

// The home hub's actions (spec 002 §2 Home hub, §4 "Actions and hub"; spec 001 §4 "Action completion", §6): the
// list is loaded (up to 3 active, those completed today, the earlier history); the customer's first sight of the
// actions is recorded (not for a coach: views are the customer's). Completing one is optimistic: the action moves at
// once to completed today (completed_by_user, updating) and updateAction runs; when it fails the action goes back
// where it was with errors.complete-action-error. A coach without allowClientActions gets coach.toast.not-permitted
// and nothing is sent. After a completion the list is read again (the next active action moves up).
// The list follows the customer's data (spec 001 §7 calculateActions): when the hub opens the action rules run first
// (so a customer who has just finished onboarding sees their first actions), and while it is open the actions' live
// stamp (watchActions) tells of every change the server made (a dispute submitted, a document uploaded, savings
// updated, the credit pull's items): the list is read again in place, without the loading state.

type Sig = ActionCompletionActorSignatures;

/** The action shapes the hub's views show. */
export type { HubActionData, HubActionListData };

export interface ActionCompletionInput {
  /** Whose actions the hub shows (the live stamp watched). */
  userId: string;
  /** src/domain/permissions.ts canCompleteAction. */
  canComplete: boolean;
  /** src/domain/permissions.ts canRecordViews (not for agents). */
  canRecordViews: boolean;
}

/** The action being completed, and where it was, to put it back when the server refuses. */
interface PendingCompletion {
  action: HubActionData;
  index: number;
}

export interface ActionCompletionContext extends ActionCompletionInput {
  list: HubActionListData | null;
  pending: PendingCompletion | null;
  errorCode: string | null;
}

export type ActionCompletionEvent =
  | { type: 'action.complete'; actionId: string; at: string }
  | { type: 'actions.refresh' }
  | { type: 'actions.changed' }
  | { type: 'load.retry' };

export type ActionCompletionNotifyKey = typeof ERROR_KEYS.coachNotPermitted | typeof ERROR_KEYS.completeActionError;
export type ActionCompletionEmitted = NotifyEmitted<ActionCompletionNotifyKey>;
export type ActionCompletionTag = 'loading' | 'busy' | 'error' | 'completing';

/** The active actions not yet seen by the customer. */
export function unviewedActionIds(list: HubActionListData): string[] {
  return list.activeActions.filter((action) => !action.viewed).map((action) => action.id);
}

/** The list with `actionId` moved to completed today (completed_by_user, updating), and where it was. */
export function completeOptimistically(list: HubActionListData, actionId: string, at: string): { list: HubActionListData; pending: PendingCompletion } | null {
  const index = list.activeActions.findIndex((action) => action.id === actionId);
  const action = list.activeActions[index];
  if (!action) return null;
  const completed: HubActionData = { ...action, status: 'completed_by_user', completedAt: at, updating: true };
  return {
    pending: { action, index },
    list: {
      ...list,
      activeActions: list.activeActions.filter((entry) => entry.id !== actionId),
      completedActions: [completed, ...list.completedActions],
      totalActive: Math.max(0, list.totalActive - 1),
      totalComplete: list.totalComplete + 1,
    },
  };
}

/** The list with a refused completion put back where it was. */
export function rollBack(list: HubActionListData, pending: PendingCompletion): HubActionListData {
  const activeActions = [...list.activeActions];
  activeActions.splice(Math.min(pending.index, activeActions.length), 0, pending.action);
  return {
    ...list,
    activeActions,
    completedActions: list.completedActions.filter((entry) => entry.id !== pending.action.id),
    totalActive: list.totalActive + 1,
    totalComplete: Math.max(0, list.totalComplete - 1),
  };
}

function isActiveIn(list: HubActionListData | null, actionId: string): boolean {
  return list?.activeActions.some((action) => action.id === actionId) === true;
}

const actionCompletionSetup = setup({
  types: {
    context: {} as ActionCompletionContext,
    events: {} as ActionCompletionEvent,
    input: {} as ActionCompletionInput,
    emitted: {} as ActionCompletionEmitted,
    tags: {} as ActionCompletionTag,
  },
  actors: {
    calculateActions: provided<Sig['calculateActions']>('calculateActions'),
    watchActions: providedCallback<Sig['watchActions']>('watchActions'),
    loadActions: provided<Sig['loadActions']>('loadActions'),
    updateAction: provided<Sig['updateAction']>('updateAction'),
    markActionsViewed: provided<Sig['markActionsViewed']>('markActionsViewed'),
  },
  guards: {
    isActive: ({ context }, params: { actionId: string }) => isActiveIn(context.list, params.actionId),
    canCompleteActive: ({ context }, params: { actionId: string }) => context.canComplete && isActiveIn(context.list, params.actionId),
    hasUnseenActions: ({ context }) => context.canRecordViews && context.list !== null && unviewedActionIds(context.list).length > 0,
  },
  actions: {
    assignList: assign((_, params: { list: HubActionListData }) => ({ list: params.list, errorCode: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ errorCode: portErrorCode(params.error) })),
    assignOptimistic: assign(({ context }, params: { actionId: string; at: string }) => {
      const moved = context.list === null ? null : completeOptimistically(context.list, params.actionId, params.at);
      return moved === null ? {} : { list: moved.list, pending: moved.pending };
    }),
    confirmCompletion: assign(({ context }) => ({
      pending: null,
      list:
        context.list === null || context.pending === null
          ? context.list
          : {
              ...context.list,
              completedActions: context.list.completedActions.map((action) =>
                action.id === context.pending?.action.id ? { ...action, updating: false } : action,
              ),
            },
    })),
    rollBackCompletion: assign(({ context }) => ({
      pending: null,
      list: context.list === null || context.pending === null ? context.list : rollBack(context.list, context.pending),
    })),
    assignViewed: assign(({ context }, params: { ids: readonly string[] }) => ({
      list:
        context.list === null
          ? null
          : {
              ...context.list,
              activeActions: context.list.activeActions.map((action) => (params.ids.includes(action.id) ? { ...action, viewed: true } : action)),
            },
    })),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyCompleteFailed: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.completeActionError } as const),
  },
});

/** The customer's completion: optimistic when they may complete it, else the not-permitted warning. */
const completeAction = [
  {
    guard: { type: 'canCompleteActive', params: ({ event }: { event: { actionId: string } }) => ({ actionId: event.actionId }) },
    target: 'completing',
    actions: { type: 'assignOptimistic', params: ({ event }: { event: { actionId: string; at: string } }) => ({ actionId: event.actionId, at: event.at }) },
  },
  { guard: { type: 'isActive', params: ({ event }: { event: { actionId: string } }) => ({ actionId: event.actionId }) }, actions: 'notifyNotPermitted' },
] as const;

export const actionCompletionMachine = actionCompletionSetup.createMachine({
  id: 'actionCompletion',
  meta: machineSpec(['001 §4', '002 §2', '001 §7'], ['ready.views.checking']),
  context: ({ input }) => ({ ...input, list: null, pending: null, errorCode: null }),
  // The live stamp, for as long as the hub is open.
  invoke: { id: 'watchActions', src: 'watchActions', input: ({ context }) => ({ userId: context.userId }) },
  initial: 'calculating',
  states: {
    calculating: {
      // The rules run before the first read; the list is read whatever their outcome (the last one stands).
      meta: spec('001 §4'),
      tags: ['loading', 'busy'],
      invoke: { id: 'calculateActions', src: 'calculateActions', onDone: 'loading', onError: 'loading' },
    },
    loading: {
      meta: spec('001 §4'),
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadActions',
        src: 'loadActions',
        onDone: { target: 'ready', actions: { type: 'assignList', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
      // A change while reading: read again, so the list is not older than the change.
      on: { 'actions.changed': { target: 'loading', reenter: true } },
    },
    failed: {
      meta: spec('001 §4'),
      tags: ['error'],
      on: { 'load.retry': 'loading', 'actions.changed': 'loading' },
    },
    ready: {
      meta: spec('001 §4'),
      type: 'parallel',
      states: {
        views: {
          meta: spec('001 §4'),
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'hasUnseenActions', target: 'marking' }, { target: 'recorded' }],
            },
            marking: {
              meta: spec('001 §4'),
              invoke: {
                id: 'markActionsViewed',
                src: 'markActionsViewed',
                input: ({ context }) => ({ ids: context.list === null ? [] : unviewedActionIds(context.list) }),
                onDone: {
                  target: 'recorded',
                  actions: { type: 'assignViewed', params: ({ context }) => ({ ids: context.list === null ? [] : unviewedActionIds(context.list) }) },
                },
                // Not recorded: the next visit tries again; the hub works the same.
                onError: 'recorded',
              },
            },
            recorded: { meta: spec('001 §4') },
          },
        },
        completion: {
          meta: spec('001 §4'),
          initial: 'idle',
          states: {
            idle: {
              meta: spec('001 §4'),
              on: {
                'action.complete': completeAction,
                'actions.refresh': '#actionCompletion.loading',
                'actions.changed': 'refreshing',
              },
            },
            refreshing: {
              // The list stays shown (and its actions can be completed) while it is read again.
              meta: spec('001 §4'),
              invoke: {
                id: 'loadActions',
                src: 'loadActions',
                onDone: {
                  target: ['idle', '#actionCompletion.ready.views.checking'],
                  actions: { type: 'assignList', params: ({ event }) => ({ list: event.output }) },
                },
                // The list shown stays; the next change or visit reads it again.
                onError: 'idle',
              },
              on: {
                'action.complete': completeAction,
                'actions.changed': { target: 'refreshing', reenter: true },
              },
            },
            completing: {
              meta: spec('001 §4'),
              tags: ['completing'],
              invoke: {
                id: 'updateAction',
                src: 'updateAction',
                input: ({ context }) => ({ actionId: context.pending?.action.id ?? '', status: 'completed_by_user' as const }),
                onDone: { target: '#actionCompletion.loading', actions: 'confirmCompletion' },
                onError: { target: 'idle', actions: ['rollBackCompletion', 'notifyCompleteFailed'] },
              },
            },
          },
        },
      },
    },
  },
});

type ActionCompletionSnapshot = SnapshotFrom<typeof actionCompletionMachine>;

export const actionCompletionSelectors = {
  list: (s: ActionCompletionSnapshot): HubActionListData | null => s.context.list,
  loading: (s: ActionCompletionSnapshot): boolean => s.hasTag('loading'),
  failed: (s: ActionCompletionSnapshot): boolean => s.hasTag('error'),
  completing: (s: ActionCompletionSnapshot): boolean => s.hasTag('completing'),
  canComplete: (s: ActionCompletionSnapshot): boolean => s.context.canComplete,
};
