// Test plans through the devTools callable (spec 001 §3 "Test plan"): a developer lists the plans,
// starts one and completes its steps in order, each step running for real on the customer's data; a non-developer
// is refused and nothing is written; a step out of turn is refused; a step that fails leaves the state in error.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEST_PLANS, TEST_PLAN_IDS } from '../../seed/testPlans';
import { storedInvestigationItemSchema } from '../../functions/src/disputes/disputeStore';
import { ERROR_KEYS } from '../../src/domain/errors';
import { TEST_STEP_STALE_MS } from '../../src/domain/testPlans';
import { addDays, DO_NOT_CHALLENGE, isReviewable, toDay } from '../../src/domain/disputes';
import type { TestPlan } from '../../src/contract/devTools';
import { adminDb, backendFingerprint, call, callRaw, createCustomer, delegateSession, failureOf, signIn, withSeededBackend } from '../support/emulator';

const ADDRESS = { MailingStreet: '88 Lakeridge Ct', MailingCity: 'Reno', MailingStateCode: 'NV', MailingPostalCode: '89509' };

async function developer() {
  const customer = await createCustomer({ claims: { role: 'customer', isDeveloper: true, customerOnboardingComplete: true }, contact: ADDRESS });
  await adminDb().doc(`users/${customer.uid}`).set({ customer: { v2Disputes: true, subscriptionStatus: 'Active' } }, { merge: true });
  return { customer, app: await signIn(customer) };
}

async function items(uid: string) {
  const snapshot = await adminDb().collection(`investigations/${uid}/items`).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, priority: doc.get('coachPriority') as string | undefined, ...storedInvestigationItemSchema.parse(doc.data()) }));
}

async function bureausOfReport(uid: string) {
  const report = (await adminDb().doc(`creditReports/${uid}`).get()).data();
  return {
    summary: ((report?.reportSummary.bureauSummary ?? []) as { bureau: string }[]).map((entry) => entry.bureau),
    accounts: new Set(((report?.accounts ?? []) as { bureau: string }[]).map((account) => account.bureau)),
  };
}

/** A plan as testPlans/{id} stores it (the id is the document's). */
function planData({ id: _id, ...data }: TestPlan): Omit<TestPlan, 'id'> {
  return data;
}

async function testPlanOf(uid: string) {
  return (await adminDb().doc(`users/${uid}`).get()).get('testPlan') as unknown;
}

describe('devTools test plans', () => {
  withSeededBackend();
  beforeAll(async () => {
    // The function's first call starts its worker (slow on a busy machine): done here, under the hook's timeout.
    await call((await developer()).app, 'devTools', { command: 'getTestPlans' });
  });

  it('lists the plans for a developer: those in use by name, then the deprecated ones', async () => {
    await adminDb().doc('testPlans/plan-test-deprecated').set({ ...planData(DEMO_TEST_PLANS[0]!), name: 'An old plan', deprecated: true });
    const { app } = await developer();
    const { testPlans } = await call(app, 'devTools', { command: 'getTestPlans' });
    const ids = testPlans?.map((plan) => plan.id) ?? [];
    expect(ids.indexOf('plan-test-deprecated')).toBe(ids.length - 1);
    expect(testPlans?.find((plan) => plan.id === TEST_PLAN_IDS.disputeRound)).toEqual(DEMO_TEST_PLANS.find((plan) => plan.id === TEST_PLAN_IDS.disputeRound));
    expect(ids).toEqual(expect.arrayContaining([TEST_PLAN_IDS.disputeRound, TEST_PLAN_IDS.singleBureau]));
    await adminDb().doc('testPlans/plan-test-deprecated').delete();
  });

  it('runs "Dispute round from a fresh three-bureau report" step by step on the customer’s data', async () => {
    const { customer, app } = await developer();
    const uid = customer.uid;
    const planId = TEST_PLAN_IDS.disputeRound;
    expect(await call(app, 'devTools', { command: 'startTestPlan', testPlanId: planId })).toEqual({
      command: 'startTestPlan',
      testPlan: { testPlanId: planId, currentStep: 0, stepStatus: 'idle', error: null },
    });

    // 0 getIDCS3BReport: the three-bureau report and its items, all waiting for a decision.
    const afterPull = await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 0 });
    expect(afterPull.testPlan).toEqual({ testPlanId: planId, currentStep: 1, stepStatus: 'idle', error: null });
    expect((await bureausOfReport(uid)).summary).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
    const pulled = await items(uid);
    expect(pulled.length).toBeGreaterThan(0);
    expect(pulled.every((item) => isReviewable(item))).toBe(true);

    // Out of turn: the step just done, or one ahead, is refused and changes nothing.
    const before = await backendFingerprint();
    for (const step of [0, 2]) {
      const failure = await failureOf(call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step }));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe(ERROR_KEYS.testPlanWrongStep);
    }
    expect(await backendFingerprint()).toBe(before);

    // 1 chooseDisputeReasons (high): every item has a reason, none waits.
    await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 1 });
    const decided = await items(uid);
    expect(decided.every((item) => item.challengeReasonSelected && item.challengeReason !== null && item.challengeReason !== DO_NOT_CHALLENGE)).toBe(true);
    expect(decided.every((item) => item.priority === 'high')).toBe(true);
    expect(decided.some((item) => isReviewable(item))).toBe(false);

    // 2 disputeScheduler (30 days): sent with letters, received, the clock 30 days on.
    const scheduled = await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 2 });
    expect(scheduled.testPlan).toMatchObject({ currentStep: 3, stepStatus: 'idle' });
    const sent = await items(uid);
    expect(sent.every((item) => item.statuses.every((status) => status.sentAt !== null && status.receivedAt !== null))).toBe(true);
    const letters = await adminDb().collection(`disputeLetters/${uid}/items`).get();
    expect(new Set(letters.docs.map((doc) => doc.get('bureau')))).toEqual(new Set(sent.flatMap((item) => item.statuses.map((status) => status.bureau))));
    expect((await adminDb().doc(`investigations/${uid}`).get()).get('clockOffsetDays')).toBe(30);

    // 3 disputeUpdate (35 days): every bureau answered, or let its window pass (overdue: a second round is offered);
    // the plan is finished and the state cleared.
    const finished = await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 3 });
    expect(finished.testPlan).toBeNull();
    expect(await testPlanOf(uid)).toBeUndefined();
    expect((await adminDb().doc(`investigations/${uid}`).get()).get('clockOffsetDays')).toBe(65);
    const answered = await items(uid);
    const clockDay = addDays(toDay(Date.now()), 65);
    const settled = (status: (typeof answered)[number]['statuses'][number]) =>
      status.status === 'CORRECTED' || (status.status === 'UNDER_REVIEW_ACTIVE' && status.dueAt !== null && status.dueAt < clockDay);
    expect(answered.every((item) => item.statuses.every(settled))).toBe(true);
    expect(answered.some((item) => item.statuses.some((status) => status.outcome !== null))).toBe(true);
  });

  it('runs "Single-bureau pulls and coach priorities": the coach’s skip wins over the step’s priority', async () => {
    const { customer, app } = await developer();
    const uid = customer.uid;
    const planId = TEST_PLAN_IDS.singleBureau;
    await call(app, 'devTools', { command: 'startTestPlan', testPlanId: planId });
    const step = async (index: number) => (await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: index })).testPlan;

    expect(await step(0)).toMatchObject({ currentStep: 1, stepStatus: 'idle' });
    expect(await bureausOfReport(uid)).toEqual({ summary: ['TRANSUNION'], accounts: new Set(['TRANSUNION']) });
    const transunion = await items(uid);
    expect(transunion.every((item) => item.statuses.every((status) => status.bureau === 'TRANSUNION'))).toBe(true);

    await step(1);
    expect((await items(uid)).every((item) => item.priority === 'skip')).toBe(true);

    await step(2);
    expect((await bureausOfReport(uid)).summary).toEqual(['EQUIFAX', 'TRANSUNION']);
    const both = await items(uid);
    const skipped = both.filter((item) => item.priority === 'skip');
    const fresh = both.filter((item) => item.priority === undefined);
    expect(skipped.map((item) => item.id).sort()).toEqual(transunion.map((item) => item.id).sort());
    expect(fresh.every((item) => item.statuses.every((status) => status.bureau === 'EQUIFAX'))).toBe(true);

    await step(3);
    const decided = new Map((await items(uid)).map((item) => [item.id, item]));
    for (const item of skipped) expect(decided.get(item.id)?.challengeReason).toBe(DO_NOT_CHALLENGE);
    for (const item of fresh) expect(decided.get(item.id)).toMatchObject({ priority: 'high', challengeReasonSelected: true });
    for (const item of fresh) expect(decided.get(item.id)?.challengeReason).not.toBe(DO_NOT_CHALLENGE);

    expect(await step(4)).toBeNull();
    const closed = new Map((await items(uid)).map((item) => [item.id, item]));
    for (const item of skipped) expect(closed.get(item.id)?.statuses.every((status) => status.status === 'NOT_CHALLENGED')).toBe(true);
    for (const item of fresh) expect(closed.get(item.id)?.statuses.every((status) => status.sentAt !== null)).toBe(true);
    const letters = await adminDb().collection(`disputeLetters/${uid}/items`).get();
    expect(letters.docs.map((doc) => doc.get('bureau'))).toEqual(fresh.length > 0 ? ['EQUIFAX'] : []);
  });

  it('keeps a failed step as the current one with stepStatus error and its reason; the step can be completed again', async () => {
    const { customer, app } = await developer();
    const planId = TEST_PLAN_IDS.disputeRound;
    // The plan expects items to decide; skip its pull by starting at the reasons step.
    await adminDb().doc(`users/${customer.uid}`).update({ testPlan: { testPlanId: planId, currentStep: 1, stepStatus: 'idle' } });
    const failed = await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 1 });
    expect(failed.testPlan).toMatchObject({ testPlanId: planId, currentStep: 1, stepStatus: 'error' });
    expect(failed.testPlan?.error).toMatch(/no dispute items wait for a decision/);
    expect(await testPlanOf(customer.uid)).toEqual(failed.testPlan);

    // Items appear (a pull through the Data panel); the same step now runs.
    await call(app, 'devTools', { command: 'repopulateReport' });
    const retried = await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 1 });
    expect(retried.testPlan).toEqual({ testPlanId: planId, currentStep: 2, stepStatus: 'idle', error: null });
  });

  it('runs again a step left in progress past TEST_STEP_STALE_MS (its function died), but never one still running', async () => {
    const { customer, app } = await developer();
    const planId = TEST_PLAN_IDS.disputeRound;
    const inProgress = (startedAgoMs: number) => ({
      testPlanId: planId,
      currentStep: 1,
      stepStatus: 'in-progress',
      error: null,
      stepStartedAtMs: Date.now() - startedAgoMs,
    });
    const running = inProgress(10_000);
    await adminDb().doc(`users/${customer.uid}`).update({ testPlan: running });
    const refused = await failureOf(call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 1 }));
    expect(refused.details?.key).toBe(ERROR_KEYS.testPlanWrongStep);
    expect(await testPlanOf(customer.uid)).toEqual(running);

    await adminDb().doc(`users/${customer.uid}`).update({ testPlan: inProgress(TEST_STEP_STALE_MS + 1_000) });
    // The step ran again (and, with no items to decide on this data, failed there with its own reason).
    const rerun = await call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: planId, step: 1 });
    expect(rerun.testPlan).toMatchObject({ testPlanId: planId, currentStep: 1, stepStatus: 'error' });
    expect(rerun.testPlan?.error).toMatch(/no dispute items wait for a decision/);
  });

  it('refuses a plan that does not exist, a deprecated one, and steps of a plan that was not started', async () => {
    const { app } = await developer();
    const notFound = await failureOf(call(app, 'devTools', { command: 'startTestPlan', testPlanId: 'plan-nobody-wrote' }));
    expect(notFound.code).toBe('functions/not-found');
    expect(notFound.details?.key).toBe(ERROR_KEYS.testPlanNotFound);
    await adminDb().doc('testPlans/plan-test-retired').set({ ...planData(DEMO_TEST_PLANS[1]!), deprecated: true });
    const retired = await failureOf(call(app, 'devTools', { command: 'startTestPlan', testPlanId: 'plan-test-retired' }));
    expect(retired.details?.key).toBe(ERROR_KEYS.testPlanNotFound);
    await adminDb().doc('testPlans/plan-test-retired').delete();
    const notStarted = await failureOf(call(app, 'devTools', { command: 'completeTestPlanStep', testPlanId: TEST_PLAN_IDS.disputeRound, step: 0 }));
    expect(notStarted.code).toBe('functions/failed-precondition');
    expect(notStarted.details?.key).toBe(ERROR_KEYS.testPlanWrongStep);
  });

  it('refuses every test-plan command to a non-developer, and writes nothing', async () => {
    const customer = await createCustomer({ contact: ADDRESS });
    await adminDb().doc(`users/${customer.uid}`).update({ testPlan: { testPlanId: TEST_PLAN_IDS.disputeRound, currentStep: 0, stepStatus: 'idle' } });
    const app = await signIn(customer);
    const before = await backendFingerprint();
    for (const payload of [
      { command: 'getTestPlans' },
      { command: 'startTestPlan', testPlanId: TEST_PLAN_IDS.disputeRound },
      { command: 'completeTestPlanStep', testPlanId: TEST_PLAN_IDS.disputeRound, step: 0 },
    ]) {
      const failure = await failureOf(callRaw(app, 'devTools', payload));
      expect(failure.code, payload.command).toBe('functions/permission-denied');
      expect(failure.details?.key, payload.command).toBe(ERROR_KEYS.devToolsDeveloperOnly);
    }
    expect(await backendFingerprint()).toBe(before);
  });

  it('lets an agent developer run the customer’s plan (agentIsDeveloper)', async () => {
    const customer = await createCustomer({ contact: ADDRESS });
    await delegateSession(customer, { isAgent: true, agentUid: 'coach-developer', allowClientActions: true, agentIsDeveloper: true });
    const app = await signIn(customer);
    const { testPlan } = await call(app, 'devTools', { command: 'startTestPlan', testPlanId: TEST_PLAN_IDS.singleBureau });
    expect(testPlan).toMatchObject({ testPlanId: TEST_PLAN_IDS.singleBureau, currentStep: 0 });
    expect(await testPlanOf(customer.uid)).toEqual(testPlan);
  });
});
