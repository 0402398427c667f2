import type { HubActionData, HubPort } from '../../../machines/hub/ports';
import type { Unsubscribe } from '../../../machines/ports';
import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';
import type { AdapterError } from './errors';

// The home hub's calls (spec 002 §7; shapes in src/contract/hub.ts, parsed by `call`), as machines/hub/ports.ts
// HubPort declares them. The adapter turns the answers' dates back into ISO strings: the machines keep data, not Dates.

type Call = <N extends CallableName>(name: N, data: CallableRequest<N>) => Promise<Dated<CallableResponse<N>>>;

const iso = (value: Date | null | undefined): string | null => (value instanceof Date ? value.toISOString() : null);

type DatedAction = Dated<CallableResponse<'getActions'>>['activeActions'][number];

export function toHubAction(action: DatedAction): HubActionData {
  const { nextDueAt, ...properties } = action.properties;
  return {
    ...action,
    completedAt: iso(action.completedAt),
    properties: nextDueAt instanceof Date ? { ...properties, nextDueAt: nextDueAt.toISOString() } : properties,
  };
}

/** Firestore's live listeners, loaded on demand (./firestoreLive.ts). */
type LiveDocuments = () => Promise<{
  subscribeDocument: (path: string, listener: (data: Record<string, unknown> | null) => void, onError: (error: AdapterError) => void) => Unsubscribe;
}>;

/** The stamp's time (Date after firestoreLive), null when there is none yet. */
const stampOf = (data: Record<string, unknown> | null): number | null => (data?.changedAt instanceof Date ? data.changedAt.getTime() : null);

export function createHubPort(
  call: Call = lazyCall,
  utcOffsetMinutes: () => number = () => -new Date().getTimezoneOffset(),
  live: LiveDocuments = () => import('./firestoreLive'),
): HubPort {
  return {
    getActions: async () => {
      const list = await call('getActions', { utcOffsetMinutes: utcOffsetMinutes() });
      return {
        activeActions: list.activeActions.map(toHubAction),
        completedActions: list.completedActions.map(toHubAction),
        history: list.history.map(toHubAction),
        totalActive: list.totalActive,
        totalComplete: list.totalComplete,
        metrics: { ...list.metrics, lastCompletedAt: iso(list.metrics.lastCompletedAt) },
      };
    },
    calculateActions: async () => {
      await call('calculateActions', null);
    },
    // actions/{userId}.changedAt, stamped by the server's action rules (functions/src/hub/actionRules.ts); the same
    // document's activeOrder, which getActions keeps, is no change of the actions.
    subscribeActionChanges(userId, listener, onError) {
      let stopped = false;
      let unsubscribe: Unsubscribe | null = null;
      let seen: { stamp: number | null } | null = null;
      live().then(({ subscribeDocument }) => {
        if (stopped) return;
        unsubscribe = subscribeDocument(
          `actions/${userId}`,
          (data) => {
            const stamp = stampOf(data);
            const first = seen === null;
            if (!first && seen?.stamp === stamp) return;
            seen = { stamp };
            if (!first) listener();
          },
          onError,
        );
      }, () => {
        if (!stopped) onError({ code: 'unavailable' });
      });
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
    completeAction: async (actionId) => {
      await call('updateAction', { actionId, status: 'completed_by_user' });
    },
    markActionsViewed: async (ids) => {
      await call('markActionsViewed', { ids });
    },
    getAgentMessage: async () => {
      const message = await call('getAgentMessage', null);
      return message === null ? null : { ...message, createdAt: iso(message.createdAt) ?? '' };
    },
    markAgentMessageViewed: async (name) => {
      await call('markAgentMessageViewed', { name });
    },
    getReadinessScoreDetails: async () => {
      const score = await call('getReadinessScore', null);
      if (score === null) return null;
      return {
        displayScore: score.score.displayScore,
        previousDisplayScore: score.previousScore?.displayScore ?? null,
        components: score.components,
        createdAt: iso(score.createdAt) ?? '',
      };
    },
    getReadinessScoreHistory: async () => {
      const history = await call('getReadinessScoreHistory', null);
      return history.items.map((item) => ({ displayScore: item.displayScore, createdAt: iso(item.createdAt) ?? '' }));
    },
    updateSavings: async (request) => {
      const score = await call('updateSavings', request);
      return { displayScore: score.score.displayScore };
    },
    getReferralPageData: (contactId) => call('getReferralPageData', { contactId }),
  };
}
