import { describe, expect, it } from 'vitest';
import { debtToIncomePercent, loanToValuePercent, readinessScore, savingsGoalFor, type ReadinessInputs } from '../../src/domain/readinessScore';

const strongCredit = { bureauScores: [760, 770, 780], monthlyDebtPayment: 300, revolvingBalance: 500, revolvingLimit: 10_000, mortgageBalance: 0 };

const mortgage = (overrides: Partial<ReadinessInputs> = {}): ReadinessInputs => ({
  goalType: 'mortgage_loan',
  goal: { purchasePrice: 300_000, currentSavings: 30_000 },
  annualIncome: 120_000,
  intakeCompleted: true,
  credit: strongCredit,
  documentCount: 5,
  ...overrides,
});

describe('readiness score (spec 002 §1, §3)', () => {
  it('is 100 when every component meets its goal', () => {
    expect(readinessScore(mortgage()).displayScore).toBe(100);
  });

  it('stays within 0 to 100 and has the goal type\'s components', () => {
    const weak = readinessScore(
      mortgage({ credit: null, annualIncome: 0, goal: { purchasePrice: 300_000, currentSavings: 0 }, documentCount: 0, intakeCompleted: false }),
    );
    expect(weak.displayScore).toBe(0);
    expect(weak.components.map((c) => c.type)).toEqual(['creditScore', 'dti', 'savings', 'creditCardUtilization', 'ltv', 'documents', 'intake']);
    const wellness = readinessScore({ ...mortgage(), goalType: 'financial_wellness' });
    expect(wellness.components.map((c) => c.type)).toEqual(['creditScore', 'dti', 'savings', 'creditCardUtilization', 'intake']);
  });

  it('reports each component with its display value, value and goal', () => {
    const { components } = readinessScore(mortgage({ credit: { ...strongCredit, bureauScores: [640, 650, 660], revolvingBalance: 4_000 } }));
    expect(components.find((c) => c.type === 'creditScore')).toEqual({ type: 'creditScore', currentDisplayValue: '650', currentValue: 650, goalValue: 640 });
    expect(components.find((c) => c.type === 'creditCardUtilization')).toEqual({
      type: 'creditCardUtilization', currentDisplayValue: '40%', currentValue: 40, goalValue: 30,
    });
    expect(components.find((c) => c.type === 'savings')).toEqual({ type: 'savings', currentDisplayValue: '$30,000', currentValue: 30_000, goalValue: 30_000 });
  });

  it('grows as the credit score grows', () => {
    const low = readinessScore(mortgage({ credit: { ...strongCredit, bureauScores: [520] } })).displayScore;
    const high = readinessScore(mortgage({ credit: { ...strongCredit, bureauScores: [600] } })).displayScore;
    expect(high).toBeGreaterThan(low);
  });

  it('counts DTI as 100% without income', () => {
    expect(debtToIncomePercent(500, 0)).toBe(100);
    expect(debtToIncomePercent(500, 60_000)).toBe(10);
  });

  it('uses the goal\'s savings goal when set, else a share of the price or three months of income', () => {
    expect(savingsGoalFor(mortgage({ goal: { purchasePrice: 300_000, savingsGoal: 12_000 } }))).toBe(12_000);
    expect(savingsGoalFor(mortgage())).toBe(30_000);
    expect(savingsGoalFor({ ...mortgage(), goalType: 'financial_wellness' })).toBe(30_000);
  });

  it('measures loan to value from the savings for a purchase and the mortgage balance for a refinance', () => {
    expect(loanToValuePercent(mortgage())).toBe(90);
    expect(loanToValuePercent({ ...mortgage(), goalType: 'refinance', goal: { currentHomePrice: 400_000 }, credit: { ...strongCredit, mortgageBalance: 300_000 } })).toBe(75);
  });
});
