// The savings the customer records on their goal (spec 002 §3 goal.currentSavings: the hub's savings update, the
// intake, the loan-goal settings page; spec 002 §7 goal update) are kept one point a day, so the money overview's
// forecast (getSavingsInfoHistory, spec 002 §9) has a history when no bank account is linked. Every writer of the
// goal is covered at once: the trigger follows the userInfo document, not the callables.
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { db } from '../admin';
import { COLLECTIONS } from '../collections';
import { dayOf } from '../providers/savingsHistory';
import { storedUserInfoSchema } from '../storedDocuments';

/** The goal's current savings in a stored userInfo document, or null (none, or not a number). */
export function recordedSavingsOf(data: unknown): number | null {
  const parsed = storedUserInfoSchema.safeParse(data ?? {});
  if (!parsed.success) return null;
  const savings = parsed.data.goal?.properties?.currentSavings;
  return typeof savings === 'number' && Number.isFinite(savings) && savings >= 0 ? savings : null;
}

/** Stores the day's point (the day's last value wins). */
export async function recordSavingsPoint(uid: string, savings: number, at: Date): Promise<void> {
  await db()
    .collection(COLLECTIONS.savingsHistory)
    .doc(uid)
    .collection('days')
    .doc(dayOf(at.getTime()))
    .set({ savings: Math.round(savings), recordedAt: Timestamp.fromDate(at) });
}

export const recordSavingsHistory = onDocumentWritten(
  { document: `${COLLECTIONS.userInfo}/{uid}`, region: FUNCTIONS_REGION },
  async (event) => {
    const before = recordedSavingsOf(event.data?.before.data());
    const after = recordedSavingsOf(event.data?.after.data());
    if (after === null || after === before) return;
    await recordSavingsPoint(event.params.uid, after, new Date(event.time));
  },
);
