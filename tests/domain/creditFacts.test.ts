import { describe, expect, it } from 'vitest';
import { creditFactsFromReport } from '../../src/domain/creditFacts';

// What a stored three-bureau report contributes to the readiness score (spec 002 §3).

const account = (bureau: string, fields: Record<string, unknown>) => ({
  bureau,
  creditorName: 'CAPITAL ONE',
  accountNumber: '5178XXXX',
  closed: false,
  status: 'Open',
  portfolioType: 'R',
  currentBalance: 1_200,
  creditLimit: 3_000,
  monthlyPayment: 45,
  ...fields,
});

describe('credit facts from a stored report', () => {
  it('has none without a report', () => {
    expect(creditFactsFromReport(undefined)).toBeNull();
  });

  it('takes every bureau score and counts a tradeline the three bureaus report once', () => {
    const facts = creditFactsFromReport({
      reportSummary: { bureauSummary: [{ creditScore: 655 }, { creditScore: 641 }, { creditScore: null }] },
      accounts: [account('EQUIFAX', {}), account('EXPERIAN', {}), account('TRANSUNION', {})],
    });
    expect(facts).toEqual({ bureauScores: [655, 641], monthlyDebtPayment: 45, revolvingBalance: 1_200, revolvingLimit: 3_000, mortgageBalance: 0 });
  });

  it('leaves closed accounts out and keeps mortgages apart from revolving credit', () => {
    const facts = creditFactsFromReport({
      accounts: [
        account('EQUIFAX', { creditorName: 'OLD CARD', closed: true }),
        account('EQUIFAX', { creditorName: 'ROCKET MORTGAGE', portfolioType: 'M', currentBalance: 210_000, creditLimit: null, monthlyPayment: 1_450 }),
        account('EQUIFAX', { creditorName: 'SOLD LOAN', status: 'Transferred' }),
      ],
    });
    expect(facts).toEqual({ bureauScores: [], monthlyDebtPayment: 1_450, revolvingBalance: 0, revolvingLimit: 0, mortgageBalance: 210_000 });
  });
});
