// updateAction under the emulators (spec 001 §4 "Action completion", §7): a customer completes an action (completed
// today, completed_by_user), takes back their own completion of today (the rollback of an optimistic completion),
// and cannot reopen anyone else's completion or reach another customer's actions; a coach without
// allowClientActions is refused. Every refusal writes nothing.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { adminDb, call, createCustomer, failureOf, signIn, Timestamp, withSeededBackend } from '../support/emulator';

const DAY_MS = 86_400_000;

async function customerWithActions() {
  const customer = await createCustomer();
  const actions: Record<string, Record<string, unknown>> = {
    'act-review': { name: 'Review the items on your credit report', type: 'investigation', status: 'active', completedAt: null, updating: false },
    'act-budget': { name: 'Build a monthly budget', type: 'personal_finance', status: 'completed_by_user', completedAt: Timestamp.fromMillis(Date.now() - 3 * DAY_MS) },
    'act-call': { name: 'Quarterly check-in call', type: 'schedule_call', status: 'completed_by_agent', completedAt: Timestamp.now() },
  };
  for (const [id, data] of Object.entries(actions)) await adminDb().doc(`actions/${customer.uid}/items/${id}`).set(data);
  return { customer, app: await signIn(customer) };
}

const stored = async (uid: string, id: string) => (await adminDb().doc(`actions/${uid}/items/${id}`).get()).data();

describe('updateAction', () => {
  withSeededBackend();

  it('completes an action today as completed_by_user, and takes the completion back', async () => {
    const { customer, app } = await customerWithActions();
    const completed = await call(app, 'updateAction', { actionId: 'act-review', status: 'completed_by_user' });
    expect(completed).toMatchObject({ id: 'act-review', type: 'investigation', status: 'completed_by_user', updating: false });
    expect(completed.completedAt?.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(await stored(customer.uid, 'act-review')).toMatchObject({ status: 'completed_by_user' });

    const reopened = await call(app, 'updateAction', { actionId: 'act-review', status: 'active' });
    expect(reopened).toMatchObject({ status: 'active', completedAt: null });
    expect(await stored(customer.uid, 'act-review')).toMatchObject({ status: 'active', completedAt: null });
  });

  it('answers the action as it is when it already has the status', async () => {
    const { app } = await customerWithActions();
    await expect(call(app, 'updateAction', { actionId: 'act-review', status: 'active' })).resolves.toMatchObject({ status: 'active' });
  });

  it("refuses to reopen a completion of another day or someone else's, and to complete what an agent completed", async () => {
    const { customer, app } = await customerWithActions();
    const before = [await stored(customer.uid, 'act-budget'), await stored(customer.uid, 'act-call')];
    for (const actionId of ['act-budget', 'act-call']) {
      const failure = await failureOf(call(app, 'updateAction', { actionId, status: 'active' }));
      expect(failure, actionId).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'action-not-reopenable' } });
    }
    const agents = await failureOf(call(app, 'updateAction', { actionId: 'act-call', status: 'completed_by_user' }));
    expect(agents).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'action-not-open' } });
    expect([await stored(customer.uid, 'act-budget'), await stored(customer.uid, 'act-call')]).toEqual(before);
  });

  it("answers not-found for an unknown action and for another customer's", async () => {
    const { app } = await customerWithActions();
    const other = await customerWithActions();
    for (const actionId of ['act-nothing', `../../${other.customer.uid}/items/act-review`]) {
      const failure = await failureOf(call(app, 'updateAction', { actionId, status: 'completed_by_user' }));
      expect(failure, actionId).toMatchObject({ code: 'functions/not-found', details: { key: 'action-not-found' } });
    }
    expect(await stored(other.customer.uid, 'act-review')).toMatchObject({ status: 'active' });
  });

  it('refuses a coach without allowClientActions', async () => {
    const coach = await signIn(demoAccount('coach'));
    const failure = await failureOf(call(coach, 'updateAction', { actionId: 'act-review-disputes', status: 'completed_by_user' }));
    expect(failure).toMatchObject({ code: 'functions/permission-denied', details: { key: 'coach.toast.not-permitted' } });
  });
});
