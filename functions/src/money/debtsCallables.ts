// The debts page (spec 002 §3 "Credit balance account (debts)", §4 "Debt payoff", §7 getGoodStandingAccounts and
// updateCreditBalance). The accounts are the open revolving and installment tradelines of the
// customer's current credit report; their APR and, where the report has none, their monthly payment are derived
// deterministically per account (as a bank-data vendor's sandbox would answer). The show flags and the extra
// monthly payment are stored per customer in debtSettings/{uid} (server-only: firestore.rules denies by default).
import { createHash } from 'node:crypto';
import { z } from 'zod/mini';
import type { CreditBalanceAccount } from '../../../src/contract/debts';
import type { CreditDisplay } from '../../../src/contract/credit';
import { EXTRA_DEBT_PAYMENT_MAX } from '../../../src/domain/debtPayoff';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { requireCreditAccess } from '../credit/creditAccess';
import { storedCreditReport } from '../credit/creditOrders';
import { parseStored } from '../platform/storedDocuments';
import { creditDisplayOf } from '../credit/creditDisplay';

/** The message keys the debts page shows for these refusals (public/locales/{en,es}/money.json). */
export const DEBTS_ERROR_KEYS = {
  noReport: 'debts.errors.no-report',
  staleDisplay: 'debts.errors.stale-display',
  unknownAccount: 'debts.errors.unknown-account',
  negativeExtraPayment: 'debts.errors.extra-payment-negative',
} as const;

/** debtSettings/{uid}: the hidden accounts' flags by account id, and the extra monthly payment. */
export const storedDebtSettingsSchema = z.object({
  show: z.optional(z.record(z.string(), z.boolean())),
  additionalMonthlyDebtPayment: z.optional(z.number()),
});

type BalanceLine = CreditDisplay['creditBalance'][number];

/** A number from 0 to 1 fixed by the account (and a purpose), so the sandbox answers the same every time. */
function unitOf(account: BalanceLine, purpose: string): number {
  const digest = createHash('sha256').update(`${purpose}|${account.id}|${account.name}`).digest();
  return digest.readUInt32BE(0) / 0x1_00_00_00_00;
}

const isRevolving = (account: BalanceLine) => account.portfolioType === 'R' || account.portfolioType === 'O';
const isInstallment = (account: BalanceLine) => account.portfolioType === 'I';
const mentions = (account: BalanceLine, word: RegExp) => word.test(`${account.accountType ?? ''} ${account.loanType ?? ''}`);

/**
 * A realistic APR for the account's kind, ending in .99 or .49 like lenders' rates: cards 15.99–29.99%, auto
 * loans 3.99–11.99%, student loans 3.49–8.49%, other installment loans 7.99–17.99%.
 */
export function sandboxApr(account: BalanceLine): number {
  const unit = unitOf(account, 'apr');
  const pick = (low: number, steps: number) => Math.round((low + Math.floor(unit * steps)) * 100) / 100;
  if (isRevolving(account)) return pick(15.99, 15);
  if (mentions(account, /auto|vehicle/i)) return pick(3.99, 9);
  if (mentions(account, /student|education/i)) return pick(3.49, 6);
  return pick(7.99, 11);
}

/**
 * The monthly payment: the report's when it has one; else a card's minimum (1% of the balance plus a month's
 * interest, at least $25) or an installment loan's amortised payment over 60 months.
 */
export function sandboxMonthlyPayment(account: BalanceLine, apr: number): number {
  const balance = account.balance ?? 0;
  if (account.monthlyPayment !== null && account.monthlyPayment > 0) return account.monthlyPayment;
  if (balance <= 0) return 0;
  const rate = apr / 100 / 12;
  if (isRevolving(account)) return Math.min(balance, Math.max(25, Math.ceil(balance * 0.01 + balance * rate)));
  const months = 60;
  return Math.ceil(rate === 0 ? balance / months : (balance * rate) / (1 - (1 + rate) ** -months));
}

/** The report's open revolving and installment accounts with something owed, not collections. */
export function goodStandingLines(display: CreditDisplay): BalanceLine[] {
  return display.creditBalance.filter(
    (account) =>
      account.status === 'open' &&
      (isRevolving(account) || isInstallment(account)) &&
      (account.balance ?? 0) > 0 &&
      !mentions(account, /collection/i),
  );
}

async function debtCustomer(caller: SignedInCaller): Promise<{ uid: string; display: CreditDisplay }> {
  const uid = await clientUid(caller);
  await requireCreditAccess(uid);
  const report = await storedCreditReport(uid);
  if (!report) throw callableError('not-found', DEBTS_ERROR_KEYS.noReport, { key: DEBTS_ERROR_KEYS.noReport });
  return { uid, display: creditDisplayOf(uid, report) };
}

const settingsRef = (uid: string) => db().collection(COLLECTIONS.debtSettings).doc(uid);

async function storedSettings(uid: string): Promise<z.output<typeof storedDebtSettingsSchema>> {
  const snapshot = await settingsRef(uid).get();
  return snapshot.exists ? parseStored(storedDebtSettingsSchema, snapshot.ref.path, snapshot.data()) : {};
}

export const getGoodStandingAccounts = defineCallable('getGoodStandingAccounts', async (caller) => {
  const { uid, display } = await debtCustomer(caller);
  if (caller.data.creditDisplayId !== display.id) {
    // A newer report replaced the one the page read (or the id is not this customer's): the page reloads.
    throw callableError('not-found', DEBTS_ERROR_KEYS.staleDisplay, { key: DEBTS_ERROR_KEYS.staleDisplay });
  }
  const settings = await storedSettings(uid);
  const accounts: CreditBalanceAccount[] = goodStandingLines(display).map((account) => {
    const apr = sandboxApr(account);
    return {
      id: account.id,
      name: account.name,
      balance: account.balance ?? 0,
      apr,
      monthlyPayment: sandboxMonthlyPayment(account, apr),
      show: settings.show?.[account.id] ?? true,
    };
  });
  const extra = settings.additionalMonthlyDebtPayment ?? 0;
  return {
    creditDisplayId: display.id,
    accounts,
    additionalMonthlyDebtPayment: Math.min(Math.max(0, extra), EXTRA_DEBT_PAYMENT_MAX),
  };
});

/** Shows or hides one of the customer's own accounts; an id that is not one of them is not-found, nothing written. */
export const updateCreditBalance = defineCallable('updateCreditBalance', async (caller) => {
  const { uid, display } = await debtCustomer(caller);
  const { id, show } = caller.data;
  if (!goodStandingLines(display).some((account) => account.id === id)) {
    throw callableError('not-found', DEBTS_ERROR_KEYS.unknownAccount, { key: DEBTS_ERROR_KEYS.unknownAccount });
  }
  await settingsRef(uid).set({ show: { [id]: show } }, { merge: true });
  return { id, show };
});

/** Saves the extra monthly payment; a negative amount is refused with its message key, nothing written. */
export const updateAdditionalDebtPayment = defineCallable('updateAdditionalDebtPayment', async (caller) => {
  const amount = caller.data.additionalMonthlyDebtPayment;
  if (amount < 0) {
    throw callableError('invalid-argument', DEBTS_ERROR_KEYS.negativeExtraPayment, { key: DEBTS_ERROR_KEYS.negativeExtraPayment });
  }
  const { uid } = await debtCustomer(caller);
  const additionalMonthlyDebtPayment = Math.round(amount * 100) / 100;
  await settingsRef(uid).set({ additionalMonthlyDebtPayment }, { merge: true });
  return { additionalMonthlyDebtPayment };
});
