import { describe, expect, it } from 'vitest';
import type { CreditDisplay } from '../../src/contract/credit';
import { creditAgeCard, creditFactors, creditMixCard, newCreditCard, overviewScore, paymentHistoryCard, subtractMonths, utilizationCard, wholeMonthsBetween } from '../../src/domain/creditFactors';

// The credit overview's cards and factors at every spec 002 §9 boundary. Samples are the contract's CreditDisplay.

const TODAY = '2026-11-25';
type Balance = CreditDisplay['creditBalance'][number];

function balance(fields: Partial<Balance> = {}): Balance {
  return {
    id: 'acct',
    name: 'CITIBANK NA',
    status: 'open',
    paymentHistory: 'C'.repeat(24),
    accountType: 'Revolving Credit Card',
    loanType: 'Credit Card',
    portfolioType: 'R',
    balance: 0,
    creditLimit: 1_000,
    highBalance: null,
    monthlyPayment: 25,
    accountOpenedAt: '2015-01-01',
    ...fields,
  };
}

function display(fields: Partial<CreditDisplay> = {}): CreditDisplay {
  return {
    id: 'display-1',
    createdAt: '2026-11-25T10:00:00.000Z',
    creditBalance: [],
    creditInquiries: [],
    bureauReports: [],
    totalDebt: 0,
    monthlyDebtPayment: 0,
    ...fields,
  };
}

describe('utilisation (spec 002 §9: over 30% red, helping at or below 10%)', () => {
  it.each([
    [100, 'success', 'helping'],
    [101, 'neutral', null],
    [300, 'neutral', null],
    [301, 'error', 'hurting'],
  ] as const)('%i of 1,000 → %s, %s', (owed, tone, effect) => {
    const card = utilizationCard([balance({ balance: owed })]);
    expect(card.percent).toBeCloseTo(owed / 10);
    expect([card.tone, card.effect]).toEqual([tone, effect]);
  });

  it('adds up open revolving accounts only, and caps the bar at 100%', () => {
    const card = utilizationCard([
      balance({ balance: 1_500, creditLimit: 1_000 }),
      balance({ balance: 500, creditLimit: 1_000 }),
      balance({ status: 'closed', balance: 900, creditLimit: 5_000 }),
      balance({ portfolioType: 'I', accountType: 'Auto Loan', balance: 12_000, creditLimit: 20_000 }),
      balance({ portfolioType: null, accountType: 'Credit Card', balance: 0, creditLimit: 2_000 }),
    ]);
    expect([card.balance, card.limit, card.percent, card.barPercent]).toEqual([2_000, 4_000, 50, 50]);
    expect(utilizationCard([balance({ balance: 1_500 })]).barPercent).toBe(100);
  });

  it('has no percentage without a revolving limit', () => {
    const card = utilizationCard([balance({ creditLimit: null }), balance({ portfolioType: 'M', accountType: 'Mortgage' })]);
    expect([card.percent, card.tone, card.effect]).toEqual([null, 'neutral', null]);
  });
});

describe('payment history (spec 002 §9: first 24 entries per open account, late 1-9, bad 7-9, red under 70%, hurting at or below 90%)', () => {
  const history = (late: number, lateCode = '1') => lateCode.repeat(late) + 'C'.repeat(100 - late);
  it.each([
    [0, 'success', 'helping'],
    [9, 'success', 'helping'],
    [10, 'warning', 'hurting'],
    [30, 'warning', 'hurting'],
    [31, 'error', 'hurting'],
  ] as const)('%i late months in 100 → %s, %s', (late, tone, effect) => {
    // Five accounts of 20 months each: the late months spread over the first ones.
    const text = history(late);
    const accounts = [0, 1, 2, 3, 4].map((index) => balance({ paymentHistory: text.slice(index * 20, index * 20 + 20) }));
    const card = paymentHistoryCard(accounts);
    expect(card.months).toBe(100);
    expect(card.lateMonths).toBe(late);
    expect(card.onTimePercent).toBe(100 - late);
    expect([card.tone, card.effect]).toEqual([tone, effect]);
  });

  it('reads only the latest 24 months of open accounts, and counts U and X as on time', () => {
    const card = paymentHistoryCard([
      balance({ paymentHistory: 'C'.repeat(23) + 'U' + '1'.repeat(12) }),
      balance({ status: 'closed', paymentHistory: '9'.repeat(24) }),
      balance({ paymentHistory: 'XX2' }),
    ]);
    expect([card.months, card.lateMonths, card.badAccounts]).toEqual([27, 1, 0]);
  });

  it('counts an account with any 7, 8 or 9 month as bad', () => {
    const card = paymentHistoryCard([
      balance({ paymentHistory: 'CCC7' }),
      balance({ paymentHistory: 'C8' }),
      balance({ paymentHistory: '9' }),
      balance({ paymentHistory: '123456' }),
    ]);
    expect(card.badAccounts).toBe(3);
  });

  it('says nothing without months (and skips characters that are not codes)', () => {
    const card = paymentHistoryCard([balance({ paymentHistory: '--' })]);
    expect([card.months, card.onTimePercent, card.tone, card.effect]).toEqual([0, null, 'neutral', null]);
  });
});

describe('credit history age (spec 002 §9: under 5 years Building Credit; helping at 15+; hurting at 5 or less)', () => {
  it.each([
    ['2021-11-26', 59, 'buildingCredit', 'warning', 'hurting'],
    ['2021-11-25', 60, 'creditMatured', 'warning', 'hurting'],
    ['2021-10-25', 61, 'creditMatured', 'neutral', null],
    ['2011-11-26', 179, 'creditMatured', 'neutral', null],
    ['2011-11-25', 180, 'creditMatured', 'success', 'helping'],
  ] as const)('oldest opened %s → %i months, %s, %s, %s', (opened, months, stage, tone, effect) => {
    const card = creditAgeCard([balance({ accountOpenedAt: '2024-01-01' }), balance({ status: 'closed', accountOpenedAt: opened })], TODAY);
    expect([card.oldestOpened, card.months, card.stage, card.tone, card.effect]).toEqual([opened, months, stage, tone, effect]);
  });

  it('gives the age in years and months, and nothing without dates', () => {
    const card = creditAgeCard([balance({ accountOpenedAt: '2019-02-10' })], TODAY);
    expect([card.years, card.remainderMonths]).toEqual([7, 9]);
    expect(creditAgeCard([balance({ accountOpenedAt: null })], TODAY).stage).toBeNull();
  });

  it('counts whole calendar months', () => {
    expect(wholeMonthsBetween('2020-01-15', '2021-01-14')).toBe(11);
    expect(wholeMonthsBetween('2020-01-15', '2021-01-15')).toBe(12);
    expect(wholeMonthsBetween('2026-12-01', '2026-11-25')).toBe(0);
  });
});

describe('new accounts and inquiries (spec 002 §9: 90 days, more than 4 red; 24 months, more than 5 hurting)', () => {
  const opened = (days: string[]) => days.map((day) => balance({ accountOpenedAt: day }));
  it('counts accounts opened on or after the day 90 days ago; five is red', () => {
    const four = newCreditCard(display({ creditBalance: opened(['2026-08-27', '2026-09-01', '2026-10-01', '2026-11-25', '2026-08-26']) }), TODAY);
    expect([four.newAccounts, four.newAccountsTone, four.newAccountsEffect]).toEqual([4, 'neutral', null]);
    const five = newCreditCard(display({ creditBalance: opened(['2026-08-27', '2026-09-01', '2026-10-01', '2026-11-25', '2026-11-01']) }), TODAY);
    expect([five.newAccounts, five.newAccountsTone, five.newAccountsEffect]).toEqual([5, 'error', 'hurting']);
  });

  it('counts inquiries on or after the same day 24 months ago; six hurt', () => {
    const inquiries = (days: string[]) => days.map((inquiryDate) => ({ inquiryDate }));
    const five = newCreditCard(
      display({ creditInquiries: inquiries(['2024-11-25', '2025-01-01', '2025-06-01', '2026-01-01', '2026-11-25', '2024-11-24']) }),
      TODAY,
    );
    expect([five.inquiries, five.inquiriesTone, five.inquiriesEffect]).toEqual([5, 'neutral', null]);
    const six = newCreditCard(
      display({ creditInquiries: inquiries(['2024-11-25', '2025-01-01', '2025-06-01', '2026-01-01', '2026-11-25', '2026-02-02']) }),
      TODAY,
    );
    expect([six.inquiries, six.inquiriesTone, six.inquiriesEffect]).toEqual([6, 'warning', 'hurting']);
  });

  it('counts months back to the same day, the 31st falling back to the month end', () => {
    expect(subtractMonths('2026-11-25', 24)).toBe('2024-11-25');
    expect(subtractMonths('2026-03-31', 1)).toBe('2026-02-28');
  });
});

describe('credit mix (spec 002 §9: red below auto 1, mortgage 1, cards 3, other 1)', () => {
  const mix = (cards: number, auto: number, mortgage: number, other: number) => [
    ...Array.from({ length: cards }, () => balance()),
    ...Array.from({ length: auto }, () => balance({ accountType: 'Auto Loan', portfolioType: 'I' })),
    ...Array.from({ length: mortgage }, () => balance({ accountType: 'Conventional Real Estate Mortgage', portfolioType: 'M' })),
    ...Array.from({ length: other }, () => balance({ accountType: 'Educational', portfolioType: 'I' })),
  ];

  it('is helping with every kind at its minimum', () => {
    const card = creditMixCard(mix(3, 1, 1, 1));
    expect([card.counts, card.below, card.tone, card.effect]).toEqual([
      { auto: 1, mortgage: 1, cards: 3, other: 1 },
      [],
      'success',
      'helping',
    ]);
  });

  it.each([
    [mix(2, 1, 1, 1), ['cards']],
    [mix(3, 0, 1, 1), ['auto']],
    [mix(3, 1, 0, 1), ['mortgage']],
    [mix(3, 1, 1, 0), ['other']],
    [[], ['auto', 'mortgage', 'cards', 'other']],
  ])('is red and hurting below a minimum (%#)', (accounts, below) => {
    const card = creditMixCard(accounts);
    expect([card.below, card.tone, card.effect]).toEqual([below, 'error', 'hurting']);
  });

  it('reads the loan type when the account type is missing', () => {
    expect(creditMixCard([balance({ accountType: null, loanType: 'Auto Loan' })]).counts.auto).toBe(1);
  });
});

describe('the overview', () => {
  it('shows Equifax, then TransUnion, then Experian as the score, and none without any', () => {
    expect(overviewScore([{ bureau: 'EXPERIAN', creditScore: 700 }, { bureau: 'EQUIFAX', creditScore: 640 }])).toBe(640);
    expect(overviewScore([{ bureau: 'EXPERIAN', creditScore: 700 }, { bureau: 'EQUIFAX', creditScore: null }])).toBe(700);
    expect(overviewScore([{ bureau: 'TRANSUNION', creditScore: 690 }, { bureau: 'EXPERIAN', creditScore: 700 }])).toBe(690);
    expect(overviewScore([])).toBeNull();
  });

  it('lists the helping and hurting factors in card order', () => {
    const factors = creditFactors(
      display({
        creditBalance: [
          balance({ balance: 50, accountOpenedAt: '2008-05-01' }),
          balance({ balance: 0, paymentHistory: '1'.repeat(24), accountOpenedAt: '2026-10-01' }),
        ],
        creditInquiries: Array.from({ length: 6 }, () => ({ inquiryDate: '2026-06-01' })),
        bureauReports: [{ bureau: 'EQUIFAX', creditScore: 612, reportDate: '2026-11-20' }],
      }),
      TODAY,
    );
    expect(factors.score).toBe(612);
    expect(factors.helpingFactors).toEqual(['utilization', 'creditAge']);
    expect(factors.hurtingFactors).toEqual(['paymentHistory', 'inquiries', 'creditMix']);
  });
});
