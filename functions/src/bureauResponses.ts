// Running the bureaus for a customer (issue 12 items 9, 11): the bureau-response provider is asked what the bureaus
// did with the customer's disputes up to their dispute clock's day, and the answers are written with what they do
// to the credit file (disputeCorrections.ts), in one transaction; the readiness score follows when the report
// changed. The devTools callable moves the clock forward first; with 0 days it only catches up with the clock as it
// is (a real integration's status feed, or the sandbox, answering what happened since the last look).
import { db } from './admin';
import { applyBureauResponses, readCorrectionInputs } from './disputeCorrections';
import { disputesStateRef, disputesToday, readDisputes } from './disputeStore';
import { bureauResponse, type BureauEvent } from './providers';
import { recomputeReadinessScore } from './readinessScoreStore';

/** Moves the customer's dispute clock `days` (0 or more) forward and applies what the bureaus did by then. */
export async function runBureaus(uid: string, days: number, now: Date = new Date()): Promise<{ asOf: string; events: BureauEvent[] }> {
  if (!Number.isInteger(days) || days < 0) throw new Error(`the dispute clock moves by whole days forward (got ${days})`);
  const outcome = await db().runTransaction(async (transaction) => {
    const { state, items } = await readDisputes(uid, transaction);
    const inputs = await readCorrectionInputs(uid, transaction);
    const from = disputesToday(state, now);
    const clockOffsetDays = state.clockOffsetDays + days;
    const to = disputesToday({ ...state, clockOffsetDays }, now);
    const result = await bureauResponse().responses({ uid, items, from, to });
    if (days > 0) transaction.set(disputesStateRef(uid), { clockOffsetDays }, { merge: true });
    const reportChanged = applyBureauResponses(transaction, uid, inputs, result);
    return { asOf: to, events: result.events, reportChanged };
  });
  if (outcome.reportChanged) await recomputeReadinessScore(uid);
  return { asOf: outcome.asOf, events: outcome.events };
}
