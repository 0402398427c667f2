import { describe, expect, it, vi } from 'vitest';
import { createMoneyPort } from '../../src/adapters/firebase/money';

// The money adapter at its boundary (machines/money/overviewPorts.ts): the overview composed from getUserInfo,
// getCreditDisplay, getConnectedInstitutions and getSavingsInfoHistory; no debts before the first credit report; the
// free line's refusal passed on as 'upgrade-required'.

type Calls = Record<string, (data: unknown) => unknown>;

const firebaseError = (code: string, message = code, details?: unknown) => Object.assign(new Error(message), { code, details });

const USER_INFO = {
  personalInfo: { id: 'p1', annualIncome: 86_000 },
  goal: { id: 'g1', type: 'mortgage_loan', properties: { purchasePrice: 385_000, currentSavings: 18_500, savingsGoal: 38_500, purchaseState: 'NV' } },
  mortgageRate: 6.5,
  taxRate: 0.55,
  pmiRate: [{ savingsRatio: 0.2, pmi: 0 }],
};
const INSTITUTIONS = {
  institutions: [{ id: 'sbx-desert-federal', name: 'Desert Federal', logoUrl: null, accounts: [{ id: 'a1', name: 'Checking', type: 'checking', currentBalance: 3_245.18 }] }],
};
const HISTORY = { source: 'linkedAccounts', points: [{ day: '2026-11-26', savings: 3_245 }] };

function port(overrides: Calls = {}) {
  const answers: Calls = {
    getUserInfo: () => USER_INFO,
    getCreditDisplay: () => ({ totalDebt: 21_640, monthlyDebtPayment: 642 }),
    getConnectedInstitutions: () => INSTITUTIONS,
    getSavingsInfoHistory: () => HISTORY,
    ...overrides,
  };
  const call = vi.fn(async (name: string) => {
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected call ${name}`);
    return answer(null);
  });
  return createMoneyPort({ call: call as never });
}

describe('the money adapter', () => {
  it('composes the overview from the four calls', async () => {
    expect(await port().loadOverview()).toEqual({
      goal: { type: 'mortgage_loan', purchasePrice: 385_000, currentHomePrice: null, currentSavings: 18_500, savingsGoal: 38_500, purchaseState: 'NV' },
      annualIncome: 86_000,
      mortgageRate: 6.5,
      pmiTable: [{ savingsRatio: 0.2, pmi: 0 }],
      debts: { totalDebt: 21_640, monthlyDebtPayment: 642 },
      institutions: [{ id: 'sbx-desert-federal', name: 'Desert Federal', accounts: [{ id: 'a1', name: 'Checking', type: 'checking', currentBalance: 3_245.18 }] }],
      savingsHistory: HISTORY,
    });
  });

  it("shows no debts before the first credit report (getCreditDisplay answers not-found 'no-report')", async () => {
    const noReport = firebaseError('functions/not-found', 'no-report', { key: 'no-report' });
    const overview = await port({ getCreditDisplay: () => Promise.reject(noReport) }).loadOverview();
    expect(overview.debts).toBeNull();
  });

  it("passes the free line's refusal on as 'upgrade-required'", async () => {
    const refusal = firebaseError('functions/failed-precondition', 'upgrade-required', { key: 'upgrade-required' });
    await expect(port({ getSavingsInfoHistory: () => Promise.reject(refusal) }).loadOverview()).rejects.toMatchObject({ code: 'upgrade-required' });
  });

  it('fails the load when a call fails otherwise', async () => {
    await expect(port({ getConnectedInstitutions: () => Promise.reject(firebaseError('functions/unavailable')) }).loadOverview()).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});
