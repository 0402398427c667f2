// The score simulator's model (src/domain/scoreSimulator.ts), from worked examples: the figures in the comments are
// the model's arithmetic done by hand (550 points × weight × change of the factor's sub-score).
import { describe, expect, it } from 'vitest';
import { FACTOR_WEIGHTS, FACTORS, simulateScore, type SimulatorAccount, type SimulatorInput, type SimulationResult } from '../../src/domain/scoreSimulator';

const TODAY = '2026-11-25';
const cleanHistory = { Monthly: Array.from({ length: 24 }, (_, monthsAgo) => ({ date: `m-${monthsAgo}`, status: 'C' })) };

function account(id: string, fields: Partial<SimulatorAccount>): SimulatorAccount {
  return {
    id,
    creditorName: id.toUpperCase(),
    accountType: 'Revolving Credit Card',
    loanType: 'Credit Card',
    portfolioType: 'R',
    currentBalance: 0,
    creditLimit: null,
    opened: '2020-11-25',
    closed: null,
    status: 'Open',
    monthlyPaymentHistory: cleanHistory,
    ...fields,
  };
}

/** Card A at 90% of 5,000 (10 years old), card B at 10% of 5,000 (6 years), an auto loan (3 years), no inquiries. */
const BASE: SimulatorInput = {
  score: 680,
  today: TODAY,
  inquiries: [],
  accounts: [
    account('card-a', { currentBalance: 4_500, creditLimit: 5_000, opened: '2016-11-25' }),
    account('card-b', { currentBalance: 500, creditLimit: 5_000, opened: '2020-11-25' }),
    account('auto', { accountType: 'Auto Loan', loanType: 'Auto Loan', portfolioType: 'I', currentBalance: 12_000, opened: '2023-11-25' }),
  ],
};

const pointsOf = (result: SimulationResult) => Object.fromEntries(result.factors.map((factor) => [factor.factor, factor.points]));

describe('score simulator model', () => {
  it('uses the published weights, which add up to the whole score range', () => {
    expect(FACTOR_WEIGHTS).toEqual({ paymentHistory: 0.35, utilization: 0.3, age: 0.15, newCredit: 0.1, mix: 0.1 });
    expect(FACTORS.reduce((sum, factor) => sum + FACTOR_WEIGHTS[factor], 0)).toBeCloseTo(1);
  });

  it('with no scenario, estimates the current score and moves no factor', () => {
    const result = simulateScore(BASE, []);
    expect(result).toMatchObject({ scoreBefore: 680, scoreAfter: 680, change: 0 });
    expect(result.factors.every((factor) => factor.points === 0 && factor.explanation.endsWith('.same'))).toBe(true);
  });

  it('paying down 4,000 goes to the fullest card first and brings utilisation from 50% to 10%: +86', () => {
    // Utilisation 5,000/10,000 = 50% (curve 0.55), highest card 90% (0.18): 0.8×0.55 + 0.2×0.18 = 0.476.
    // After: card A 500/5,000, overall 10% (1.0), highest 10% (1.0): 1.0. 165 × 0.524 = 86.5 → 86.
    const result = simulateScore(BASE, [{ kind: 'payDown', amount: 4_000 }]);
    expect(result.scenarios).toEqual([
      { kind: 'payDown', applied: true, paid: 4_000, unused: 0, payments: [{ accountId: 'card-a', creditorName: 'CARD-A', amount: 4_000 }] },
    ]);
    expect(pointsOf(result)).toEqual({ paymentHistory: 0, utilization: 86, age: 0, newCredit: 0, mix: 0 });
    expect(result).toMatchObject({ scoreAfter: 766, change: 86 });
    const utilization = result.factors.find((factor) => factor.factor === 'utilization')!;
    expect(utilization).toMatchObject({ before: 0.476, after: 1, measure: { unit: 'percent', before: 50, after: 10 }, explanation: 'utilization.better' });
  });

  it('a pay-down larger than every card balance pays them all off and says what was left unused', () => {
    const result = simulateScore(BASE, [{ kind: 'payDown', amount: 6_000 }]);
    expect(result.scenarios[0]).toMatchObject({ paid: 5_000, unused: 1_000 });
    // Zero balances everywhere score a little under the 1-10% sweet spot (0.95): 165 × 0.474 = 78.2 → 78.
    expect(pointsOf(result).utilization).toBe(78);
  });

  it('a 30-day late payment on a clean file costs about 54 points, a 90-day one about 83', () => {
    // Worst mark 1/2 (45% share) and one late account of 10 (55% share): 0.225 + 0.055 = 0.28, 192.5 × 0.28 = 53.9.
    // A 90-day mark is 5/6: 0.375 + 0.055 = 0.43, 192.5 × 0.43 = 82.8.
    const thirty = simulateScore(BASE, [{ kind: 'missedPayment', accountId: 'auto', daysLate: 30 }]);
    expect(pointsOf(thirty)).toEqual({ paymentHistory: -54, utilization: 0, age: 0, newCredit: 0, mix: 0 });
    expect(thirty.factors[0]).toMatchObject({ measure: { unit: 'lateMarks', before: 0, after: 1 }, explanation: 'paymentHistory.worse' });
    const ninety = simulateScore(BASE, [{ kind: 'missedPayment', accountId: 'auto', daysLate: 90 }]);
    expect(ninety.change).toBe(-83);
  });

  it('one more late payment hurts a file that already has late marks less than a clean one', () => {
    const late = { Monthly: cleanHistory.Monthly.map((month, index) => (index === 4 ? { ...month, status: '2' } : month)) };
    const damaged: SimulatorInput = { ...BASE, accounts: BASE.accounts.map((entry) => (entry.id === 'card-b' ? { ...entry, monthlyPaymentHistory: late } : entry)) };
    // The worst mark (60 days) is already there: only the second late account counts, 192.5 × 0.055 = 10.6.
    const onDamaged = simulateScore(damaged, [{ kind: 'missedPayment', accountId: 'auto', daysLate: 30 }]).change;
    expect(onDamaged).toBe(-11);
    expect(onDamaged).toBeGreaterThan(simulateScore(BASE, [{ kind: 'missedPayment', accountId: 'auto', daysLate: 30 }]).change);
  });

  it('a new hard inquiry costs about 6 points through new credit', () => {
    // exp(−0.12) = 0.887: 55 × −0.113 = −6.2.
    const result = simulateScore(BASE, [{ kind: 'hardInquiry' }]);
    expect(pointsOf(result)).toEqual({ paymentHistory: 0, utilization: 0, age: 0, newCredit: -6, mix: 0 });
    expect(result.factors.find((factor) => factor.factor === 'newCredit')?.measure).toEqual({ unit: 'count', before: 0, after: 1 });
  });

  it('opening a 10,000 card lowers utilisation but costs age and new credit: +40 −8 −13 = +19', () => {
    // Utilisation 5,000/20,000 = 25% (0.85), highest card still 90%: 0.716, 165 × 0.24 = +39.6.
    // Average age 6.3 → 4.75 years: 82.5 × −0.092 = −7.6. An inquiry and a new account: exp(−0.27), 55 × −0.237 = −13.
    const result = simulateScore(BASE, [{ kind: 'openCard', limit: 10_000 }]);
    expect(pointsOf(result)).toEqual({ paymentHistory: 0, utilization: 40, age: -8, newCredit: -13, mix: 0 });
    expect(result.change).toBe(19);
  });

  it('closing a card with a balance removes its limit but not the balance: utilisation jumps to 100%', () => {
    // 5,000 owed on 5,000 of limit (0.1), highest open card 90% (0.18): 0.116. 165 × −0.36 = −59.4.
    const result = simulateScore(BASE, [{ kind: 'closeAccount', accountId: 'card-b' }]);
    expect(result.scenarios[0]).toEqual({ kind: 'closeAccount', applied: true, accountId: 'card-b', creditorName: 'CARD-B' });
    expect(pointsOf(result)).toEqual({ paymentHistory: 0, utilization: -59, age: 0, newCredit: 0, mix: 0 });
  });

  it('a first card adds to the credit mix', () => {
    const loansOnly: SimulatorInput = { ...BASE, accounts: BASE.accounts.filter((entry) => entry.id === 'auto') };
    const result = simulateScore(loansOnly, [{ kind: 'openCard', limit: 2_000 }]);
    // Mix 0.2 + 0.3 (installment) → + 0.35 (revolving): 55 × 0.35 = 19.25 → 19.
    expect(pointsOf(result).mix).toBe(19);
    expect(result.factors.find((factor) => factor.factor === 'mix')?.measure).toEqual({ unit: 'types', before: 1, after: 2 });
  });

  it('combines scenarios in order and clamps the estimate to 300-850', () => {
    const high = simulateScore({ ...BASE, score: 830 }, [{ kind: 'payDown', amount: 4_000 }]);
    expect(high).toMatchObject({ scoreBefore: 830, scoreAfter: 850, change: 20 });
    const low = simulateScore({ ...BASE, score: 320 }, [
      { kind: 'missedPayment', accountId: 'card-a', daysLate: 90 },
      { kind: 'missedPayment', accountId: 'auto', daysLate: 90 },
    ]);
    expect(low.scoreAfter).toBe(300);
  });

  it('says why a scenario could not apply and leaves the score alone', () => {
    const result = simulateScore(
      { ...BASE, accounts: [...BASE.accounts, account('old', { closed: '2020-01-01', status: 'Closed' })] },
      [
        { kind: 'closeAccount', accountId: 'nope' },
        { kind: 'missedPayment', accountId: 'old', daysLate: 30 },
        { kind: 'payDown', amount: 0 },
      ],
    );
    expect(result.scenarios).toEqual([
      { kind: 'closeAccount', applied: false, reason: 'unknown-account' },
      { kind: 'missedPayment', applied: false, reason: 'account-closed' },
      { kind: 'payDown', applied: false, reason: 'invalid-amount' },
    ]);
    expect(result.change).toBe(0);
  });

  it('does not change the input it was given', () => {
    const copy = structuredClone(BASE);
    simulateScore(BASE, [{ kind: 'payDown', amount: 1_000 }, { kind: 'missedPayment', accountId: 'auto', daysLate: 60 }, { kind: 'closeAccount', accountId: 'card-a' }]);
    expect(BASE).toEqual(copy);
  });
});
