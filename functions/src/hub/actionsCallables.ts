// The customer's actions (spec 001 §4 "Action completion", §7 updateAction; spec 002 §3 Action):
// actions/{uid}/items/{id}. Completing one is optimistic in the browser: the action shows completed today
// (completed_by_user) at once and is taken back when the call fails. updateAction records the completion, or takes
// back a completion the customer made today (the wizard's rollback when a submit fails).
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { parseStored, storedActionSchema } from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';
import { actionsRef, isDocumentId } from './actionStore';

/** The message keys of updateAction's refusals (details.key). */
export const ACTION_REFUSALS = {
  notFound: 'action-not-found',
  notOpen: 'action-not-open',
  notReopenable: 'action-not-reopenable',
} as const;

const day = (date: Date) => date.toISOString().slice(0, 10);

export const updateAction = defineCallable('updateAction', async (caller) => {
  const uid = await clientUid(caller);
  const { actionId, status } = caller.data;
  if (!isDocumentId(actionId)) throw callableError('not-found', ACTION_REFUSALS.notFound, { key: ACTION_REFUSALS.notFound });
  const ref = actionsRef(uid).doc(actionId);
  const now = new Date();
  return db().runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw callableError('not-found', ACTION_REFUSALS.notFound, { key: ACTION_REFUSALS.notFound });
    const action = parseStored(storedActionSchema, ref.path, snapshot.data());
    const answer = (next: { status: typeof action.status; completedAt: string | null }) => ({
      id: actionId,
      name: action.name,
      type: action.type,
      status: next.status,
      completedAt: next.completedAt,
      updating: false,
    });
    const completedAt = toIso(action.completedAt);
    if (status === action.status) return answer({ status, completedAt });
    if (status === 'completed_by_user') {
      if (action.status !== 'active' && action.status !== 'inactive') {
        throw callableError('failed-precondition', ACTION_REFUSALS.notOpen, { key: ACTION_REFUSALS.notOpen });
      }
      transaction.update(ref, { status, completedAt: now, updating: false });
      return answer({ status, completedAt: now.toISOString() });
    }
    // Back to active: only the customer's own completion of today (the rollback of an optimistic completion).
    if (action.status !== 'completed_by_user' || completedAt === null || completedAt.slice(0, 10) !== day(now)) {
      throw callableError('failed-precondition', ACTION_REFUSALS.notReopenable, { key: ACTION_REFUSALS.notReopenable });
    }
    transaction.update(ref, { status, completedAt: null, updating: false });
    return answer({ status, completedAt: null });
  });
});
