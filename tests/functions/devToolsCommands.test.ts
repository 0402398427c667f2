// The devTools callable's data commands (spec 001 §2 "Developer tools", §7 devTools): they act on
// the signed-in customer (an agent session's customer), and change what they say and nothing else.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { RULE_ACTION_IDS } from '../../functions/src/hub/actionRules';
import { ERROR_KEYS } from '../../src/domain/errors';
import { adminAuthClient, adminDb, backendFingerprint, call, callRaw, createCustomer, delegateSession, failureOf, signIn, Timestamp, withSeededBackend, PROJECT_ID, type TestCustomer } from '../support/emulator';
import { pendingCollectionItem } from '../support/investigationItems';
import { adminStorage, emulatorAdminApp, requireStorageEmulator } from '../../seed/admin';

function bucket() {
  return adminStorage().getStorage(emulatorAdminApp(PROJECT_ID)).bucket(requireStorageEmulator(PROJECT_ID).bucket);
}

const MORTGAGE_GOAL = {
  id: 'goal-test',
  type: 'mortgage_loan',
  properties: { purchaseState: 'NV', purchasePrice: 300_000, currentHomePrice: 0, currentSavings: 5_000, savingsGoal: 20_000, propertyType: 'condo', loanType: 'fha' },
};

async function withGoal(customer: TestCustomer, goal = MORTGAGE_GOAL) {
  await adminDb().doc(`userInfo/${customer.uid}`).set({
    goal,
    personalInfo: { id: 'personal-info-test', annualIncome: 60_000, completedIntake: true },
  });
}

/** A collection account waiting for the customer's decision at Equifax, as the server stores it. */
function reviewableItem(id: string) {
  return { id, ...pendingCollectionItem(id) };
}

async function action(uid: string, id: string, fields: Record<string, unknown>) {
  await adminDb().doc(`actions/${uid}/items/${id}`).set({ updating: false, completedAt: null, ...fields });
}

async function exists(path: string) {
  return (await adminDb().doc(path).get()).exists;
}

describe('devTools data commands', () => {
  withSeededBackend();
  beforeAll(async () => {
    // The function's first call starts its worker (slow on a busy machine): done here, under the hook's timeout.
    await call(await signIn(await createCustomer()), 'devTools', { command: 'getAllActions' });
  });

  it('getAllActions answers every action of the customer, oldest first', async () => {
    const customer = await createCustomer();
    await action(customer.uid, 'b-call', { name: 'Call your coach', type: 'call_agent', status: 'active', createdAt: Timestamp.fromMillis(2_000) });
    await action(customer.uid, 'a-save', { name: 'Save', type: 'savings', status: 'completed_by_user', completedAt: Timestamp.fromMillis(5_000), createdAt: Timestamp.fromMillis(1_000) });
    const app = await signIn(customer);
    expect(await call(app, 'devTools', { command: 'getAllActions' })).toEqual({
      command: 'getAllActions',
      actions: [
        { id: 'a-save', name: 'Save', type: 'savings', status: 'completed_by_user', completedAt: new Date(5_000).toISOString(), updating: false },
        { id: 'b-call', name: 'Call your coach', type: 'call_agent', status: 'active', completedAt: null, updating: false },
      ],
    });
  });

  it('setActions replaces every action of the customer with the given ones, in order', async () => {
    const customer = await createCustomer();
    await action(customer.uid, 'old', { name: 'Old action', type: 'notification', status: 'active', createdAt: Timestamp.now() });
    const app = await signIn(customer);
    const answer = await call(app, 'devTools', {
      command: 'setActions',
      actions: [
        { name: 'Upload pay stubs', type: 'document_upload' },
        { name: 'Budget', type: 'personal_finance', status: 'completed_by_user' },
      ],
    });
    expect(answer.actions?.map(({ name, type, status }) => ({ name, type, status }))).toEqual([
      { name: 'Upload pay stubs', type: 'document_upload', status: 'active' },
      { name: 'Budget', type: 'personal_finance', status: 'completed_by_user' },
    ]);
    expect(answer.actions?.[1]?.completedAt).not.toBeNull();
    expect(await exists(`actions/${customer.uid}/items/old`)).toBe(false);
    expect((await call(app, 'devTools', { command: 'getAllActions' })).actions).toEqual(answer.actions);
    // Setting none clears them.
    expect((await call(app, 'devTools', { command: 'setActions', actions: [] })).actions).toEqual([]);
  });

  it('recalculateActions opens an action per rule that holds, completes it once the rule no longer holds, and leaves other actions alone', async () => {
    const customer = await createCustomer();
    await withGoal(customer);
    await adminDb().doc(`documentChecklist/${customer.uid}/items/check-w2`).set({ category: 'taxes', fileType: 'w2', yearModifier: 1, documentId: null });
    await adminDb().doc(`documentChecklist/${customer.uid}/items/check-id`).set({ category: 'other', fileType: 'government_id', yearModifier: 0, documentId: 'doc-id' });
    await adminDb().doc(`investigations/${customer.uid}/items/inv-1`).set(reviewableItem('inv-1'));
    await adminDb().doc(`investigations/${customer.uid}/items/inv-2`).set(reviewableItem('inv-2'));
    await action(customer.uid, 'coach-call', { name: 'Call your coach', type: 'call_agent', status: 'active', createdAt: Timestamp.fromMillis(1_000) });
    const app = await signIn(customer);

    const first = await call(app, 'devTools', { command: 'recalculateActions' });
    const byId = new Map(first.actions?.map((entry) => [entry.id, entry]));
    expect(byId.get(RULE_ACTION_IDS.documentUpload)).toMatchObject({ type: 'document_upload', status: 'active', name: 'Upload the document on your checklist' });
    expect(byId.get(RULE_ACTION_IDS.reviewDisputes)).toMatchObject({ type: 'investigation', status: 'active', name: 'Review the 2 items on your credit report' });
    expect(byId.get(RULE_ACTION_IDS.savings)).toMatchObject({ type: 'savings', status: 'active', name: 'Save $15,000 more toward your goal' });
    expect(byId.get('coach-call')?.status).toBe('active');
    expect((await adminDb().doc(`actions/${customer.uid}/items/${RULE_ACTION_IDS.documentUpload}`).get()).get('properties')).toEqual({
      documents: ['w2'],
      documentCountRequired: 1,
    });

    // The checklist is answered, one item decided, the savings goal reached.
    await adminDb().doc(`documentChecklist/${customer.uid}/items/check-w2`).update({ documentId: 'doc-w2' });
    await adminDb().doc(`investigations/${customer.uid}/items/inv-1`).update({ challengeReason: 'not_mine', challengeReasonSelected: true });
    await withGoal(customer, { ...MORTGAGE_GOAL, properties: { ...MORTGAGE_GOAL.properties, currentSavings: 20_000 } });
    const second = new Map((await call(app, 'devTools', { command: 'recalculateActions' })).actions?.map((entry) => [entry.id, entry]));
    expect(second.get(RULE_ACTION_IDS.documentUpload)?.status).toBe('completed_by_system');
    expect(second.get(RULE_ACTION_IDS.savings)?.status).toBe('completed_by_system');
    expect(second.get(RULE_ACTION_IDS.reviewDisputes)).toMatchObject({ status: 'active', name: 'Review the item on your credit report' });
    expect(second.get('coach-call')?.status).toBe('active');
  });

  it('delete clears the chosen categories of the customer (Storage files included), answers the counts, and leaves the rest', async () => {
    const customer = await createCustomer();
    const other = await createCustomer();
    const uid = customer.uid;
    const db = adminDb();
    await withGoal(customer);
    for (const target of [uid, other.uid]) {
      await action(target, 'a1', { name: 'One', type: 'notification', status: 'active', createdAt: Timestamp.now() });
      await db.doc(`readinessScores/${target}`).set({ score: { displayScore: 50 }, components: [], createdAt: Timestamp.now() });
      await db.doc(`readinessScores/${target}/history/h1`).set({ displayScore: 50, createdAt: Timestamp.now() });
      await db.doc(`actions/${target}`).set({ activeOrder: ['a1'] });
    }
    await action(uid, 'a2', { name: 'Two', type: 'notification', status: 'active', createdAt: Timestamp.now() });
    await db.doc(`documents/${uid}/items/doc-1`).set({ name: 'W-2.pdf', category: 'taxes', fileType: 'w2', userId: uid, storagePath: `users/${uid}/documents/doc-1/up-1` });
    await db.doc(`documentChecklist/${uid}/items/check-w2`).set({ category: 'taxes', fileType: 'w2', yearModifier: 1, documentId: 'doc-1' });
    await bucket().file(`users/${uid}/documents/doc-1/up-1`).save(Buffer.from('%PDF-1.4 test'), { resumable: false, contentType: 'application/pdf' });
    await db.doc(`investigations/${uid}`).set({ isPaused: false, clockOffsetDays: 5 });
    await db.doc(`investigations/${uid}/items/inv-1`).set(reviewableItem('inv-1'));
    await db.doc(`disputeLetters/${uid}/items/LTR-EQ-1`).set({ bureau: 'EQUIFAX', storagePath: `disputeLetters/${uid}/EQUIFAX/LTR-EQ-1.pdf` });
    await bucket().file(`disputeLetters/${uid}/EQUIFAX/LTR-EQ-1.pdf`).save(Buffer.from('%PDF-1.4 letter'), { resumable: false, contentType: 'application/pdf' });
    await db.doc(`creditReports/${uid}`).set({ userId: uid, accounts: [] });
    await db.doc(`creditScoreHistory/${uid}/items/EQUIFAX-2026-10-01`).set({ bureau: 'EQUIFAX', reportdate: '2026-10-01', creditscore: 650 });
    await db.doc(`users/${uid}`).set({ testPlan: { testPlanId: 'plan-x', currentStep: 1, stepStatus: 'idle' }, customer: { creditPullDate: Timestamp.now() } }, { merge: true });
    const app = await signIn(customer);

    const answer = await call(app, 'devTools', {
      command: 'delete',
      categories: ['actions', 'documents', 'disputes', 'creditReport', 'readinessScore', 'testPlan'],
    });
    expect(answer).toEqual({
      command: 'delete',
      deleted: { actions: 2, documents: 1, disputes: 1, creditReport: 1, readinessScore: 1, testPlan: 1 },
    });
    expect((await db.collection(`actions/${uid}/items`).get()).size).toBe(0);
    expect(await exists(`documents/${uid}/items/doc-1`)).toBe(false);
    expect((await db.doc(`documentChecklist/${uid}/items/check-w2`).get()).data()).toMatchObject({ fileType: 'w2', documentId: null });
    expect((await bucket().file(`users/${uid}/documents/doc-1/up-1`).exists())[0]).toBe(false);
    expect(await exists(`investigations/${uid}/items/inv-1`)).toBe(false);
    expect(await exists(`investigations/${uid}`)).toBe(false);
    expect(await exists(`disputeLetters/${uid}/items/LTR-EQ-1`)).toBe(false);
    expect((await bucket().file(`disputeLetters/${uid}/EQUIFAX/LTR-EQ-1.pdf`).exists())[0]).toBe(false);
    expect(await exists(`creditReports/${uid}`)).toBe(false);
    expect((await db.collection(`creditScoreHistory/${uid}/items`).get()).size).toBe(0);
    expect(await exists(`readinessScores/${uid}`)).toBe(false);
    expect((await db.collection(`readinessScores/${uid}/history`).get()).size).toBe(0);
    expect(await exists(`actions/${uid}`)).toBe(false);
    const user = (await db.doc(`users/${uid}`).get()).data()!;
    expect(user.testPlan).toBeUndefined();
    expect(user.customer.creditPullDate).toBeUndefined();
    expect(user.customer.contactId).toBe(customer.contactId);
    // The goal is not a category; another customer's data is untouched.
    expect(await exists(`userInfo/${uid}`)).toBe(true);
    expect(await exists(`actions/${other.uid}/items/a1`)).toBe(true);
    expect(await exists(`readinessScores/${other.uid}`)).toBe(true);
    expect(await exists(`readinessScores/${other.uid}/history/h1`)).toBe(true);
    expect(await exists(`actions/${other.uid}`)).toBe(true);

    // Nothing left: the counts say so.
    expect((await call(app, 'devTools', { command: 'delete', categories: ['actions', 'testPlan'] })).deleted).toEqual({ actions: 0, testPlan: 0 });
  });

  it('repopulateReport pulls a three-bureau report through the credit data sandbox, with its dispute items and pull date', async () => {
    const customer = await createCustomer({ contact: { MailingStreet: '1 Main St', MailingCity: 'Reno', MailingStateCode: 'NV', MailingPostalCode: '89501' } });
    const app = await signIn(customer);
    expect(await call(app, 'devTools', { command: 'repopulateReport' })).toEqual({ command: 'repopulateReport' });
    const report = (await adminDb().doc(`creditReports/${customer.uid}`).get()).data()!;
    expect((report.reportSummary.bureauSummary as { bureau: string }[]).map((entry) => entry.bureau)).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
    expect(report.accounts.length).toBeGreaterThan(0);
    expect((await adminDb().collection(`investigations/${customer.uid}/items`).get()).size).toBeGreaterThan(0);
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('customer.creditPullDate')).toBeInstanceOf(Timestamp);
  });

  it('recalculateScore recomputes and stores the readiness score, and answers null without a goal', async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    expect(await call(app, 'devTools', { command: 'recalculateScore' })).toEqual({ command: 'recalculateScore', score: null });
    expect(await exists(`readinessScores/${customer.uid}`)).toBe(false);
    await withGoal(customer);
    const { score } = await call(app, 'devTools', { command: 'recalculateScore' });
    expect(typeof score).toBe('number');
    expect((await adminDb().doc(`readinessScores/${customer.uid}`).get()).get('score.displayScore')).toBe(score);
  });

  it('toggleV2 flips the customer’s v2 disputes flag each time', async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    expect(await call(app, 'devTools', { command: 'toggleV2' })).toEqual({ command: 'toggleV2', v2Disputes: true });
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('customer.v2Disputes')).toBe(true);
    expect((await call(app, 'devTools', { command: 'toggleV2' })).v2Disputes).toBe(false);
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('customer')).toMatchObject({ v2Disputes: false, contactId: customer.contactId });
  });

  it('acts on the customer an agent session works for', async () => {
    const customer = await createCustomer();
    await action(customer.uid, 'a1', { name: 'One', type: 'notification', status: 'active', createdAt: Timestamp.now() });
    await delegateSession(customer, { isAgent: true, agentUid: 'coach-with-actions', allowClientActions: true });
    const app = await signIn(customer);
    expect((await call(app, 'devTools', { command: 'getAllActions' })).actions?.map((entry) => entry.id)).toEqual(['a1']);
    expect((await call(app, 'devTools', { command: 'delete', categories: ['actions'] })).deleted).toEqual({ actions: 1 });
    expect(await exists(`actions/${customer.uid}/items/a1`)).toBe(false);
  });

  it('refuses a coach without allowClientActions every changing command, and writes nothing', async () => {
    const coach = await signIn(demoAccount('coach'));
    const before = await backendFingerprint();
    for (const payload of [
      { command: 'delete', categories: ['actions'] },
      { command: 'setActions', actions: [] },
      { command: 'toggleV2' },
      { command: 'recalculateActions' },
    ]) {
      const failure = await failureOf(callRaw(coach, 'devTools', payload));
      expect(failure.code).toBe('functions/permission-denied');
      expect(failure.details?.key).toBe(ERROR_KEYS.coachNotPermitted);
    }
    expect(await backendFingerprint()).toBe(before);
    // The account itself is untouched too.
    expect((await adminAuthClient().getUser(demoAccount('coach').uid)).customClaims?.allowClientActions).toBe(false);
  });
});
