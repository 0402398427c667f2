// The readiness score as stored (spec 002 §1, §3, §7 "recompute readiness score"): computed with
// src/domain/readinessScore.ts from the goal, the intake, the credit report and the documents, and kept in
// readinessScores/{uid} for the home hub. The calculateReadinessScore callable and every server change that moves
// the score (a bureau correcting a disputed item, disputes/disputeCorrections.ts) recompute it here.
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableResult } from '../../../src/contract/callables';
import { isSupportedGoalType } from '../../../src/domain/intake';
import { creditFactsFromReport, storedCreditReportSchema } from '../../../src/domain/creditFacts';
import { readinessScore } from '../../../src/domain/readinessScore';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { parseStored, storedPreviousScoreSchema, storedReadinessScoreSchema, storedUserInfoSchema } from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';

export type ReadinessScoreResult = NonNullable<CallableResult<'getReadinessScore'>>;

function toResult(data: Omit<ReadinessScoreResult, 'createdAt'> & { createdAt?: unknown }): ReadinessScoreResult {
  return {
    score: data.score,
    previousScore: data.previousScore ?? null,
    components: data.components,
    createdAt: toIso(data.createdAt) ?? new Date(0).toISOString(),
  };
}

/**
 * Recomputes the customer's score from what is stored and keeps it, the score it replaces becoming the previous
 * one, and appends it to the score history. Null (and nothing written) when the customer has no supported goal yet:
 * there is no score to compute. With `keep: false` (a session that may only read: an agent without client
 * actions) the same score is computed and answered, and nothing is written.
 */
export async function recomputeReadinessScore(uid: string, options: { keep: boolean } = { keep: true }): Promise<ReadinessScoreResult | null> {
  const [info, report, documents, stored] = await Promise.all([
    db().collection(COLLECTIONS.userInfo).doc(uid).get(),
    db().collection(COLLECTIONS.creditReports).doc(uid).get(),
    db().collection(COLLECTIONS.documents).doc(uid).collection('items').count().get(),
    db().collection(COLLECTIONS.readinessScores).doc(uid).get(),
  ]);
  const { goal, personalInfo } = parseStored(storedUserInfoSchema, info.ref.path, info.data() ?? {});
  if (!goal || !isSupportedGoalType(goal.type)) return null;
  const computed = readinessScore({
    goalType: goal.type,
    goal: goal.properties ?? {},
    annualIncome: personalInfo?.annualIncome ?? null,
    intakeCompleted: personalInfo?.completedIntake === true,
    credit: creditFactsFromReport(report.exists ? parseStored(storedCreditReportSchema, report.ref.path, report.data()) : undefined),
    documentCount: documents.data().count,
  });
  const previous = storedPreviousScoreSchema.parse(stored.get('score'));
  const record = {
    score: { displayScore: computed.displayScore },
    // The first score has no previous one to compare with (spec 002 §3 previousScore). isFirstScore is the
    // caller's belief; a stored score is the fact, so a repeated "first" call never wipes the comparison.
    previousScore: previous ?? null,
    components: computed.components,
    createdAt: Timestamp.now(),
  };
  if (!options.keep) {
    // Unchanged since it was kept: the comparison the customer sees is the stored one, not the score with itself.
    const unchanged = previous !== undefined && previous !== null && previous.displayScore === record.score.displayScore;
    return toResult(unchanged ? { ...record, previousScore: storedPreviousScoreSchema.parse(stored.get('previousScore')) ?? null } : record);
  }
  await stored.ref.set(record);
  // Every computed score is kept for the score history chart (getReadinessScoreHistory).
  await readinessHistoryRef(uid).add({ displayScore: record.score.displayScore, createdAt: record.createdAt });
  return toResult(record);
}

/** readinessScores/{uid}/history/{id}: every computed score, { displayScore, createdAt } (the hub's history chart). */
export function readinessHistoryRef(uid: string) {
  return db().collection(COLLECTIONS.readinessScores).doc(uid).collection('history');
}

/** The stored score, or null before the first one. */
export async function storedReadinessScore(uid: string): Promise<ReadinessScoreResult | null> {
  const stored = await db().collection(COLLECTIONS.readinessScores).doc(uid).get();
  return stored.exists ? toResult(parseStored(storedReadinessScoreSchema, stored.ref.path, stored.data())) : null;
}
