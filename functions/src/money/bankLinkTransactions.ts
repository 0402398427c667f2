// What the bank-link sandbox shows for linked accounts, as a bank-data vendor's test environment does (spec 002 §2
// "embedded widgets": accounts, transactions, spending, budgets, trends, debts): transactions over the last 90 days,
// deterministic per account (the same account always has the same history, ending at today), with payees and
// spending categories that fit the account's type, and the spending, budget and trend figures read from them.
import { createHash } from 'node:crypto';
import type { BankAccount, Institution } from './bankLink';

export const TRANSACTION_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export interface BankTransaction {
  id: string;
  accountId: string;
  accountName: string;
  /** YYYY-MM-DD. */
  date: string;
  payee: string;
  category: string;
  /** Negative for money out, positive for money in, in cents-exact dollars. */
  amount: number;
}

interface Payee {
  payee: string;
  category: string;
  /** The amount range in dollars; negative ranges spend. */
  range: readonly [number, number];
  /** How many times a month it happens, about. */
  perMonth: number;
}

const CHECKING: readonly Payee[] = [
  { payee: 'Payroll Deposit: Sierra Logistics', category: 'Income', range: [1_850, 1_850], perMonth: 2 },
  { payee: 'Oakridge Apartments', category: 'Rent', range: [-1_450, -1_450], perMonth: 1 },
  { payee: 'NV Energy', category: 'Utilities', range: [-140, -75], perMonth: 1 },
  { payee: 'Truckee Water Authority', category: 'Utilities', range: [-60, -35], perMonth: 1 },
  { payee: 'Raley’s', category: 'Groceries', range: [-145, -38], perMonth: 5 },
  { payee: 'Whole Foods Market', category: 'Groceries', range: [-120, -25], perMonth: 2 },
  { payee: 'Shell', category: 'Gas & Fuel', range: [-62, -28], perMonth: 4 },
  { payee: 'Great Basin Insurance', category: 'Insurance', range: [-118, -118], perMonth: 1 },
  { payee: 'Verizon Wireless', category: 'Phone', range: [-85, -85], perMonth: 1 },
  { payee: 'Netflix', category: 'Entertainment', range: [-15.49, -15.49], perMonth: 1 },
  { payee: 'Chipotle', category: 'Restaurants', range: [-24, -11], perMonth: 3 },
  { payee: 'Transfer to Savings', category: 'Transfer', range: [-300, -150], perMonth: 1 },
];

const CARD: readonly Payee[] = [
  { payee: 'Amazon.com', category: 'Shopping', range: [-180, -12], perMonth: 4 },
  { payee: 'Target', category: 'Shopping', range: [-95, -18], perMonth: 2 },
  { payee: 'The Cheesecake Factory', category: 'Restaurants', range: [-88, -34], perMonth: 2 },
  { payee: 'Starbucks', category: 'Coffee Shops', range: [-9, -4], perMonth: 6 },
  { payee: 'Southwest Airlines', category: 'Travel', range: [-420, -160], perMonth: 0.3 },
  { payee: 'Spotify', category: 'Entertainment', range: [-11.99, -11.99], perMonth: 1 },
  { payee: 'Card Payment – Thank You', category: 'Credit Card Payment', range: [250, 600], perMonth: 1 },
];

const SAVINGS: readonly Payee[] = [
  { payee: 'Transfer from Checking', category: 'Transfer', range: [150, 300], perMonth: 1 },
  { payee: 'Interest Paid', category: 'Interest Income', range: [8, 42], perMonth: 1 },
];

const INVESTMENT: readonly Payee[] = [
  { payee: 'Dividend: Vanguard Total Stock Market', category: 'Dividends', range: [18, 65], perMonth: 0.34 },
  { payee: 'Automatic Investment', category: 'Investments', range: [200, 200], perMonth: 1 },
];

const PREPAID: readonly Payee[] = [
  { payee: 'Walmart', category: 'Groceries', range: [-60, -12], perMonth: 2 },
  { payee: 'Reload at Walgreens', category: 'Transfer', range: [50, 100], perMonth: 1 },
];

const CASH: readonly Payee[] = [
  { payee: 'Sweep Interest', category: 'Interest Income', range: [1, 6], perMonth: 1 },
  { payee: 'ATM Withdrawal', category: 'Cash & ATM', range: [-200, -40], perMonth: 1 },
];

const PAYEES: Record<BankAccount['type'], readonly Payee[]> = {
  checking: CHECKING,
  savings: SAVINGS,
  cash: CASH,
  investment: INVESTMENT,
  prepaid: PREPAID,
  credit_card: CARD,
};

/** A small deterministic generator (mulberry32) seeded from the account id. */
function randomFor(seed: string): () => number {
  let state = createHash('sha256').update(`bank-link-sandbox|${seed}`).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d_2b_79_f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The account's transactions of the last 90 days, newest first. Each payee happens about `perMonth` times a month on
 * days fixed by the account (a recurring bill on the same day each month), so the history is stable from day to day.
 */
export function accountTransactions(account: BankAccount, now: number): BankTransaction[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const transactions: BankTransaction[] = [];
  for (const [payeeIndex, payee] of PAYEES[account.type].entries()) {
    const random = randomFor(`${account.id}|${payee.payee}`);
    // Days of the month it falls on, fixed for the account.
    const times = Math.max(1, Math.round(payee.perMonth));
    const days = Array.from({ length: times }, () => 1 + Math.floor(random() * 28));
    for (let back = 0; back < TRANSACTION_HISTORY_DAYS; back += 1) {
      const time = today - back * DAY_MS;
      const dayOfMonth = new Date(time).getUTCDate();
      if (!days.includes(dayOfMonth)) continue;
      // Rarer than monthly payees skip some months, the same months every time.
      const monthSeed = randomFor(`${account.id}|${payee.payee}|${isoDay(time).slice(0, 7)}`)();
      if (payee.perMonth < 1 && monthSeed > payee.perMonth) continue;
      const [low, high] = payee.range;
      const amount = cents(low + (high - low) * monthSeed);
      transactions.push({
        id: `${account.id}-${isoDay(time)}-${payeeIndex}`,
        accountId: account.id,
        accountName: account.name,
        date: isoDay(time),
        payee: payee.payee,
        category: payee.category,
        amount,
      });
    }
  }
  return transactions.sort((a, b) => b.date.localeCompare(a.date) || a.payee.localeCompare(b.payee));
}

/** Every linked account's transactions, newest first. */
export function institutionsTransactions(institutions: readonly Institution[], now: number): BankTransaction[] {
  return institutions
    .flatMap((institution) => institution.accounts.flatMap((account) => accountTransactions(account, now)))
    .sort((a, b) => b.date.localeCompare(a.date) || a.payee.localeCompare(b.payee));
}

/** Categories that move money between the customer's own accounts or bring it in: not spending. */
const NOT_SPENDING = new Set(['Income', 'Transfer', 'Credit Card Payment', 'Interest Income', 'Dividends', 'Investments']);

/** Spending by category over the last `days` days, largest first (positive dollars). */
export function spendingByCategory(transactions: readonly BankTransaction[], now: number, days = 30): { category: string; amount: number }[] {
  const since = isoDay(now - (days - 1) * DAY_MS);
  const totals = new Map<string, number>();
  for (const transaction of transactions) {
    if (transaction.date < since || transaction.amount >= 0 || NOT_SPENDING.has(transaction.category)) continue;
    totals.set(transaction.category, cents((totals.get(transaction.category) ?? 0) - transaction.amount));
  }
  return [...totals.entries()].map(([category, amount]) => ({ category, amount })).sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category));
}

/** Monthly spending of the last three calendar months (oldest first), and income, for the trends widget. */
export function monthlyTrends(transactions: readonly BankTransaction[]): { month: string; spent: number; income: number }[] {
  const months = new Map<string, { spent: number; income: number }>();
  for (const transaction of transactions) {
    const month = transaction.date.slice(0, 7);
    const entry = months.get(month) ?? { spent: 0, income: 0 };
    if (transaction.category === 'Income') entry.income = cents(entry.income + transaction.amount);
    else if (transaction.amount < 0 && !NOT_SPENDING.has(transaction.category)) entry.spent = cents(entry.spent - transaction.amount);
    months.set(month, entry);
  }
  return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, entry]) => ({ month, ...entry }));
}

/**
 * A budget per spending category: its average monthly spending over the history rounded up to the next $25, and
 * what has been spent so far this calendar month.
 */
export function budgets(transactions: readonly BankTransaction[], now: number): { category: string; budget: number; spent: number }[] {
  const thisMonth = isoDay(now).slice(0, 7);
  const perCategory = new Map<string, { total: number; thisMonth: number }>();
  for (const transaction of transactions) {
    if (transaction.amount >= 0 || NOT_SPENDING.has(transaction.category)) continue;
    const entry = perCategory.get(transaction.category) ?? { total: 0, thisMonth: 0 };
    entry.total -= transaction.amount;
    if (transaction.date.startsWith(thisMonth)) entry.thisMonth -= transaction.amount;
    perCategory.set(transaction.category, entry);
  }
  const months = TRANSACTION_HISTORY_DAYS / 30;
  return [...perCategory.entries()]
    .map(([category, entry]) => ({ category, budget: Math.ceil(entry.total / months / 25) * 25, spent: cents(entry.thisMonth) }))
    .sort((a, b) => b.budget - a.budget || a.category.localeCompare(b.category));
}
