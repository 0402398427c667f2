// devTools (spec 001 §7, issue 12 item 11): commands that exist only outside production, for demos and tests.
// advanceDisputes moves the customer's dispute clock (investigations/{uid}.clockOffsetDays) `days` forward and lets
// the bureaus act over that span through the bureau-response provider: letters received, answers given, removed
// items reinserted. The items, the corrected report, the kept records and the score points are written in one
// transaction; then the readiness score is recomputed when the report changed.
import { db } from '../admin';
import { callableError, defineCallable } from '../callable';
import { clientUid } from '../client';
import { applyBureauResponses, readCorrectionInputs } from '../disputeCorrections';
import { disputesStateRef, disputesToday, readDisputes } from '../disputeStore';
import { environment } from '../environment';
import { bureauResponse, type BureauEvent } from '../providers';
import { recomputeReadinessScore } from '../readinessScoreStore';

/** Moves the customer's dispute clock `days` forward and applies what the bureaus did by then. */
export async function advanceDisputes(uid: string, days: number, now: Date = new Date()): Promise<{ asOf: string; events: BureauEvent[] }> {
  const outcome = await db().runTransaction(async (transaction) => {
    const { state, items } = await readDisputes(uid, transaction);
    const inputs = await readCorrectionInputs(uid, transaction);
    const from = disputesToday(state, now);
    const clockOffsetDays = state.clockOffsetDays + days;
    const to = disputesToday({ ...state, clockOffsetDays }, now);
    const result = await bureauResponse().responses({ uid, items, from, to });
    transaction.set(disputesStateRef(uid), { clockOffsetDays }, { merge: true });
    const reportChanged = applyBureauResponses(transaction, uid, inputs, result);
    return { asOf: to, events: result.events, reportChanged };
  });
  if (outcome.reportChanged) await recomputeReadinessScore(uid);
  return { asOf: outcome.asOf, events: outcome.events };
}

/**
 * Refused in production before anything is read ('not-available-in-production'); a coach needs allowClientActions
 * (the contract's clientAction permission, checked by defineCallable).
 */
export const devTools = defineCallable('devTools', async (caller) => {
  if (environment.production) throw callableError('failed-precondition', 'not-available-in-production');
  const uid = await clientUid(caller);
  const { command, days } = caller.data;
  const { asOf, events } = await advanceDisputes(uid, days);
  return { command, asOf, events };
});
