// The readiness score (spec 002 §1, §3, §4 completion "generate the score", §7 "recompute readiness score with
// isFirstScore false"): computed with src/domain/readinessScore.ts from the goal, the intake, the credit report
// and the documents, and kept in readinessScores/{uid} for the home hub.
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableResult } from '../../../src/contract/callables';
import { isSupportedGoalType } from '../../../src/domain/intake';
import { creditFactsFromReport, storedCreditReportSchema } from '../../../src/domain/creditFacts';
import { readinessScore } from '../../../src/domain/readinessScore';
import { db } from '../admin';
import { callableError, defineCallable } from '../callable';
import { clientUid } from '../client';
import { COLLECTIONS } from '../collections';
import {
  parseStored,
  storedPreviousScoreSchema,
  storedReadinessScoreSchema,
  storedUserInfoSchema,
} from '../storedDocuments';
import { toIso } from '../timestamps';

type ScoreResult = NonNullable<CallableResult<'getReadinessScore'>>;

function toResult(data: Omit<ScoreResult, 'createdAt'> & { createdAt?: unknown }): ScoreResult {
  return {
    score: data.score,
    previousScore: data.previousScore ?? null,
    components: data.components,
    createdAt: toIso(data.createdAt) ?? new Date(0).toISOString(),
  };
}

/**
 * Recomputes the score from what is stored. Open to an agent without allowClientActions on purpose: it is derived
 * data, a function of records the agent cannot change, so recomputing it changes nothing a person entered.
 */
export const calculateReadinessScore = defineCallable('calculateReadinessScore', async (caller) => {
  const uid = await clientUid(caller);
  const [info, report, documents, stored] = await Promise.all([
    db().collection(COLLECTIONS.userInfo).doc(uid).get(),
    db().collection(COLLECTIONS.creditReports).doc(uid).get(),
    db().collection(COLLECTIONS.documents).doc(uid).collection('items').count().get(),
    db().collection(COLLECTIONS.readinessScores).doc(uid).get(),
  ]);
  const { goal, personalInfo } = parseStored(storedUserInfoSchema, info.ref.path, info.data() ?? {});
  if (!goal || !isSupportedGoalType(goal.type)) throw callableError('failed-precondition', 'no-goal');
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
  await stored.ref.set(record);
  return toResult(record);
});

export const getReadinessScore = defineCallable('getReadinessScore', async (caller) => {
  const stored = await db().collection(COLLECTIONS.readinessScores).doc(await clientUid(caller)).get();
  return stored.exists ? toResult(parseStored(storedReadinessScoreSchema, stored.ref.path, stored.data())) : null;
});
