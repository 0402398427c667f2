import { describe, expect, it } from 'vitest';
import { AVERAGE_PROPERTY_TAX_PERCENT, DEFAULT_PMI_PERCENT, MORTGAGE_TERM_MONTHS, SIMULATOR_DEFAULTS, affordablePayment, formatSimulatorCurrency, initialSimulatorInputs, monthlyPrincipalAndInterest, mortgagePayment, paymentRange, pmiPercentFor, propertyTaxPercentFor, SIMULATOR_GAUGE_MAX_DEGREES, setSimulatorInput, simulatorGauge, simulatorMaximum, type SimulatorInputs } from '../../src/domain/mortgageSimulator';

// The premium demo customer's PMI table (seed/data/customers.ts).
const PMI_TABLE = [
  { savingsRatio: 0.05, pmi: 1.05 },
  { savingsRatio: 0.1, pmi: 0.78 },
  { savingsRatio: 0.15, pmi: 0.52 },
  { savingsRatio: 0.2, pmi: 0 },
];

const inputs = (overrides: Partial<SimulatorInputs> = {}): SimulatorInputs => ({
  purchasePrice: 300_000,
  savings: 30_000,
  annualIncome: 86_000,
  monthlyDebts: 500,
  interestRatePercent: 6.5,
  ...overrides,
});

describe('mortgage payment simulator (spec 001 §9)', () => {
  it('amortises over 360 months: $270,000 at 6.5% is $1,706.58 a month', () => {
    expect(MORTGAGE_TERM_MONTHS).toBe(360);
    expect(monthlyPrincipalAndInterest(270_000, 6.5)).toBeCloseTo(1706.58, 2);
  });

  it('divides the loan over the term when the rate is 0: $360,000 is $1,000 a month', () => {
    expect(monthlyPrincipalAndInterest(360_000, 0)).toBe(1000);
  });

  it('adds PMI by the savings ratio and the state property tax: $300,000 in TX with $30,000 saved costs $2,277.08', () => {
    const payment = mortgagePayment(inputs(), { pmiTable: PMI_TABLE, state: 'TX' });
    expect(payment.loan).toBe(270_000);
    // 10% saved: 0.78% a year on the loan.
    expect(payment.pmi).toBeCloseTo(175.5, 6);
    // Texas 1.58% a year on the price.
    expect(payment.propertyTax).toBeCloseTo(395, 6);
    expect(payment.total).toBeCloseTo(2277.08, 2);
    // 2277.08 rounds to 2278, the range is 2078 to 2478.
    expect(payment.range).toEqual({ low: 2078, high: 2478 });
  });

  it('affords income × DTI goal / 12 minus monthly debts: $86,000 and $500 of debts afford $2,581.67', () => {
    expect(affordablePayment(86_000, 500)).toBeCloseTo(2581.67, 2);
    expect(affordablePayment(20_000, 5_000)).toBe(0);
    expect(mortgagePayment(inputs(), { pmiTable: PMI_TABLE, state: 'TX' }).isAffordable).toBe(true);
    expect(mortgagePayment(inputs({ annualIncome: 40_000 }), { pmiTable: PMI_TABLE, state: 'TX' }).isAffordable).toBe(false);
  });

  it('looks PMI up by the highest ratio at or under the savings ratio, 1% under the table or without one', () => {
    expect(pmiPercentFor(0.12, PMI_TABLE)).toBe(0.78);
    expect(pmiPercentFor(0.2, PMI_TABLE)).toBe(0);
    expect(pmiPercentFor(0.5, PMI_TABLE)).toBe(0);
    expect(pmiPercentFor(0.02, PMI_TABLE)).toBe(DEFAULT_PMI_PERCENT);
    expect(pmiPercentFor(0.3, null)).toBe(1);
  });

  it('charges no PMI once the savings pay the whole price', () => {
    const payment = mortgagePayment(inputs({ savings: 300_000 }), { pmiTable: null, state: 'TX' });
    expect(payment.loan).toBe(0);
    expect(payment.pmi).toBe(0);
    expect(payment.principalAndInterest).toBe(0);
  });

  it('takes the state table\'s rate, and the average for an unknown or missing state', () => {
    expect(propertyTaxPercentFor('nj')).toBe(2.08);
    expect(propertyTaxPercentFor('ZZ')).toBe(AVERAGE_PROPERTY_TAX_PERCENT);
    expect(propertyTaxPercentFor(null)).toBe(AVERAGE_PROPERTY_TAX_PERCENT);
    expect(AVERAGE_PROPERTY_TAX_PERCENT).toBe(0.95);
  });

  it('rounds the payment range to multiples of 2 and never goes below 0', () => {
    expect(paymentRange(1001)).toEqual({ low: 802, high: 1202 });
    expect(paymentRange(1000.9)).toEqual({ low: 800, high: 1200 });
    expect(paymentRange(150)).toEqual({ low: 0, high: 350 });
  });

  it('clamps a value beyond its maximum and says so', () => {
    const price = setSimulatorInput(inputs(), 'purchasePrice', 2_000_000);
    expect(price).toEqual({ inputs: inputs({ purchasePrice: 1_500_000 }), clamped: true });
    expect(setSimulatorInput(inputs(), 'annualIncome', 250_000).inputs.annualIncome).toBe(200_000);
    expect(setSimulatorInput(inputs(), 'monthlyDebts', 12_000).inputs.monthlyDebts).toBe(10_000);
    expect(setSimulatorInput(inputs(), 'monthlyDebts', -5).inputs.monthlyDebts).toBe(0);
    expect(setSimulatorInput(inputs(), 'annualIncome', 90_000)).toEqual({ inputs: inputs({ annualIncome: 90_000 }), clamped: false });
  });

  it('keeps the savings at or under the purchase price, also when the price comes down', () => {
    expect(simulatorMaximum('savings', inputs())).toBe(300_000);
    expect(setSimulatorInput(inputs(), 'savings', 400_000)).toEqual({ inputs: inputs({ savings: 300_000 }), clamped: true });
    expect(setSimulatorInput(inputs({ savings: 250_000 }), 'purchasePrice', 200_000).inputs.savings).toBe(200_000);
  });

  it('starts from the customer\'s figures, the spec\'s defaults where they say nothing', () => {
    expect(initialSimulatorInputs({ purchasePrice: null, savings: null, annualIncome: null, monthlyDebts: null, interestRatePercent: null })).toEqual({
      purchasePrice: SIMULATOR_DEFAULTS.purchasePrice,
      savings: 0,
      annualIncome: 50_000,
      monthlyDebts: 0,
      interestRatePercent: 4,
    });
    expect(initialSimulatorInputs({ purchasePrice: 2_000_000, savings: 3_000_000, annualIncome: 86_000, monthlyDebts: 640, interestRatePercent: 6.5 })).toEqual({
      purchasePrice: 1_500_000,
      savings: 1_500_000,
      annualIncome: 86_000,
      monthlyDebts: 640,
      interestRatePercent: 6.5,
    });
  });

  it('compacts currency from 100,000 upward', () => {
    expect(formatSimulatorCurrency(99_999, 'en-US')).toBe('$99,999');
    expect(formatSimulatorCurrency(100_000, 'en-US')).toBe('$100K');
    expect(formatSimulatorCurrency(1_500_000, 'en-US')).toBe('$1.5M');
  });
});

describe('the simulator gauge (spec 001 §9: 0 to 207 degrees)', () => {
  const at = (annualIncome: number, monthlyDebts: number, total: number) =>
    simulatorGauge({ purchasePrice: 300_000, savings: 0, annualIncome, monthlyDebts, interestRatePercent: 4 }, { total });

  it('sweeps 207 degrees', () => {
    expect(SIMULATOR_GAUGE_MAX_DEGREES).toBe(207);
  });

  it('turns the needle by the DTI with the payment: 0 % at 0°, 50 % half way, 100 % at 207°', () => {
    expect(at(120_000, 0, 0)).toMatchObject({ dtiPercent: 0, angleDegrees: 0, withinGoal: true });
    expect(at(120_000, 4_000, 1_000)).toMatchObject({ dtiPercent: 50, angleDegrees: 103.5, withinGoal: false });
    expect(at(120_000, 8_000, 2_000)).toMatchObject({ dtiPercent: 100, angleDegrees: 207 });
  });

  it('keeps the needle at 207° beyond 100 %, and reads 100 % when there is no income', () => {
    expect(at(120_000, 20_000, 5_000)).toMatchObject({ dtiPercent: 250, angleDegrees: 207 });
    expect(at(0, 0, 1_500)).toMatchObject({ dtiPercent: 100, angleDegrees: 207, withinGoal: false });
  });

  it('marks the 43 % goal at 43 % of the sweep, and a DTI at the goal is within it', () => {
    const gauge = at(120_000, 3_300, 1_000);
    expect(gauge.goalAngleDegrees).toBeCloseTo(0.43 * 207, 6);
    expect(gauge).toMatchObject({ dtiPercent: 43, withinGoal: true });
  });
});
