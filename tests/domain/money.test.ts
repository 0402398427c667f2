import { describe, expect, it } from 'vitest';
import { DAY_MS, SAVINGS_FORECAST_HORIZON_MS, dtiMeter, savingsForecast, savingsMeter, totalCash } from '../../src/domain/money';

describe('money overview figures (spec 002 §9)', () => {
  it('counts checking, savings, cash, investment and prepaid in total cash, not credit cards', () => {
    const institutions = [
      {
        accounts: [
          { type: 'checking', currentBalance: 2_500 },
          { type: 'savings', currentBalance: 10_000 },
          { type: 'credit_card', currentBalance: 1_200 },
        ],
      },
      {
        accounts: [
          { type: 'cash', currentBalance: 100 },
          { type: 'investment', currentBalance: 5_000 },
          { type: 'prepaid', currentBalance: 50 },
        ],
      },
    ];
    expect(totalCash(institutions)).toBe(17_650);
    expect(totalCash([])).toBe(0);
  });

  it('measures savings against the goal\'s savings goal, or 10% of a purchase price without one', () => {
    expect(savingsMeter({ type: 'mortgage_loan', purchasePrice: 300_000, currentSavings: 15_000, savingsGoal: 60_000 })).toEqual({
      target: 60_000,
      saved: 15_000,
      percent: 25,
      isDownPayment: true,
    });
    // The premium demo customer: $18,500 of $38,500.
    expect(savingsMeter({ type: 'mortgage_loan', purchasePrice: 385_000, currentSavings: 18_500, savingsGoal: 38_500 }).percent).toBeCloseTo(48.05, 2);
    expect(savingsMeter({ type: 'mortgage_loan', purchasePrice: 300_000, currentSavings: 45_000 })).toMatchObject({ target: 30_000, percent: 100 });
    expect(savingsMeter({ type: 'financial_wellness', currentSavings: 0 })).toMatchObject({ target: 0, percent: 0, isDownPayment: false });
  });

  it('shows DTI on a scale of at least 35%, 100% without income, capped at 500%', () => {
    // $640 a month on $86,000 a year: 8.93%, shown 9 of 35.
    expect(dtiMeter(640, 86_000)).toMatchObject({ displayPercent: 9, scaleMax: 35, capped: false });
    expect(dtiMeter(640, 0)).toMatchObject({ dti: 100, displayPercent: 100, scaleMax: 100, fillPercent: 100 });
    expect(dtiMeter(10_000, 12_000)).toMatchObject({ dti: 1000, displayPercent: 500, scaleMax: 500, capped: true });
  });

  it('forecasts savings 90 days ahead along the least-squares line', () => {
    const start = Date.UTC(2026, 7, 1);
    // 100 a day from 1,000, with noise that cancels out: the line is exactly 1,000 + 100 × day.
    const history = [0, 1, 2, 3].map((day, i) => ({ time: start + day * DAY_MS, savings: 1_000 + 100 * day + [10, -10, -10, 10][i]! }));
    const forecast = savingsForecast(history);
    expect(forecast?.slopePerDay).toBeCloseTo(100, 9);
    expect(forecast?.start).toEqual({ time: start + 3 * DAY_MS, savings: expect.closeTo(1_300, 9) });
    expect(forecast?.end.time).toBe(start + 3 * DAY_MS + SAVINGS_FORECAST_HORIZON_MS);
    // 93 days after the first point.
    expect(forecast?.end.savings).toBeCloseTo(10_300, 6);
  });

  it('has no forecast from fewer than two points, and never forecasts below 0', () => {
    expect(savingsForecast([{ time: 0, savings: 5 }])).toBeNull();
    expect(savingsForecast([{ time: 0, savings: 5 }, { time: 0, savings: 7 }])).toBeNull();
    const falling = savingsForecast([{ time: 0, savings: 1_000 }, { time: DAY_MS, savings: 900 }]);
    expect(falling?.end.savings).toBe(0);
  });
});
