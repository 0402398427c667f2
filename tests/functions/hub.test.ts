// The home hub's calls under the emulators (spec 002 §3, §4 "Actions and hub", "Welcome flow after login", §7;
// spec 001 §4 "Action completion"): getActions answers up to three active actions in an order fixed once first
// computed, those completed today and the earlier history with the progress metrics; markActionsViewed and
// markAgentMessageViewed refuse unknown ids and another customer's, writing nothing; the quarterly check-in call is due
// again 90 days after its last completion; the savings notification completes when a bank account is linked; the
// savings update recomputes the score, and every computed score is in the history.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { PREMIUM_AGENT_MESSAGE_NAME } from '../../seed/hub';
import { adminDb, backendFingerprint, call, createCustomer, delegateSession, failureOf, signIn, Timestamp, withSeededBackend } from '../support/emulator';

const DAY_MS = 86_400_000;
const ago = (days: number) => Timestamp.fromMillis(Date.now() - days * DAY_MS);

async function customerWith(actions: Record<string, Record<string, unknown>>) {
  const customer = await createCustomer();
  for (const [id, data] of Object.entries(actions)) {
    await adminDb().doc(`actions/${customer.uid}/items/${id}`).set({ completedAt: null, updating: false, properties: {}, ...data });
  }
  return { customer, app: await signIn(customer) };
}

const active = (name: string, type: string, createdDaysAgo: number) => ({ name, type, status: 'active', createdAt: ago(createdDaysAgo) });
const stored = async (path: string) => (await adminDb().doc(path).get()).data();

describe('the home hub calls', () => {
  withSeededBackend();

  describe('getActions', () => {
    it('answers three active actions, oldest first, with those completed today, the earlier history and the metrics', async () => {
      const { app } = await customerWith({
        'a-upload': { ...active('Upload your pay stubs', 'document_upload', 9), properties: { documents: ['pay_stub'], documentCountRequired: 2 } },
        'a-review': active('Review your report', 'investigation', 8),
        'a-save': active('Save toward your goal', 'savings', 7),
        'a-call': active('Call your coach', 'call_agent', 6),
        'a-today': { name: 'Budget', type: 'personal_finance', status: 'completed_by_user', completedAt: Timestamp.now(), createdAt: ago(20) },
        'a-earlier': { name: 'Check-in', type: 'schedule_call', status: 'completed_by_agent', completedAt: ago(12), createdAt: ago(30) },
        'a-old': { name: 'Old', type: 'checklist', status: 'completed_by_system', completedAt: ago(45), createdAt: ago(60) },
        'a-archived': { name: 'Archived', type: 'notification', status: 'archived', createdAt: ago(61) },
      });
      const list = await call(app, 'getActions', { limitActive: 3 });
      expect(list.activeActions.map((action) => action.id)).toEqual(['a-upload', 'a-review', 'a-save']);
      expect(list.activeActions[0]?.properties).toEqual({ documents: ['pay_stub'], documentCountRequired: 2 });
      expect(list.completedActions.map((action) => action.id)).toEqual(['a-today']);
      expect(list.history.map((action) => action.id)).toEqual(['a-earlier', 'a-old']);
      expect([list.totalActive, list.totalComplete]).toEqual([4, 3]);
      expect(list.metrics).toMatchObject({ totalComplete: 3, completedLast30Days: 2, completedByYou: 1 });
    });

    it('keeps the order it first computed when newer actions arrive and older ones leave', async () => {
      const { customer, app } = await customerWith({ 'b-two': active('Two', 'savings', 5), 'b-three': active('Three', 'checklist', 4) });
      expect((await call(app, 'getActions')).activeActions.map((action) => action.id)).toEqual(['b-two', 'b-three']);
      // An action created earlier than both, added later, goes after them: the order is fixed once computed.
      await adminDb().doc(`actions/${customer.uid}/items/b-one`).set({ ...active('One', 'call_agent', 10), completedAt: null, updating: false });
      await adminDb().doc(`actions/${customer.uid}/items/b-two`).update({ status: 'completed_by_user', completedAt: Timestamp.now() });
      const list = await call(app, 'getActions', null);
      expect(list.activeActions.map((action) => action.id)).toEqual(['b-three', 'b-one']);
      expect((await stored(`actions/${customer.uid}`))?.activeOrder).toEqual(['b-three', 'b-one']);
    });

    it("counts today in the customer's own day", async () => {
      // 23:30 yesterday in UTC is today for a customer 2 hours ahead of UTC (unless it is already tomorrow there).
      const now = new Date();
      const lateYesterdayUtc = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 30 * 60_000);
      const { app } = await customerWith({ 'c-late': { name: 'Late', type: 'savings', status: 'completed_by_user', completedAt: Timestamp.fromDate(lateYesterdayUtc), createdAt: ago(3) } });
      expect((await call(app, 'getActions', { utcOffsetMinutes: 0 })).completedActions).toEqual([]);
      const aheadToday = now.getUTCHours() < 22;
      const ahead = await call(app, 'getActions', { utcOffsetMinutes: 120 });
      expect(ahead.completedActions.map((action) => action.id)).toEqual(aheadToday ? ['c-late'] : []);
    });

    it('follows a quarterly check-in call 90 days after its last completion with a new active one, keeping the completion', async () => {
      const { customer, app } = await customerWith({
        'd-call': { name: 'Quarterly check-in', type: 'schedule_call', status: 'completed_by_agent', completedAt: ago(91), createdAt: ago(200), properties: { recurrence: 'quarterly' } },
        'd-recent': { name: 'Quarterly review', type: 'schedule_call', status: 'completed_by_user', completedAt: ago(30), createdAt: ago(100), properties: { recurrence: 'quarterly' } },
      });
      const list = await call(app, 'getActions');
      expect(list.activeActions).toHaveLength(1);
      expect(list.activeActions[0]).toMatchObject({ name: 'Quarterly check-in', type: 'schedule_call', status: 'active', properties: { recurrence: 'quarterly' } });
      expect(list.history.map((action) => action.id)).toEqual(['d-recent', 'd-call']);
      const recent = list.history[0]?.properties.nextDueAt ?? '';
      expect(new Date(recent).getTime() - Date.now()).toBeGreaterThan(59 * DAY_MS);
      // Asked again, no second call is made.
      expect((await call(app, 'getActions')).activeActions).toHaveLength(1);
      expect((await adminDb().collection(`actions/${customer.uid}/items`).get()).size).toBe(3);
    });
  });

  describe('markActionsViewed', () => {
    it('records the views of the shown actions', async () => {
      const { customer, app } = await customerWith({ 'e-one': active('One', 'savings', 2), 'e-two': active('Two', 'checklist', 1) });
      await expect(call(app, 'markActionsViewed', { ids: ['e-one', 'e-two'] })).resolves.toEqual({ ok: true });
      expect((await stored(`actions/${customer.uid}/items/e-one`))?.viewed).toBe(true);
      expect((await call(app, 'getActions')).activeActions.map((action) => action.viewed)).toEqual([true, true]);
    });

    it("refuses unknown ids and another customer's, writing nothing", async () => {
      const { app } = await customerWith({ 'f-mine': active('Mine', 'savings', 2) });
      const other = await customerWith({ 'f-theirs': active('Theirs', 'savings', 2) });
      const before = await backendFingerprint();
      for (const ids of [['f-mine', 'f-nothing'], ['f-theirs'], [`../../${other.customer.uid}/items/f-theirs`]]) {
        const failure = await failureOf(call(app, 'markActionsViewed', { ids }));
        expect(failure, ids.join()).toMatchObject({ code: 'functions/not-found', details: { key: 'action-not-found' } });
      }
      expect(await backendFingerprint()).toBe(before);
    });

    it('refuses a coach: views are the customer’s', async () => {
      const coach = await signIn(demoAccount('coachWithActions'));
      const failure = await failureOf(call(coach, 'markActionsViewed', { ids: ['act-review-disputes'] }));
      expect(failure).toMatchObject({ code: 'functions/permission-denied', details: { key: 'coach.toast.not-permitted' } });
    });
  });

  describe('updateAction', () => {
    it("refuses another customer's action and an unknown status, writing nothing", async () => {
      const { app } = await customerWith({ 'g-mine': active('Mine', 'savings', 2) });
      const other = await customerWith({ 'g-theirs': active('Theirs', 'savings', 2) });
      const before = await backendFingerprint();
      const theirs = await failureOf(call(app, 'updateAction', { actionId: 'g-theirs', status: 'completed_by_user' }));
      expect(theirs).toMatchObject({ code: 'functions/not-found' });
      const unknown = await failureOf(call(app, 'updateAction', { actionId: 'g-mine', status: 'done' as 'active' }));
      expect(unknown).toMatchObject({ code: 'functions/invalid-argument' });
      expect(await backendFingerprint()).toBe(before);
      expect((await stored(`actions/${other.customer.uid}/items/g-theirs`))?.status).toBe('active');
    });
  });

  describe('the agent message', () => {
    it('answers the coach’s latest message and records it viewed once', async () => {
      const { customer, app } = await customerWith({});
      expect(await call(app, 'getAgentMessage')).toBeNull();
      const messages = adminDb().collection(`agentMessages/${customer.uid}/items`);
      await messages.doc('AM-1').set({ subject: 'Older', body: 'Hi', from: 'Cody Harper', createdAt: ago(5), viewed: true });
      await messages.doc('AM-2').set({ subject: 'Newer', body: 'Keep going', from: 'Cody Harper', createdAt: ago(1), viewed: false });
      expect(await call(app, 'getAgentMessage')).toMatchObject({ name: 'AM-2', subject: 'Newer', body: 'Keep going', from: 'Cody Harper', viewed: false });
      await call(app, 'markAgentMessageViewed', { name: 'AM-2' });
      expect(await call(app, 'getAgentMessage')).toMatchObject({ name: 'AM-2', viewed: true });
    });

    it('refuses an unknown message and a coach, writing nothing', async () => {
      const { app } = await customerWith({});
      const before = await backendFingerprint();
      const unknown = await failureOf(call(app, 'markAgentMessageViewed', { name: 'AM-none' }));
      expect(unknown).toMatchObject({ code: 'functions/not-found', details: { key: 'agent-message-not-found' } });
      const coach = await signIn(demoAccount('coachWithActions'));
      const refused = await failureOf(call(coach, 'markAgentMessageViewed', { name: PREMIUM_AGENT_MESSAGE_NAME }));
      expect(refused).toMatchObject({ code: 'functions/permission-denied', details: { key: 'coach.toast.not-permitted' } });
      expect(await backendFingerprint()).toBe(before);
    });

    it('is there, unviewed, for the premium demo customer', async () => {
      const app = await signIn(demoAccount('premiumCustomer'));
      expect(await call(app, 'getAgentMessage')).toMatchObject({ name: PREMIUM_AGENT_MESSAGE_NAME, viewed: false });
    });
  });

  describe('the savings and the score', () => {
    async function scoredCustomer() {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const goal = await call(app, 'createGoal', { type: 'mortgage_loan' });
      await adminDb().doc(`userInfo/${customer.uid}`).set(
        {
          goal: { properties: { purchaseState: 'NV', purchasePrice: 300_000, currentSavings: 3_000, savingsGoal: 30_000, propertyType: 'condo', loanType: 'fha' } },
          personalInfo: { annualIncome: 60_000, completedIntake: true },
        },
        { merge: true },
      );
      const first = await call(app, 'calculateReadinessScore', { isFirstScore: true });
      return { customer, app, goal, first };
    }

    it('updates the savings, recomputes the score against the previous one, and keeps both in the history', async () => {
      const { customer, app, goal, first } = await scoredCustomer();
      const updated = await call(app, 'updateSavings', { goalId: goal.id, currentSavings: 30_000 });
      expect(updated.previousScore).toEqual(first.score);
      expect(updated.score.displayScore).toBeGreaterThan(first.score.displayScore);
      expect(updated.components.find((component) => component.type === 'savings')?.currentValue).toBe(30_000);
      expect((await stored(`userInfo/${customer.uid}`))?.goal.properties).toMatchObject({ currentSavings: 30_000, purchasePrice: 300_000 });
      const history = await call(app, 'getReadinessScoreHistory');
      expect(history.items.map((item) => item.displayScore)).toEqual([first.score.displayScore, updated.score.displayScore]);
    });

    it('refuses another goal id and a coach without client actions, writing nothing', async () => {
      const { app } = await scoredCustomer();
      const before = await backendFingerprint();
      const wrong = await failureOf(call(app, 'updateSavings', { goalId: 'goal-of-someone-else', currentSavings: 1 }));
      expect(wrong).toMatchObject({ code: 'functions/not-found', details: { key: 'goal-not-found' } });
      const coach = await signIn(demoAccount('coach'));
      const refused = await failureOf(call(coach, 'updateSavings', { goalId: 'goal-1', currentSavings: 1 }));
      expect(refused).toMatchObject({ code: 'functions/permission-denied', details: { key: 'coach.toast.not-permitted' } });
      expect(await backendFingerprint()).toBe(before);
    });

    it('answers a coach without client actions the recomputed score without keeping it or adding to the history', async () => {
      const { customer, first } = await scoredCustomer();
      const kept = async () => ({
        score: await stored(`readinessScores/${customer.uid}`),
        history: (await adminDb().collection(`readinessScores/${customer.uid}/history`).get()).docs.map((doc) => doc.data()),
      });
      const before = await kept();
      expect(before.history).toHaveLength(1);
      await delegateSession(customer, { isAgent: true, agentUid: 'coach-read-only', allowClientActions: false });
      const coach = await signIn(customer);
      const seen = await call(coach, 'calculateReadinessScore', { isFirstScore: false });
      expect(seen).toMatchObject({ score: first.score, previousScore: first.previousScore, components: first.components });
      expect(await kept()).toEqual(before);
    });

    it('answers the premium demo customer several months of history ending with the current score', async () => {
      const app = await signIn(demoAccount('premiumCustomer'));
      const [history, score] = await Promise.all([call(app, 'getReadinessScoreHistory'), call(app, 'getReadinessScore')]);
      const points = history.items.map((item) => item.displayScore);
      expect(points.length).toBeGreaterThanOrEqual(6);
      expect(points.at(-1)).toBe(score?.score.displayScore);
      // The hub's change is measured against the previous score, which the history holds before the current one. Other
      // suites recompute this shared demo customer's score and a reseed restores the score document but not the points
      // they added, so the previous score need not be the second-to-last point here.
      expect(score?.previousScore).not.toBeNull();
      expect(points.slice(0, -1)).toContain(score?.previousScore?.displayScore);
    });
  });

  it('completes the savings notification when a bank account is linked', async () => {
    const { customer, app } = await customerWith({
      'h-link': { ...active('Link your bank', 'notification', 3), properties: { topic: 'savings' } },
      'h-other': active('Read this', 'notification', 2),
    });
    const { url } = await call(app, 'getWidgetUrl', { widgetName: 'connect' });
    const session = new URL(url).searchParams.get('session') ?? '';
    const linked = await fetch(url, { method: 'POST', body: new URLSearchParams({ session, institutionId: 'sbx-desert-federal' }) });
    expect(linked.status).toBe(200);
    expect(await stored(`actions/${customer.uid}/items/h-link`)).toMatchObject({ status: 'completed_by_system' });
    expect(await stored(`actions/${customer.uid}/items/h-other`)).toMatchObject({ status: 'active' });
  });
});
