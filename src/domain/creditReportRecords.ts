// The stored three-bureau report's records (creditReports/{uid}, spec 001 §3): accounts per bureau with up to 24
// months of payment history, inquiries and public records per bureau, personal information per bureau (with the
// small differences real bureaus have), the bureau summary, and the score history's random walk. The credit
// sandbox's pulls and the demo data write the same shape through these builders, which the credit pages and the
// readiness score read.

export const BUREAUS = ['EQUIFAX', 'EXPERIAN', 'TRANSUNION'] as const;
export type Bureau = (typeof BUREAUS)[number];

/** 2026-11-02 for a date. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** One tradeline as the bureaus that report it show it. */
export interface TradelineFacts {
  key: string;
  bureaus: readonly Bureau[];
  creditorName: string;
  creditorPhone: string;
  accountType: string;
  portfolioType: string;
  accountNumber: string;
  currentBalance: number;
  /** A bureau that last heard of the account earlier reports an older balance (a difference the C3B shows). */
  bureauBalances?: Partial<Record<Bureau, number>>;
  creditLimit: number | null;
  highBalance: number;
  monthlyPayment: number;
  paymentStatus: string;
  pastDueAmount: number;
  /** Days, as isoDay gives them. */
  opened: string;
  closed: string | null;
  dateAccountStatus: string;
  status: string;
  condition: string;
  loanType: string;
  originalCreditor: string | null;
  remarks: string | null;
  /**
   * Months ago (0 = latest) whose payment status was not C (spec 001 §4 codes: 1-6 late, 7 bankruptcy, 8
   * repossession or foreclosure, 9 collection or charge-off, U unknown, X no data).
   */
  late: Readonly<Record<number, string>>;
  /** Whether the account was reported as 'Individual' (default) or 'Joint'/'Authorized user'. */
  responsibility?: string;
}

export interface InquiryFacts {
  key: string;
  creditorName: string;
  industry: string;
  date: string;
  bureaus: readonly Bureau[];
}

/** A public record (spec 001 §3) as the bureaus that show it report it. */
export interface PublicRecordFacts {
  key: string;
  bureaus: readonly Bureau[];
  type: string;
  /** spec 001 §4: discharged, dismissed, dismissed/closed, filed, voluntary, unknown, satisfied. */
  status: string;
  dateFiled: string;
  dateResolved: string | null;
  referenceNumber: string;
  court: string;
  attorneyName: string | null;
  dispositionDate: string | null;
}

export interface AddressFacts {
  dateReported: string | null;
  address: string;
}

/** The customer's identity as the bureaus hold it, with what one bureau holds differently (spec 001 §3). */
export interface PersonalInfoFacts {
  name: string | null;
  dateOfBirth: string | null;
  /** The last four digits only: a full number is never stored with the report. */
  ssnLast4: string | null;
  employer: string | null;
  currentAddress: AddressFacts | null;
  previousAddresses: readonly AddressFacts[];
  /** Per bureau: a name variant, also-known-as names, another employer (null: none reported), more old addresses. */
  variants?: Partial<
    Record<Bureau, { name?: string; alsoKnownAs?: readonly string[]; employer?: string | null; previousAddresses?: readonly AddressFacts[] }>
  >;
}

/** The id of a tradeline's record at one bureau (investigations list these as their item ids). */
export const accountId = (bureau: Bureau, key: string): string => `${bureau}-${key}`;

const PAYMENT_HISTORY_MONTHS = 24;
/** Codes that are a late payment (30 to 180 days). */
const LATE_CODES = ['1', '2', '3', '4', '5', '6'];
/** Codes from least to most severe; C, U and X say nothing bad. */
const SEVERITY = ['C', 'X', 'U', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The most severe status of a payment history (C when every month was current or unknown). */
export function worstPayStatus(statuses: readonly string[]): string {
  return statuses.reduce((worst, status) => (SEVERITY.indexOf(status) > SEVERITY.indexOf(worst) ? status : worst), 'C');
}

/** The bureaus' late counts: 30 days (code 1), 60 days (2) and 90 days or more (3 to 6). */
export function latePaymentCounts(statuses: readonly string[]): { late30: number; late60: number; late90: number } {
  return {
    late30: statuses.filter((status) => status === '1').length,
    late60: statuses.filter((status) => status === '2').length,
    late90: statuses.filter((status) => LATE_CODES.slice(2).includes(status)).length,
  };
}

function monthKey(monthsAgo: number, reportDate: Date): string {
  return new Date(Date.UTC(reportDate.getUTCFullYear(), reportDate.getUTCMonth() - monthsAgo, 1)).toISOString().slice(0, 7);
}

/** Months with a status since the account was opened, at most 24 (a month-old account has one). */
function historyMonths(opened: string, reportDate: Date): number {
  const [year, month] = opened.split('-').map(Number) as [number, number];
  const since = (reportDate.getUTCFullYear() - year) * 12 + reportDate.getUTCMonth() - (month - 1) + 1;
  return Number.isFinite(since) ? Math.min(PAYMENT_HISTORY_MONTHS, Math.max(1, since)) : PAYMENT_HISTORY_MONTHS;
}

function tradelineRecord(line: TradelineFacts, bureau: Bureau, reportDate: Date) {
  const monthly = Array.from({ length: historyMonths(line.opened, reportDate) }, (_, monthsAgo) => ({
    date: monthKey(monthsAgo, reportDate),
    status: line.late[monthsAgo] ?? 'C',
  }));
  const statuses = monthly.map((month) => month.status);
  const counts = latePaymentCounts(statuses);
  return {
    id: accountId(bureau, line.key),
    bureau,
    creditorName: line.creditorName,
    creditorContact: line.creditorName,
    creditorPhone: line.creditorPhone,
    accountType: line.accountType,
    accountNumber: line.accountNumber,
    portfolioType: line.portfolioType,
    currentBalance: line.bureauBalances?.[bureau] ?? line.currentBalance,
    creditLimit: line.creditLimit,
    highBalance: line.highBalance,
    highCredit: line.highBalance,
    monthlyPayment: line.monthlyPayment,
    paymentStatus: line.paymentStatus,
    pastDueAmount: line.pastDueAmount,
    closed: line.closed,
    reported: isoDay(reportDate),
    opened: line.opened,
    dateAccountStatus: line.dateAccountStatus,
    status: line.status,
    responsibility: line.responsibility ?? 'Individual',
    remarks: line.remarks,
    loanType: line.loanType,
    monthsReviewed: monthly.length,
    latePayments30Days: counts.late30,
    latePayments60Days: counts.late60,
    latePayments90Days: counts.late90,
    originalCreditor: line.originalCreditor,
    condition: line.condition,
    worstPayStatus: worstPayStatus(statuses),
    monthlyPaymentHistory: { Monthly: monthly },
  };
}

/** Every tradeline's record at each bureau that reports it, bureau by bureau. */
export function accountRecords(lines: readonly TradelineFacts[], reportDate: Date) {
  return BUREAUS.flatMap((bureau) => lines.filter((line) => line.bureaus.includes(bureau)).map((line) => tradelineRecord(line, bureau, reportDate)));
}

/** Every inquiry's record at each bureau that shows it. */
export function inquiryRecords(inquiries: readonly InquiryFacts[]) {
  return inquiries.flatMap((inquiry) =>
    inquiry.bureaus.map((bureau) => ({
      id: `${bureau}-inq-${inquiry.key}`,
      bureau,
      creditorName: inquiry.creditorName,
      industry: inquiry.industry,
      date: inquiry.date,
    })),
  );
}

/** Every public record's record at each bureau that shows it (ids `{bureau}-pr-{key}`). */
export function publicRecordRecords(records: readonly PublicRecordFacts[]) {
  return records.flatMap((record) =>
    record.bureaus.map((bureau) => ({
      id: `${bureau}-pr-${record.key}`,
      bureau,
      type: record.type,
      status: record.status,
      dateFiled: record.dateFiled,
      dateResolved: record.dateResolved,
      referenceNumber: record.referenceNumber,
      court: record.court,
      attorneyName: record.attorneyName,
      dispositionDate: record.dispositionDate,
    })),
  );
}

/** The personal information each bureau holds, with its variants. */
export function personalInfoRecords(facts: PersonalInfoFacts) {
  return BUREAUS.map((bureau) => {
    const variant = facts.variants?.[bureau] ?? {};
    const employer = variant.employer === undefined ? facts.employer : variant.employer;
    return {
      bureau,
      name: variant.name ?? facts.name,
      alsoKnownAs: [...(variant.alsoKnownAs ?? [])],
      dateOfBirth: facts.dateOfBirth,
      ssn: facts.ssnLast4,
      employer: employer === null ? null : { name: employer },
      currentAddress: facts.currentAddress,
      previousAddress: [...facts.previousAddresses, ...(variant.previousAddresses ?? [])],
    };
  });
}

/** The id of a score history point, creditScoreHistory/{uid}/items/{id}: one per bureau and day. */
export const scoreHistoryItemId = (point: { bureau: Bureau; reportdate: string }): string => `${point.bureau}-${point.reportdate}`;

/** The report summary: each bureau's score on the report day. */
export function bureauSummary(scores: Readonly<Record<Bureau, number>>, reportDay: string) {
  return { bureauSummary: BUREAUS.map((bureau) => ({ bureau, creditScore: scores[bureau], reportDate: reportDay })) };
}

/**
 * A small deterministic generator (FNV-1a of the text, then mulberry32): the credit sandbox and the demo data make
 * the same report and history for the same seed every time.
 */
export function seededRandom(seedText: string): () => number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seedText.length; i += 1) {
    hash ^= seedText.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const MIN_SCORE = 300;
export const MAX_SCORE = 850;
export const clampScore = (score: number): number => Math.min(MAX_SCORE, Math.max(MIN_SCORE, Math.round(score)));

/** The same day of the month `monthsAgo` months before `date` (the month's last day when it is shorter). */
export function monthsBefore(date: Date, monthsAgo: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - monthsAgo;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/**
 * `months` monthly scores per bureau ending at `scores` on `reportDate`, oldest first (spec 001 §3 "Score history
 * item"): a random walk backwards from today's score, drifting a little lower into the past (a customer working on
 * their credit), each bureau near the others as real bureau scores are.
 */
export function scoreHistoryWalk(
  scores: Readonly<Record<Bureau, number>>,
  reportDate: Date,
  random: () => number,
  months = PAYMENT_HISTORY_MONTHS,
): { bureau: Bureau; reportdate: string; creditscore: number }[] {
  const drift = 1 + random() * 2.5;
  const common = Array.from({ length: months }, () => Math.round((random() - 0.5) * 14));
  return BUREAUS.flatMap((bureau) => {
    let score = scores[bureau];
    const walk = [score];
    for (let monthsAgo = 1; monthsAgo < months; monthsAgo += 1) {
      score = clampScore(score - drift + common[monthsAgo]! + Math.round((random() - 0.5) * 8));
      walk.push(score);
    }
    return walk.map((creditscore, monthsAgo) => ({ bureau, reportdate: isoDay(monthsBefore(reportDate, monthsAgo)), creditscore })).reverse();
  });
}
