// The customer's existing mortgages under the emulators (spec 002 §7 getMortgages, §3 Goal's selectedMortgages):
// the open real-estate loans of the current credit report with the goal's picks, a pick saved as a goal update
// (updateUserInfo), refusals that write nothing (a mortgage that is not the customer's, a coach without client
// actions), the free line refused, no report answering none. The report is the credit sandbox's pull for a new
// customer (functions/src/credit/creditDataSandbox.ts: a current mortgage, the one it refinanced, closed, and maybe a
// home-equity line), as completeIntake stores it.
import { describe, expect, it } from 'vitest';
import { buildSandboxPull } from '../../functions/src/credit/creditDataSandbox';
import { demoAccount } from '../../seed/accounts';
import { adminDb, backendFingerprint, call, createCustomer, delegateSession, failureOf, signIn, withSeededBackend, type TestCustomer } from '../support/emulator';

const REAL_ESTATE = /mortgage|home equity|real estate/i;

/** A customer with a refinance goal and the sandbox's credit report. */
async function refinanceCustomer(): Promise<TestCustomer> {
  const customer = await createCustomer();
  const pulledAt = new Date();
  const pull = buildSandboxPull(
    {
      uid: customer.uid,
      firstName: 'Rita',
      middleName: null,
      lastName: 'Refi',
      birthdate: '1984-02-11',
      ssnLast4: null,
      street: null,
      city: null,
      stateCode: null,
      postalCode: null,
    },
    pulledAt,
  );
  await adminDb().doc(`creditReports/${customer.uid}`).set({ ...pull.report, userId: customer.uid, createdAt: pulledAt, reportKey: `refi-${customer.uid}` });
  await adminDb().doc(`userInfo/${customer.uid}`).set({ goal: { id: `goal-refi-${customer.uid}`, type: 'refinance', properties: { cashOut: false } } });
  return customer;
}

describe('getMortgages', () => {
  withSeededBackend();

  it("answers the open mortgages and home-equity lines of the customer's report, largest first, none picked, with the goal's id", async () => {
    const customer = await refinanceCustomer();
    const app = await signIn(customer);
    const display = await call(app, 'getCreditDisplay', null);
    const answer = await call(app, 'getMortgages', null);

    const expected = display.creditBalance
      .filter((line) => line.status === 'open' && (line.portfolioType === 'M' || REAL_ESTATE.test(`${line.accountType ?? ''} ${line.loanType ?? ''}`)))
      .sort((a, b) => (b.balance ?? 0) - (a.balance ?? 0));
    expect(answer.goalId).toBe(`goal-refi-${customer.uid}`);
    expect(answer.mortgages.length).toBeGreaterThan(0);
    expect(answer.mortgages.map((mortgage) => mortgage.id)).toEqual(expected.map((line) => line.id));
    expect(answer.mortgages[0]).toMatchObject({ name: expected[0]?.name, openedOn: expected[0]?.accountOpenedAt, selected: false });
    // The mortgage the current one refinanced (paid and closed) is not offered.
    const closed = display.creditBalance.filter((line) => line.status === 'closed' && line.portfolioType === 'M').map((line) => line.id);
    expect(closed.length).toBeGreaterThan(0);
    expect(answer.mortgages.some((mortgage) => closed.includes(mortgage.id))).toBe(false);
  });

  it('marks a mortgage picked once the goal update saved it', async () => {
    const app = await signIn(await refinanceCustomer());
    const { goalId, mortgages } = await call(app, 'getMortgages', null);
    const first = mortgages[0]!;
    await call(app, 'updateUserInfo', { goal: { id: goalId!, properties: { selectedMortgages: [first.id] } } });
    const again = await call(app, 'getMortgages', null);
    expect(again.mortgages.filter((mortgage) => mortgage.selected).map((mortgage) => mortgage.id)).toEqual([first.id]);
    expect((await call(app, 'getUserInfo', null)).goal?.properties.selectedMortgages).toEqual([first.id]);
  });

  it('refuses to pick a mortgage that is not one of the customer’s, writing nothing', async () => {
    const app = await signIn(await refinanceCustomer());
    const { goalId } = await call(app, 'getMortgages', null);
    const before = await backendFingerprint();
    const failure = await failureOf(
      call(app, 'updateUserInfo', { goal: { id: goalId!, properties: { selectedMortgages: ['someone-elses-mortgage'] } } }),
    );
    expect(failure.code).toBe('functions/invalid-argument');
    expect(await backendFingerprint()).toBe(before);
  });

  it('lets a coach see the mortgages; one without client actions cannot pick, and the goal is left as it was', async () => {
    const customer = await refinanceCustomer();
    const own = await call(await signIn(customer), 'getMortgages', null);
    await delegateSession(customer, { isAgent: true, agentUid: 'coach-on-duty', allowClientActions: false });
    const coach = await signIn(customer);
    expect(await call(coach, 'getMortgages', null)).toEqual(own);
    const failure = await failureOf(
      call(coach, 'updateUserInfo', { goal: { id: own.goalId!, properties: { selectedMortgages: [own.mortgages[0]!.id] } } }),
    );
    expect(failure.code).toBe('functions/permission-denied');
    // The goal is as it was: nothing picked.
    const goal = (await adminDb().doc(`userInfo/${customer.uid}`).get()).get('goal');
    expect(goal.properties.selectedMortgages).toBeUndefined();
    expect((await call(coach, 'getMortgages', null)).mortgages.some((mortgage) => mortgage.selected)).toBe(false);
  });

  it('refuses the free line with upgrade-required', async () => {
    const failure = await failureOf(call(await signIn(demoAccount('freeCustomer')), 'getMortgages', null));
    expect([failure.code, failure.details?.key]).toEqual(['functions/failed-precondition', 'upgrade-required']);
  });

  it("answers none for the premium demo customer, whose only mortgage was paid off when the home was sold", async () => {
    const answer = await call(await signIn(demoAccount('premiumCustomer')), 'getMortgages', null);
    expect(answer).toEqual({ goalId: 'goal-premium-mortgage', mortgages: [] });
  });

  it('answers none, and no goal, before the first credit report and goal', async () => {
    const customer = await createCustomer();
    expect(await call(await signIn(customer), 'getMortgages', null)).toEqual({ goalId: null, mortgages: [] });
  });
});
