// The initial credit pull's life on initialReportStatus/{uid} (spec 002 §4 completion, §7): 'processing' with an
// attempt number and the time it started, then 'complete' or 'error'. The trigger that carries a pull out may be
// delivered twice (at-least-once delivery) or not finish (an instance lost mid-pull); these rules make both safe.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { storedPullSchema, type StoredPull } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';

/** A pull still 'processing' this long after it started is taken as lost (the sandbox answers in seconds). */
export const PULL_STALE_MS = 2 * 60 * 1_000;
/** Attempts before a lost pull is reported as 'error' (the customer then goes on; the report refresh retries). */
export const PULL_MAX_ATTEMPTS = 3;

export type PullStatus = 'none' | 'processing' | 'complete' | 'error';

function statusRef(uid: string) {
  return db().collection(COLLECTIONS.initialReportStatus).doc(uid);
}

/** The status document as stored (platform/storedDocuments.ts); no document reads as no pull. */
export function storedPull(data: unknown): StoredPull {
  return storedPullSchema.parse(data ?? {});
}

export function pullStatusOf(pull: StoredPull): PullStatus {
  return pull.status ?? 'none';
}

export function attemptOf(pull: StoredPull): number {
  return pull.attempt ?? 1;
}

/** The fields that start attempt `attempt` of a pull (the trigger runs on them). */
export function startedPull(attempt: number): DocumentData {
  return { status: 'processing', attempt, startedAt: Timestamp.now(), updatedAt: Timestamp.now() };
}

/**
 * The watchdog, run where the pull's status is read (the Disputes step's check, a repeated completion): a pull
 * 'processing' for longer than PULL_STALE_MS is started again as a new attempt, or after PULL_MAX_ATTEMPTS set to
 * 'error'. Answers the status after that.
 */
export async function recoverStalePull(uid: string, nowMs = Date.now()): Promise<PullStatus> {
  const ref = statusRef(uid);
  return db().runTransaction(async (transaction) => {
    const pull = storedPull((await transaction.get(ref)).data());
    const status = pullStatusOf(pull);
    const startedMs = millisOf(pull.startedAt) ?? millisOf(pull.updatedAt);
    if (status !== 'processing' || (startedMs !== null && nowMs - startedMs <= PULL_STALE_MS)) return status;
    const attempt = attemptOf(pull);
    if (attempt >= PULL_MAX_ATTEMPTS) {
      transaction.set(ref, { status: 'error', attempt, reason: 'timed-out', updatedAt: Timestamp.now() });
      return 'error';
    }
    transaction.set(ref, startedPull(attempt + 1));
    return 'processing';
  });
}

/**
 * The trigger's claim on an attempt: true for the first delivery of a write that started it, false for a repeated
 * delivery, a write that did not start a new attempt, or an attempt another delivery already holds.
 */
export async function claimPullAttempt(uid: string): Promise<number | null> {
  const ref = statusRef(uid);
  return db().runTransaction(async (transaction) => {
    const pull = storedPull((await transaction.get(ref)).data());
    if (pullStatusOf(pull) !== 'processing') return null;
    const attempt = attemptOf(pull);
    if (pull.claimedAttempt === attempt) return null;
    transaction.update(ref, { claimedAttempt: attempt });
    return attempt;
  });
}
