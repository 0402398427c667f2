// The money overview (spec 002 §2 Money overview, §7 getSavingsInfoHistory, §9 savings forecast). The overview's
// other figures come from calls that exist (getUserInfo, getCreditDisplay, getConnectedInstitutions); this one
// answers the savings history the forecast's regression runs over: with cash accounts linked, their daily total
// (savingsHistory.ts over the bank-link provider's accounts); otherwise the savings the customer recorded
// on the goal (savingsHistoryStore.ts), each carried forward to the next. The free product line has no money
// area: refused like the credit area's calls (failed-precondition 'upgrade-required'). It reads only. getMortgages
// (spec 002 §7) answers the customer's existing mortgages with the goal's selection (mortgages.ts).
import { SAVINGS_HISTORY_DEFAULT_DAYS, type SavingsHistoryPoint } from '../../../src/contract/money';
import { z } from 'zod/mini';
import { defineCallable } from '../callable/defineCallable';
import { clientUid } from '../callable/client';
import { requireCreditAccess } from '../credit/creditAccess';
import { bankLink } from '../providers';
import { cashBalanceHistory, dayOf } from './savingsHistory';
import { savingsDaysRef } from './savingsHistoryStore';
import { customerMortgages } from './mortgages';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { parseStored, storedUserInfoSchema } from '../platform/storedDocuments';

const DAY_MS = 86_400_000;

const storedSavingsDaySchema = z.object({ savings: z.number() });

/** The recorded savings over the `days` days ending today, one point a day from the first one known. */
async function recordedSavingsHistory(uid: string, days: number, today: number): Promise<SavingsHistoryPoint[]> {
  const firstDay = dayOf(today - (days - 1) * DAY_MS);
  const collection = savingsDaysRef(uid);
  // One document a day at most; the emulator and Firestore cannot scan keys in descending order, so the days before
  // the range are read in order and the last one carried in.
  const recorded = new Map<string, number>();
  let carried: number | null = null;
  for (const doc of (await collection.orderBy('__name__').get()).docs) {
    const savings = parseStored(storedSavingsDaySchema, doc.ref.path, doc.data()).savings;
    if (doc.id < firstDay) carried = savings;
    else recorded.set(doc.id, savings);
  }
  const points: SavingsHistoryPoint[] = [];
  for (let index = 0; index < days; index += 1) {
    const day = dayOf(today - (days - 1 - index) * DAY_MS);
    carried = recorded.get(day) ?? carried;
    if (carried !== null) points.push({ day, savings: Math.max(0, Math.round(carried)) });
  }
  return points;
}

export const getSavingsInfoHistory = defineCallable('getSavingsInfoHistory', async (caller) => {
  const uid = await clientUid(caller);
  await requireCreditAccess(uid);
  const days = caller.data?.days ?? SAVINGS_HISTORY_DEFAULT_DAYS;
  const today = Date.now();
  const linked = cashBalanceHistory(await bankLink().connected(uid), days, today);
  if (linked.length > 0) {
    return { source: 'linkedAccounts' as const, points: linked.map(({ day, balance }) => ({ day, savings: Math.max(0, balance) })) };
  }
  const recorded = await recordedSavingsHistory(uid, days, today);
  return { source: recorded.length > 0 ? ('recordedSavings' as const) : ('none' as const), points: recorded };
});

export const getMortgages = defineCallable('getMortgages', async (caller) => {
  const uid = await clientUid(caller);
  await requireCreditAccess(uid);
  const userInfo = await db().collection(COLLECTIONS.userInfo).doc(uid).get();
  const goal = parseStored(storedUserInfoSchema, userInfo.ref.path, userInfo.data() ?? {}).goal ?? null;
  const selected = new Set(goal?.properties?.selectedMortgages ?? []);
  const mortgages = (await customerMortgages(uid)).map((line) => ({
    id: line.id,
    name: line.name,
    balance: Math.max(0, Math.round(line.balance ?? 0)),
    monthlyPayment: Math.max(0, Math.round(line.monthlyPayment ?? 0)),
    openedOn: line.accountOpenedAt,
    selected: selected.has(line.id),
  }));
  return { goalId: goal?.id ?? null, mortgages };
});
