import {
  accountRecords,
  BUREAUS,
  bureauSummary,
  inquiryRecords,
  isoDay,
  type Bureau,
  type TradelineFacts,
} from '../../../src/domain/creditReportRecords';
import type { CreditDataProvider, CreditSubject, InitialCreditPull } from './creditData';

// The embedded credit bureaus: a realistic three-bureau report for any customer, the same for the same customer
// every time (the pick is seeded by the uid), in the report shape seed/ uses for the demo customers (accounts per
// bureau with 24 months of payment history, inquiries, public records, personal info per bureau).

const DAY_MS = 24 * 60 * 60 * 1_000;
/** A sandbox pull takes a moment, like the bureaus' test environments. */
export const CREDIT_SANDBOX_LATENCY_MS = 1_500;

interface TradelineTemplate {
  key: string;
  creditorName: string;
  creditorPhone: string;
  accountType: string;
  portfolioType: 'R' | 'I' | 'M' | 'Y';
  loanType: string;
  /** Balance, limit (revolving) and payment ranges. */
  balance: [number, number];
  limit: number | null;
  payment: [number, number];
  openedYearsAgo: [number, number];
  derogatory: boolean;
  originalCreditor?: string;
}

const TEMPLATES: readonly TradelineTemplate[] = [
  { key: 'chase-freedom', creditorName: 'JPMCB CARD SERVICES', creditorPhone: '8009452000', accountType: 'Revolving Credit Card', portfolioType: 'R', loanType: 'Credit Card', balance: [300, 4_800], limit: 7_500, payment: [25, 140], openedYearsAgo: [3, 12], derogatory: false },
  { key: 'citi-double-cash', creditorName: 'CITIBANK NA', creditorPhone: '8009502424', accountType: 'Revolving Credit Card', portfolioType: 'R', loanType: 'Credit Card', balance: [100, 2_900], limit: 4_000, payment: [25, 95], openedYearsAgo: [1, 8], derogatory: false },
  { key: 'amex-blue', creditorName: 'AMERICAN EXPRESS', creditorPhone: '8005284800', accountType: 'Revolving Credit Card', portfolioType: 'R', loanType: 'Credit Card', balance: [0, 1_900], limit: 3_000, payment: [0, 60], openedYearsAgo: [2, 15], derogatory: false },
  { key: 'toyota-auto', creditorName: 'TOYOTA MOTOR CREDIT', creditorPhone: '8008748822', accountType: 'Auto Loan', portfolioType: 'I', loanType: 'Auto Loan', balance: [6_000, 24_000], limit: null, payment: [280, 520], openedYearsAgo: [1, 4], derogatory: false },
  { key: 'navient', creditorName: 'NAVIENT', creditorPhone: '8007227657', accountType: 'Educational', portfolioType: 'I', loanType: 'Student Loan', balance: [8_000, 36_000], limit: null, payment: [110, 390], openedYearsAgo: [6, 16], derogatory: false },
  { key: 'wells-mortgage', creditorName: 'WELLS FARGO HOME MORTGAGE', creditorPhone: '8003575600', accountType: 'Conventional Real Estate Mortgage', portfolioType: 'M', loanType: 'Mortgage', balance: [140_000, 320_000], limit: null, payment: [1_100, 2_300], openedYearsAgo: [3, 14], derogatory: false },
  { key: 'lvnv-funding', creditorName: 'LVNV FUNDING LLC', creditorPhone: '8663864834', accountType: 'Collection', portfolioType: 'Y', loanType: 'Collection Agency/Attorney', balance: [350, 2_400], limit: null, payment: [0, 0], openedYearsAgo: [1, 3], derogatory: true, originalCreditor: 'CREDIT ONE BANK' },
  { key: 'ic-system', creditorName: 'I C SYSTEM INC', creditorPhone: '8005371410', accountType: 'Collection', portfolioType: 'Y', loanType: 'Medical', balance: [120, 900], limit: null, payment: [0, 0], openedYearsAgo: [1, 2], derogatory: true, originalCreditor: 'SUNRISE EMERGENCY PHYSICIANS' },
];

const INQUIRIES = [
  { key: 'carmax', creditorName: 'CARMAX AUTO FINANCE', industry: 'Automotive' },
  { key: 'synchrony', creditorName: 'SYNCB/CARE CREDIT', industry: 'Retail' },
  { key: 'tmobile', creditorName: 'T-MOBILE USA', industry: 'Utilities' },
  { key: 'sofi', creditorName: 'SOFI LENDING CORP', industry: 'Finance' },
] as const;

/** FNV-1a, then mulberry32: a small deterministic generator seeded by the uid. */
function randomFor(seedText: string): () => number {
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

interface PickedLine {
  template: TradelineTemplate;
  bureaus: readonly Bureau[];
  balance: number;
  payment: number;
  opened: Date;
  accountNumber: string;
  /** Months ago reported late, with their status code (1 = 30 days ... 9 = collection). */
  late: Record<number, string>;
}

function pickLines(random: () => number, pulledAt: Date): PickedLine[] {
  const between = ([low, high]: [number, number]) => Math.round(low + (high - low) * random());
  const chosen = TEMPLATES.filter((template, index) => index < 2 || random() < (template.derogatory ? 0.45 : 0.55));
  return chosen.map((template, index) => {
    const reportedBy: readonly Bureau[] = random() < 0.75 ? BUREAUS : BUREAUS.filter((_, i) => i !== index % 3);
    const late: Record<number, string> = {};
    if (template.derogatory) {
      late[0] = '9';
      late[1] = '9';
    } else if (template.portfolioType === 'R' && random() < 0.3) {
      late[between([3, 18])] = random() < 0.7 ? '1' : '2';
    }
    return {
      template,
      bureaus: reportedBy,
      balance: between(template.balance),
      payment: between(template.payment),
      opened: new Date(pulledAt.getTime() - between(template.openedYearsAgo) * 365 * DAY_MS),
      accountNumber: `${Math.floor(100_000 + random() * 900_000)}XXXX`,
      late,
    };
  });
}

/** A picked line as the report's record facts: a derogatory line is a collection, reported 30 days ago. */
function tradelineFacts(line: PickedLine, reportDate: Date): TradelineFacts {
  const { template } = line;
  return {
    key: template.key,
    bureaus: line.bureaus,
    creditorName: template.creditorName,
    creditorPhone: template.creditorPhone,
    accountType: template.accountType,
    portfolioType: template.portfolioType,
    accountNumber: line.accountNumber,
    currentBalance: line.balance,
    creditLimit: template.limit,
    highBalance: template.limit ?? Math.round(line.balance * 1.6),
    monthlyPayment: line.payment,
    paymentStatus: template.derogatory ? '9' : 'C',
    pastDueAmount: template.derogatory ? line.balance : 0,
    opened: isoDay(line.opened),
    closed: null,
    dateAccountStatus: isoDay(new Date(reportDate.getTime() - 30 * DAY_MS)),
    status: template.derogatory ? 'Collection' : 'Open',
    condition: template.derogatory ? 'Derogatory' : 'Open',
    loanType: template.loanType,
    originalCreditor: template.originalCreditor ?? null,
    remarks: template.derogatory ? 'Placed for collection' : null,
    late: line.late,
  };
}

const REASON_OPTIONS = ['not_mine', 'paid_in_full', 'incorrect_balance', 'incorrect_status', 'do_not_challenge'];

function investigation(
  id: string,
  fields: { name: string; type: string; entityType: string; amount: number | null; accountStatus: string | null; bureaus: readonly Bureau[]; itemIds: string[]; reportDate: string; inquiryDate?: string; subtype?: string },
) {
  return {
    id,
    name: fields.name,
    type: fields.type,
    entityType: fields.entityType,
    accountBalance: { amount: fields.amount },
    accountStatus: fields.accountStatus,
    challengeReason: null,
    challengeReasonOptions: REASON_OPTIONS,
    challengeReasonSelected: false,
    isSpecialAccount: false,
    itemIds: fields.itemIds,
    disputeIds: [],
    statuses: fields.bureaus.map((bureau) => ({ bureau, status: 'PENDING_USER_DECISION', lastActivity: null, nextActivity: null })),
    inquiryDate: fields.inquiryDate ?? null,
    reportDate: fields.reportDate,
    subtype: fields.subtype ?? null,
    viewed: false,
  };
}

const upper = (value: string | null, fallback: string) => (value?.trim() ? value.trim().toUpperCase() : fallback);

/** Builds the pull; `latencyMs` stands for the bureaus' response time (0 in unit use). */
export class CreditDataSandbox implements CreditDataProvider {
  constructor(private readonly latencyMs = CREDIT_SANDBOX_LATENCY_MS) {}

  async pullInitialReport(subject: CreditSubject, pulledAt: Date): Promise<InitialCreditPull> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    return buildSandboxPull(subject, pulledAt);
  }
}

export function buildSandboxPull(subject: CreditSubject, pulledAt: Date): InitialCreditPull {
  const random = randomFor(subject.uid);
  const reportDate = pulledAt;
  const reportDay = isoDay(reportDate);
  const lines = pickLines(random, pulledAt);
  const derogatoryCount = lines.filter((line) => line.template.derogatory).length;
  const lateCount = lines.reduce((sum, line) => sum + (line.template.derogatory ? 0 : Object.keys(line.late).length), 0);
  const base = Math.round(590 + random() * 170 - derogatoryCount * 45 - lateCount * 15);
  const scores = Object.fromEntries(
    BUREAUS.map((bureau, index) => [bureau, Math.min(850, Math.max(300, base + [0, -9, 6][index]! + Math.round(random() * 8)))]),
  ) as Record<Bureau, number>;
  const inquiries = INQUIRIES.filter(() => random() < 0.5).map((inquiry) => ({
    ...inquiry,
    date: isoDay(new Date(pulledAt.getTime() - Math.round(20 + random() * 500) * DAY_MS)),
    bureaus: random() < 0.5 ? BUREAUS : ([BUREAUS[Math.floor(random() * 3)]!] as readonly Bureau[]),
  }));
  const fullName = [upper(subject.firstName, 'ALEX'), subject.middleName?.trim() ? upper(subject.middleName, '').slice(0, 1) : null, upper(subject.lastName, 'CUSTOMER')]
    .filter(Boolean)
    .join(' ');
  const address = subject.street
    ? `${upper(subject.street, '')}, ${upper(subject.city, '')}, ${upper(subject.stateCode, '')} ${subject.postalCode ?? ''}`.trim()
    : null;

  const report = {
    userId: subject.uid,
    createdAt: reportDate,
    reportSummary: bureauSummary(scores, reportDay),
    accounts: accountRecords(
      lines.map((line) => tradelineFacts(line, reportDate)),
      reportDate,
    ),
    inquiries: inquiryRecords(inquiries),
    publicRecords: [],
    personalInfo: BUREAUS.map((bureau) => ({
      bureau,
      name: fullName,
      alsoKnownAs: [],
      dateOfBirth: subject.birthdate,
      ssn: subject.ssnLast4,
      employer: null,
      currentAddress: address ? { dateReported: reportDay, address } : null,
      previousAddress: [],
    })),
  };

  const investigations = [
    ...lines
      .filter((line) => line.template.derogatory)
      .map((line) =>
        investigation(`inv-${line.template.key}`, {
          name: line.template.creditorName,
          type: line.template.loanType === 'Medical' ? 'COLLECTIONS_OTHER' : 'COLLECTIONS_TRADELINE',
          entityType: 'account',
          amount: line.balance,
          accountStatus: 'Collection',
          bureaus: line.bureaus,
          itemIds: line.bureaus.map((bureau) => `${bureau}-${line.template.key}`),
          reportDate: reportDay,
          ...(line.template.loanType === 'Medical' ? { subtype: 'medical' } : {}),
        }),
      ),
    ...lines
      .filter((line) => !line.template.derogatory && Object.keys(line.late).length > 0)
      .map((line) =>
        investigation(`inv-${line.template.key}-late`, {
          name: line.template.creditorName,
          type: 'LATE_PAYMENTS',
          entityType: 'account',
          amount: line.balance,
          accountStatus: 'Open',
          bureaus: line.bureaus,
          itemIds: line.bureaus.map((bureau) => `${bureau}-${line.template.key}`),
          reportDate: reportDay,
        }),
      ),
    ...inquiries.map((inquiry) =>
      investigation(`inv-${inquiry.key}-inquiry`, {
        name: inquiry.creditorName,
        type: 'RECENT_INQUIRY',
        entityType: 'inquiry',
        amount: null,
        accountStatus: null,
        bureaus: inquiry.bureaus,
        itemIds: inquiry.bureaus.map((bureau) => `${bureau}-inq-${inquiry.key}`),
        reportDate: reportDay,
        inquiryDate: inquiry.date,
      }),
    ),
  ];
  return { report, investigations };
}
