// The money overview's figures (spec 002 §2 Money overview, §3 Connected institution, §9): total cash over the
// cash-like accounts, the down-payment / savings meter, the DTI meter, and the savings forecast (a least-squares
// line over the savings history, 90 days ahead).
import type { GoalType } from './intake';
import { debtToIncomePercent } from './readinessScore';

/** spec 002 §9: the account types total cash counts (credit cards are debts). */
export const CASH_ACCOUNT_TYPES = ['checking', 'savings', 'cash', 'investment', 'prepaid'] as const;

/** spec 002 §9: the DTI meter's scale reaches at least this percent. */
export const DTI_METER_MIN_PERCENT = 35;
/** spec 002 §9: the DTI percent shown is capped here. */
export const DTI_DISPLAY_MAX_PERCENT = 500;

/** spec 002 §9: the savings forecast looks this far ahead (90 days). */
export const SAVINGS_FORECAST_HORIZON_MS = 7_776_000_000;
export const DAY_MS = 86_400_000;

/** Savings goal when the goal carries none: this share of the purchase price (a 10% down payment). */
export const DEFAULT_DOWN_PAYMENT_SHARE = 0.1;

export interface CashAccount {
  type: string;
  currentBalance: number;
}

/** spec 002 §9: the balances of the five cash account types of every connected institution. */
export function totalCash(institutions: readonly { accounts: readonly CashAccount[] }[]): number {
  const counted = new Set<string>(CASH_ACCOUNT_TYPES);
  return institutions
    .flatMap((institution) => institution.accounts)
    .filter((account) => counted.has(account.type))
    .reduce((sum, account) => sum + account.currentBalance, 0);
}

export interface SavingsGoalFacts {
  type: GoalType | string;
  purchasePrice?: number | null;
  currentHomePrice?: number | null;
  currentSavings?: number | null;
  savingsGoal?: number | null;
}

export interface SavingsMeter {
  /** What the goal needs saved (the down payment of a home purchase); 0 when it says nothing. */
  target: number;
  saved: number;
  /** 0..100, saved over target (100 when there is no target and something is saved). */
  percent: number;
  /** The meter speaks of a down payment (a purchase) rather than savings. */
  isDownPayment: boolean;
}

/**
 * The down-payment / savings meter: the goal's savings against what it needs: its savingsGoal, else for a purchase
 * 10% of the purchase price (the goal's savingsGoalPercent is the progress already made, so it is not read here).
 */
export function savingsMeter(goal: SavingsGoalFacts): SavingsMeter {
  const saved = Math.max(0, goal.currentSavings ?? 0);
  const price = goal.purchasePrice ?? goal.currentHomePrice ?? 0;
  const isDownPayment = goal.type === 'mortgage_loan' || goal.type === 'recreational_vehicle';
  let target = 0;
  if (goal.savingsGoal && goal.savingsGoal > 0) target = goal.savingsGoal;
  else if (isDownPayment && price > 0) target = Math.round(price * DEFAULT_DOWN_PAYMENT_SHARE);
  const percent = target > 0 ? Math.min(100, (saved / target) * 100) : saved > 0 ? 100 : 0;
  return { target, saved, percent, isDownPayment };
}

export interface DtiMeter {
  /** The DTI in percent (100 when there is no income). */
  dti: number;
  /** What the page prints: rounded, capped at 500. */
  displayPercent: number;
  /** The meter's top: at least 35, or the (capped) DTI. */
  scaleMax: number;
  /** The meter's fill, 0..100. */
  fillPercent: number;
  capped: boolean;
}

/** spec 002 §9: the DTI meter (minimum 35, display capped at 500%, 100 when income is 0). */
export function dtiMeter(monthlyDebtPayment: number, annualIncome: number | null): DtiMeter {
  const dti = debtToIncomePercent(Math.max(0, monthlyDebtPayment), annualIncome);
  const displayPercent = Math.min(DTI_DISPLAY_MAX_PERCENT, Math.round(dti));
  const scaleMax = Math.max(DTI_METER_MIN_PERCENT, displayPercent);
  return { dti, displayPercent, scaleMax, fillPercent: (displayPercent / scaleMax) * 100, capped: dti > DTI_DISPLAY_MAX_PERCENT };
}

export interface SavingsPoint {
  /** Milliseconds since the epoch. */
  time: number;
  savings: number;
}

export interface SavingsForecast {
  /** Change a day (USD). */
  slopePerDay: number;
  /** The line's value at the last point and 90 days after it. */
  start: SavingsPoint;
  end: SavingsPoint;
}

/**
 * spec 002 §9: least squares over the history (time in days), extended 90 days past its last point; null with
 * fewer than two points or all at one time. The forecast never goes below 0.
 */
export function savingsForecast(history: readonly SavingsPoint[]): SavingsForecast | null {
  if (history.length < 2) return null;
  const origin = history[0]!.time;
  const xs = history.map((point) => (point.time - origin) / DAY_MS);
  const ys = history.map((point) => point.savings);
  const n = history.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i += 1) {
    sxx += (xs[i]! - meanX) ** 2;
    sxy += (xs[i]! - meanX) * (ys[i]! - meanY);
  }
  if (sxx === 0) return null;
  const slopePerDay = sxy / sxx;
  const at = (time: number) => Math.max(0, meanY + slopePerDay * ((time - origin) / DAY_MS - meanX));
  const last = Math.max(...history.map((point) => point.time));
  const endTime = last + SAVINGS_FORECAST_HORIZON_MS;
  return { slopePerDay, start: { time: last, savings: at(last) }, end: { time: endTime, savings: at(endTime) } };
}
