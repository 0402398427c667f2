// The initial credit pull that completeIntake starts (spec 002 §4 completion; §7 initialReportStatus/{userId}):
// when the status document turns to 'processing', ask the credit bureaus for the three-bureau report, store it
// with the items the customer may dispute and the score history (credit/creditOrders.ts), then mark the status 'complete' (or 'error').
import { logger } from 'firebase-functions';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { attemptOf, claimPullAttempt, pullStatusOf, storedPull } from './creditPull';
import { pullAndStoreInitialReport } from '../credit/creditOrders';

/**
 * Runs one pull for `uid` and records its outcome on the status document. Only the delivery that claims the
 * attempt pulls (claimPullAttempt): a repeated delivery of the same write does not pull twice. The outcome is
 * written only while the attempt is still the current one (the watchdog may have started a newer attempt).
 */
export async function runInitialPull(uid: string): Promise<void> {
  const statusRef = db().collection(COLLECTIONS.initialReportStatus).doc(uid);
  const attempt = await claimPullAttempt(uid);
  if (attempt === null) return;
  const stillCurrent = async () => attemptOf(storedPull((await statusRef.get()).data())) === attempt;
  try {
    await pullAndStoreInitialReport(uid, new Date(), (batch) => {
      batch.set(statusRef, { status: 'complete', attempt, updatedAt: Timestamp.now() });
    });
  } catch (error) {
    logger.error('initial credit pull failed', { uid, attempt, error: error instanceof Error ? error.message : String(error) });
    if (await stillCurrent()) await statusRef.set({ status: 'error', attempt, updatedAt: Timestamp.now() });
  }
}

export const pullInitialReport = onDocumentWritten(
  { document: `${COLLECTIONS.initialReportStatus}/{uid}`, region: FUNCTIONS_REGION },
  async (event) => {
    // A write that starts an attempt: 'processing' now, and before another status or another attempt.
    const before = storedPull(event.data?.before.data());
    const after = storedPull(event.data?.after.data());
    if (pullStatusOf(after) !== 'processing') return;
    if (pullStatusOf(before) === 'processing' && before.attempt === after.attempt) return;
    await runInitialPull(event.params.uid);
  },
);
