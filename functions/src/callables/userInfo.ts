// User info: personal info and goal (spec 000 §3.5, spec 002 §3, §7).
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { CallableResult } from '../../../src/contract/callables';
import { db } from '../admin';
import { callableError, defineCallable } from '../callable';
import { clientUid } from '../client';
import { COLLECTIONS } from '../collections';
import { toIso } from '../timestamps';

type UserInfoResult = CallableResult<'getUserInfo'>;

function withIsoTimes(value: unknown): DocumentData | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as DocumentData;
  return { ...record, createdAt: toIso(record.createdAt), updatedAt: toIso(record.updatedAt) };
}

/** The stored document as the contract's answer; the response parse drops anything the contract does not name. */
function toUserInfo(data: DocumentData | undefined): UserInfoResult {
  return {
    personalInfo: withIsoTimes(data?.personalInfo) as UserInfoResult['personalInfo'],
    goal: withIsoTimes(data?.goal) as UserInfoResult['goal'],
    mortgageRate: typeof data?.mortgageRate === 'number' ? data.mortgageRate : null,
    taxRate: typeof data?.taxRate === 'number' ? data.taxRate : null,
    pmiRate: Array.isArray(data?.pmiRate) ? (data.pmiRate as UserInfoResult['pmiRate']) : null,
  };
}

function userInfoRef(uid: string) {
  return db().collection(COLLECTIONS.userInfo).doc(uid);
}

export const getUserInfo = defineCallable('getUserInfo', async (caller) => {
  const snapshot = await userInfoRef(await clientUid(caller)).get();
  return toUserInfo(snapshot.data());
});

/**
 * Saves changed intake answers and goal properties (spec 002 §4: only what changed is sent). The goal must be
 * the user's current goal (createGoal makes it); personal info is created on its first save.
 */
export const updateUserInfo = defineCallable('updateUserInfo', async (caller) => {
  const ref = userInfoRef(await clientUid(caller));
  const { personalInfo, goal } = caller.data;
  const saved = await db().runTransaction(async (transaction) => {
    const current: DocumentData = (await transaction.get(ref)).data() ?? {};
    const now = Timestamp.now();
    const next: DocumentData = { ...current };
    if (goal) {
      const stored = current.goal as DocumentData | undefined;
      if (!stored || stored.id !== goal.id) throw callableError('not-found', 'goal-not-found');
      next.goal = { ...stored, properties: { ...(stored.properties as DocumentData), ...goal.properties }, updatedAt: now };
    }
    if (personalInfo) {
      const stored = current.personalInfo as DocumentData | undefined;
      if (stored && stored.id !== personalInfo.id) throw callableError('not-found', 'personal-info-not-found');
      next.personalInfo = { ...(stored ?? { createdAt: now }), ...personalInfo, updatedAt: now };
    }
    transaction.set(ref, next);
    return next;
  });
  return toUserInfo(saved);
});
