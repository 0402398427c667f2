import { describe, expect, it } from 'vitest';
import type { CreditAccount, CreditInquiry, PersonalInfo, PublicRecord } from '../../src/contract/credit';
import { ACCOUNT_GROUPS, accountDisplayStatus, accountGroup, accountTone, accountUtilization, groupAccounts, inquiryComparison, inquiryWindowStart, isDerogatoryAccount, maskedSsn, PAYMENT_STATUS_CODE_ORDER, PAYMENT_STATUS_CODES, paymentStatusCode, paymentHistoryPercent, personalInfoComparison, portfolioTypeName, PORTFOLIO_TYPES, publicRecordTone, recordBureau, reportBureauFromParam, reportedInquiries, reportSummaryCounts, SCORE_BANDS, SCORE_SLIDER_MARKS, scoreBand, tradelineComparison } from '../../src/domain/creditReport';
import { answersFor } from '../support/answers';
import { account as fixtureAccount } from '../support/creditReportFixture';

// How the report presents accounts, codes, records, scores and the combined three-bureau comparison (spec 001 §2,
// §3, §4, §9). The samples are the contract's own types, so the domain's structural inputs stay in step with it.

/** A credit card at Equifax: the report fixture's account with this card's numbers. */
function account(fields: Partial<CreditAccount> = {}): CreditAccount {
  return fixtureAccount('EQUIFAX', '1234', {
    id: 'acct-1',
    creditorName: 'JPMCB CARD SERVICES',
    creditorPhone: '8009452000',
    accountType: 'Revolving Credit Card',
    accountNumber: '4147XXXX1234',
    currentBalance: 1_200,
    creditLimit: 7_500,
    highBalance: 2_000,
    monthlyPayment: 45,
    reported: '2026-11-01',
    opened: '2018-04-12',
    dateAccountStatus: '2026-11-01',
    loanType: 'Credit Card',
    monthlyPaymentHistory: { Monthly: [{ date: '2026-10', status: 'C' }] },
    ...fields,
  });
}

describe('account groups (spec 001 §2)', () => {
  it.each([
    ['Revolving Credit Card', 'creditCard'],
    ['Revolving Charge Account', 'creditCard'],
    ['CREDIT CARD', 'creditCard'],
    ['Credit-Card', 'creditCard'],
    ['Conventional Real Estate Mortgage', 'realEstate'],
    ['Home Equity Loan', 'realEstate'],
    ['FHA mortgage', 'realEstate'],
    ['Auto Loan', 'autoLoans'],
    ['AUTO LEASE', 'autoLoans'],
    ['Educational', 'studentLoans'],
    ['Student Loan', 'studentLoans'],
    ['Student Loans', 'studentLoans'],
    ['Note Loan', 'studentLoans'],
    ['Collection', 'other'],
    ['Installment Sales Contract', 'other'],
    ['Automobile dealer', 'other'],
    ['', 'other'],
    [null, 'other'],
  ] as const)('%s → %s', (type, group) => {
    expect(accountGroup(type)).toBe(group);
  });

  it('lists the groups in the report order: Credit Card, Real Estate, Auto loans, Student loans, Other', () => {
    expect(ACCOUNT_GROUPS).toEqual(['creditCard', 'realEstate', 'autoLoans', 'studentLoans', 'other']);
  });

  it('groups accounts keeping their order, every group present even when empty', () => {
    const card = account({ id: 'a' });
    const car = account({ id: 'b', accountType: 'Auto Loan' });
    const card2 = account({ id: 'c', accountType: 'Revolving' });
    const grouped = groupAccounts([card, car, card2]);
    expect(grouped.creditCard.map(({ id }) => id)).toEqual(['a', 'c']);
    expect(grouped.autoLoans.map(({ id }) => id)).toEqual(['b']);
    expect(grouped.realEstate).toEqual([]);
    expect(grouped.studentLoans).toEqual([]);
    expect(grouped.other).toEqual([]);
  });
});

describe('account display status and accordion tone (spec 001 §4)', () => {
  it('shows an open current account as In good standing, in the success tone', () => {
    const open = account();
    expect(accountDisplayStatus(open)).toBe('inGoodStanding');
    expect(accountTone(open)).toBe('success');
  });

  it('shows a closed account as Closed, in the neutral tone, whatever its payments were', () => {
    for (const closed of [
      account({ closed: '2024-02-01' }),
      account({ status: 'Paid and closed', paymentStatus: '2' }),
      account({ portfolioType: 'Z' }),
    ]) {
      expect(accountDisplayStatus(closed)).toBe('closed');
      expect(accountTone(closed)).toBe('neutral');
    }
  });

  it('shows an open collection as Outstanding, in the warning tone', () => {
    for (const collection of [
      account({ portfolioType: 'Y', accountType: 'Collection', status: 'Collection', paymentStatus: '9' }),
      account({ portfolioType: 'I', accountType: 'Collection Agency/Attorney', paymentStatus: 'U' }),
      account({ portfolioType: null, status: 'In collections', paymentStatus: null }),
    ]) {
      expect(accountDisplayStatus(collection)).toBe('outstanding');
      expect(accountTone(collection)).toBe('warning');
    }
  });

  it('shows any other open account as Past due, in the error tone', () => {
    for (const late of [
      account({ paymentStatus: '2' }),
      account({ paymentStatus: '9', status: 'Charge off' }),
      account({ paymentStatus: null }),
    ]) {
      expect(accountDisplayStatus(late)).toBe('pastDue');
      expect(accountTone(late)).toBe('error');
    }
  });

  it('reads a current status written in words', () => {
    expect(accountDisplayStatus(account({ paymentStatus: 'Current' }))).toBe('inGoodStanding');
    expect(accountDisplayStatus(account({ paymentStatus: 'Pays as agreed' }))).toBe('inGoodStanding');
  });
});

describe('payment status codes and portfolio types (spec 001 §4)', () => {
  it('gives every code its meaning and grid colour, late codes their days', () => {
    expect(PAYMENT_STATUS_CODE_ORDER).toEqual(['C', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'U', 'X']);
    expect(PAYMENT_STATUS_CODE_ORDER.map((code) => PAYMENT_STATUS_CODES[code].daysLate)).toEqual([
      null, 30, 60, 90, 120, 150, 180, null, null, null, null, null,
    ]);
    expect(PAYMENT_STATUS_CODE_ORDER.map((code) => PAYMENT_STATUS_CODES[code].severity)).toEqual([
      'current', 'late', 'late', 'late', 'late', 'late', 'late', 'derogatory', 'derogatory', 'derogatory', 'unknown', 'unknown',
    ]);
    expect(PAYMENT_STATUS_CODES['7'].meaning).toBe('bankruptcy');
    expect(PAYMENT_STATUS_CODES['8'].meaning).toBe('repossessionOrForeclosure');
    expect(PAYMENT_STATUS_CODES['9'].meaning).toBe('collectionOrChargeOff');
    expect(PAYMENT_STATUS_CODES.X.meaning).toBe('noData');
  });

  it('reads a month code in either case and refuses what is not a code', () => {
    expect(paymentStatusCode('c')).toBe('C');
    expect(paymentStatusCode(' 4 ')).toBe('4');
    expect(paymentStatusCode('0')).toBeNull();
    expect(paymentStatusCode('')).toBeNull();
    expect(paymentStatusCode(null)).toBeNull();
  });

  it('names every portfolio type, and none for an unknown code', () => {
    expect(Object.keys(PORTFOLIO_TYPES)).toEqual(['I', 'R', 'O', 'M', 'MD', 'L', 'C', 'Y', 'Z']);
    expect(portfolioTypeName('MD')).toBe('medical');
    expect(portfolioTypeName('c')).toBe('lineOfCredit');
    expect(portfolioTypeName('Y')).toBe('collection');
    expect(portfolioTypeName('Q')).toBeNull();
    expect(portfolioTypeName(null)).toBeNull();
  });
});

describe('an account\'s payment-history percent and utilisation (spec 001 §9)', () => {
  it('counts current, unknown and no-data months as on time, over every month with a code', () => {
    const months = (codes: string) => [...codes].map((status, index) => ({ date: `2026-${String(index + 1).padStart(2, '0')}`, status }));
    expect(paymentHistoryPercent(months('CCUX'))).toBe(100);
    expect(paymentHistoryPercent(months('CC12'))).toBe(50);
    expect(paymentHistoryPercent(months('C9-'))).toBe(50);
    expect(paymentHistoryPercent([])).toBeNull();
  });

  it('is balance over limit for revolving accounts and over high balance for loans, the bar capped at 100%', () => {
    expect(accountUtilization(account({ currentBalance: 1_500, creditLimit: 6_000 }))).toEqual({ percent: 25, barPercent: 25 });
    expect(accountUtilization(account({ currentBalance: 9_000, creditLimit: 6_000 }))).toEqual({ percent: 150, barPercent: 100 });
    const loan = { portfolioType: 'I', accountType: 'Auto Loan', creditLimit: null };
    expect(accountUtilization(account({ ...loan, currentBalance: 6_000, highBalance: 24_000 }))).toEqual({ percent: 25, barPercent: 25 });
    expect(accountUtilization(account({ ...loan, currentBalance: 6_000, highBalance: null, highCredit: 12_000 }))?.percent).toBe(50);
    expect(accountUtilization(account({ portfolioType: null, accountType: 'Credit Card', currentBalance: 100, creditLimit: 1_000 }))?.percent).toBe(10);
  });

  it('has none without a balance or a positive limit', () => {
    expect(accountUtilization(account({ currentBalance: null }))).toBeNull();
    expect(accountUtilization(account({ creditLimit: 0 }))).toBeNull();
    expect(accountUtilization(account({ portfolioType: 'M', accountType: 'Mortgage', highBalance: null, highCredit: null }))).toBeNull();
  });
});

describe('inquiries stay two years; the summary counts (spec 001 §9)', () => {
  const inquiry = (id: string, date: string | null): CreditInquiry => ({ id, bureau: 'EQUIFAX', creditorName: id.toUpperCase(), industry: null, date });

  it('starts the window on the same day 24 months before the report date, the month end when that day is missing', () => {
    expect(inquiryWindowStart('2026-11-25')).toBe('2024-11-25');
    expect(inquiryWindowStart('2026-02-28')).toBe('2024-02-28');
    expect(inquiryWindowStart('2028-02-29')).toBe('2026-02-28');
    expect(inquiryWindowStart('2026-11-25T18:30:00.000Z')).toBe('2024-11-25');
  });

  it('lists the inquiries of the last two years, in order, and drops the older ones', () => {
    const inquiries = [
      inquiry('recent', '2026-10-01'),
      inquiry('old', '2024-11-24'),
      inquiry('first-day', '2024-11-25'),
      inquiry('undated', null),
      inquiry('ancient', '2019-05-01'),
    ];
    expect(reportedInquiries(inquiries, '2026-11-25').map((item) => item.id)).toEqual(['recent', 'first-day', 'undated']);
  });

  it('takes a derogatory item from the condition, a 7-9 payment status or worst status, or a collection', () => {
    expect(isDerogatoryAccount(account())).toBe(false);
    expect(isDerogatoryAccount(account({ condition: 'Derogatory' }))).toBe(true);
    expect(isDerogatoryAccount(account({ paymentStatus: '9' }))).toBe(true);
    expect(isDerogatoryAccount(account({ worstPayStatus: '7' }))).toBe(true);
    expect(isDerogatoryAccount(account({ portfolioType: 'Y', accountType: 'Collection' }))).toBe(true);
    // A late payment is not derogatory by itself.
    expect(isDerogatoryAccount(account({ paymentStatus: '2', worstPayStatus: '3' }))).toBe(false);
  });

  it('counts zero, not nothing, for a report without inquiries, derogatory items or public records', () => {
    expect(reportSummaryCounts({ inquiries: [], accounts: [account()], publicRecords: [] }, '2026-11-25')).toEqual({
      inquiries: 0,
      derogatoryItems: 0,
      publicRecords: 0,
    });
  });

  it('counts only the inquiries inside the window', () => {
    const counts = reportSummaryCounts(
      {
        inquiries: [inquiry('recent', '2026-10-01'), inquiry('old', '2023-01-10')],
        accounts: [account(), account({ id: 'acct-2', condition: 'Derogatory' })],
        publicRecords: [{}],
      },
      '2026-11-25',
    );
    expect(counts).toEqual({ inquiries: 1, derogatoryItems: 1, publicRecords: 1 });
  });
});

describe('public record tones (spec 001 §4)', () => {
  it.each([
    ['discharged', 'info'],
    ['Filed', 'info'],
    ['dismissed/closed', 'acknowledged'],
    ['Dismissed / Closed', 'acknowledged'],
    ['dismissed', 'neutral'],
    ['voluntary', 'neutral'],
    ['unknown', 'neutral'],
    ['satisfied', 'neutral'],
    [null, 'neutral'],
  ] as const)('%s → %s', (status, tone) => {
    const record: PublicRecord = {
      id: 'pr-1',
      bureau: 'EXPERIAN',
      type: 'Chapter 7 bankruptcy',
      status,
      dateFiled: '2019-03-01',
      dateResolved: null,
      referenceNumber: null,
      court: null,
      attorneyName: null,
      dispositionDate: null,
    };
    expect(publicRecordTone(record.status)).toBe(tone);
  });
});

describe('score bands and the slider (spec 001 §9, spec 002 §9)', () => {
  it('has the marks 300, 480, 660, 850 and five bands covering 300-850 without gaps', () => {
    expect(SCORE_SLIDER_MARKS).toEqual([300, 480, 660, 850]);
    expect(SCORE_BANDS.map(({ id, min, max }) => [id, min, max])).toEqual([
      ['poor', 300, 560],
      ['fair', 560, 660],
      ['good', 660, 750],
      ['veryGood', 750, 800],
      ['excellent', 800, 850],
    ]);
  });

  it.each([
    [300, 'poor'],
    [559, 'poor'],
    [560, 'fair'],
    [659, 'fair'],
    [660, 'good'],
    [749, 'good'],
    [750, 'veryGood'],
    [799, 'veryGood'],
    [800, 'excellent'],
    [850, 'excellent'],
    [250, 'poor'],
    [900, 'excellent'],
  ] as const)('%i is %s', (score, band) => {
    expect(scoreBand(score).id).toBe(band);
  });
});

describe('the report route values (spec 001 §2)', () => {
  it('accepts the three bureaus, sends the legacy combined value to Equifax and refuses the rest', () => {
    const bureaus = { transunion: 'transunion', equifax: 'equifax', experian: 'experian', credmo3bReportScore: 'equifax', Experian: 'experian', combined: null, innovis: null, '': null };
    expect(answersFor(reportBureauFromParam, bureaus)).toEqual(bureaus);
    expect(reportBureauFromParam(undefined)).toBeNull();
  });

  it('names the stored records of a route bureau', () => {
    expect(recordBureau('transunion')).toBe('TRANSUNION');
  });
});

describe('the masked SSN (spec 001 §3)', () => {
  it('shows only the last four digits', () => {
    expect(maskedSsn('1234')).toBe('***-**-1234');
    expect(maskedSsn('123')).toBeNull();
    expect(maskedSsn('123456789')).toBeNull();
    expect(maskedSsn(null)).toBeNull();
  });
});

describe('the combined report compares the bureaus', () => {
  it('puts the same tradeline of each bureau in one row and names the fields that differ', () => {
    const rows = tradelineComparison([
      account({ id: 'eq', bureau: 'EQUIFAX', currentBalance: 1_200 }),
      account({ id: 'tu', bureau: 'TRANSUNION', accountNumber: '4147-xxxx-1234', currentBalance: 1_250, reported: '2026-10-28' }),
      account({ id: 'ex', bureau: 'EXPERIAN', creditorName: 'jpmcb card services', currentBalance: 1_200 }),
    ]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.records.EQUIFAX?.id).toBe('eq');
    expect(row?.records.TRANSUNION?.id).toBe('tu');
    expect(row?.records.EXPERIAN?.id).toBe('ex');
    expect(row?.missingFrom).toEqual([]);
    expect(row?.group).toBe('creditCard');
    expect(row?.differences).toEqual(['currentBalance', 'reported']);
  });

  it('shows a tradeline one bureau does not report as missing there, and nothing differing', () => {
    const rows = tradelineComparison([
      account({ id: 'eq', bureau: 'EQUIFAX', accountType: 'Collection', creditorName: 'LVNV FUNDING LLC', accountNumber: '88' }),
      account({ id: 'ex', bureau: 'EXPERIAN', accountType: 'Collection', creditorName: 'LVNV FUNDING LLC', accountNumber: '88' }),
      account({ id: 'eq2', bureau: 'EQUIFAX' }),
    ]);
    expect(rows.map((row) => [row.key, row.missingFrom, row.differences])).toEqual([
      ['LVNVFUNDINGLLC|88', ['TRANSUNION'], []],
      ['JPMCBCARDSERVICES|4147XXXX1234', ['EXPERIAN', 'TRANSUNION'], []],
    ]);
    expect(rows[0]?.records.TRANSUNION).toBeNull();
  });

  it('compares status and payment status as the bureaus wrote them, ignoring case', () => {
    const rows = tradelineComparison([
      account({ bureau: 'EQUIFAX', status: 'Open', paymentStatus: 'C' }),
      account({ bureau: 'EXPERIAN', status: 'OPEN', paymentStatus: '1', creditLimit: 7_000 }),
    ]);
    expect(rows[0]?.differences).toEqual(['paymentStatus', 'creditLimit']);
  });

  it('matches accounts without a number by creditor and opening day', () => {
    const rows = tradelineComparison([
      account({ bureau: 'EQUIFAX', accountNumber: null }),
      account({ bureau: 'TRANSUNION', accountNumber: null }),
      account({ bureau: 'EXPERIAN', accountNumber: null, opened: '2020-01-01' }),
    ]);
    expect(rows.map((row) => row.missingFrom)).toEqual([['EXPERIAN'], ['EQUIFAX', 'TRANSUNION']]);
  });

  it('lines up inquiries by creditor and day', () => {
    const inquiry = (fields: Partial<CreditInquiry>): CreditInquiry => ({
      id: 'inq',
      bureau: 'EQUIFAX',
      creditorName: 'CAPITAL ONE',
      industry: 'Bank',
      date: '2026-03-02',
      ...fields,
    });
    const rows = inquiryComparison([
      inquiry({ bureau: 'EQUIFAX' }),
      inquiry({ bureau: 'EXPERIAN', industry: 'Bank credit cards' }),
      inquiry({ bureau: 'TRANSUNION', date: '2025-01-10' }),
    ]);
    expect(rows.map((row) => [row.date, row.missingFrom, row.differences])).toEqual([
      ['2026-03-02', ['TRANSUNION'], ['industry']],
      ['2025-01-10', ['EQUIFAX', 'EXPERIAN'], []],
    ]);
  });

  it('shows personal information field by field, the SSN masked, and marks what the bureaus disagree on', () => {
    const info = (fields: Partial<PersonalInfo>): PersonalInfo => ({
      bureau: 'EQUIFAX',
      name: 'MARIA GARCIA',
      alsoKnownAs: [],
      dateOfBirth: '1988-05-04',
      ssn: '6789',
      employer: { name: 'ACME CORP' },
      currentAddress: { dateReported: '2026-01-01', address: '12 MAPLE AVE, AUSTIN TX 78701' },
      previousAddress: [],
      ...fields,
    });
    const rows = personalInfoComparison([
      info({}),
      info({ bureau: 'EXPERIAN', name: 'Maria Garcia', currentAddress: { dateReported: null, address: '12 Maple Ave., Austin TX 78701' } }),
      info({ bureau: 'TRANSUNION', name: 'MARIA L GARCIA', employer: null, alsoKnownAs: ['MARIA LOPEZ'] }),
    ]);
    const byField = Object.fromEntries(rows.map((row) => [row.field, row]));
    expect(rows.map((row) => row.field)).toEqual([
      'name', 'alsoKnownAs', 'dateOfBirth', 'ssn', 'employer', 'currentAddress', 'previousAddress',
    ]);
    expect(byField.name?.differs).toBe(true);
    expect(byField.ssn?.values).toEqual({ EQUIFAX: '***-**-6789', EXPERIAN: '***-**-6789', TRANSUNION: '***-**-6789' });
    expect(byField.ssn?.differs).toBe(false);
    expect(byField.currentAddress?.differs).toBe(false);
    // One bureau reporting no employer is a gap, not a disagreement.
    expect(byField.employer?.values.TRANSUNION).toBeNull();
    expect(byField.employer?.differs).toBe(false);
    expect(byField.alsoKnownAs?.values).toEqual({ EQUIFAX: null, EXPERIAN: null, TRANSUNION: ['MARIA LOPEZ'] });
  });

  it('leaves a bureau without personal information empty in every row', () => {
    const rows = personalInfoComparison([]);
    expect(rows.every((row) => Object.values(row.values).every((value) => value === null) && !row.differs)).toBe(true);
  });
});
