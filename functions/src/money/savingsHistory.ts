// The connected accounts' balance history (spec 002 §7 getSavingsInfoHistory, §9 savings forecast). The bank-link
// interface (bankLink.ts) gives today's balances only; a bank-data vendor's sandbox also answers a daily balance
// history. This builds that history from the interface's data alone: for each cash account, a deterministic walk
// backwards from today's balance, seeded by the account's id (the same account always has the same past), with
// the pattern of its type: a savings or investment account grows by regular deposits, a checking account rises on
// paydays and falls between them, cash and prepaid drift. A real vendor's history would replace this function.
import { CASH_ACCOUNT_TYPES } from '../../../src/domain/money';
import type { BankAccount, Institution } from './bankLink';

/** One day's balance, oldest first; `day` is yyyy-MM-dd (UTC). */
export interface DailyBalance {
  day: string;
  balance: number;
}

const DAY_MS = 86_400_000;

/** FNV-1a of the id: the walk's seed. */
function seedOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, well-distributed generator, deterministic from its seed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The change of the balance on the day `daysAgo` before today (what that day added): the account type's pattern
 * with the account's own amounts.
 */
function dailyChange(account: BankAccount, daysAgo: number, random: () => number, scale: number): number {
  const noise = (random() - 0.5) * scale * 0.002;
  switch (account.type) {
    case 'savings':
    case 'investment':
      // A deposit every 14 days of about 1.5% of the balance, a little interest or market movement between.
      return (daysAgo % 14 === 0 ? scale * (0.012 + random() * 0.006) : 0) + noise;
    case 'checking':
      // Paid every 14 days, spent a little each day in between: a saw-tooth that creeps upward.
      return daysAgo % 14 === 0 ? scale * (0.35 + random() * 0.05) : -scale * (0.024 + random() * 0.004);
    default:
      return noise;
  }
}

/** `days` daily balances of one account ending at today's balance (never below 0). */
export function accountBalanceHistory(account: BankAccount, days: number, today: number): DailyBalance[] {
  const random = generator(seedOf(account.id));
  const scale = Math.max(Math.abs(account.currentBalance), 100);
  const balances: number[] = [account.currentBalance];
  for (let daysAgo = 0; daysAgo < days - 1; daysAgo += 1) {
    const previous = balances[balances.length - 1]! - dailyChange(account, daysAgo, random, scale);
    balances.push(Math.max(0, previous));
  }
  return balances.reverse().map((balance, index) => ({ day: dayOf(today - (days - 1 - index) * DAY_MS), balance }));
}

/** Total cash a day (spec 002 §9: the five cash account types), `days` days ending today, whole USD; [] without such accounts. */
export function cashBalanceHistory(institutions: readonly Institution[], days: number, today: number): DailyBalance[] {
  const counted = new Set<string>(CASH_ACCOUNT_TYPES);
  const accounts = institutions.flatMap((institution) => institution.accounts).filter((account) => counted.has(account.type));
  if (accounts.length === 0) return [];
  const totals = new Array<number>(days).fill(0);
  for (const account of accounts) {
    accountBalanceHistory(account, days, today).forEach((point, index) => {
      totals[index]! += point.balance;
    });
  }
  return totals.map((total, index) => ({ day: dayOf(today - (days - 1 - index) * DAY_MS), balance: Math.round(total) }));
}
