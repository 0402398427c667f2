// User info: personal info and goal (spec 000 §3.5, spec 002 §3, §7).
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableResult } from '../../../src/contract/callables';
import { isSupportedGoalType } from '../../../src/domain/intake';
import { recalculateActionsAfter } from '../hub/actionRules';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { recomputeReadinessScore } from '../onboarding/readinessScoreStore';
import { recordSavingsChange } from '../money/savingsHistoryStore';
import { customerMortgages } from '../money/mortgages';
import { parseStored, storedUserInfoRatesSchema, storedUserInfoSchema, type StoredUserInfo } from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';

type UserInfoResult = CallableResult<'getUserInfo'>;

function withIsoTimes<T extends Record<string, unknown>>(record: T) {
  return { ...record, createdAt: toIso(record['createdAt']), updatedAt: toIso(record['updatedAt']) };
}

/**
 * The goal as the contract answers it. A type this build does not know (spec 000 §3.5, spec 002 §1) is answered
 * as stored, without its properties (their shape is that type's), so the page can say 'Unsupported Goal Type'.
 */
function goalOf(goal: NonNullable<StoredUserInfo['goal']>) {
  const { type } = goal;
  if (!isSupportedGoalType(type)) return { ...withIsoTimes(goal), type, properties: {} };
  return { ...withIsoTimes(goal), type, properties: goal.properties ?? {} };
}

/** The stored document as the contract's answer; the response parse drops anything the contract does not name. */
function toUserInfo(info: StoredUserInfo): UserInfoResult {
  return {
    personalInfo: info.personalInfo ? withIsoTimes(info.personalInfo) : null,
    goal: info.goal ? goalOf(info.goal) : null,
    ...storedUserInfoRatesSchema.parse(info),
  };
}

function userInfoRef(uid: string) {
  return db().collection(COLLECTIONS.userInfo).doc(uid);
}

export const getUserInfo = defineCallable('getUserInfo', async (caller) => {
  const snapshot = await userInfoRef(await clientUid(caller)).get();
  return toUserInfo(parseStored(storedUserInfoSchema, snapshot.ref.path, snapshot.data() ?? {}));
});

/**
 * Saves changed intake answers and goal properties (spec 002 §4: only what changed is sent). The goal must be
 * the user's current goal (createGoal makes it) and of a type this build knows; personal info is created on its
 * first save. Once the intake is complete, a saved change moves the readiness score, which is recomputed before
 * the answer (spec 002 §7; the settings page's goal), so the home hub shows the new one.
 */
export const updateUserInfo = defineCallable('updateUserInfo', async (caller) => {
  const uid = await clientUid(caller);
  const ref = userInfoRef(uid);
  const { personalInfo, goal } = caller.data;
  // The goal's selected mortgages are the customer's own (spec 002 §7 getMortgages): another id is refused, nothing written.
  const selection = goal?.properties?.selectedMortgages;
  if (selection) {
    const known = new Set((await customerMortgages(uid)).map((line) => line.id));
    if (selection.some((id) => !known.has(id))) throw callableError('invalid-argument', 'unknown-mortgage');
  }
  const saved = await db().runTransaction(async (transaction) => {
    const current = parseStored(storedUserInfoSchema, ref.path, (await transaction.get(ref)).data() ?? {});
    const now = Timestamp.now();
    const next: StoredUserInfo = { ...current };
    if (goal) {
      const stored = current.goal;
      if (!stored || stored.id !== goal.id) throw callableError('not-found', 'goal-not-found');
      if (!isSupportedGoalType(stored.type)) throw callableError('failed-precondition', 'unsupported-goal-type');
      next.goal = { ...stored, properties: { ...stored.properties, ...goal.properties }, updatedAt: now };
    }
    if (personalInfo) {
      const stored = current.personalInfo;
      if (stored && stored.id !== personalInfo.id) throw callableError('not-found', 'personal-info-not-found');
      next.personalInfo = { ...(stored ?? { createdAt: now }), ...personalInfo, updatedAt: now };
    }
    transaction.set(ref, next);
    recordSavingsChange(transaction, uid, current.goal?.properties?.currentSavings, next.goal?.properties?.currentSavings, now.toDate());
    return next;
  });
  // During intake the first score is made at its completion (calculateReadinessScore); afterwards every saved
  // change recomputes it. The actions likewise: the first at completion, then after each change (the goal's
  // savings and price, spec 001 §7 calculateActions).
  if (saved.personalInfo?.completedIntake === true) {
    await recomputeReadinessScore(uid);
    await recalculateActionsAfter(uid, 'updateUserInfo');
  }
  return toUserInfo(saved);
});
