import { describe, expect, it } from 'vitest';
import { allocateExtraPayment, checkExtraPayment, contrastRatio, gradedColor, monthAfter, orderDebts, payoffMonths, planDebtPayoff, type DebtAccount } from '../../src/domain/debtPayoff';

const debt = (id: string, balance: number, apr: number, monthlyPayment: number, show = true): DebtAccount => ({
  id,
  name: `Account ${id}`,
  balance,
  apr,
  monthlyPayment,
  show,
});

describe('payoffMonths (spec 002 §9: ln(p/(p − b·r))/ln(1+r))', () => {
  it('pays $1,000 at 12% APR with $100 a month off in 10.59 months', () => {
    // r = 0.01; ln(100 / 90) / ln(1.01) = 0.1053605 / 0.0099503 = 10.5886
    expect(payoffMonths(1_000, 12, 100)).toBeCloseTo(10.5886, 3);
  });

  it('pays $5,000 at 18% APR with $150 a month off in 46.56 months', () => {
    // r = 0.015; ln(150 / 75) / ln(1.015) = 0.693147 / 0.0148886 = 46.5555
    expect(payoffMonths(5_000, 18, 150)).toBeCloseTo(46.5555, 3);
  });

  it('divides the balance by the payment when the rate is zero', () => {
    expect(payoffMonths(1_200, 0, 100)).toBe(12);
  });

  it('has no payoff when the payment does not cover the interest (the page shows apr too high)', () => {
    expect(payoffMonths(5_000, 24, 100)).toBeNull(); // interest 100 = payment
    expect(payoffMonths(5_000, 30, 100)).toBeNull();
    expect(payoffMonths(500, 10, 0)).toBeNull();
  });

  it('needs no months when nothing is owed', () => {
    expect(payoffMonths(0, 20, 0)).toBe(0);
  });
});

describe('orderDebts', () => {
  it('puts the lowest balance first and hidden accounts last', () => {
    const ordered = orderDebts([debt('a', 900, 10, 50), debt('b', 100, 10, 20, false), debt('c', 300, 10, 25), debt('d', 50, 5, 10, false)]);
    expect(ordered.map((account) => account.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});

describe('allocateExtraPayment', () => {
  it('applies the extra in order, capped at each balance, and skips hidden accounts', () => {
    const ordered = orderDebts([debt('a', 300, 20, 50), debt('b', 2_000, 15, 60), debt('c', 100, 10, 25, false)]);
    const shares = allocateExtraPayment(ordered, 400);
    // a can take 300 − 50 = 250; b takes the remaining 150; c is hidden.
    expect(Object.fromEntries(shares)).toEqual({ a: 250, b: 150, c: 0 });
  });

  it('gives nothing for a zero or negative extra', () => {
    const ordered = [debt('a', 300, 20, 50)];
    expect(allocateExtraPayment(ordered, 0).get('a')).toBe(0);
    expect(allocateExtraPayment(ordered, -10).get('a')).toBe(0);
  });
});

describe('planDebtPayoff', () => {
  const today = new Date('2026-11-26T12:00:00Z');

  it('plans each shown account with floored months, final dates and the total paydown', () => {
    const plan = planDebtPayoff([debt('card', 5_000, 18, 150), debt('store', 1_000, 12, 100)], 0, today);
    expect(plan.rows.map((row) => [row.id, row.months, row.finalPaymentDate])).toEqual([
      ['store', 10, '2027-09'],
      ['card', 46, '2030-09'],
    ]);
    expect(plan.totalPaydownMonths).toBe(46);
    expect(plan.debtFreeDate).toBe('2030-09');
    expect(plan.totalBalance).toBe(6_000);
    expect(plan.totalMonthlyPayment).toBe(250);
  });

  it('shortens the plan when an extra monthly payment is entered', () => {
    const without = planDebtPayoff([debt('card', 5_000, 18, 150), debt('store', 1_000, 12, 100)], 0, today);
    const withExtra = planDebtPayoff([debt('card', 5_000, 18, 150), debt('store', 1_000, 12, 100)], 100, today);
    expect(withExtra.rows[0]).toMatchObject({ id: 'store', extraPayment: 100, payment: 200 });
    // ln(200 / 190) / ln(1.01) = 5.155 → 5
    expect(withExtra.rows[0]?.months).toBe(5);
    expect(withExtra.totalPaydownMonths).toBe(without.totalPaydownMonths);
    expect(withExtra.totalMonthlyPayment).toBe(350);
  });

  it('leaves hidden accounts out of the totals, the colours and the dates', () => {
    const plan = planDebtPayoff([debt('card', 5_000, 18, 150, false), debt('store', 1_000, 12, 100)], 0, today);
    expect(plan.rows.map((row) => row.id)).toEqual(['store', 'card']);
    expect(plan.rows[1]).toMatchObject({ color: null, finalPaymentDate: null });
    expect(plan.totalPaydownMonths).toBe(10);
    expect(plan.totalBalance).toBe(1_000);
  });

  it('marks an account whose payment does not cover the interest as having no final date, and the plan as open-ended', () => {
    const plan = planDebtPayoff([debt('loan', 5_000, 30, 100), debt('store', 1_000, 12, 100)], 0, today);
    expect(plan.rows.find((row) => row.id === 'loan')).toMatchObject({ months: null, finalPaymentDate: null });
    expect(plan.totalPaydownMonths).toBeNull();
    expect(plan.debtFreeDate).toBeNull();
  });

  it('grades colours from red for the first shown account to green for the last', () => {
    const plan = planDebtPayoff([debt('a', 100, 10, 20), debt('b', 200, 10, 20), debt('c', 300, 10, 20)], 0, today);
    expect(plan.rows.map((row) => row.color)).toEqual([gradedColor(0, 3), gradedColor(1, 3), gradedColor(2, 3)]);
    expect(plan.rows[0]?.color).toBe('#b01c1c');
    expect(plan.rows[2]?.color).toBe('#1b6b2a');
  });
});

describe('gradedColor', () => {
  it('keeps every shade readable as text on white (WCAG AA 4.5:1)', () => {
    for (let index = 0; index <= 20; index += 1) {
      expect(contrastRatio(gradedColor(index, 21), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('monthAfter', () => {
  it('counts calendar months across a year end', () => {
    expect(monthAfter(new Date('2026-11-30T00:00:00Z'), 3)).toBe('2027-02');
  });
});

describe('checkExtraPayment', () => {
  it('accepts an empty field as no extra and amounts with a dollar sign or commas', () => {
    expect(checkExtraPayment('')).toEqual({ ok: true, amount: 0 });
    expect(checkExtraPayment('$1,250.5')).toEqual({ ok: true, amount: 1_250.5 });
  });

  it('refuses a negative amount, text and an amount above the maximum', () => {
    expect(checkExtraPayment('-5')).toEqual({ ok: false, reason: 'negative' });
    expect(checkExtraPayment('abc')).toEqual({ ok: false, reason: 'not-a-number' });
    expect(checkExtraPayment('2000000')).toEqual({ ok: false, reason: 'too-large' });
  });
});
