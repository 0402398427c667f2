// The savings the customer records on their goal (spec 002 §3 goal.currentSavings; §7 goal update: the hub's savings
// update, the loan-goal settings page, the intake) kept one point a day, so the money overview's forecast
// (getSavingsInfoHistory, spec 002 §9) has a history when no bank account is linked. Written in the same transaction
// as the goal, by the callables that change it: a refused call writes neither.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { dayOf } from './savingsHistory';

/** savingsHistory/{uid}/days/{yyyy-MM-dd}: the day's last recorded savings. */
export function savingsDaysRef(uid: string) {
  return db().collection(COLLECTIONS.savingsHistory).doc(uid).collection('days');
}

/** Records the day's point when the savings changed to a number (the day's last value wins). */
export function recordSavingsChange(transaction: Transaction, uid: string, before: unknown, after: unknown, at: Date): void {
  if (typeof after !== 'number' || !Number.isFinite(after) || after < 0 || after === before) return;
  transaction.set(savingsDaysRef(uid).doc(dayOf(at.getTime())), { savings: Math.round(after), recordedAt: Timestamp.fromDate(at) });
}
