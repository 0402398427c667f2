// User info: goal and personal info (spec 000 §3.5, spec 002 §3, §7).
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { adminDb, call, createCustomer, failureOf, signIn, withSeededBackend } from '../support/emulator';

describe('user info', () => {
  withSeededBackend();

  it('getUserInfo answers the goal and personal info with ISO timestamps', async () => {
    const info = await call(await signIn(demoAccount('premiumCustomer')), 'getUserInfo');
    expect(info.goal).toMatchObject({ id: 'goal-premium-mortgage', type: 'mortgage_loan', properties: { purchaseState: 'NV' } });
    expect(info.personalInfo).toMatchObject({ id: 'personal-info-premium', completedIntake: true, annualIncome: 86_000 });
    expect(new Date(info.goal?.createdAt ?? '').toISOString()).toBe(info.goal?.createdAt);
    expect(info.mortgageRate).toBe(6.5);
  });

  it('answers nulls for a customer who has neither yet', async () => {
    const customer = await createCustomer();
    expect(await call(await signIn(customer), 'getUserInfo')).toEqual({
      personalInfo: null,
      goal: null,
      mortgageRate: null,
      taxRate: null,
      pmiRate: null,
    });
  });

  it('updateUserInfo creates personal info on its first save and merges later changes', async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    await call(app, 'updateUserInfo', { personalInfo: { id: 'pi-1', annualIncome: 64_000, propertyStatus: 'rent' } });
    const info = await call(app, 'updateUserInfo', { personalInfo: { id: 'pi-1', employmentStatus: 'self_employed' } });
    expect(info.personalInfo).toMatchObject({ id: 'pi-1', annualIncome: 64_000, propertyStatus: 'rent', employmentStatus: 'self_employed' });
    expect(info.personalInfo?.createdAt).toEqual(expect.any(String));
    expect((await adminDb().doc(`userInfo/${customer.uid}`).get()).get('personalInfo.annualIncome')).toBe(64_000);
  });

  it('updateUserInfo merges goal properties into the current goal and refuses another goal id', async () => {
    const customer = await createCustomer();
    await adminDb()
      .doc(`userInfo/${customer.uid}`)
      .set({ goal: { id: 'goal-1', type: 'mortgage_loan', properties: { purchasePrice: 300_000, purchaseState: 'AZ' } } });
    const app = await signIn(customer);
    const info = await call(app, 'updateUserInfo', { goal: { id: 'goal-1', properties: { currentSavings: 12_000 } } });
    expect(info.goal?.properties).toEqual({ purchasePrice: 300_000, purchaseState: 'AZ', currentSavings: 12_000 });

    const failure = await failureOf(call(app, 'updateUserInfo', { goal: { id: 'goal-2', properties: { currentSavings: 1 } } }));
    expect(failure.code).toBe('functions/not-found');
  });

  it('shows an agent the user info of the customer they act for, and refuses their changes without allowClientActions', async () => {
    const app = await signIn(demoAccount('coach'));
    expect((await call(app, 'getUserInfo')).goal?.id).toBe('goal-premium-mortgage');
    const failure = await failureOf(
      call(app, 'updateUserInfo', { goal: { id: 'goal-premium-mortgage', properties: { currentSavings: 1 } } }),
    );
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.details?.key).toBe('coach.toast.not-permitted');
    const stored = (await adminDb().doc(`userInfo/${demoAccount('premiumCustomer').uid}`).get()).get('goal.properties.currentSavings');
    expect(stored).toBe(18_500);
  });

  it("never writes onto the agent's own account when no customer holds the contact the agent's claims name", async () => {
    const agent = await createCustomer({ claims: { isAgent: true, allowClientActions: true, customerContactId: '003NOBODYHOLDS01' } });
    const app = await signIn(agent);
    for (const attempt of [
      () => call(app, 'getUserInfo'),
      () => call(app, 'updateUserInfo', { personalInfo: { id: 'pi-agent', isAmericanCitizen: true } }),
    ]) {
      const failure = await failureOf(attempt());
      expect(failure.code).toBe('functions/not-found');
    }
    expect((await adminDb().doc(`userInfo/${agent.uid}`).get()).exists).toBe(false);
  });
});
