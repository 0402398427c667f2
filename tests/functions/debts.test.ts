// The debts page's calls under the emulators (spec 002 §3 "Credit balance account (debts)", §7 getGoodStandingAccounts,
// updateCreditBalance): the premium customer's open revolving and installment accounts with a deterministic APR and
// payment, the show flags kept per customer, the extra monthly payment; refusals write nothing (another customer's
// account, a negative amount, a stale credit display, the free line, a coach without client actions).
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { adminDb, backendFingerprint, call, callRaw, failureOf, signIn, withSeededBackend } from '../support/emulator';

async function premiumDebts() {
  const app = await signIn(demoAccount('premiumCustomer'));
  const display = await call(app, 'getCreditDisplay', null);
  const debts = await call(app, 'getGoodStandingAccounts', { creditDisplayId: display.id });
  return { app, display, debts };
}

describe('getGoodStandingAccounts', () => {
  withSeededBackend();

  it("answers the premium customer's open revolving and installment accounts with a balance, the same every time", async () => {
    const { app, display, debts } = await premiumDebts();
    expect(debts.creditDisplayId).toBe(display.id);
    expect(debts.accounts.length).toBeGreaterThan(0);
    const openIds = new Set(
      display.creditBalance
        .filter((line) => line.status === 'open' && (line.balance ?? 0) > 0 && ['R', 'O', 'I'].includes(line.portfolioType ?? ''))
        .map((line) => line.id),
    );
    for (const account of debts.accounts) {
      expect(openIds.has(account.id)).toBe(true);
      expect(account.apr).toBeGreaterThan(0);
      expect(account.apr).toBeLessThan(30);
      expect(account.monthlyPayment).toBeGreaterThan(0);
    }
    expect(await call(app, 'getGoodStandingAccounts', { creditDisplayId: display.id })).toEqual(debts);
  });

  it('answers the same to a coach working for the customer', async () => {
    const { debts } = await premiumDebts();
    const coach = await signIn(demoAccount('coach'));
    expect((await call(coach, 'getGoodStandingAccounts', { creditDisplayId: debts.creditDisplayId })).accounts).toEqual(debts.accounts);
  });

  it('refuses a credit display id that is not the current one, writing nothing', async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const before = await backendFingerprint();
    const failure = await failureOf(call(app, 'getGoodStandingAccounts', { creditDisplayId: 'someone-elses-display' }));
    expect([failure.code, failure.details?.key]).toEqual(['functions/not-found', 'debts.errors.stale-display']);
    expect(await backendFingerprint()).toBe(before);
  });

  it('refuses the free line with upgrade-required', async () => {
    const app = await signIn(demoAccount('freeCustomer'));
    const failure = await failureOf(call(app, 'getGoodStandingAccounts', { creditDisplayId: 'any' }));
    expect([failure.code, failure.details?.key]).toEqual(['functions/failed-precondition', 'upgrade-required']);
  });
});

describe('updateCreditBalance', () => {
  withSeededBackend();

  it('hides one of the customer\'s accounts and shows it again', async () => {
    const { app, debts } = await premiumDebts();
    const first = debts.accounts[0];
    if (!first) throw new Error('the premium customer has no debts');
    expect(await call(app, 'updateCreditBalance', { id: first.id, show: false })).toEqual({ id: first.id, show: false });
    const hidden = await call(app, 'getGoodStandingAccounts', { creditDisplayId: debts.creditDisplayId });
    expect(hidden.accounts.find((account) => account.id === first.id)?.show).toBe(false);
    expect(hidden.accounts.filter((account) => account.id !== first.id).every((account) => account.show)).toBe(true);
    await call(app, 'updateCreditBalance', { id: first.id, show: true });
    const shown = await call(app, 'getGoodStandingAccounts', { creditDisplayId: debts.creditDisplayId });
    expect(shown.accounts.every((account) => account.show)).toBe(true);
  });

  it("refuses an account that is not one of the customer's (another customer's debt id), writing nothing", async () => {
    const { app, debts } = await premiumDebts();
    const own = new Set(debts.accounts.map((account) => account.id));
    const other = await adminDb().doc(`creditReports/${demoAccount('disputesCustomer').uid}`).get();
    const foreignIds = ((other.data()?.accounts ?? []) as { id: string }[]).map((account) => account.id).filter((id) => !own.has(id));
    const before = await backendFingerprint();
    for (const id of [...foreignIds.slice(0, 2), 'EQUIFAX-no-such-account']) {
      const failure = await failureOf(call(app, 'updateCreditBalance', { id, show: false }));
      expect([id, failure.code, failure.details?.key]).toEqual([id, 'functions/not-found', 'debts.errors.unknown-account']);
    }
    expect(await backendFingerprint()).toBe(before);
  });

  it('refuses a coach without client actions, writing nothing', async () => {
    const { debts } = await premiumDebts();
    const coach = await signIn(demoAccount('coach'));
    const before = await backendFingerprint();
    const failure = await failureOf(call(coach, 'updateCreditBalance', { id: debts.accounts[0]?.id ?? 'x', show: false }));
    expect(failure.code).toBe('functions/permission-denied');
    expect(await backendFingerprint()).toBe(before);
  });
});

describe('updateAdditionalDebtPayment', () => {
  withSeededBackend();

  it('saves the extra monthly payment, which the accounts answer then carries', async () => {
    const { app, debts } = await premiumDebts();
    expect(await call(app, 'updateAdditionalDebtPayment', { additionalMonthlyDebtPayment: 125.5 })).toEqual({ additionalMonthlyDebtPayment: 125.5 });
    const after = await call(app, 'getGoodStandingAccounts', { creditDisplayId: debts.creditDisplayId });
    expect(after.additionalMonthlyDebtPayment).toBe(125.5);
    await call(app, 'updateAdditionalDebtPayment', { additionalMonthlyDebtPayment: 0 });
  });

  it('refuses a negative amount with its message, writing nothing', async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const before = await backendFingerprint();
    const failure = await failureOf(callRaw(app, 'updateAdditionalDebtPayment', { additionalMonthlyDebtPayment: -20 }));
    expect([failure.code, failure.details?.key]).toEqual(['functions/invalid-argument', 'debts.errors.extra-payment-negative']);
    expect(await backendFingerprint()).toBe(before);
  });
});
