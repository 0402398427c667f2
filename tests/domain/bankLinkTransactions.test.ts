import { describe, expect, it } from 'vitest';
import type { BankAccount } from '../../functions/src/money/bankLink';
import { accountTransactions, budgets, monthlyTrends, spendingByCategory, TRANSACTION_HISTORY_DAYS } from '../../functions/src/money/bankLinkTransactions';

const NOW = Date.parse('2026-11-26T15:00:00Z');
const DAY_MS = 86_400_000;
const checking: BankAccount = { id: 'sbx-desert-federal-checking', name: 'Everyday Checking ••4410', type: 'checking', currentBalance: 3_245.18 };
const card: BankAccount = { id: 'sbx-desert-federal-card', name: 'Rewards Visa ••9921', type: 'credit_card', currentBalance: -1_436.77 };

describe('the bank-link sandbox transactions', () => {
  it('gives an account the same history every time, newest first, within the last 90 days', () => {
    const history = accountTransactions(checking, NOW);
    expect(accountTransactions(checking, NOW)).toEqual(history);
    const oldest = new Date(NOW - (TRANSACTION_HISTORY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    expect(history.every((t) => t.date >= oldest && t.date <= '2026-11-26')).toBe(true);
    expect([...history].sort((a, b) => b.date.localeCompare(a.date)).map((t) => t.date)).toEqual(history.map((t) => t.date));
    expect(new Set(history.map((t) => t.id)).size).toBe(history.length);
  });

  it('pays rent once and is paid twice a month from a checking account', () => {
    const history = accountTransactions(checking, NOW);
    const rent = history.filter((t) => t.category === 'Rent');
    const pay = history.filter((t) => t.category === 'Income');
    expect(rent.length).toBeGreaterThanOrEqual(2);
    expect(rent.length).toBeLessThanOrEqual(3);
    expect(rent.every((t) => t.amount === -1_450)).toBe(true);
    expect(pay.length).toBeGreaterThanOrEqual(5);
  });

  it('gives a credit card shopping and restaurants, not rent', () => {
    const categories = new Set(accountTransactions(card, NOW).map((t) => t.category));
    expect([categories.has('Shopping'), categories.has('Restaurants'), categories.has('Rent')]).toEqual([true, true, false]);
  });

  it('adds spending by category over 30 days, leaving out income and transfers', () => {
    const history = [...accountTransactions(checking, NOW), ...accountTransactions(card, NOW)];
    const spending = spendingByCategory(history, NOW);
    expect(spending.map((row) => row.category)).not.toContain('Income');
    expect(spending.map((row) => row.category)).not.toContain('Transfer');
    expect(spending.every((row) => row.amount > 0)).toBe(true);
    expect(spending.map((row) => row.amount)).toEqual([...spending.map((row) => row.amount)].sort((a, b) => b - a));
  });

  it('reads budgets in steps of $25 and monthly trends oldest first', () => {
    const history = accountTransactions(checking, NOW);
    expect(budgets(history, NOW).every((row) => row.budget % 25 === 0 && row.budget > 0)).toBe(true);
    const trends = monthlyTrends(history);
    // 90 days back from 26 November reach the end of August: its last days may hold nothing.
    expect(trends.map((row) => row.month).filter((month) => month !== '2026-08')).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(trends.every((row) => row.income > 0)).toBe(true);
  });
});
