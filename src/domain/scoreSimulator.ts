// The score simulator's model: an explainable estimate of how a change would move one bureau's
// score, in the spirit of the published score factor weights:
//
//   payment history 35% · amounts owed (utilisation) 30% · length of history 15% · new credit 10% · credit mix 10%
//
// Each factor has a sub-score between 0 and 1 computed from the report (the functions below say how). The score
// range 300-850 spans 550 points, so a factor with weight w can move the score by at most 550 × w points (payment
// history 192.5, utilisation 165, age 82.5, new credit and mix 55 each). A scenario changes the accounts and
// inquiries; every factor's sub-score is computed before and after, its points are round(550 × w × (after −
// before)), and the estimate is the customer's real current score plus the factors' points, clamped to 300-850.
// Starting from the real score (not from the model's own estimate of it) keeps the estimate anchored to what the
// bureau says; the model only explains the difference.
//
// Pure: no imports outside src/domain. The inputs are structural, so the contract's CreditAccount and CreditInquiry
// (src/contract/credit.ts) satisfy them.

/**
 * The app key the sandbox simulator widget accepts (functions/src/credit/simulatorSandboxPage.ts): the app hands it to the
 * widget with the display tokens. It names this app to the sandbox only; production configures the vendor's own key
 * and widget address instead.
 */
export const SIMULATOR_SANDBOX_APP_KEY = 'sbx-credit-readiness-simulator';

/** The widget's locales (spec 001 §2 "Simulator": es-US when the app's language is es, otherwise en-US). */
export const SIMULATOR_LOCALES = ['en-US', 'es-US'] as const;
export type SimulatorLocale = (typeof SIMULATOR_LOCALES)[number];

/** The analytics message the widget posts to the hosting app (never tokens or personal data). */
export const SIMULATOR_EVENT_MESSAGE = 'simulator.event';
export type SimulatorEventName = 'widget_loaded' | 'simulation_run';

export const SCORE_MIN = 300;
export const SCORE_MAX = 850;
const SCORE_SPAN = SCORE_MAX - SCORE_MIN;

export const FACTORS = ['paymentHistory', 'utilization', 'age', 'newCredit', 'mix'] as const;
export type ScoreFactor = (typeof FACTORS)[number];

/** The published weights. */
export const FACTOR_WEIGHTS: Readonly<Record<ScoreFactor, number>> = {
  paymentHistory: 0.35,
  utilization: 0.3,
  age: 0.15,
  newCredit: 0.1,
  mix: 0.1,
};

/** Months of payment history the model reads (the report's grid). */
export const HISTORY_MONTHS = 24;
/** Late marks in the last 12 months weigh fully; older ones (12-23 months) half. */
export const RECENT_LATE_MONTHS = 12;
/** Hard inquiries and new accounts count against new credit for 12 months. */
export const NEW_CREDIT_MONTHS = 12;

/**
 * How bad a late mark is (spec 001 §4 payment status codes): 30 days 1/2, 60 days 2/3, 90-180 days 5/6, and
 * bankruptcy, repossession or foreclosure, collection or charge-off 1. A mark older than 12 months counts half.
 */
export const LATE_MARK_SEVERITY: Readonly<Record<string, number>> = {
  '1': 1 / 2,
  '2': 2 / 3,
  '3': 5 / 6,
  '4': 5 / 6,
  '5': 5 / 6,
  '6': 5 / 6,
  '7': 1,
  '8': 1,
  '9': 1,
};
/**
 * Payment history's sub-score: 45% the worst mark on the file (1 − its severity) and 55% how many accounts were
 * ever late in 24 months (1 − count ÷ 10, an account late only more than 12 months ago counting half). A first
 * 30-day late on a clean file costs about 54 points, a 90-day one about 83; on a file that already shows a serious
 * delinquency, one more late account costs about 11 (the worst mark is already counted), as real scores behave.
 */
export const WORST_MARK_SHARE = 0.45;
export const LATE_ACCOUNTS_FOR_NOTHING = 10;

/** Hard inquiries (each) and new accounts (each) in the last 12 months: new credit's sub-score is exp(−sum). */
export const INQUIRY_PENALTY = 0.12;
export const NEW_ACCOUNT_PENALTY = 0.15;

/** Average account age (years) that earns the whole age sub-score's 70% share, and oldest-account age its 30%. */
export const FULL_AVERAGE_AGE_YEARS = 12;
export const FULL_OLDEST_AGE_YEARS = 20;

/** The days late a missed-payment scenario reports (status codes 1, 2, 3 of spec 001 §4). */
export const MISSED_PAYMENT_DAYS = [30, 60, 90] as const;
export type MissedPaymentDays = (typeof MISSED_PAYMENT_DAYS)[number];
const MISSED_PAYMENT_CODE: Readonly<Record<MissedPaymentDays, string>> = { 30: '1', 60: '2', 90: '3' };

// ---------------------------------------------------------------------------------------------- inputs

/** An account as the simulator reads it (CreditAccount satisfies it). */
export interface SimulatorAccount {
  id: string;
  creditorName: string;
  accountType: string | null;
  loanType: string | null;
  portfolioType: string | null;
  currentBalance: number | null;
  creditLimit: number | null;
  /** yyyy-MM-dd */
  opened: string | null;
  closed: string | null;
  status: string | null;
  monthlyPaymentHistory: { Monthly: readonly { date: string; status: string }[] };
}

export interface SimulatorInquiry {
  id: string;
  /** yyyy-MM-dd */
  date: string | null;
}

export interface SimulatorInput {
  /** The bureau's current score. */
  score: number;
  accounts: readonly SimulatorAccount[];
  inquiries: readonly SimulatorInquiry[];
  /** Today, yyyy-MM-dd: ages and windows are counted to it. */
  today: string;
}

export type SimulatorScenario =
  /** Pays `amount` off open cards' balances, the highest-utilisation card first, each to zero before the next. */
  | { kind: 'payDown'; amount: number }
  /** Opens a new credit card with this limit and no balance (a hard inquiry comes with the application). */
  | { kind: 'openCard'; limit: number }
  /** Closes an open account; a closed card's limit no longer counts, its balance still does. */
  | { kind: 'closeAccount'; accountId: string }
  /** A new hard inquiry (applying for credit). */
  | { kind: 'hardInquiry' }
  /** The latest month of an open account reported 30, 60 or 90 days late. */
  | { kind: 'missedPayment'; accountId: string; daysLate: MissedPaymentDays };
export type SimulatorScenarioKind = SimulatorScenario['kind'];
export const SCENARIO_KINDS: readonly SimulatorScenarioKind[] = ['payDown', 'openCard', 'closeAccount', 'hardInquiry', 'missedPayment'];

/** What the widget tells the app: which bureau and which kinds of scenario, nothing about the customer. */
export interface SimulatorEvent {
  type: typeof SIMULATOR_EVENT_MESSAGE;
  name: SimulatorEventName;
  bureau: string;
  scenarios: SimulatorScenarioKind[];
}

// ---------------------------------------------------------------------------------------------- outputs

/** What a scenario did: a pay-down lists what went to which card; a scenario that cannot apply says why. */
export type AppliedScenario =
  | { kind: 'payDown'; applied: true; paid: number; unused: number; payments: { accountId: string; creditorName: string; amount: number }[] }
  | { kind: 'openCard'; applied: true; limit: number }
  | { kind: 'closeAccount'; applied: true; accountId: string; creditorName: string }
  | { kind: 'hardInquiry'; applied: true }
  | { kind: 'missedPayment'; applied: true; accountId: string; creditorName: string; daysLate: MissedPaymentDays }
  | { kind: SimulatorScenarioKind; applied: false; reason: 'unknown-account' | 'account-closed' | 'no-card-balance' | 'invalid-amount' };

/** The measure behind a factor, in its unit: percent, count, years or account types. */
export interface FactorMeasure {
  unit: 'percent' | 'lateMarks' | 'years' | 'count' | 'types';
  before: number;
  after: number;
}

export interface FactorChange {
  factor: ScoreFactor;
  weight: number;
  /** The sub-scores (0-1), rounded to 3 decimals. */
  before: number;
  after: number;
  /** Score points this factor moves: round(550 × weight × (after − before)). */
  points: number;
  measure: FactorMeasure;
  /** `${factor}.${'better' | 'worse' | 'same'}`: the sentence that explains it (the widget's texts). */
  explanation: `${ScoreFactor}.${'better' | 'worse' | 'same'}`;
}

export interface SimulationResult {
  scoreBefore: number;
  /** The estimate, clamped to 300-850. */
  scoreAfter: number;
  change: number;
  factors: FactorChange[];
  scenarios: AppliedScenario[];
}

// ---------------------------------------------------------------------------------------------- the factors

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const yearsBetween = (from: string, to: string) => Math.max(0, (dayMs(to) - dayMs(from)) / (365.25 * DAY_MS));
const monthsBetween = (from: string, to: string) => yearsBetween(from, to) * 12;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round3 = (value: number) => Math.round(value * 1_000) / 1_000;

const isCollection = (account: SimulatorAccount) => account.portfolioType === 'Y' || account.status === 'Collection';
const isOpen = (account: SimulatorAccount) => !account.closed && account.status !== 'Closed' && !isCollection(account);
/** Revolving (R), open charge cards (O) and lines of credit (C), or a card by its type. */
const isRevolving = (account: SimulatorAccount) =>
  account.portfolioType === 'R' ||
  account.portfolioType === 'O' ||
  account.portfolioType === 'C' || /credit card|revolving|charge/i.test(`${account.accountType ?? ''} ${account.loanType ?? ''}`);
const isMortgage = (account: SimulatorAccount) =>
  account.portfolioType === 'M' || /mortgage|real estate/i.test(`${account.accountType ?? ''} ${account.loanType ?? ''}`);

/** The worst late mark and the accounts ever late in 24 months (see LATE_MARK_SEVERITY and WORST_MARK_SHARE). */
function paymentHistory(accounts: readonly SimulatorAccount[]): { score: number; lateMarks: number } {
  let worst = 0;
  let lateAccounts = 0;
  let lateMarks = 0;
  for (const account of accounts) {
    const marks = account.monthlyPaymentHistory.Monthly.slice(0, HISTORY_MONTHS)
      .map((month, monthsAgo) => ({ severity: LATE_MARK_SEVERITY[month.status] ?? 0, recent: monthsAgo < RECENT_LATE_MONTHS }))
      .filter((mark) => mark.severity > 0);
    if (marks.length === 0) continue;
    lateMarks += marks.length;
    worst = Math.max(worst, ...marks.map((mark) => mark.severity * (mark.recent ? 1 : 0.5)));
    lateAccounts += marks.some((mark) => mark.recent) ? 1 : 0.5;
  }
  const score = WORST_MARK_SHARE * (1 - worst) + (1 - WORST_MARK_SHARE) * Math.max(0, 1 - lateAccounts / LATE_ACCOUNTS_FOR_NOTHING);
  return { score, lateMarks };
}

/** The utilisation curve: best from 1% to 10%, a little lower at 0%, falling to nothing above 100%. */
function utilizationCurve(ratio: number): number {
  const points: [number, number][] = [
    [0, 0.95],
    [0.01, 1],
    [0.1, 1],
    [0.3, 0.8],
    [0.5, 0.55],
    [0.75, 0.3],
    [1, 0.1],
    [1.2, 0],
  ];
  if (ratio >= 1.2) return 0;
  for (let i = 1; i < points.length; i += 1) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (ratio <= x1) return y0 + ((ratio - x0) / (x1 - x0)) * (y1 - y0);
  }
  return 0;
}

/**
 * Open cards' balances over their limits (a closed card's balance still counts, its limit no longer does): 80% the
 * overall ratio, 20% the highest single card's. No card limit at all scores 0.5 (nothing to judge by).
 */
function utilization(accounts: readonly SimulatorAccount[]): { score: number; percent: number } {
  const cards = accounts.filter((account) => isRevolving(account) && !isCollection(account));
  const limited = cards.filter((account) => isOpen(account) && (account.creditLimit ?? 0) > 0);
  const limit = limited.reduce((sum, account) => sum + (account.creditLimit ?? 0), 0);
  const balance = cards.reduce((sum, account) => sum + Math.max(0, account.currentBalance ?? 0), 0);
  if (limit <= 0) return { score: 0.5, percent: balance > 0 ? 100 : 0 };
  const overall = balance / limit;
  const highest = Math.max(...limited.map((account) => Math.max(0, account.currentBalance ?? 0) / (account.creditLimit ?? 1)));
  return { score: 0.8 * utilizationCurve(overall) + 0.2 * utilizationCurve(highest), percent: Math.round(overall * 1_000) / 10 };
}

/** Average and oldest age of the accounts on the report (closed ones stay on it, and keep counting). */
function age(accounts: readonly SimulatorAccount[], today: string): { score: number; years: number } {
  const ages = accounts.filter((account) => !isCollection(account) && account.opened).map((account) => yearsBetween(account.opened!, today));
  if (ages.length === 0) return { score: 0, years: 0 };
  const average = ages.reduce((sum, years) => sum + years, 0) / ages.length;
  const oldest = Math.max(...ages);
  return {
    score: 0.7 * Math.min(1, average / FULL_AVERAGE_AGE_YEARS) + 0.3 * Math.min(1, oldest / FULL_OLDEST_AGE_YEARS),
    years: Math.round(average * 10) / 10,
  };
}

/** Hard inquiries and accounts opened in the last 12 months. */
function newCredit(accounts: readonly SimulatorAccount[], inquiries: readonly SimulatorInquiry[], today: string): { score: number; count: number } {
  const recent = (day: string | null) => day !== null && monthsBetween(day, today) < NEW_CREDIT_MONTHS && dayMs(day) <= dayMs(today);
  const inquiryCount = inquiries.filter((inquiry) => recent(inquiry.date)).length;
  const newAccounts = accounts.filter((account) => !isCollection(account) && recent(account.opened)).length;
  return { score: Math.exp(-(INQUIRY_PENALTY * inquiryCount + NEW_ACCOUNT_PENALTY * newAccounts)), count: inquiryCount + newAccounts };
}

/** Kinds of credit handled: cards (revolving), installment loans, a mortgage. */
function mix(accounts: readonly SimulatorAccount[]): { score: number; types: number } {
  const onReport = accounts.filter((account) => !isCollection(account));
  const revolving = onReport.some(isRevolving);
  const mortgage = onReport.some(isMortgage);
  const installment = onReport.some((account) => !isRevolving(account) && !isMortgage(account));
  return {
    score: 0.2 + (revolving ? 0.35 : 0) + (installment ? 0.3 : 0) + (mortgage ? 0.15 : 0),
    types: [revolving, installment, mortgage].filter(Boolean).length,
  };
}

interface FactorValues {
  score: number;
  measure: number;
}

function factorValues(accounts: readonly SimulatorAccount[], inquiries: readonly SimulatorInquiry[], today: string): Record<ScoreFactor, FactorValues> {
  const history = paymentHistory(accounts);
  const owed = utilization(accounts);
  const length = age(accounts, today);
  const fresh = newCredit(accounts, inquiries, today);
  const kinds = mix(accounts);
  return {
    paymentHistory: { score: history.score, measure: history.lateMarks },
    utilization: { score: owed.score, measure: owed.percent },
    age: { score: length.score, measure: length.years },
    newCredit: { score: fresh.score, measure: fresh.count },
    mix: { score: kinds.score, measure: kinds.types },
  };
}

const MEASURE_UNITS: Readonly<Record<ScoreFactor, FactorMeasure['unit']>> = {
  paymentHistory: 'lateMarks',
  utilization: 'percent',
  age: 'years',
  newCredit: 'count',
  mix: 'types',
};

// ---------------------------------------------------------------------------------------------- scenarios

type Working = { accounts: SimulatorAccount[]; inquiries: SimulatorInquiry[] };

function applyScenario(state: Working, scenario: SimulatorScenario, today: string, index: number): AppliedScenario {
  const find = (id: string) => state.accounts.findIndex((account) => account.id === id);
  switch (scenario.kind) {
    case 'payDown': {
      if (!(scenario.amount > 0) || !Number.isFinite(scenario.amount)) return { kind: 'payDown', applied: false, reason: 'invalid-amount' };
      const cards = state.accounts
        .map((account, position) => ({ account, position }))
        .filter(({ account }) => isRevolving(account) && isOpen(account) && (account.currentBalance ?? 0) > 0)
        .sort((a, b) => ratioOf(b.account) - ratioOf(a.account));
      if (cards.length === 0) return { kind: 'payDown', applied: false, reason: 'no-card-balance' };
      let left = Math.round(scenario.amount);
      const payments: { accountId: string; creditorName: string; amount: number }[] = [];
      for (const { account, position } of cards) {
        if (left <= 0) break;
        const amount = Math.min(left, account.currentBalance ?? 0);
        left -= amount;
        state.accounts[position] = { ...account, currentBalance: (account.currentBalance ?? 0) - amount };
        payments.push({ accountId: account.id, creditorName: account.creditorName, amount });
      }
      return { kind: 'payDown', applied: true, paid: Math.round(scenario.amount) - left, unused: left, payments };
    }
    case 'openCard': {
      if (!(scenario.limit > 0) || !Number.isFinite(scenario.limit)) return { kind: 'openCard', applied: false, reason: 'invalid-amount' };
      const limit = Math.round(scenario.limit);
      state.accounts.push({
        id: `simulated-card-${index}`,
        creditorName: 'NEW CREDIT CARD',
        accountType: 'Revolving Credit Card',
        loanType: 'Credit Card',
        portfolioType: 'R',
        currentBalance: 0,
        creditLimit: limit,
        opened: today,
        closed: null,
        status: 'Open',
        monthlyPaymentHistory: { Monthly: [] },
      });
      state.inquiries.push({ id: `simulated-inquiry-${index}`, date: today });
      return { kind: 'openCard', applied: true, limit };
    }
    case 'closeAccount': {
      const position = find(scenario.accountId);
      const account = state.accounts[position];
      if (!account) return { kind: 'closeAccount', applied: false, reason: 'unknown-account' };
      if (!isOpen(account)) return { kind: 'closeAccount', applied: false, reason: 'account-closed' };
      state.accounts[position] = { ...account, closed: today, status: 'Closed' };
      return { kind: 'closeAccount', applied: true, accountId: account.id, creditorName: account.creditorName };
    }
    case 'hardInquiry':
      state.inquiries.push({ id: `simulated-inquiry-${index}`, date: today });
      return { kind: 'hardInquiry', applied: true };
    case 'missedPayment': {
      const position = find(scenario.accountId);
      const account = state.accounts[position];
      if (!account) return { kind: 'missedPayment', applied: false, reason: 'unknown-account' };
      if (!isOpen(account)) return { kind: 'missedPayment', applied: false, reason: 'account-closed' };
      const [latest, ...rest] = account.monthlyPaymentHistory.Monthly;
      const month = { date: latest?.date ?? today.slice(0, 7), status: MISSED_PAYMENT_CODE[scenario.daysLate] };
      state.accounts[position] = { ...account, monthlyPaymentHistory: { Monthly: [month, ...rest] } };
      return { kind: 'missedPayment', applied: true, accountId: account.id, creditorName: account.creditorName, daysLate: scenario.daysLate };
    }
  }
}

function ratioOf(account: SimulatorAccount): number {
  const limit = account.creditLimit ?? 0;
  // A card without a limit (a charge card) sorts after the cards whose ratio is known.
  return limit > 0 ? (account.currentBalance ?? 0) / limit : -1;
}

/** The open cards and accounts a scenario may name (for the widget's choices). */
export function openAccounts<T extends SimulatorAccount>(accounts: readonly T[]): T[] {
  return accounts.filter(isOpen);
}

/** Runs the scenarios in order on the input's report and explains the estimate factor by factor. */
export function simulateScore(input: SimulatorInput, scenarios: readonly SimulatorScenario[]): SimulationResult {
  const state: Working = { accounts: [...input.accounts], inquiries: [...input.inquiries] };
  const applied = scenarios.map((scenario, index) => applyScenario(state, scenario, input.today, index));
  const before = factorValues(input.accounts, input.inquiries, input.today);
  const after = factorValues(state.accounts, state.inquiries, input.today);
  const factors = FACTORS.map((factor): FactorChange => {
    const weight = FACTOR_WEIGHTS[factor];
    const points = Math.round(SCORE_SPAN * weight * (after[factor].score - before[factor].score));
    return {
      factor,
      weight,
      before: round3(before[factor].score),
      after: round3(after[factor].score),
      points,
      measure: { unit: MEASURE_UNITS[factor], before: before[factor].measure, after: after[factor].measure },
      explanation: `${factor}.${points > 0 ? 'better' : points < 0 ? 'worse' : 'same'}`,
    };
  });
  const scoreBefore = Math.round(clamp(input.score, SCORE_MIN, SCORE_MAX));
  const scoreAfter = Math.round(clamp(scoreBefore + factors.reduce((sum, factor) => sum + factor.points, 0), SCORE_MIN, SCORE_MAX));
  return { scoreBefore, scoreAfter, change: scoreAfter - scoreBefore, factors, scenarios: applied };
}
