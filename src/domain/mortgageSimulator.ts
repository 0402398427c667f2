// The money overview's mortgage payment simulator (spec 001 §9 "Simulator", spec 002 §2 Money overview): what a
// home at a purchase price would cost a month over a 360-month term (principal and interest, PMI by the savings
// ratio, property tax by the purchase state), beside what the customer can afford at the DTI goal. Pure maths; the
// sliders' state is machines/money/paymentSimulator.machine.ts.

import { debtToIncomePercent } from './readinessScore';

/** spec 001 §9: the term of every simulated mortgage. */
export const MORTGAGE_TERM_MONTHS = 360;

/** spec 001 §9: the sliders' maxima (savings: up to the home value, see `savingsMaximum`). */
export const SIMULATOR_MAXIMA_USD = {
  purchasePrice: 1_500_000,
  annualIncome: 200_000,
  monthlyDebts: 10_000,
} as const;

/** spec 001 §9: the sliders' defaults when the customer's data says nothing. */
export const SIMULATOR_DEFAULTS = {
  purchasePrice: 300_000,
  savings: 0,
  annualIncome: 50_000,
  interestRatePercent: 4,
} as const;

/** The highest interest rate the simulator accepts (a percent a year). */
export const SIMULATOR_INTEREST_MAX_PERCENT = 15;

/** spec 001 §9: the payment range is the payment rounded to a multiple of 2, plus or minus this. */
export const PAYMENT_RANGE_SPREAD_USD = 200;

/** spec 001 §9: PMI when the savings ratio is under every entry of the customer's PMI table (or there is none). */
export const DEFAULT_PMI_PERCENT = 1;

/**
 * The DTI a mortgage lender accepts (the qualified-mortgage limit), the same target the readiness score's DTI
 * component uses for a mortgage goal (src/domain/readinessScore.ts): the affordable payment is taken at it.
 */
export const MORTGAGE_DTI_GOAL_PERCENT = 43;

/**
 * Effective annual property tax, percent of the home's value, by state (the Tax Foundation's 2023 figures for
 * owner-occupied housing, rounded to two decimals). spec 001 §9: the rate comes from this table; a state not in it
 * takes the average.
 */
export const PROPERTY_TAX_PERCENT_BY_STATE: Readonly<Record<string, number>> = {
  AL: 0.38, AK: 1.07, AZ: 0.52, AR: 0.57, CA: 0.71, CO: 0.49, CT: 1.7, DE: 0.51, DC: 0.55, FL: 0.79, GA: 0.81,
  HI: 0.27, ID: 0.58, IL: 1.95, IN: 0.77, IA: 1.43, KS: 1.3, KY: 0.76, LA: 0.51, ME: 1.1, MD: 0.96, MA: 1.04,
  MI: 1.28, MN: 1.02, MS: 0.67, MO: 0.91, MT: 0.69, NE: 1.5, NV: 0.5, NH: 1.61, NJ: 2.08, NM: 0.67, NY: 1.54,
  NC: 0.7, ND: 0.99, OH: 1.3, OK: 0.8, OR: 0.82, PA: 1.35, RI: 1.23, SC: 0.51, SD: 1.08, TN: 0.56, TX: 1.58,
  UT: 0.52, VT: 1.71, VA: 0.8, WA: 0.8, WV: 0.55, WI: 1.38, WY: 0.56,
};

/** The table's average: the rate of a state the table does not know (spec 001 §9). */
export const AVERAGE_PROPERTY_TAX_PERCENT = (() => {
  const rates = Object.values(PROPERTY_TAX_PERCENT_BY_STATE);
  return Math.round((rates.reduce((sum, rate) => sum + rate, 0) / rates.length) * 100) / 100;
})();

/** One row of the customer's PMI table (user info's pmiRate): from this savings ratio up, this PMI percent a year. */
export interface PmiRateEntry {
  savingsRatio: number;
  pmi: number;
}

/** The simulator's inputs, in whole USD (income a year, debts a month) and percent a year. */
export interface SimulatorInputs {
  purchasePrice: number;
  savings: number;
  annualIncome: number;
  monthlyDebts: number;
  interestRatePercent: number;
}

export type SimulatorField = keyof SimulatorInputs;

/** spec 001 §9: savings go up to the home value, never above the purchase price. */
export function savingsMaximum(purchasePrice: number): number {
  return Math.max(0, Math.min(purchasePrice, SIMULATOR_MAXIMA_USD.purchasePrice));
}

/** The highest value a slider takes, given the other inputs (savings follow the purchase price). */
export function simulatorMaximum(field: SimulatorField, inputs: SimulatorInputs): number {
  switch (field) {
    case 'purchasePrice':
      return SIMULATOR_MAXIMA_USD.purchasePrice;
    case 'annualIncome':
      return SIMULATOR_MAXIMA_USD.annualIncome;
    case 'monthlyDebts':
      return SIMULATOR_MAXIMA_USD.monthlyDebts;
    case 'savings':
      return savingsMaximum(inputs.purchasePrice);
    case 'interestRatePercent':
      return SIMULATOR_INTEREST_MAX_PERCENT;
  }
}

/** A value set on one slider, clamped to 0..its maximum; `clamped` says it was out of range. */
export interface ClampedChange {
  inputs: SimulatorInputs;
  clamped: boolean;
}

function finiteOrZero(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/**
 * Sets one input, clamped to its range (a value beyond the maximum takes the maximum, a negative one 0); a lower
 * purchase price pulls the savings down with it (never above the purchase price).
 */
export function setSimulatorInput(inputs: SimulatorInputs, field: SimulatorField, value: number): ClampedChange {
  const wanted = finiteOrZero(value);
  const maximum = simulatorMaximum(field, inputs);
  const next = Math.min(Math.max(wanted, 0), maximum);
  const updated = { ...inputs, [field]: next };
  updated.savings = Math.min(updated.savings, savingsMaximum(updated.purchasePrice));
  return { inputs: updated, clamped: next !== wanted || !Number.isFinite(value) };
}

/** The starting inputs from the customer's data: each value clamped, a missing one the spec's default. */
export function initialSimulatorInputs(facts: {
  purchasePrice: number | null;
  savings: number | null;
  annualIncome: number | null;
  monthlyDebts: number | null;
  interestRatePercent: number | null;
}): SimulatorInputs {
  const pick = (value: number | null, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
  let inputs: SimulatorInputs = {
    purchasePrice: SIMULATOR_DEFAULTS.purchasePrice,
    savings: SIMULATOR_DEFAULTS.savings,
    annualIncome: SIMULATOR_DEFAULTS.annualIncome,
    monthlyDebts: 0,
    interestRatePercent: SIMULATOR_DEFAULTS.interestRatePercent,
  };
  inputs = setSimulatorInput(inputs, 'purchasePrice', pick(facts.purchasePrice, SIMULATOR_DEFAULTS.purchasePrice)).inputs;
  inputs = setSimulatorInput(inputs, 'savings', pick(facts.savings, SIMULATOR_DEFAULTS.savings)).inputs;
  inputs = setSimulatorInput(inputs, 'annualIncome', pick(facts.annualIncome, SIMULATOR_DEFAULTS.annualIncome)).inputs;
  inputs = setSimulatorInput(inputs, 'monthlyDebts', pick(facts.monthlyDebts, 0)).inputs;
  inputs = setSimulatorInput(inputs, 'interestRatePercent', pick(facts.interestRatePercent, SIMULATOR_DEFAULTS.interestRatePercent)).inputs;
  return inputs;
}

/** spec 001 §9: the PMI percent a year for a savings ratio: the table's entry with the highest ratio at or under it. */
export function pmiPercentFor(savingsRatio: number, table: readonly PmiRateEntry[] | null): number {
  const applicable = (table ?? []).filter((entry) => entry.savingsRatio <= savingsRatio);
  if (applicable.length === 0) return DEFAULT_PMI_PERCENT;
  return applicable.reduce((best, entry) => (entry.savingsRatio > best.savingsRatio ? entry : best)).pmi;
}

/** spec 001 §9: the state's property tax percent a year; the table's average for a state it does not know. */
export function propertyTaxPercentFor(state: string | null | undefined): number {
  const rate = state ? PROPERTY_TAX_PERCENT_BY_STATE[state.toUpperCase()] : undefined;
  return rate ?? AVERAGE_PROPERTY_TAX_PERCENT;
}

/** Principal and interest a month on `loan` over the term (the loan over the months when the rate is 0). */
export function monthlyPrincipalAndInterest(loan: number, interestRatePercent: number): number {
  if (loan <= 0) return 0;
  const rate = interestRatePercent / 100 / 12;
  if (rate === 0) return loan / MORTGAGE_TERM_MONTHS;
  return (loan * rate) / (1 - (1 + rate) ** -MORTGAGE_TERM_MONTHS);
}

export interface MortgagePayment {
  loan: number;
  principalAndInterest: number;
  pmi: number;
  propertyTax: number;
  /** The three together, a month. */
  total: number;
  /** spec 001 §9: the payment rounded to a multiple of 2, plus or minus 200 (never below 0). */
  range: { low: number; high: number };
  /** spec 001 §9: income × DTI goal / 12 − monthly debts (never below 0). */
  affordable: number;
  /** The payment is within what the customer can afford. */
  isAffordable: boolean;
}

export interface RateFacts {
  pmiTable: readonly PmiRateEntry[] | null;
  /** The purchase state (goal.purchaseState), for the property tax. */
  state: string | null;
}

export function paymentRange(total: number): { low: number; high: number } {
  const rounded = Math.round(total / 2) * 2;
  return { low: Math.max(0, rounded - PAYMENT_RANGE_SPREAD_USD), high: rounded + PAYMENT_RANGE_SPREAD_USD };
}

export function affordablePayment(annualIncome: number, monthlyDebts: number): number {
  return Math.max(0, (annualIncome * MORTGAGE_DTI_GOAL_PERCENT) / 100 / 12 - monthlyDebts);
}

/** The monthly payment for the inputs (spec 001 §9). */
export function mortgagePayment(inputs: SimulatorInputs, facts: RateFacts): MortgagePayment {
  const loan = Math.max(0, inputs.purchasePrice - inputs.savings);
  const principalAndInterest = monthlyPrincipalAndInterest(loan, inputs.interestRatePercent);
  const savingsRatio = inputs.purchasePrice > 0 ? inputs.savings / inputs.purchasePrice : 0;
  const pmi = loan > 0 ? (loan * pmiPercentFor(savingsRatio, facts.pmiTable)) / 100 / 12 : 0;
  const propertyTax = (inputs.purchasePrice * propertyTaxPercentFor(facts.state)) / 100 / 12;
  const total = principalAndInterest + pmi + propertyTax;
  const affordable = affordablePayment(inputs.annualIncome, inputs.monthlyDebts);
  return { loan, principalAndInterest, pmi, propertyTax, total, range: paymentRange(total), affordable, isAffordable: total <= affordable };
}

/** spec 001 §9: the simulator's gauge sweeps from 0 to this many degrees. */
export const SIMULATOR_GAUGE_MAX_DEGREES = 207;
/** The DTI at the gauge's end: a DTI beyond it keeps the needle there. */
export const SIMULATOR_GAUGE_MAX_DTI_PERCENT = 100;

export interface SimulatorGauge {
  /** The DTI with the simulated payment, percent, rounded (100 when there is no income, spec 001 §9). */
  dtiPercent: number;
  /** The needle's angle from the gauge's start, 0..207 degrees. */
  angleDegrees: number;
  /** Where the DTI goal sits on the gauge, degrees from its start. */
  goalAngleDegrees: number;
  /** The DTI is within the goal. */
  withinGoal: boolean;
}

function gaugeAngle(dtiPercent: number): number {
  const share = Math.min(Math.max(dtiPercent, 0), SIMULATOR_GAUGE_MAX_DTI_PERCENT) / SIMULATOR_GAUGE_MAX_DTI_PERCENT;
  return share * SIMULATOR_GAUGE_MAX_DEGREES;
}

/**
 * The simulator's gauge (spec 001 §9 "Gauge range 0 to 207 degrees"): the debt-to-income ratio the customer would
 * have with the simulated payment on top of their monthly debts, from 0 % at 0° to 100 % at 207°, with the DTI
 * goal marked.
 */
export function simulatorGauge(inputs: SimulatorInputs, payment: Pick<MortgagePayment, 'total'>): SimulatorGauge {
  const dti = debtToIncomePercent(inputs.monthlyDebts + payment.total, inputs.annualIncome);
  const dtiPercent = Math.round(dti);
  return {
    dtiPercent,
    angleDegrees: gaugeAngle(dti),
    goalAngleDegrees: gaugeAngle(MORTGAGE_DTI_GOAL_PERCENT),
    withinGoal: dti <= MORTGAGE_DTI_GOAL_PERCENT,
  };
}

/** spec 001 §9: currency compacts from 100,000 upward ($95,000, $150K, $1.5M); whole USD. */
export function formatSimulatorCurrency(amount: number, locale: string): string {
  const compact = Math.abs(amount) >= 100_000;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: compact ? 1 : 0,
    minimumFractionDigits: 0,
    ...(compact ? { notation: 'compact' as const } : {}),
  }).format(amount);
}
