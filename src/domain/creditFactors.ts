// The credit overview's five cards and its helping and hurting factors (spec 002 §2 "Credit overview", §9; spec
// 001 §4 payment status codes, §9), from the credit display (src/contract/credit.ts CreditDisplay, which satisfies
// the structural types below) and the customer's calendar day. Every threshold is a named constant with its spec
// reference; the view only renders what this module decides.
import { accountGroup, INQUIRY_WINDOW_MONTHS } from './creditReport';
import { addDays } from './reportRefresh';

// ---------------------------------------------------------------------------------------------------- constants

/** spec 002 §9: utilisation over 30% is red. */
export const UTILIZATION_RED_ABOVE_PERCENT = 30;
/** spec 002 §9: utilisation helps at or below 10%. */
export const UTILIZATION_HELPING_AT_MOST_PERCENT = 10;
/** spec 002 §9: payment history reads the first (latest) 24 entries of each open account. */
export const PAYMENT_HISTORY_MONTHS = 24;
/** spec 002 §9: a month is late when its code is a digit 1-9. */
export const LATE_PAYMENT_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
/** spec 002 §9: an account with any 7-9 month is a bad account. */
export const BAD_ACCOUNT_CODES = ['7', '8', '9'] as const;
/** spec 002 §9: an on-time share under 70% is red. */
export const ON_TIME_RED_BELOW_PERCENT = 70;
/** spec 002 §9: missed payments hurt when the on-time share is at or below 90%. */
export const ON_TIME_HURTING_AT_MOST_PERCENT = 90;
/** spec 002 §9: history under 5 years is "Building Credit", otherwise "Credit Matured". */
export const CREDIT_MATURED_YEARS = 5;
/** spec 002 §9: a credit history helps from 15 years. */
export const CREDIT_AGE_HELPING_YEARS = 15;
/** spec 002 §9: a credit history hurts at 5 years or less. */
export const CREDIT_AGE_HURTING_AT_MOST_YEARS = 5;
/** spec 002 §9: new accounts are those opened in the last 90 days. */
export const NEW_ACCOUNT_WINDOW_DAYS = 90;
/** spec 002 §9: more than 4 new accounts is red. */
export const NEW_ACCOUNTS_RED_ABOVE = 4;
/** spec 002 §9: more than 5 inquiries hurts. */
export const INQUIRIES_HURTING_ABOVE = 5;
/** spec 002 §9: credit mix is red below these counts. */
export const CREDIT_MIX_MINIMUMS = { auto: 1, mortgage: 1, cards: 3, other: 1 } as const;

// ------------------------------------------------------------------------------------------------------ input

/** What the factors read of one account of the credit display (spec 002 §3 "Credit display"). */
export interface CreditBalanceFacts {
  status: 'open' | 'closed';
  /** The latest month first, one payment status code per month. */
  paymentHistory: string;
  accountType: string | null;
  loanType: string | null;
  portfolioType: string | null;
  balance: number | null;
  creditLimit: number | null;
  /** yyyy-MM-dd */
  accountOpenedAt: string | null;
}

export interface CreditDisplayFacts {
  creditBalance: readonly CreditBalanceFacts[];
  creditInquiries: readonly { inquiryDate: string }[];
  bureauReports: readonly { bureau: string; creditScore: number | null }[];
}

// ----------------------------------------------------------------------------------------------------- output

/** A card's colour: red, green, or neither. */
export type FactorTone = 'error' | 'warning' | 'success' | 'neutral';
/** Whether the card's fact helps or hurts the score (neither when it does not move it much). */
export type FactorEffect = 'helping' | 'hurting' | null;

export type CreditFactorId = 'utilization' | 'paymentHistory' | 'creditAge' | 'newAccounts' | 'inquiries' | 'creditMix';

export interface UtilizationCard {
  /** Open revolving accounts with a limit: their balances and limits. */
  balance: number;
  limit: number;
  /** balance / limit × 100, unrounded; null without any revolving limit. */
  percent: number | null;
  /** The bar's fill, capped at 100 (spec 001 §9). */
  barPercent: number | null;
  tone: FactorTone;
  effect: FactorEffect;
}

export interface PaymentHistoryCard {
  /** Months read (first 24 per open account, spec codes only). */
  months: number;
  lateMonths: number;
  /** Open accounts with any 7-9 month in the months read. */
  badAccounts: number;
  /** On-time months / months × 100; null with no months. */
  onTimePercent: number | null;
  tone: FactorTone;
  effect: FactorEffect;
}

export interface CreditAgeCard {
  /** The oldest account's opening day; null without any dated account. */
  oldestOpened: string | null;
  /** Whole months since the oldest account opened, and the same in years and months. */
  months: number | null;
  years: number | null;
  remainderMonths: number | null;
  /** spec 002 §9 label. */
  stage: 'buildingCredit' | 'creditMatured' | null;
  tone: FactorTone;
  effect: FactorEffect;
}

export interface NewCreditCard {
  newAccounts: number;
  inquiries: number;
  newAccountsTone: FactorTone;
  inquiriesTone: FactorTone;
  newAccountsEffect: FactorEffect;
  inquiriesEffect: FactorEffect;
}

export type CreditMixKind = keyof typeof CREDIT_MIX_MINIMUMS;
export interface CreditMixCard {
  counts: Record<CreditMixKind, number>;
  /** The kinds below their minimum (red, spec 002 §9). */
  below: CreditMixKind[];
  tone: FactorTone;
  effect: FactorEffect;
}

export interface CreditFactors {
  /** The overview slider's score: see overviewScore. */
  score: number | null;
  utilization: UtilizationCard;
  paymentHistory: PaymentHistoryCard;
  creditAge: CreditAgeCard;
  newCredit: NewCreditCard;
  creditMix: CreditMixCard;
  helpingFactors: CreditFactorId[];
  hurtingFactors: CreditFactorId[];
}

// -------------------------------------------------------------------------------------------------- the rules

/** Whose score the overview shows first (see overviewScore). */
export const OVERVIEW_SCORE_BUREAUS = ['EQUIFAX', 'TRANSUNION', 'EXPERIAN'] as const;

/**
 * The overview's one score: Equifax's (the report v2's default bureau), else TransUnion's, else Experian's, else
 * null ('No credit score available').
 */
export function overviewScore(bureauReports: CreditDisplayFacts['bureauReports']): number | null {
  for (const bureau of OVERVIEW_SCORE_BUREAUS) {
    const score = bureauReports.find((report) => report.bureau.toUpperCase() === bureau)?.creditScore;
    if (typeof score === 'number') return score;
  }
  return null;
}

/** Revolving: portfolio type R, or a credit-card account type when the portfolio type is missing. */
function isRevolving(account: CreditBalanceFacts): boolean {
  const portfolio = (account.portfolioType ?? '').trim().toUpperCase();
  if (portfolio !== '') return portfolio === 'R';
  return accountGroup(account.accountType ?? account.loanType) === 'creditCard';
}

/** spec 002 §9: open revolving balance over limit; over 30% red (hurting), at or below 10% helping. */
export function utilizationCard(accounts: readonly CreditBalanceFacts[]): UtilizationCard {
  let balance = 0;
  let limit = 0;
  for (const account of accounts) {
    if (account.status !== 'open' || !isRevolving(account) || !account.creditLimit || account.creditLimit <= 0) continue;
    balance += Math.max(0, account.balance ?? 0);
    limit += account.creditLimit;
  }
  const percent = limit > 0 ? (balance / limit) * 100 : null;
  if (percent === null) return { balance, limit, percent, barPercent: null, tone: 'neutral', effect: null };
  const red = percent > UTILIZATION_RED_ABOVE_PERCENT;
  const helping = percent <= UTILIZATION_HELPING_AT_MOST_PERCENT;
  return {
    balance,
    limit,
    percent,
    barPercent: Math.min(100, percent),
    tone: red ? 'error' : helping ? 'success' : 'neutral',
    effect: red ? 'hurting' : helping ? 'helping' : null,
  };
}

const PAYMENT_CODES = new Set(['C', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'U', 'X']);

/**
 * spec 002 §9: the first 24 entries of each open account's history (latest first); a month is late when its code
 * is 1-9, an account bad when any of them is 7-9. On time is every other month (C, U, X: spec 001 §9). Under 70%
 * on time is red; at or below 90% missed payments hurt; above 90% the history helps. Characters that are not
 * payment codes (gaps, separators) are not months.
 */
export function paymentHistoryCard(accounts: readonly CreditBalanceFacts[]): PaymentHistoryCard {
  let months = 0;
  let lateMonths = 0;
  let badAccounts = 0;
  for (const account of accounts) {
    if (account.status !== 'open') continue;
    const codes = [...account.paymentHistory.toUpperCase()].filter((code) => PAYMENT_CODES.has(code)).slice(0, PAYMENT_HISTORY_MONTHS);
    months += codes.length;
    lateMonths += codes.filter((code) => (LATE_PAYMENT_CODES as readonly string[]).includes(code)).length;
    if (codes.some((code) => (BAD_ACCOUNT_CODES as readonly string[]).includes(code))) badAccounts += 1;
  }
  const onTimePercent = months > 0 ? ((months - lateMonths) / months) * 100 : null;
  if (onTimePercent === null) return { months, lateMonths, badAccounts, onTimePercent, tone: 'neutral', effect: null };
  const hurting = onTimePercent <= ON_TIME_HURTING_AT_MOST_PERCENT;
  return {
    months,
    lateMonths,
    badAccounts,
    onTimePercent,
    tone: onTimePercent < ON_TIME_RED_BELOW_PERCENT ? 'error' : hurting ? 'warning' : 'success',
    effect: hurting ? 'hurting' : 'helping',
  };
}

/** Whole calendar months from `from` to `to` (yyyy-MM-dd): 2020-01-15 → 2021-01-14 is 11, → 2021-01-15 is 12. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) - (toDay < fromDay ? 1 : 0);
  return Math.max(0, months);
}

/** yyyy-MM-dd `months` calendar months before `day` (the 31st falls back to the month's last day). */
export function subtractMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * spec 002 §9: the age of the oldest account (open or closed: closed accounts stay on the report and count for its
 * age). Under 5 years "Building Credit", otherwise "Credit Matured"; 15 years or more helps; 5 years or less hurts
 * (so exactly 5 years is matured and still hurting).
 */
export function creditAgeCard(accounts: readonly CreditBalanceFacts[], today: string): CreditAgeCard {
  const opened = accounts
    .map((account) => account.accountOpenedAt)
    .filter((day): day is string => day !== null && day !== '' && day <= today)
    .sort();
  const oldestOpened = opened[0] ?? null;
  if (oldestOpened === null) {
    return { oldestOpened, months: null, years: null, remainderMonths: null, stage: null, tone: 'neutral', effect: null };
  }
  const months = wholeMonthsBetween(oldestOpened, today);
  const helping = months >= CREDIT_AGE_HELPING_YEARS * 12;
  const hurting = months <= CREDIT_AGE_HURTING_AT_MOST_YEARS * 12;
  return {
    oldestOpened,
    months,
    years: Math.floor(months / 12),
    remainderMonths: months % 12,
    stage: months < CREDIT_MATURED_YEARS * 12 ? 'buildingCredit' : 'creditMatured',
    tone: helping ? 'success' : hurting ? 'warning' : 'neutral',
    effect: helping ? 'helping' : hurting ? 'hurting' : null,
  };
}

/**
 * spec 002 §9: accounts opened in the last 90 days (on or after today − 90 days), more than 4 red and hurting;
 * inquiries within 24 months (on or after the same day 24 months ago), more than 5 hurting.
 */
export function newCreditCard(display: CreditDisplayFacts, today: string): NewCreditCard {
  const newSince = addDays(today, -NEW_ACCOUNT_WINDOW_DAYS);
  const inquiriesSince = subtractMonths(today, INQUIRY_WINDOW_MONTHS);
  const newAccounts = display.creditBalance.filter(
    (account) => account.accountOpenedAt !== null && account.accountOpenedAt >= newSince && account.accountOpenedAt <= today,
  ).length;
  const inquiries = display.creditInquiries.filter(
    (inquiry) => inquiry.inquiryDate >= inquiriesSince && inquiry.inquiryDate <= today,
  ).length;
  const newAccountsRed = newAccounts > NEW_ACCOUNTS_RED_ABOVE;
  const inquiriesHurting = inquiries > INQUIRIES_HURTING_ABOVE;
  return {
    newAccounts,
    inquiries,
    newAccountsTone: newAccountsRed ? 'error' : 'neutral',
    inquiriesTone: inquiriesHurting ? 'warning' : 'neutral',
    newAccountsEffect: newAccountsRed ? 'hurting' : null,
    inquiriesEffect: inquiriesHurting ? 'hurting' : null,
  };
}

/** The credit-mix kind of an account: by its group (spec 001 §2); student loans and the rest count as other. */
export function creditMixKind(account: Pick<CreditBalanceFacts, 'accountType' | 'loanType'>): CreditMixKind {
  switch (accountGroup(account.accountType ?? account.loanType)) {
    case 'autoLoans':
      return 'auto';
    case 'realEstate':
      return 'mortgage';
    case 'creditCard':
      return 'cards';
    default:
      return 'other';
  }
}

/**
 * spec 002 §9: counts of auto, mortgage, card and other accounts (every account on the report, open or closed, as
 * a lender reads the mix); red (and hurting) when any is below its minimum (auto 1, mortgage 1, cards 3, other 1),
 * helping when none is.
 */
export function creditMixCard(accounts: readonly CreditBalanceFacts[]): CreditMixCard {
  const counts: Record<CreditMixKind, number> = { auto: 0, mortgage: 0, cards: 0, other: 0 };
  for (const account of accounts) counts[creditMixKind(account)] += 1;
  const below = (Object.keys(CREDIT_MIX_MINIMUMS) as CreditMixKind[]).filter((kind) => counts[kind] < CREDIT_MIX_MINIMUMS[kind]);
  return { counts, below, tone: below.length > 0 ? 'error' : 'success', effect: below.length > 0 ? 'hurting' : 'helping' };
}

/** The overview: the score, the five cards, and the factors that help and hurt (in card order). */
export function creditFactors(display: CreditDisplayFacts, today: string): CreditFactors {
  const utilization = utilizationCard(display.creditBalance);
  const paymentHistory = paymentHistoryCard(display.creditBalance);
  const creditAge = creditAgeCard(display.creditBalance, today);
  const newCredit = newCreditCard(display, today);
  const creditMix = creditMixCard(display.creditBalance);
  const effects: [CreditFactorId, FactorEffect][] = [
    ['utilization', utilization.effect],
    ['paymentHistory', paymentHistory.effect],
    ['creditAge', creditAge.effect],
    ['newAccounts', newCredit.newAccountsEffect],
    ['inquiries', newCredit.inquiriesEffect],
    ['creditMix', creditMix.effect],
  ];
  return {
    score: overviewScore(display.bureauReports),
    utilization,
    paymentHistory,
    creditAge,
    newCredit,
    creditMix,
    helpingFactors: effects.filter(([, effect]) => effect === 'helping').map(([id]) => id),
    hurtingFactors: effects.filter(([, effect]) => effect === 'hurting').map(([id]) => id),
  };
}
