// The home hub's rules (spec 002 §3 Action, §4 "Actions and hub", §9; spec 001 §4 "Action completion"): which
// actions are active, completed today or earlier history, the order of the active ones (fixed once first computed),
// the progress metrics of the empty state, and the quarterly check-in call that is due again 90 days after its last
// completion. Pure, so the server (getActions) and the browser (the optimistic completion) apply the same rules.
import { ACTION_STATUSES, type ActionStatus, type ActionType } from './actions';
import { CHECK_IN_CALL_INTERVAL_MS, LOADING_MESSAGE_MAX_MS, LOADING_MESSAGE_MIN_MS } from './constants';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The statuses that count as done (spec 002 §3): by the customer, the coach or the system. */
export const COMPLETED_ACTION_STATUSES = ['completed_by_agent', 'completed_by_system', 'completed_by_user'] as const satisfies readonly ActionStatus[];

export function isCompletedStatus(status: string): boolean {
  return (COMPLETED_ACTION_STATUSES as readonly string[]).includes(status);
}

export function isActionStatus(value: unknown): value is ActionStatus {
  return typeof value === 'string' && (ACTION_STATUSES as readonly string[]).includes(value);
}

/**
 * The calendar day (yyyy-MM-dd) of an instant for a customer whose clock is `utcOffsetMinutes` ahead of UTC (the
 * browser's `-getTimezoneOffset()`): "today" is the customer's today, not the server's.
 */
export function localDay(at: Date, utcOffsetMinutes: number): string {
  return new Date(at.getTime() + utcOffsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** spec 002 §4: a completed action counts as completed today if its completion date is today. */
export function isCompletedToday(completedAt: string | null, now: Date, utcOffsetMinutes: number): boolean {
  if (completedAt === null) return false;
  return localDay(new Date(completedAt), utcOffsetMinutes) === localDay(now, utcOffsetMinutes);
}

/** What the hub's rules read of an action. */
export interface HubActionFacts {
  id: string;
  type: ActionType;
  status: ActionStatus;
  completedAt: string | null;
}

/**
 * The active actions' order, fixed once first computed (spec 002 §4): the stored order keeps its place for every id
 * still active; actions that became active since are appended in the order given (oldest first). Ids no longer active
 * leave the order.
 */
export function fixedOrder(stored: readonly string[], active: readonly string[]): string[] {
  const activeSet = new Set(active);
  const kept = stored.filter((id) => activeSet.has(id));
  const keptSet = new Set(kept);
  return [...kept, ...active.filter((id) => !keptSet.has(id))];
}

/** The progress metrics the empty state shows (spec 002 §2 "an empty state with progress metrics"). */
export interface ActionMetrics {
  totalComplete: number;
  /** Completed in the last 30 days. */
  completedLast30Days: number;
  /** Completed by the customer themself. */
  completedByYou: number;
  /** The latest completion, or null before any. */
  lastCompletedAt: string | null;
}

export function actionMetrics(actions: readonly HubActionFacts[], now: Date): ActionMetrics {
  const done = actions.filter((action) => isCompletedStatus(action.status) && action.completedAt !== null);
  const since = now.getTime() - 30 * DAY_MS;
  const times = done.map((action) => action.completedAt as string).sort();
  return {
    totalComplete: done.length,
    completedLast30Days: done.filter((action) => new Date(action.completedAt as string).getTime() >= since).length,
    completedByYou: done.filter((action) => action.status === 'completed_by_user').length,
    lastCompletedAt: times.at(-1) ?? null,
  };
}

/** Where each action belongs on the hub. */
export interface ActionSplit<A extends HubActionFacts> {
  /** Up to `limitActive` active actions, in the fixed order. */
  activeActions: A[];
  /** Completed today (by anyone), latest first. */
  completedActions: A[];
  /** Earlier completions, latest first, up to `limitComplete`. */
  history: A[];
  totalActive: number;
  totalComplete: number;
}

export function splitActions<A extends HubActionFacts>(
  actions: readonly A[],
  order: readonly string[],
  options: { now: Date; utcOffsetMinutes: number; limitActive: number; limitComplete: number },
): ActionSplit<A> {
  const byId = new Map(actions.map((action) => [action.id, action]));
  const active = order.map((id) => byId.get(id)).filter((action): action is A => action?.status === 'active');
  const completed = actions
    .filter((action) => isCompletedStatus(action.status))
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  const today = completed.filter((action) => isCompletedToday(action.completedAt, options.now, options.utcOffsetMinutes));
  const earlier = completed.filter((action) => !isCompletedToday(action.completedAt, options.now, options.utcOffsetMinutes));
  return {
    activeActions: active.slice(0, options.limitActive),
    completedActions: today,
    history: earlier.slice(0, options.limitComplete),
    totalActive: active.length,
    totalComplete: completed.length,
  };
}

/** spec 001 §4: a quarterly check-in call is due 90 days after the last completion. */
export function isCheckInDue(lastCompletedAt: string | null, now: Date): boolean {
  if (lastCompletedAt === null) return false;
  return now.getTime() - new Date(lastCompletedAt).getTime() >= CHECK_IN_CALL_INTERVAL_MS;
}

/** When the quarterly check-in call is due next (90 days after its last completion). */
export function nextCheckInDue(lastCompletedAt: string): string {
  return new Date(new Date(lastCompletedAt).getTime() + CHECK_IN_CALL_INTERVAL_MS).toISOString();
}

/** Where each action type leads from the hub (spec 002 §4 "Actions and hub"). */
export type ActionDestination = 'upload' | 'disputes' | 'savings' | 'call' | 'checklist' | 'content';

export function actionDestination(type: ActionType): ActionDestination {
  switch (type) {
    case 'document_upload':
      return 'upload';
    case 'dispute':
    case 'investigation':
      return 'disputes';
    case 'savings':
      return 'savings';
    case 'schedule_call':
    case 'call_agent':
      return 'call';
    case 'checklist':
      return 'checklist';
    case 'notification':
    case 'offer_even_financial':
    case 'personal_finance':
    case 'joint_account_reminder':
      return 'content';
  }
}

/**
 * How long a loading message shows (spec 002 §9: 50 rotating, every 2-6 s): 2, 3, 4, 5 or 6 seconds, spread over the
 * messages by their index so the rhythm does not feel mechanical, and the same every time (tests drive it).
 */
export function loadingMessageDelayMs(index: number): number {
  const steps = (LOADING_MESSAGE_MAX_MS - LOADING_MESSAGE_MIN_MS) / 1_000 + 1;
  return LOADING_MESSAGE_MIN_MS + ((Math.abs(Math.trunc(index)) * 7) % steps) * 1_000;
}
