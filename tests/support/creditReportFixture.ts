import type { CreditAccount, CreditDisplay, CreditReport, PersonalInfo, ScoreHistoryItem } from '../../src/contract/credit';
import type { Bureau } from '../../src/domain/creditReportRecords';

// Credit reports for the credit views' tests: a small three-bureau report whose every record is known (groups,
// statuses, tones, a collection, differences between bureaus, a tradeline one bureau does not report), an empty
// report, a large report (60+ tradelines at three bureaus), a score history and a credit display.

export const FIXTURE_REPORT_DATE = '2026-11-02';

/** 24 months up to the report's month, oldest first, 'C' except the codes given by months ago (0 = latest). */
export function paymentMonths(late: Readonly<Record<number, string>> = {}, months = 24): CreditAccount['monthlyPaymentHistory'] {
  return {
    Monthly: Array.from({ length: months }, (_, index) => {
      const monthsAgo = months - 1 - index;
      const date = new Date(Date.UTC(2026, 10 - monthsAgo, 1)).toISOString().slice(0, 7);
      return { date, status: late[monthsAgo] ?? 'C' };
    }),
  };
}

type AccountFields = Partial<CreditAccount> & Pick<CreditAccount, 'creditorName' | 'accountType'>;

export function account(bureau: Bureau, key: string, fields: AccountFields): CreditAccount {
  return {
    id: `${bureau}-${key}`,
    bureau,
    creditorContact: null,
    creditorPhone: '800-555-0100',
    accountNumber: `XXXX${key.slice(-4).padStart(4, '0')}`,
    portfolioType: 'R',
    currentBalance: 0,
    creditLimit: null,
    highBalance: null,
    highCredit: null,
    monthlyPayment: null,
    paymentStatus: 'C',
    pastDueAmount: 0,
    closed: null,
    reported: '2026-10-28',
    opened: '2019-04-12',
    dateAccountStatus: '2026-10-28',
    status: 'Open',
    responsibility: 'Individual',
    remarks: null,
    loanType: null,
    monthsReviewed: 24,
    latePayments30Days: 0,
    latePayments60Days: 0,
    latePayments90Days: 0,
    originalCreditor: null,
    condition: 'Open',
    worstPayStatus: null,
    monthlyPaymentHistory: paymentMonths(),
    ...fields,
  };
}

const ALL: readonly Bureau[] = ['TRANSUNION', 'EQUIFAX', 'EXPERIAN'];

function everywhere(key: string, fields: AccountFields, perBureau: Partial<Record<Bureau, Partial<CreditAccount>>> = {}, bureaus = ALL): CreditAccount[] {
  return bureaus.map((bureau) => account(bureau, key, { ...fields, ...perBureau[bureau] }));
}

function personal(bureau: Bureau, overrides: Partial<PersonalInfo> = {}): PersonalInfo {
  return {
    bureau,
    name: 'MARIA ALVAREZ',
    alsoKnownAs: [],
    dateOfBirth: '1988-03-14',
    ssn: '6789',
    employer: { name: 'DESERT CLINIC' },
    currentAddress: { dateReported: '2025-06-01', address: '1200 W Main St, Mesa AZ 85201' },
    previousAddress: [{ dateReported: '2021-02-01', address: '77 E Oak Ave, Tempe AZ 85281' }],
    ...overrides,
  };
}

/** The combined report: five tradelines across the groups, one inquiry, one public record. */
export function combinedReport(): CreditReport {
  const accounts = [
    // Credit Card, current: In good standing (success). Experian reports another balance.
    ...everywhere(
      '1234',
      { creditorName: 'CAPITAL ONE', accountType: 'Revolving Credit Card', portfolioType: 'R', currentBalance: 500, creditLimit: 2000, highBalance: 900, monthlyPayment: 35 },
      { EXPERIAN: { currentBalance: 650 } },
    ),
    // Real Estate with late months: Past due (error). Experian does not report it.
    ...everywhere(
      '5566',
      {
        creditorName: 'WELLS FARGO HOME MORTGAGE',
        accountType: 'Mortgage',
        portfolioType: 'M',
        currentBalance: 212000,
        highBalance: 240000,
        monthlyPayment: 1650,
        paymentStatus: '1',
        pastDueAmount: 1650,
        monthlyPaymentHistory: paymentMonths({ 0: '1', 5: '2', 6: '1' }),
      },
      {},
      ['TRANSUNION', 'EQUIFAX'],
    ),
    // Auto loan, paid and closed: Closed (neutral).
    ...everywhere('7788', {
      creditorName: 'TOYOTA FINANCIAL',
      accountType: 'Auto Loan',
      portfolioType: 'I',
      currentBalance: 0,
      highBalance: 18000,
      closed: '2024-05-01',
      status: 'Paid and closed',
      monthlyPaymentHistory: paymentMonths({ 0: 'X', 1: 'X' }),
    }),
    // Student loan, current.
    ...everywhere('9900', { creditorName: 'NAVIENT', accountType: 'Educational', portfolioType: 'I', currentBalance: 8400, highBalance: 15000, monthlyPayment: 120 }),
    // A collection: Outstanding (warning).
    ...everywhere('4455', {
      creditorName: 'MIDLAND CREDIT MGMT',
      accountType: 'Collection',
      portfolioType: 'Y',
      currentBalance: 640,
      paymentStatus: '9',
      originalCreditor: 'DESERT MEDICAL GROUP',
      monthlyPaymentHistory: paymentMonths({ 0: '9', 1: '9', 2: '9' }),
    }),
  ];
  return {
    source: 'combined',
    pulledAt: '2026-11-02T15:30:00.000Z',
    reportSummary: {
      bureauSummary: [
        { bureau: 'TRANSUNION', creditScore: 702, reportDate: FIXTURE_REPORT_DATE },
        { bureau: 'EQUIFAX', creditScore: 688, reportDate: FIXTURE_REPORT_DATE },
        { bureau: 'EXPERIAN', creditScore: null, reportDate: FIXTURE_REPORT_DATE },
      ],
    },
    accounts,
    inquiries: [
      { id: 'TRANSUNION-inq1', bureau: 'TRANSUNION', creditorName: 'CHASE BANK', industry: 'Bank', date: '2026-03-10' },
      { id: 'EQUIFAX-inq1', bureau: 'EQUIFAX', creditorName: 'CHASE BANK', industry: 'Bank', date: '2026-03-10' },
    ],
    publicRecords: [
      {
        id: 'EQUIFAX-pr1',
        bureau: 'EQUIFAX',
        type: 'Chapter 7 Bankruptcy',
        status: 'Discharged',
        dateFiled: '2017-08-01',
        dateResolved: '2017-12-01',
        referenceNumber: 'BK-17-0042',
        court: 'US Bankruptcy Court, District of Arizona',
        attorneyName: null,
        dispositionDate: '2017-12-01',
      },
    ],
    personalInfo: [personal('TRANSUNION'), personal('EQUIFAX'), personal('EXPERIAN', { employer: { name: 'DESERT CLINIC LLC' } })],
  };
}

/** One bureau's report out of the combined one. */
export function bureauReport(bureau: Bureau): CreditReport {
  const combined = combinedReport();
  const mine = <T extends { bureau: Bureau }>(records: readonly T[]) => records.filter((record) => record.bureau === bureau);
  return {
    ...combined,
    source: bureau.toLowerCase() as CreditReport['source'],
    reportSummary: { bureauSummary: mine(combined.reportSummary.bureauSummary) },
    accounts: mine(combined.accounts),
    inquiries: mine(combined.inquiries),
    publicRecords: mine(combined.publicRecords),
    personalInfo: mine(combined.personalInfo),
  };
}

/** A report with nothing on it: no score, no accounts, inquiries or public records. */
export function emptyReport(bureau: Bureau = 'EQUIFAX'): CreditReport {
  return {
    source: bureau.toLowerCase() as CreditReport['source'],
    pulledAt: '2026-11-02T15:30:00.000Z',
    reportSummary: { bureauSummary: [{ bureau, creditScore: null, reportDate: FIXTURE_REPORT_DATE }] },
    accounts: [],
    inquiries: [],
    publicRecords: [],
    personalInfo: [personal(bureau)],
  };
}

const GROUP_TYPES = ['Revolving Credit Card', 'Mortgage', 'Auto Loan', 'Student Loan', 'Personal Loan'] as const;

/** `tradelines` tradelines reported by all three bureaus (the benchmark's size: 60+ × 3). */
export function largeReport(tradelines = 64): CreditReport {
  const accounts = Array.from({ length: tradelines }, (_, index) =>
    everywhere(String(1000 + index), {
      creditorName: `CREDITOR ${index + 1}`,
      accountType: GROUP_TYPES[index % GROUP_TYPES.length] as string,
      currentBalance: 100 * (index + 1),
      creditLimit: 5000,
      monthlyPaymentHistory: paymentMonths(index % 7 === 0 ? { 2: '1' } : {}),
    }),
  ).flat();
  return { ...combinedReport(), accounts };
}

/** Four report dates per bureau, oldest first; Experian missed the second. */
export function scoreHistory(): ScoreHistoryItem[] {
  const dates = ['2026-02-02', '2026-05-02', '2026-08-02', '2026-11-02'];
  const scores: Record<Bureau, number[]> = { TRANSUNION: [640, 655, 671, 702], EQUIFAX: [630, 648, 660, 688], EXPERIAN: [612, 0, 640, 655] };
  return dates.flatMap((reportdate, index) =>
    (['TRANSUNION', 'EQUIFAX', 'EXPERIAN'] as const)
      .filter((bureau) => !(bureau === 'EXPERIAN' && index === 1))
      .map((bureau) => ({ bureau, reportdate, creditscore: scores[bureau][index] as number })),
  );
}

/**
 * A credit display as of 2026-11-25: cards use 50% of their limits (hurting), 1 late month in 48 (helping), the
 * oldest account from 2008 (helping, matured), 1 new account, 2 inquiries, and a mix without an auto loan and with
 * only 2 cards (hurting).
 */
export function creditDisplay(): CreditDisplay {
  const base = { loanType: null, highBalance: null, monthlyPayment: null };
  return {
    id: 'display-1',
    createdAt: '2026-11-02T15:30:00.000Z',
    creditBalance: [
      { ...base, id: 'a1', name: 'CAPITAL ONE', status: 'open', paymentHistory: 'C'.repeat(24), accountType: 'Revolving Credit Card', portfolioType: 'R', balance: 1000, creditLimit: 2000, accountOpenedAt: '2008-01-15' },
      { ...base, id: 'a2', name: 'DISCOVER', status: 'open', paymentHistory: `1${'C'.repeat(23)}`, accountType: 'Credit Card', portfolioType: 'R', balance: 500, creditLimit: 1000, accountOpenedAt: '2026-10-01' },
      { ...base, id: 'a3', name: 'WELLS FARGO HOME MORTGAGE', status: 'closed', paymentHistory: 'C'.repeat(24), accountType: 'Mortgage', portfolioType: 'M', balance: 0, creditLimit: null, accountOpenedAt: '2012-06-01' },
      { ...base, id: 'a4', name: 'NAVIENT', status: 'closed', paymentHistory: 'C'.repeat(24), accountType: 'Educational', portfolioType: 'I', balance: 0, creditLimit: null, accountOpenedAt: '2010-09-01' },
    ],
    creditInquiries: [{ inquiryDate: '2026-03-10' }, { inquiryDate: '2025-08-20' }, { inquiryDate: '2022-01-05' }],
    bureauReports: [
      { bureau: 'TRANSUNION', creditScore: 702, reportDate: FIXTURE_REPORT_DATE },
      { bureau: 'EQUIFAX', creditScore: 688, reportDate: FIXTURE_REPORT_DATE },
      { bureau: 'EXPERIAN', creditScore: null, reportDate: FIXTURE_REPORT_DATE },
    ],
    totalDebt: 1500,
    monthlyDebtPayment: 70,
  };
}
