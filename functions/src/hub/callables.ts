// The home hub's calls (spec 002 §3, §4 "Actions and hub", "Welcome flow after login", §7; spec 001 §4 "Action
// completion", §7 calculateActions). Stored data:
//   actions/{uid}                   { activeOrder: string[], changedAt }: the active actions' order, fixed once first
//                                   computed; when the action rules last changed an action (read live by the hub)
//   actions/{uid}/items/{id}        the actions (actionStore.ts), with viewed/viewedAt once the customer saw them
//   agentMessages/{uid}/items/{name} { subject, body, from, createdAt, viewed, viewedAt }: the coach's messages
//   readinessScores/{uid}/history/* { displayScore, createdAt }: every computed score (onboarding/readinessScoreStore.ts)
// A refused call writes nothing: markActionsViewed and markAgentMessageViewed check every id before writing.
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod/mini';
import type { CallableResult } from '../../../src/contract/callables';
import type { HubAction } from '../../../src/contract/hub';
import { ACTIONS_ACTIVE_LIMIT, ACTIONS_HISTORY_LIMIT, READINESS_SCORE_HISTORY_LIMIT } from '../../../src/domain/constants';
import { actionMetrics, fixedOrder, isCheckInDue, isCompletedStatus, nextCheckInDue, splitActions } from '../../../src/domain/hub';
import { isSupportedGoalType } from '../../../src/domain/intake';
import { recalculateActions, recalculateActionsAfter } from './actionRules';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { readinessHistoryRef, recomputeReadinessScore } from '../onboarding/readinessScoreStore';
import { recordSavingsChange } from '../money/savingsHistoryStore';
import { parseStored, storedUserInfoSchema } from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';
import { actionsRef, ACTIONS_COLLECTION, isDocumentId, parseAction, type StoredHubAction } from './actionStore';

/** agentMessages/{uid}/items/{name}: the coach's messages to the customer (seed/hub.ts writes the demo's). */
export const AGENT_MESSAGES_COLLECTION = 'agentMessages';

export function agentMessagesRef(uid: string) {
  return db().collection(AGENT_MESSAGES_COLLECTION).doc(uid).collection('items');
}

/** The message keys of the hub's refusals (details.key). */
export const HUB_REFUSALS = {
  actionNotFound: 'action-not-found',
  messageNotFound: 'agent-message-not-found',
  goalNotFound: 'goal-not-found',
} as const;

const storedTime = z.catch(z.unknown(), null);

const storedOrderSchema = z.object({ activeOrder: z.catch(z.array(z.string()), []) });

function toHubAction(id: string, stored: StoredHubAction): HubAction & { createdAt: string } {
  const completedAt = toIso(stored.completedAt);
  const { documents, documentCountRequired, message, recurrence, topic } = stored.properties;
  const properties: HubAction['properties'] = {};
  if (documents !== undefined) properties.documents = documents;
  if (documentCountRequired !== undefined) properties.documentCountRequired = documentCountRequired;
  if (message !== undefined) properties.message = message;
  if (topic !== undefined) properties.topic = topic;
  if (recurrence !== undefined) {
    properties.recurrence = recurrence;
    if (completedAt !== null && isCompletedStatus(stored.status)) properties.nextDueAt = nextCheckInDue(completedAt);
  }
  return {
    id,
    name: stored.name,
    type: stored.type,
    status: stored.status,
    completedAt,
    updating: stored.updating,
    viewed: stored.viewed,
    properties,
    createdAt: toIso(stored.createdAt) ?? '',
  };
}

/**
 * spec 001 §4: the quarterly check-in call is due 90 days after its last completion. A completed quarterly call whose
 * time has come is followed by a new active one (the completion stays in the history); the old one names its
 * successor, so two readers at once create it once.
 */
async function scheduleDueCheckIns(uid: string, now: Date): Promise<void> {
  const due = (await actionsRef(uid).where('properties.recurrence', '==', 'quarterly').get()).docs.filter((doc) => {
    const action = parseAction(doc);
    return isCompletedStatus(action.status) && action.rescheduledAs === undefined && isCheckInDue(toIso(action.completedAt), now);
  });
  for (const doc of due) {
    await db().runTransaction(async (transaction) => {
      const fresh = await transaction.get(doc.ref);
      const action = parseAction(fresh);
      const completedAt = toIso(action.completedAt);
      if (action.rescheduledAs !== undefined || completedAt === null || !isCheckInDue(completedAt, now)) return;
      const baseId = doc.id.replace(/--\d{4}-\d{2}-\d{2}$/, '');
      const nextId = `${baseId}--${nextCheckInDue(completedAt).slice(0, 10)}`;
      transaction.set(actionsRef(uid).doc(nextId), {
        name: action.name,
        type: action.type,
        status: 'active',
        completedAt: null,
        updating: false,
        viewed: false,
        properties: fresh.get('properties') ?? {},
        createdAt: Timestamp.fromDate(now),
      });
      transaction.update(doc.ref, { rescheduledAs: nextId });
    });
  }
}

export const getActions = defineCallable('getActions', async (caller) => {
  const uid = await clientUid(caller);
  const request = caller.data ?? {};
  const now = new Date();
  await scheduleDueCheckIns(uid, now);
  const snapshot = await actionsRef(uid).get();
  const actions = snapshot.docs
    .map((doc) => toHubAction(doc.id, parseAction(doc)))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  // The order is fixed once first computed (spec 002 §4): kept in actions/{uid}, extended with new active actions.
  const orderRef = db().collection(ACTIONS_COLLECTION).doc(uid);
  const activeIds = actions.filter((action) => action.status === 'active').map((action) => action.id);
  const order = await db().runTransaction(async (transaction) => {
    const stored = parseStored(storedOrderSchema, orderRef.path, (await transaction.get(orderRef)).data() ?? {}).activeOrder;
    const next = fixedOrder(stored, activeIds);
    if (next.length !== stored.length || next.some((id, index) => stored[index] !== id)) {
      transaction.set(orderRef, { activeOrder: next }, { merge: true });
    }
    return next;
  });
  const split = splitActions(actions, order, {
    now,
    utcOffsetMinutes: request.utcOffsetMinutes ?? 0,
    limitActive: request.limitActive ?? ACTIONS_ACTIVE_LIMIT,
    limitComplete: request.limitComplete ?? ACTIONS_HISTORY_LIMIT,
  });
  const answer = (list: (HubAction & { createdAt: string })[]): HubAction[] => list.map(({ createdAt: _createdAt, ...action }) => action);
  return {
    activeActions: answer(split.activeActions),
    completedActions: answer(split.completedActions),
    history: answer(split.history),
    totalActive: split.totalActive,
    totalComplete: split.totalComplete,
    metrics: actionMetrics(actions, now),
  } satisfies CallableResult<'getActions'>;
});

export const markActionsViewed = defineCallable('markActionsViewed', async (caller) => {
  const uid = await clientUid(caller);
  const ids = [...new Set(caller.data.ids)];
  if (!ids.every(isDocumentId)) throw callableError('not-found', HUB_REFUSALS.actionNotFound, { key: HUB_REFUSALS.actionNotFound });
  await db().runTransaction(async (transaction) => {
    const refs = ids.map((id) => actionsRef(uid).doc(id));
    const snapshots = await transaction.getAll(...refs);
    // One unknown id (or another customer's, which is unknown here) refuses the whole call: nothing is written.
    if (snapshots.some((snapshot) => !snapshot.exists)) {
      throw callableError('not-found', HUB_REFUSALS.actionNotFound, { key: HUB_REFUSALS.actionNotFound });
    }
    const viewedAt = Timestamp.now();
    for (const snapshot of snapshots) {
      if (snapshot.get('viewed') !== true) transaction.update(snapshot.ref, { viewed: true, viewedAt });
    }
  });
  return { ok: true as const };
});

const storedAgentMessageSchema = z.object({
  subject: z.catch(z.string(), ''),
  body: z.catch(z.string(), ''),
  from: z.catch(z.string(), ''),
  createdAt: storedTime,
  viewed: z.catch(z.boolean(), false),
});

export const getAgentMessage = defineCallable('getAgentMessage', async (caller) => {
  const uid = await clientUid(caller);
  const latest = (await agentMessagesRef(uid).orderBy('createdAt', 'desc').limit(1).get()).docs[0];
  if (!latest) return null;
  const message = parseStored(storedAgentMessageSchema, latest.ref.path, latest.data());
  return {
    name: latest.id,
    subject: message.subject,
    body: message.body,
    from: message.from,
    createdAt: toIso(message.createdAt) ?? new Date(0).toISOString(),
    viewed: message.viewed,
  };
});

export const markAgentMessageViewed = defineCallable('markAgentMessageViewed', async (caller) => {
  const uid = await clientUid(caller);
  const { name } = caller.data;
  if (!isDocumentId(name)) throw callableError('not-found', HUB_REFUSALS.messageNotFound, { key: HUB_REFUSALS.messageNotFound });
  const ref = agentMessagesRef(uid).doc(name);
  await db().runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw callableError('not-found', HUB_REFUSALS.messageNotFound, { key: HUB_REFUSALS.messageNotFound });
    if (snapshot.get('viewed') !== true) transaction.update(ref, { viewed: true, viewedAt: Timestamp.now() });
  });
  return { ok: true as const };
});

const storedHistoryEntrySchema = z.object({ displayScore: z.number(), createdAt: storedTime });

export const getReadinessScoreHistory = defineCallable('getReadinessScoreHistory', async (caller) => {
  const uid = await clientUid(caller);
  const snapshot = await readinessHistoryRef(uid).orderBy('createdAt', 'desc').limit(READINESS_SCORE_HISTORY_LIMIT).get();
  const items = snapshot.docs
    .map((doc) => parseStored(storedHistoryEntrySchema, doc.ref.path, doc.data()))
    .map((entry) => ({ displayScore: Math.round(entry.displayScore), createdAt: toIso(entry.createdAt) }))
    .filter((entry): entry is { displayScore: number; createdAt: string } => entry.createdAt !== null)
    .reverse();
  return { items };
});

/**
 * spec 002 §7: the goal update (its current savings, and when they were updated), then the readiness score recomputed
 * with isFirstScore false. The goal must be the customer's current one, of a type this build knows.
 */
export const updateSavings = defineCallable('updateSavings', async (caller) => {
  const uid = await clientUid(caller);
  const { goalId, currentSavings } = caller.data;
  const ref = db().collection(COLLECTIONS.userInfo).doc(uid);
  await db().runTransaction(async (transaction) => {
    const current = parseStored(storedUserInfoSchema, ref.path, (await transaction.get(ref)).data() ?? {});
    const goal = current.goal;
    if (!goal || goal.id !== goalId || !isSupportedGoalType(goal.type)) {
      throw callableError('not-found', HUB_REFUSALS.goalNotFound, { key: HUB_REFUSALS.goalNotFound });
    }
    const now = Timestamp.now();
    transaction.set(ref, {
      ...current,
      goal: { ...goal, properties: { ...goal.properties, currentSavings, savingsUpdatedAt: now.toDate().toISOString() }, updatedAt: now },
    });
    recordSavingsChange(transaction, uid, goal.properties?.currentSavings, currentSavings, now.toDate());
  });
  const score = await recomputeReadinessScore(uid);
  if (score === null) throw callableError('failed-precondition', HUB_REFUSALS.goalNotFound, { key: HUB_REFUSALS.goalNotFound });
  await recalculateActionsAfter(uid, 'updateSavings');
  return score;
});

/**
 * spec 001 §7 calculateActions ("score and action refresh"): the action rules (actionRules.ts) applied now, for
 * what changed outside the app since they last ran (the coach's checklist, a day that moved a tax year). The hub
 * calls it when it opens; every server change to a fact the rules read applies them itself. Running it again on
 * the same facts writes nothing. Answers every action of the customer afterwards.
 */
export const calculateActions = defineCallable('calculateActions', async (caller) => {
  const uid = await clientUid(caller);
  return { actions: await recalculateActions(uid) } satisfies CallableResult<'calculateActions'>;
});
