// An onboarded customer's first readiness score, readinessScores/{uid} (spec 002 §3).
import { creditFactsFromReport, type StoredCreditReport } from '../../src/domain/creditFacts';
import type { GoalType, IntakeGoalProperties } from '../../src/domain/intake';
import { readinessScore } from '../../src/domain/readinessScore';
import type { SeedDocument } from './base';

/** An onboarded customer's goal and intake answers as the readiness score reads them (userInfo/{uid}). */
export interface ScoredUserInfo {
  goal: { type: GoalType; properties: IntakeGoalProperties & { savingsGoal?: number; [field: string]: unknown }; [field: string]: unknown };
  personalInfo: { annualIncome: number; completedIntake: boolean; [field: string]: unknown };
  [field: string]: unknown;
}

/**
 * The score intake completion generated for an onboarded customer (spec 002 §4 completion, §3 "Readiness score"),
 * computed from the seeded goal, intake, report and documents as calculateReadinessScore does, so the home hub
 * shows it at once.
 */
export function readinessScoreDocument(
  uid: string,
  info: ScoredUserInfo,
  report: StoredCreditReport | undefined,
  documentCount: number,
  generatedAt: Date,
  /** How many points lower the score before it was (the hub shows the change); none by default. */
  gainedSincePrevious: number | null = null,
): SeedDocument {
  const computed = readinessScore({
    goalType: info.goal.type,
    goal: info.goal.properties,
    annualIncome: info.personalInfo.annualIncome,
    intakeCompleted: info.personalInfo.completedIntake,
    credit: creditFactsFromReport(report),
    documentCount,
  });
  return {
    path: `readinessScores/${uid}`,
    data: { score: { displayScore: computed.displayScore }, previousScore: gainedSincePrevious === null ? null : { displayScore: Math.max(0, computed.displayScore - gainedSincePrevious) }, components: computed.components, createdAt: generatedAt },
  };
}
