import type { HubActionData, HubPort } from '../../../machines/hub/ports';
import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';

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

export function createHubPort(call: Call = lazyCall, utcOffsetMinutes: () => number = () => -new Date().getTimezoneOffset()): HubPort {
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
