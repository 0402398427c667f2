import type { QueryClient } from '@tanstack/query-core';
import type { DisputeActionsPort, DisputeActionUndo, InvestigationDetailsData } from '../../../machines/disputes/ports';
import type { Action } from '../../contract/disputes';
import { needsDecision } from '../../domain/disputes';
import { QUERY_KEYS, type AppPorts } from '../ports';

// The disputes' cached reads (spec 001 §7, spec 000 §9 caching) and the dispute action's optimistic completion
// (spec 001 §4 "Wizard", "Action completion"). The investigations keep the shell's key (QUERY_KEYS.investigations):
// the intake's completion invalidates it, the badge and the dashboard read it. A submit, a started or cancelled
// challenge and the dev tool's advance make DISPUTE_QUERIES_AFTER_SUBMIT stale.

export const DISPUTES_QUERY_ROOT = 'disputes' as const;

export const DISPUTE_QUERY_KEYS = {
  investigations: QUERY_KEYS.investigations,
  paused: [DISPUTES_QUERY_ROOT, 'paused'],
  letters: [DISPUTES_QUERY_ROOT, 'letters'],
  actions: QUERY_KEYS.actions,
  readinessScore: QUERY_KEYS.readinessScore,
} as const;

/** What a submit changes: the items, their letters, the actions (the server completes the dispute action) and the score. */
export const DISPUTE_QUERIES_AFTER_SUBMIT = [
  DISPUTE_QUERY_KEYS.investigations,
  DISPUTE_QUERY_KEYS.letters,
  DISPUTE_QUERY_KEYS.actions,
  DISPUTE_QUERY_KEYS.readinessScore,
] as const;

/** What the bureaus' answers change (dev tool advance): the items, and the report and score a correction changes. */
export const DISPUTE_QUERIES_AFTER_ADVANCE = [
  DISPUTE_QUERY_KEYS.investigations,
  DISPUTE_QUERY_KEYS.readinessScore,
  QUERY_KEYS.creditDisplay,
  ['credit'],
] as const;

/** The reads with their keys, for `useCachedQuery(key, fn, enabled)`. */
export function disputeQueries(ports: AppPorts) {
  return {
    investigations: {
      queryKey: DISPUTE_QUERY_KEYS.investigations,
      queryFn: async (): Promise<InvestigationDetailsData> => (await ports.disputes()).getInvestigationDetails(),
    },
    paused: { queryKey: DISPUTE_QUERY_KEYS.paused, queryFn: async () => (await ports.disputes()).checkIfDisputesPaused() },
    letters: { queryKey: DISPUTE_QUERY_KEYS.letters, queryFn: async () => (await ports.disputes()).listDisputePdfs() },
  } as const;
}

/** spec 001 §4: the badge's count, the items that still need a decision. */
export function needsDecisionCount(details: InvestigationDetailsData | undefined): number {
  return details ? details.items.filter(needsDecision).length : 0;
}

export async function invalidateQueries(ports: AppPorts, keys: readonly (readonly string[])[]): Promise<void> {
  const client = await ports.queryClient();
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
}

/** The action a dispute submit completes (spec 001 §4: the investigation-dispute action). */
const DISPUTE_ACTION_TYPES: readonly Action['type'][] = ['investigation', 'dispute'];

function actionsIn(client: QueryClient): Action[] | undefined {
  return client.getQueryData<Action[]>([...DISPUTE_QUERY_KEYS.actions]);
}

/**
 * DisputeActionsPort over the page's cache. The server completes the action itself in challengeAllInvestigations;
 * the optimistic completion only changes what the cached list shows until the refresh reads it again, and is put
 * back when the submit fails. Without a cached list (nothing has shown the actions yet) nothing changes.
 */
export function createDisputeActionsPort(ports: AppPorts, now: () => Date = () => new Date()): DisputeActionsPort {
  return {
    completeDisputeActionOptimistically: async (): Promise<DisputeActionUndo> => {
      const client = await ports.queryClient();
      const actions = actionsIn(client);
      const action = actions?.find((entry) => DISPUTE_ACTION_TYPES.includes(entry.type) && entry.status === 'active');
      if (!actions || !action) return null;
      client.setQueryData<Action[]>(
        [...DISPUTE_QUERY_KEYS.actions],
        actions.map((entry) =>
          entry.id === action.id ? { ...entry, status: 'completed_by_user', completedAt: now().toISOString(), updating: true } : entry,
        ),
      );
      return { actionId: action.id, previousStatus: action.status };
    },
    rollbackDisputeAction: async (undo) => {
      if (undo === null) return;
      const client = await ports.queryClient();
      const actions = actionsIn(client);
      if (!actions) return;
      client.setQueryData<Action[]>(
        [...DISPUTE_QUERY_KEYS.actions],
        actions.map((entry) =>
          entry.id === undo.actionId
            ? { ...entry, status: undo.previousStatus as Action['status'], completedAt: null, updating: false }
            : entry,
        ),
      );
    },
    refreshAfterSubmit: () => invalidateQueries(ports, DISPUTE_QUERIES_AFTER_SUBMIT),
  };
}
