// How the credit report is presented (spec 001 §2 "Credit report and score", §3, §4, §9): account groups, an
// account's display status and accordion tone, payment status codes, portfolio types, public record tones, the
// score bands, the report route's bureau values, the masked SSN, and the combined (C3B) report's side-by-side
// comparison of the three bureaus. Pure: the input types are structural, so the contract's CreditAccount,
// CreditInquiry, PublicRecord and PersonalInfo (src/contract/credit.ts) satisfy them without this module importing
// the contract.
import { BUREAUS, isoDay, monthsBefore, type Bureau } from './creditReportRecords';

/** Lower case, every run of non-letters/digits one space: 'Revolving Credit-Card' → 'revolving credit card'. */
function words(text: string | null | undefined): string {
  return (text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Whether `text` holds `phrase` as whole words. */
function hasPhrase(text: string, phrase: string): boolean {
  return ` ${text} `.includes(` ${phrase} `);
}

// ------------------------------------------------------------------------------------------------ account groups

/** spec 001 §2: the report's account groups, in display order. */
export const ACCOUNT_GROUPS = ['creditCard', 'realEstate', 'autoLoans', 'studentLoans', 'other'] as const;
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number];

/** The account-type phrases of each group (spec 001 §2), matched as whole words in the lower-cased type text. */
export const ACCOUNT_GROUP_PHRASES: Readonly<Record<Exclude<AccountGroup, 'other'>, readonly string[]>> = {
  creditCard: ['revolving', 'credit card', 'creditcard'],
  realEstate: ['mortgage', 'home equity'],
  autoLoans: ['auto loan', 'auto lease'],
  studentLoans: ['educational', 'student loan', 'student loans', 'note loan'],
};

/**
 * spec 001 §2: the group an account's type text gives. Revolving and credit-card types → Credit Card; mortgage and
 * home-equity types → Real Estate; auto loan and auto lease → Auto loans; educational, student loans and note loan →
 * Student loans; anything else or missing → Other. Checked in that order, so a "Home Equity Line (revolving)" is
 * a credit line first, as the spec lists the rules.
 */
export function accountGroup(accountType: string | null | undefined): AccountGroup {
  const text = words(accountType);
  if (text === '') return 'other';
  for (const group of ['creditCard', 'realEstate', 'autoLoans', 'studentLoans'] as const) {
    if (ACCOUNT_GROUP_PHRASES[group].some((phrase) => hasPhrase(text, phrase))) return group;
  }
  return 'other';
}

/** Accounts by group, every group present (empty groups show their Clean Slate message), order kept. */
export function groupAccounts<TAccount extends { accountType: string | null }>(
  accounts: readonly TAccount[],
): Record<AccountGroup, TAccount[]> {
  const groups: Record<AccountGroup, TAccount[]> = {
    creditCard: [],
    realEstate: [],
    autoLoans: [],
    studentLoans: [],
    other: [],
  };
  for (const account of accounts) groups[accountGroup(account.accountType)].push(account);
  return groups;
}

// ---------------------------------------------------------------------------------------- account display status

/** What an account's display status and tone read. */
export interface AccountStatusFacts {
  accountType: string | null;
  portfolioType: string | null;
  paymentStatus: string | null;
  status: string | null;
  /** The day the account was closed, null while open. */
  closed: string | null;
}

export type AccountDisplayStatus = 'closed' | 'inGoodStanding' | 'outstanding' | 'pastDue';
export type AccountTone = 'success' | 'error' | 'neutral' | 'warning';

/**
 * Closed: the account has a closed date, its status text says closed (including "paid and closed"), or its
 * portfolio type is Z (closed).
 */
export function isClosedAccount(account: AccountStatusFacts): boolean {
  return account.closed !== null || hasPhrase(words(account.status), 'closed') || words(account.portfolioType) === 'z';
}

/**
 * Current: the payment status code is C (spec 001 §4 "C current"), or the bureau wrote the status in words
 * ("Current", "Pays as agreed").
 */
export function isCurrentAccount(account: AccountStatusFacts): boolean {
  const paymentStatus = words(account.paymentStatus);
  return paymentStatus === 'c' || paymentStatus === 'current' || paymentStatus === 'pays as agreed';
}

/**
 * A collection: portfolio type Y (collection, spec 001 §4), or the account type or status text names a collection
 * ("Collection", "Collection Agency/Attorney", "In collection").
 */
export function isCollectionAccount(account: AccountStatusFacts): boolean {
  if (words(account.portfolioType) === 'y') return true;
  return [account.accountType, account.status].some((text) => /\bcollections?\b/.test(words(text)));
}

/** spec 001 §4 "Account display status": closed → Closed; current → In good standing; collection → Outstanding; else Past due. */
export function accountDisplayStatus(account: AccountStatusFacts): AccountDisplayStatus {
  if (isClosedAccount(account)) return 'closed';
  if (isCurrentAccount(account)) return 'inGoodStanding';
  if (isCollectionAccount(account)) return 'outstanding';
  return 'pastDue';
}

/**
 * spec 001 §4 accordion colour: open and current → success; open collection → warning; open otherwise → error;
 * closed → neutral.
 */
export function accountTone(account: AccountStatusFacts): AccountTone {
  switch (accountDisplayStatus(account)) {
    case 'closed':
      return 'neutral';
    case 'inGoodStanding':
      return 'success';
    case 'outstanding':
      return 'warning';
    case 'pastDue':
      return 'error';
  }
}

// ------------------------------------------------------------------------------------------ payment status codes

/** The payment history grid's colour for a month: on time, late, derogatory (7-9), or no information. */
export type PaymentSeverity = 'current' | 'late' | 'derogatory' | 'unknown';

export interface PaymentStatusCode {
  /** The meaning's id, for i18n (credit:paymentStatus.<meaning>). */
  meaning:
    | 'current'
    | 'late30'
    | 'late60'
    | 'late90'
    | 'late120'
    | 'late150'
    | 'late180'
    | 'bankruptcy'
    | 'repossessionOrForeclosure'
    | 'collectionOrChargeOff'
    | 'unknown'
    | 'noData';
  /** Days late for 1-6, else null. */
  daysLate: number | null;
  severity: PaymentSeverity;
}

/** spec 001 §4 "Payment status codes", in legend order. */
export const PAYMENT_STATUS_CODES = {
  C: { meaning: 'current', daysLate: null, severity: 'current' },
  '1': { meaning: 'late30', daysLate: 30, severity: 'late' },
  '2': { meaning: 'late60', daysLate: 60, severity: 'late' },
  '3': { meaning: 'late90', daysLate: 90, severity: 'late' },
  '4': { meaning: 'late120', daysLate: 120, severity: 'late' },
  '5': { meaning: 'late150', daysLate: 150, severity: 'late' },
  '6': { meaning: 'late180', daysLate: 180, severity: 'late' },
  '7': { meaning: 'bankruptcy', daysLate: null, severity: 'derogatory' },
  '8': { meaning: 'repossessionOrForeclosure', daysLate: null, severity: 'derogatory' },
  '9': { meaning: 'collectionOrChargeOff', daysLate: null, severity: 'derogatory' },
  U: { meaning: 'unknown', daysLate: null, severity: 'unknown' },
  X: { meaning: 'noData', daysLate: null, severity: 'unknown' },
} as const satisfies Record<string, PaymentStatusCode>;
export type PaymentStatusCodeValue = keyof typeof PAYMENT_STATUS_CODES;
/** The codes in legend order. */
export const PAYMENT_STATUS_CODE_ORDER = ['C', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'U', 'X'] as const satisfies readonly PaymentStatusCodeValue[];

/** A month's code as the grid shows it ('c' reads as C); null for anything that is not a spec code. */
export function paymentStatusCode(code: string | null | undefined): PaymentStatusCodeValue | null {
  const normalized = (code ?? '').trim().toUpperCase();
  return normalized in PAYMENT_STATUS_CODES ? (normalized as PaymentStatusCodeValue) : null;
}

/**
 * spec 001 §9: an account's payment-history percent: the on-time months (current, unknown, no data: C, U, X) over
 * all its months with a spec code; null without any.
 */
export function paymentHistoryPercent(months: readonly { status: string }[]): number | null {
  const codes = months.map((month) => paymentStatusCode(month.status)).filter((code) => code !== null);
  if (codes.length === 0) return null;
  const onTime = codes.filter((code) => code === 'C' || code === 'U' || code === 'X').length;
  return (onTime / codes.length) * 100;
}

/** What an account's utilisation reads. */
export interface UtilizationFacts {
  portfolioType: string | null;
  accountType: string | null;
  currentBalance: number | null;
  creditLimit: number | null;
  highBalance: number | null;
  highCredit: number | null;
}

/**
 * spec 001 §9: an account's utilisation: balance over limit for revolving accounts (portfolio type R, or a
 * credit-card type without one), balance over high balance (or high credit) for loans. `percent` is unrounded;
 * `barPercent` is capped at 100 for the bar. null without a balance or a positive denominator.
 */
export function accountUtilization(account: UtilizationFacts): { percent: number; barPercent: number } | null {
  const portfolio = words(account.portfolioType);
  const revolving = portfolio === '' ? accountGroup(account.accountType) === 'creditCard' : portfolio === 'r';
  const denominator = revolving ? account.creditLimit : (account.highBalance ?? account.highCredit);
  if (account.currentBalance === null || denominator === null || denominator <= 0) return null;
  const percent = (Math.max(0, account.currentBalance) / denominator) * 100;
  return { percent, barPercent: Math.min(100, percent) };
}

// ----------------------------------------------------------------------------------------------- portfolio types

/** spec 001 §4 "Portfolio types": code → name id, for i18n (credit:portfolioType.<id>). */
export const PORTFOLIO_TYPES = {
  I: 'installment',
  R: 'revolving',
  O: 'open',
  M: 'mortgage',
  MD: 'medical',
  L: 'lease',
  C: 'lineOfCredit',
  Y: 'collection',
  Z: 'closed',
} as const;
export type PortfolioTypeCode = keyof typeof PORTFOLIO_TYPES;
export type PortfolioTypeName = (typeof PORTFOLIO_TYPES)[PortfolioTypeCode];

/** The portfolio type's name id, null for a missing or unknown code (the view then shows the raw text). */
export function portfolioTypeName(code: string | null | undefined): PortfolioTypeName | null {
  const normalized = (code ?? '').trim().toUpperCase();
  return normalized in PORTFOLIO_TYPES ? PORTFOLIO_TYPES[normalized as PortfolioTypeCode] : null;
}

// ---------------------------------------------------------------------------------------- public record statuses

/** spec 001 §4 "Public record statuses". */
export const PUBLIC_RECORD_STATUSES = [
  'discharged',
  'dismissed',
  'dismissed/closed',
  'filed',
  'voluntary',
  'unknown',
  'satisfied',
] as const;
export type PublicRecordTone = 'info' | 'acknowledged' | 'neutral';

/**
 * spec 001 §4: discharged and filed show as info, dismissed/closed as acknowledged, the others (dismissed,
 * voluntary, unknown, satisfied, missing or unlisted) as neutral. 'dismissed/closed' is the spec's one status of
 * that name (the list names plain 'dismissed' apart); "Dismissed / Closed" and "dismissed-closed" read the same.
 */
export function publicRecordTone(status: string | null | undefined): PublicRecordTone {
  const text = words(status);
  if (text === 'discharged' || text === 'filed') return 'info';
  if (text === 'dismissed closed') return 'acknowledged';
  return 'neutral';
}

// ----------------------------------------------------------------------------------------------- report summary

/** spec 001 §9: inquiries stay up to two years on the report (spec 002 §9 counts them over the same window). */
export const INQUIRY_WINDOW_MONTHS = 24;

/** The first day (yyyy-MM-dd) an inquiry is still on a report as of `asOf`: the same day 24 months before. */
export function inquiryWindowStart(asOf: string): string {
  return isoDay(monthsBefore(new Date(`${asOf.slice(0, 10)}T00:00:00.000Z`), INQUIRY_WINDOW_MONTHS));
}

/**
 * spec 001 §9: the inquiries a report as of `asOf` lists, those of the last two years (on or after the same day 24
 * months before), order kept. An inquiry without a date cannot be shown to be older and stays.
 */
export function reportedInquiries<TInquiry extends { date: string | null }>(inquiries: readonly TInquiry[], asOf: string): TInquiry[] {
  const since = inquiryWindowStart(asOf);
  return inquiries.filter((inquiry) => inquiry.date === null || inquiry.date.slice(0, 10) >= since);
}

/** What an account's derogatory mark reads. */
export interface DerogatoryFacts extends AccountStatusFacts {
  condition: string | null;
  worstPayStatus: string | null;
}

function isDerogatoryCode(code: string | null): boolean {
  const value = paymentStatusCode(code);
  return value !== null && PAYMENT_STATUS_CODES[value].severity === 'derogatory';
}

/**
 * A derogatory item: the bureau's condition says derogatory, its current or worst payment status is a derogatory
 * code (7 bankruptcy, 8 repossession or foreclosure, 9 collection or charge-off, spec 001 §4), or it is a collection.
 */
export function isDerogatoryAccount(account: DerogatoryFacts): boolean {
  if (hasPhrase(words(account.condition), 'derogatory')) return true;
  return isDerogatoryCode(account.paymentStatus) || isDerogatoryCode(account.worstPayStatus) || isCollectionAccount(account);
}

export interface ReportSummaryCounts {
  inquiries: number;
  derogatoryItems: number;
  publicRecords: number;
}

/**
 * spec 001 §9: the report summary's counts of inquiries (the two-year window), derogatory items and public records.
 * Each is a number from zero: a report with none of them says 0, never nothing.
 */
export function reportSummaryCounts(
  report: { inquiries: readonly { date: string | null }[]; accounts: readonly DerogatoryFacts[]; publicRecords: readonly unknown[] },
  asOf: string,
): ReportSummaryCounts {
  return {
    inquiries: reportedInquiries(report.inquiries, asOf).length,
    derogatoryItems: report.accounts.filter(isDerogatoryAccount).length,
    publicRecords: report.publicRecords.length,
  };
}

// ---------------------------------------------------------------------------------------------------- the score

/** spec 001 §9, spec 002 §9: the score axis and slider. */
export const SCORE_MIN = 300;
export const SCORE_MAX = 850;
export const SCORE_SLIDER_MARKS = [300, 480, 660, 850] as const;

export type ScoreBandId = 'poor' | 'fair' | 'good' | 'veryGood' | 'excellent';
export interface ScoreBand {
  id: ScoreBandId;
  /** Inclusive. */
  min: number;
  /** Exclusive, except the last band's (850 is Excellent). */
  max: number;
}

/** spec 001 §9: 300-560 Poor, 560-660 Fair, 660-750 Good, 750-800 Very Good, 800-850 Excellent. */
export const SCORE_BANDS: readonly ScoreBand[] = [
  { id: 'poor', min: 300, max: 560 },
  { id: 'fair', min: 560, max: 660 },
  { id: 'good', min: 660, max: 750 },
  { id: 'veryGood', min: 750, max: 800 },
  { id: 'excellent', min: 800, max: 850 },
];

/**
 * The band a score falls in. A shared edge belongs to the higher band (560 is Fair, 800 Excellent); scores outside
 * 300-850 are placed at the nearest end.
 */
export function scoreBand(score: number): ScoreBand {
  const clamped = Math.min(SCORE_MAX, Math.max(SCORE_MIN, score));
  const band = SCORE_BANDS.find((candidate) => clamped >= candidate.min && clamped < candidate.max);
  return band ?? (SCORE_BANDS[SCORE_BANDS.length - 1] as ScoreBand);
}

// ------------------------------------------------------------------------------------------------ report routes

/** The bureaus of /credit/report/:bureau (lower case, as in the route and the contract's report source). */
export const REPORT_BUREAUS = ['transunion', 'equifax', 'experian'] as const;
export type ReportBureau = (typeof REPORT_BUREAUS)[number];
/** The legacy combined-report value of /credit/report/:bureau, which now goes to Equifax (spec 001 §2). */
export const LEGACY_REPORT_BUREAU_PARAM = 'credmo3bReportScore';
/** With the report-v2 flag on, /credit/report opens this bureau (spec 001 §2). */
export const DEFAULT_REPORT_BUREAU: ReportBureau = 'equifax';

/**
 * The bureau a /credit/report/:bureau value names: transunion, equifax, experian (any letter case); the legacy
 * credmo3bReportScore gives equifax. Whenever the result differs from the value given (the legacy value, or a
 * value in other letter case), the route redirects (replace) to /credit/report/<result>. null: not a bureau; the
 * route goes to /credit.
 */
export function reportBureauFromParam(param: string | null | undefined): ReportBureau | null {
  if (param === LEGACY_REPORT_BUREAU_PARAM) return DEFAULT_REPORT_BUREAU;
  const lower = (param ?? '').toLowerCase();
  return (REPORT_BUREAUS as readonly string[]).includes(lower) ? (lower as ReportBureau) : null;
}

/** The stored records' bureau (upper case) of a route's bureau. */
export function recordBureau(bureau: ReportBureau): Bureau {
  return bureau.toUpperCase() as Bureau;
}

// ------------------------------------------------------------------------------------------------- personal info

/** spec 001 §3: the SSN is shown only as its masked last four digits: '***-**-1234'; null without four digits. */
export function maskedSsn(last4: string | null | undefined): string | null {
  return last4 && /^\d{4}$/.test(last4) ? `***-**-${last4}` : null;
}

// ------------------------------------------------------------------------------- combined report (C3B) comparison

/** Each bureau's record of one item, null where that bureau does not report it. Bureaus in BUREAUS order. */
export type PerBureau<T> = Record<Bureau, T | null>;

/** The account fields compared across bureaus in the combined report. */
export const COMPARED_ACCOUNT_FIELDS = ['currentBalance', 'status', 'paymentStatus', 'creditLimit', 'reported'] as const;
export type ComparedAccountField = (typeof COMPARED_ACCOUNT_FIELDS)[number];

export interface ComparedAccountFacts extends AccountStatusFacts {
  bureau: Bureau;
  creditorName: string;
  accountNumber: string | null;
  opened: string | null;
  currentBalance: number | null;
  creditLimit: number | null;
  reported: string | null;
}

export interface TradelineRow<TAccount> {
  /** Stable key of the tradeline (matched creditor name and account number). */
  key: string;
  creditorName: string;
  group: AccountGroup;
  records: PerBureau<TAccount>;
  /** Bureaus that do not report this tradeline. */
  missingFrom: Bureau[];
  /** Compared fields whose values differ between the bureaus that report the tradeline. */
  differences: ComparedAccountField[];
}

/** Upper case letters and digits only: 'xxxx-1234' and 'XXXX1234' match. */
function matchKey(text: string | null | undefined): string {
  return (text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function emptyPerBureau<T>(): PerBureau<T> {
  return Object.fromEntries(BUREAUS.map((bureau) => [bureau, null])) as PerBureau<T>;
}

function comparable(field: ComparedAccountField, account: ComparedAccountFacts): string {
  const value = account[field];
  if (typeof value === 'number') return String(value);
  return words(value);
}

function rowsBy<TRecord extends { bureau: Bureau }>(
  records: readonly TRecord[],
  keyOf: (record: TRecord) => string,
): { key: string; records: PerBureau<TRecord> }[] {
  const rows = new Map<string, PerBureau<TRecord>>();
  for (const record of records) {
    const key = keyOf(record);
    let row = rows.get(key);
    if (!row) {
      row = emptyPerBureau<TRecord>();
      rows.set(key, row);
    }
    // A bureau reporting the same tradeline twice keeps its first record (the other stays in the per-bureau view).
    if (row[record.bureau] === null) row[record.bureau] = record;
  }
  return [...rows].map(([key, perBureau]) => ({ key, records: perBureau }));
}

function present<T>(records: PerBureau<T>): T[] {
  return BUREAUS.map((bureau) => records[bureau]).filter((record): record is T => record !== null);
}

function missing<T>(records: PerBureau<T>): Bureau[] {
  return BUREAUS.filter((bureau) => records[bureau] === null);
}

/**
 * The combined report's tradelines: the same tradeline across bureaus (matched by creditor name and account number,
 * ignoring case, spaces and punctuation; by creditor name and opening date when the account number is missing) as
 * one row with each bureau's record or null, and the compared fields (balance, status, payment status, limit, date
 * reported) whose values differ between the bureaus that report it, so the view can mark them at a glance. Rows
 * keep the order of their first record.
 */
export function tradelineComparison<TAccount extends ComparedAccountFacts>(
  accounts: readonly TAccount[],
): TradelineRow<TAccount>[] {
  const rows = rowsBy(accounts, (account) =>
    account.accountNumber && matchKey(account.accountNumber) !== ''
      ? `${matchKey(account.creditorName)}|${matchKey(account.accountNumber)}`
      : `${matchKey(account.creditorName)}|opened:${account.opened ?? ''}`,
  );
  return rows.map(({ key, records }) => {
    const reported = present(records);
    const first = reported[0] as TAccount;
    return {
      key,
      creditorName: first.creditorName,
      group: accountGroup(first.accountType),
      records,
      missingFrom: missing(records),
      differences: COMPARED_ACCOUNT_FIELDS.filter(
        (field) => new Set(reported.map((account) => comparable(field, account))).size > 1,
      ),
    };
  });
}

export interface ComparedInquiryFacts {
  bureau: Bureau;
  creditorName: string;
  industry: string | null;
  date: string | null;
}

export interface InquiryRow<TInquiry> {
  key: string;
  creditorName: string;
  date: string | null;
  records: PerBureau<TInquiry>;
  missingFrom: Bureau[];
  /** 'industry' when the bureaus name the creditor's industry differently. */
  differences: 'industry'[];
}

/** The combined report's inquiries: one row per creditor and date, each bureau's record or null. */
export function inquiryComparison<TInquiry extends ComparedInquiryFacts>(inquiries: readonly TInquiry[]): InquiryRow<TInquiry>[] {
  return rowsBy(inquiries, (inquiry) => `${matchKey(inquiry.creditorName)}|${inquiry.date ?? ''}`).map(({ key, records }) => {
    const reported = present(records);
    const first = reported[0] as TInquiry;
    const industries = new Set(reported.map((inquiry) => words(inquiry.industry)));
    return {
      key,
      creditorName: first.creditorName,
      date: first.date,
      records,
      missingFrom: missing(records),
      differences: industries.size > 1 ? ['industry'] : [],
    };
  });
}

export interface ComparedPersonalInfo {
  bureau: Bureau;
  name: string | null;
  alsoKnownAs: readonly string[];
  dateOfBirth: string | null;
  ssn: string | null;
  employer: { name: string | null } | null;
  currentAddress: { dateReported: string | null; address: string } | null;
  previousAddress: readonly { dateReported: string | null; address: string }[];
}

/** The personal information fields of the combined report, in display order. */
export const PERSONAL_INFO_FIELDS = [
  'name',
  'alsoKnownAs',
  'dateOfBirth',
  'ssn',
  'employer',
  'currentAddress',
  'previousAddress',
] as const;
export type PersonalInfoField = (typeof PERSONAL_INFO_FIELDS)[number];

export interface PersonalInfoRow {
  field: PersonalInfoField;
  /**
   * What each bureau reports, ready to show: a list for alsoKnownAs and previousAddress, the masked SSN, the
   * employer's name, the address text; null where the bureau reports nothing (or is absent).
   */
  values: PerBureau<string | readonly string[]>;
  /** The bureaus that report something disagree (ignoring case, spaces and punctuation). */
  differs: boolean;
}

function personalValue(info: ComparedPersonalInfo, field: PersonalInfoField): string | readonly string[] | null {
  switch (field) {
    case 'name':
      return info.name;
    case 'alsoKnownAs':
      return info.alsoKnownAs.length > 0 ? info.alsoKnownAs : null;
    case 'dateOfBirth':
      return info.dateOfBirth;
    case 'ssn':
      return maskedSsn(info.ssn);
    case 'employer':
      return info.employer?.name ?? null;
    case 'currentAddress':
      return info.currentAddress?.address ?? null;
    case 'previousAddress':
      return info.previousAddress.length > 0 ? info.previousAddress.map((address) => address.address) : null;
  }
}

/** The combined report's personal information: one row per field with each bureau's value and whether they differ. */
export function personalInfoComparison(infos: readonly ComparedPersonalInfo[]): PersonalInfoRow[] {
  const byBureau = emptyPerBureau<ComparedPersonalInfo>();
  for (const info of infos) if (byBureau[info.bureau] === null) byBureau[info.bureau] = info;
  return PERSONAL_INFO_FIELDS.map((field) => {
    const values = emptyPerBureau<string | readonly string[]>();
    for (const bureau of BUREAUS) {
      const info = byBureau[bureau];
      values[bureau] = info ? personalValue(info, field) : null;
    }
    const compared = new Set(
      present(values).map((value) => (typeof value === 'string' ? words(value) : value.map(words).sort().join('\n'))),
    );
    return { field, values, differs: compared.size > 1 };
  });
}
