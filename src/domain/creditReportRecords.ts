// The stored three-bureau report's records (creditReports/{uid}, spec 001 §3): accounts per bureau with 24 months
// of payment history, inquiries per bureau and the bureau summary. The credit sandbox's pulls and the demo data
// write the same shape through these builders, which the credit pages and the readiness score read.

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
  /** Months ago (0 = latest) that were reported late, with their payment status code (spec 001 §4). */
  late: Readonly<Record<number, string>>;
}

export interface InquiryFacts {
  key: string;
  creditorName: string;
  industry: string;
  date: string;
  bureaus: readonly Bureau[];
}

/** The id of a tradeline's record at one bureau (investigations list these as their item ids). */
export const accountId = (bureau: Bureau, key: string): string => `${bureau}-${key}`;

const PAYMENT_HISTORY_MONTHS = 24;

function monthKey(monthsAgo: number, reportDate: Date): string {
  return new Date(Date.UTC(reportDate.getUTCFullYear(), reportDate.getUTCMonth() - monthsAgo, 1)).toISOString().slice(0, 7);
}

function tradelineRecord(line: TradelineFacts, bureau: Bureau, reportDate: Date) {
  const lateCount = (codes: readonly string[]) => Object.values(line.late).filter((code) => codes.includes(code)).length;
  return {
    id: accountId(bureau, line.key),
    bureau,
    creditorName: line.creditorName,
    creditorContact: line.creditorName,
    creditorPhone: line.creditorPhone,
    accountType: line.accountType,
    accountNumber: line.accountNumber,
    portfolioType: line.portfolioType,
    currentBalance: line.currentBalance,
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
    responsibility: 'Individual',
    remarks: line.remarks,
    loanType: line.loanType,
    monthsReviewed: PAYMENT_HISTORY_MONTHS,
    latePayments30Days: lateCount(['1']),
    latePayments60Days: lateCount(['2']),
    latePayments90Days: lateCount(['3', '4', '5', '6']),
    originalCreditor: line.originalCreditor,
    condition: line.condition,
    worstPayStatus: Object.values(line.late).sort().at(-1) ?? 'C',
    monthlyPaymentHistory: {
      Monthly: Array.from({ length: PAYMENT_HISTORY_MONTHS }, (_, monthsAgo) => ({
        date: monthKey(monthsAgo, reportDate),
        status: line.late[monthsAgo] ?? 'C',
      })),
    },
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

/** The report summary: each bureau's score on the report day. */
export function bureauSummary(scores: Readonly<Record<Bureau, number>>, reportDay: string) {
  return { bureauSummary: BUREAUS.map((bureau) => ({ bureau, creditScore: scores[bureau], reportDate: reportDay })) };
}
