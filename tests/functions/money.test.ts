// The money overview's savings history under the emulators (spec 002 §7 getSavingsInfoHistory, §9 savings
// forecast): the linked cash accounts' daily total ending at today's balances, or the goal's recorded savings
// carried forward; the free line is refused with upgrade-required, writing nothing.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { adminDb, backendFingerprint, call, createCustomer, failureOf, signIn, withSeededBackend } from '../support/emulator';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('getSavingsInfoHistory', () => {
  withSeededBackend();

  it("answers the premium customer's linked cash accounts a day for 90 days, ending at today's balances", async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const history = await call(app, 'getSavingsInfoHistory', null);
    expect(history.source).toBe('linkedAccounts');
    expect(history.points).toHaveLength(90);
    // Desert Federal: checking 3,245.18 and savings 12,880.40; the credit card is a debt, not cash.
    expect(history.points.at(-1)).toEqual({ day: dayOf(Date.now()), savings: 16_126 });
    expect(history.points[0]?.day).toBe(dayOf(Date.now() - 89 * DAY_MS));
    expect(history.points.every((point) => point.savings >= 0)).toBe(true);
    // The same accounts always have the same past.
    expect(await call(app, 'getSavingsInfoHistory', { days: 90 })).toEqual(history);
  });

  it('answers the days asked for, and the same to a coach working for the customer', async () => {
    const coach = await signIn(demoAccount('coach'));
    const history = await call(coach, 'getSavingsInfoHistory', { days: 30 });
    expect(history.points).toHaveLength(30);
    expect(history.points.at(-1)?.savings).toBe(16_126);
  });

  it('answers no points for a customer with no linked account and no recorded savings', async () => {
    const customer = await createCustomer();
    expect(await call(await signIn(customer), 'getSavingsInfoHistory', null)).toEqual({ source: 'none', points: [] });
  });

  it("records the goal's savings when the customer changes them, carrying each recorded value forward to the next", async () => {
    const customer = await createCustomer();
    const tenDaysAgo = dayOf(Date.now() - 9 * DAY_MS);
    await adminDb().doc(`savingsHistory/${customer.uid}/days/${tenDaysAgo}`).set({ savings: 4_000, recordedAt: new Date() });
    await adminDb()
      .doc(`userInfo/${customer.uid}`)
      .set({ goal: { id: 'goal-1', type: 'mortgage_loan', properties: { purchasePrice: 250_000, currentSavings: 4_000 } }, personalInfo: null });
    const app = await signIn(customer);
    await call(app, 'updateUserInfo', { goal: { id: 'goal-1', properties: { currentSavings: 6_500 } } });
    const history = await call(app, 'getSavingsInfoHistory', { days: 30 });
    expect(history.source).toBe('recordedSavings');
    // From the first recorded day to today: 4,000 until today's 6,500.
    expect(history.points).toHaveLength(10);
    expect(history.points[0]).toEqual({ day: tenDaysAgo, savings: 4_000 });
    expect(history.points[8]?.savings).toBe(4_000);
    expect(history.points[9]).toEqual({ day: dayOf(Date.now()), savings: 6_500 });
  });

  it('refuses the free line with upgrade-required, writing nothing', async () => {
    const app = await signIn(demoAccount('freeCustomer'));
    const before = await backendFingerprint();
    const failure = await failureOf(call(app, 'getSavingsInfoHistory', null));
    expect(failure.code).toBe('functions/failed-precondition');
    expect(failure.details?.key).toBe('upgrade-required');
    expect(await backendFingerprint()).toBe(before);
  });
});
