// Running the bureaus for a customer: the bureau-response provider is asked what the bureaus
// did with the customer's disputes up to their dispute clock's day, and the answers are written with what they do
// to the credit file (disputeCorrections.ts), in one transaction; the readiness score follows when the report
// changed. The devTools callable moves the clock forward first; with 0 days it only catches up with the clock as it
// is (a real integration's status feed, or the sandbox, answering what happened since the last look).
import type { Transaction } from 'firebase-admin/firestore';
import { scoreHistoryItemId } from '../../../src/domain/creditReportRecords';
import { recalculateActionsAfter } from '../hub/actionRules';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { correctReport, type RawReport, type RemovedRecord } from './disputeCorrections';
import { disputesStateRef, disputesToday, investigationItemsRef, readDisputes, type StoredInvestigationItem } from './disputeStore';
import { bureauResponse, type BureauEvent } from '../providers';
import { recomputeReadinessScore } from '../onboarding/readinessScoreStore';

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
  // An answer may hand an item back to the customer's decision (spec 001 §7 calculateActions).
  if (outcome.events.length > 0) await recalculateActionsAfter(uid, 'bureau answers');
  return { asOf: outcome.asOf, events: outcome.events };
}

function removedRecordsRef(uid: string) {
  return disputesStateRef(uid).collection('removedRecords');
}

function creditReportRef(uid: string) {
  return db().collection(COLLECTIONS.creditReports).doc(uid);
}

/** Reads what applyBureauResponses needs, inside the transaction (before any write). */
async function readCorrectionInputs(uid: string, transaction: Transaction): Promise<{ report: RawReport | null; kept: Map<string, RemovedRecord> }> {
  const [report, removed] = await Promise.all([transaction.get(creditReportRef(uid)), transaction.get(removedRecordsRef(uid))]);
  return {
    report: report.exists ? (report.data() as RawReport) : null,
    kept: new Map(removed.docs.map((doc) => [doc.id, doc.data() as RemovedRecord])),
  };
}

/**
 * Writes the bureaus' answers: the changed items, the corrected report, the kept and restored records and the score
 * history points, in `transaction` (after readCorrectionInputs). Returns whether the report changed (the caller then
 * recomputes the readiness score, after the transaction).
 */
function applyBureauResponses(
  transaction: Transaction,
  uid: string,
  inputs: { report: RawReport | null; kept: ReadonlyMap<string, RemovedRecord> },
  changes: { items: readonly { id: string; item: StoredInvestigationItem }[]; events: readonly BureauEvent[] },
): boolean {
  const items = new Map(changes.items.map(({ id, item }) => [id, item]));
  for (const { id, item } of changes.items) transaction.set(investigationItemsRef(uid).doc(id), { id, ...item }, { merge: true });
  const corrections = correctReport(inputs.report, changes.events, items, inputs.kept);
  if (!corrections.changed || corrections.report === null) return false;
  transaction.set(creditReportRef(uid), corrections.report);
  for (const [recordId, removed] of corrections.removed) transaction.set(removedRecordsRef(uid).doc(recordId), removed);
  for (const recordId of corrections.restored) transaction.delete(removedRecordsRef(uid).doc(recordId));
  const history = db().collection(COLLECTIONS.creditScoreHistory).doc(uid).collection('items');
  for (const point of corrections.scorePoints) transaction.set(history.doc(scoreHistoryItemId(point)), point);
  return true;
}

