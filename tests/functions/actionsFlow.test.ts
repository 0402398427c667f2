// The customer's actions as a real flow (spec 001 §7 calculateActions; spec 002 §3 Action, §4 "Actions and hub"),
// under the emulators: the action rules run whenever a fact they read changes (intake completion, the credit pull,
// dispute decisions and submit, a document upload, a savings update) and from calculateActions, which the hub calls
// when it opens. Running them again changes nothing; an action once completed stays completed; the coach's own open
// action of a kind stands in for the rule's.
import type { FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvestigationItem } from '../../src/contract/disputes';
import { isReviewable } from '../../src/domain/disputes';
import { documentYears } from '../../src/domain/documents';
import { RULE_ACTION_IDS } from '../../functions/src/hub/actionRules';
import { demoAccount } from '../../seed/accounts';
import { adminDb, call, createCustomer, PROJECT_ID, signIn, Timestamp, type TestCustomer, withSeededBackend } from '../support/emulator';
import { pendingCollectionItem } from '../support/investigationItems';

// Each function starts in the emulator on its first call (a few seconds); the credit pull and an upload's check run
// in triggers after the call.
const FLOW_TIMEOUT_MS = 120_000;
const SIGNED = 'https://esign.example/agreements/signed';
const BUCKET = `${PROJECT_ID}.appspot.com`;
const [storageHost = '127.0.0.1', storagePort = '9199'] = (process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '127.0.0.1:9199').split(':');
const [LAST_YEAR] = documentYears(new Date());

interface StoredAction {
  id: string;
  name: string;
  type: string;
  status: string;
  [field: string]: unknown;
}

/** Every stored action of the customer, by id, as the server keeps it. */
async function storedActions(uid: string): Promise<Map<string, StoredAction>> {
  const snapshot = await adminDb().collection(`actions/${uid}/items`).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, { id: doc.id, ...doc.data() } as StoredAction]));
}

/** Everything the rules keep for the customer (the actions and the live stamp), to compare two runs. */
async function actionState(uid: string): Promise<string> {
  const [items, stamp] = await Promise.all([adminDb().collection(`actions/${uid}/items`).get(), adminDb().doc(`actions/${uid}`).get()]);
  const state: Record<string, unknown> = { stamp: stamp.get('changedAt') ?? null };
  for (const doc of items.docs) state[doc.id] = doc.data();
  return JSON.stringify(state, (_key, value: unknown) => (value instanceof Timestamp ? value.toMillis() : value));
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The hub's active actions, by name, as the customer sees them. */
async function activeNames(app: FirebaseApp): Promise<string[]> {
  return (await call(app, 'getActions', { limitActive: 3 })).activeActions.map((action) => action.name);
}

/** A mailing address, for the dispute letters. */
const ADDRESS = { MailingStreet: '2150 Desert Willow Dr', MailingCity: 'Henderson', MailingStateCode: 'NV', MailingPostalCode: '89074' };

const MORTGAGE_GOAL = {
  id: 'goal-flow',
  type: 'mortgage_loan',
  properties: { purchaseState: 'NV', purchasePrice: 300_000, currentHomePrice: 0, currentSavings: 5_000, savingsGoal: 20_000, propertyType: 'condo', loanType: 'fha' },
};

/** An onboarded customer with a goal (savings below it), signed in. */
async function onboardedCustomer(goal: typeof MORTGAGE_GOAL = MORTGAGE_GOAL): Promise<{ customer: TestCustomer; app: FirebaseApp }> {
  const customer = await createCustomer({ contact: ADDRESS });
  await adminDb().doc(`userInfo/${customer.uid}`).set({
    goal,
    personalInfo: { id: 'personal-info-flow', annualIncome: 60_000, completedIntake: true },
  });
  return { customer, app: await signIn(customer) };
}

/** A collection account waiting for the customer's decision at every bureau. */
function reviewableItem(name: string) {
  return {
    ...pendingCollectionItem(name),
    name,
    itemIds: ['EQUIFAX-1', 'EXPERIAN-1', 'TRANSUNION-1'].map((id) => `${id}-${name}`),
    statuses: ['EQUIFAX', 'EXPERIAN', 'TRANSUNION'].map((bureau) => ({ bureau, status: 'PENDING_USER_DECISION', lastActivity: null, nextActivity: null, round: 0 })),
    reportDate: '2026-10-17',
  };
}

describe('the customer’s actions follow their data', () => {
  withSeededBackend();

  describe('a new customer completing onboarding', () => {
    let customer: TestCustomer;
    let app: FirebaseApp;

    beforeAll(async () => {
      customer = await createCustomer({
        contact: { FirstName: 'Nora', LastName: 'Newcomer', MailingStreet: '1 Main St', MailingCity: 'Reno', MailingStateCode: 'NV', MailingPostalCode: '89501', SF_External_Echosign_URL__c: SIGNED, Link_Bank_Acct_Opt_Out__c: true },
      });
      await adminDb().doc(`users/${customer.uid}`).update({ 'customer.agreedToPIIAt': new Date() });
      app = await signIn(customer);
    }, FLOW_TIMEOUT_MS);

    it(
      'has no action during the intake, and sees their first actions once it is complete, without anyone running a tool',
      async () => {
        const goalId = (await call(app, 'createGoal', { type: 'financial_wellness' })).id;
        await call(app, 'updateUserInfo', {
          goal: { id: goalId, properties: { currentSavings: 4_000, savingsGoal: 10_000 } },
          personalInfo: { id: `personal-info-${goalId}`, propertyStatus: 'rent', annualIncome: 58_000 },
        });
        expect((await storedActions(customer.uid)).size).toBe(0);

        await call(app, 'completeIntake');
        // The goal's action at once.
        expect(await activeNames(app)).toContain('Save $6,000 more toward your goal');
        // The review of the report's items once the credit pull has stored them.
        const status = await waitFor(
          async () => (await adminDb().doc(`initialReportStatus/${customer.uid}`).get()).get('status') as string,
          (value) => value === 'complete' || value === 'error',
        );
        expect(status).toBe('complete');
        const actions = await waitFor(() => storedActions(customer.uid), (stored) => stored.has(RULE_ACTION_IDS.reviewDisputes), 20_000);
        const reviewable = (await call(app, 'getInvestigationDetails', { v2: true })).items.filter((item: InvestigationItem) => isReviewable(item)).length;
        expect(reviewable).toBeGreaterThan(0);
        expect(actions.get(RULE_ACTION_IDS.reviewDisputes)).toMatchObject({
          type: 'investigation',
          status: 'active',
          name: reviewable === 1 ? 'Review the item on your credit report' : `Review the ${reviewable} items on your credit report`,
        });
        expect(actions.get(RULE_ACTION_IDS.savings)).toMatchObject({ type: 'savings', status: 'active' });
        // The hub's stamp moved, so an open hub reads the list again.
        expect((await adminDb().doc(`actions/${customer.uid}`).get()).get('changedAt')).toBeInstanceOf(Timestamp);
      },
      FLOW_TIMEOUT_MS,
    );

    it('changes nothing when the rules run again on the same facts', async () => {
      const before = await actionState(customer.uid);
      const answer = await call(app, 'calculateActions');
      expect(answer.actions.filter((action) => action.status === 'active').map((action) => action.id).sort()).toEqual(
        [RULE_ACTION_IDS.reviewDisputes, RULE_ACTION_IDS.savings].sort(),
      );
      await call(app, 'calculateActions');
      expect(await actionState(customer.uid)).toBe(before);
    });
  });

  it(
    'completes the savings action when the savings update reaches the goal, and a completion stays completed',
    async () => {
      const { customer, app } = await onboardedCustomer();
      await call(app, 'calculateActions');
      expect(await activeNames(app)).toEqual(['Save $15,000 more toward your goal']);

      // A partial update renames it; reaching the goal completes it, by the system.
      await call(app, 'updateSavings', { goalId: MORTGAGE_GOAL.id, currentSavings: 12_000 });
      expect(await activeNames(app)).toEqual(['Save $8,000 more toward your goal']);
      await call(app, 'updateSavings', { goalId: MORTGAGE_GOAL.id, currentSavings: 20_000 });
      expect((await storedActions(customer.uid)).get(RULE_ACTION_IDS.savings)).toMatchObject({ status: 'completed_by_system' });
      expect(await activeNames(app)).toEqual([]);

      // Savings fall again: the completed action is not reopened, nor a second one made.
      await call(app, 'updateSavings', { goalId: MORTGAGE_GOAL.id, currentSavings: 1_000 });
      const actions = await storedActions(customer.uid);
      expect([...actions.keys()]).toEqual([RULE_ACTION_IDS.savings]);
      expect(actions.get(RULE_ACTION_IDS.savings)).toMatchObject({ status: 'completed_by_system' });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "keeps the customer's own completion while the rule still holds",
    async () => {
      const { customer, app } = await onboardedCustomer();
      await call(app, 'calculateActions');
      await call(app, 'updateAction', { actionId: RULE_ACTION_IDS.savings, status: 'completed_by_user' });
      await call(app, 'updateSavings', { goalId: MORTGAGE_GOAL.id, currentSavings: 6_000 });
      await call(app, 'calculateActions');
      const saved = (await storedActions(customer.uid)).get(RULE_ACTION_IDS.savings);
      expect(saved).toMatchObject({ status: 'completed_by_user', name: 'Save $15,000 more toward your goal' });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'renames the review action as items are decided, completes it once none waits, and the submit opens nothing new',
    async () => {
      const { customer, app } = await onboardedCustomer({ ...MORTGAGE_GOAL, properties: { ...MORTGAGE_GOAL.properties, currentSavings: 20_000 } });
      for (const name of ['MIDLAND', 'PORTFOLIO', 'CAVALRY']) {
        await adminDb().doc(`investigations/${customer.uid}/items/inv-${name.toLowerCase()}`).set(reviewableItem(name));
      }
      await call(app, 'calculateActions');
      expect(await activeNames(app)).toEqual(['Review the 3 items on your credit report']);

      const items = (await call(app, 'getInvestigationDetails', { v2: true })).items;
      const decide = (ids: string[]) =>
        call(app, 'updateInvestigationReasons', {
          investigations: items
            .filter((item) => ids.includes(item.id))
            .map((item) => ({ id: item.id, itemIds: item.itemIds, disputeIds: item.disputeIds, type: item.type, reason: 'not_mine', reasonOptions: [] })) as never,
          v2: true,
        });
      await decide(['inv-midland']);
      expect(await activeNames(app)).toEqual(['Review the 2 items on your credit report']);
      await decide(['inv-portfolio', 'inv-cavalry']);
      expect((await storedActions(customer.uid)).get(RULE_ACTION_IDS.reviewDisputes)).toMatchObject({
        status: 'completed_by_system',
        name: 'Review the 2 items on your credit report',
      });
      expect(await activeNames(app)).toEqual([]);

      const before = await actionState(customer.uid);
      expect((await call(app, 'challengeAllInvestigations', { v2: true })).submitted).toBe(3);
      expect(await actionState(customer.uid)).toBe(before);
      await call(app, 'calculateActions');
      expect(await actionState(customer.uid)).toBe(before);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "opens the upload action for the coach's checklist, and completes it once an uploaded document answers it",
    async () => {
      const { customer, app } = await onboardedCustomer({ ...MORTGAGE_GOAL, properties: { ...MORTGAGE_GOAL.properties, currentSavings: 20_000 } });
      await adminDb().doc(`documentChecklist/${customer.uid}/items/w2-last-year`).set({ category: 'taxes', fileType: 'w2', yearModifier: 1, documentId: null });
      await call(app, 'calculateActions');
      expect(await activeNames(app)).toEqual(['Upload the document on your checklist']);

      const bytes = pdfBytes(4_000);
      const target = await call(app, 'createDocumentUpload', {
        document: { category: 'taxes', fileType: 'w2', year: LAST_YEAR, documentDate: null, comments: '' },
        file: { name: 'W-2.pdf', size: bytes.length, mimeType: 'application/pdf' } as never,
      });
      const storage = getStorage(app, `gs://${BUCKET}`);
      connectStorageEmulator(storage, storageHost, Number(storagePort));
      await uploadBytes(ref(storage, target.storagePath), bytes, { contentType: 'application/pdf', customMetadata: target.metadata });

      const upload = await waitFor(
        async () => (await storedActions(customer.uid)).get(RULE_ACTION_IDS.documentUpload),
        (action) => action?.status !== 'active',
        FLOW_TIMEOUT_MS - 20_000,
      );
      expect(upload).toMatchObject({ status: 'completed_by_system' });
      expect(await activeNames(app)).toEqual([]);
      // The checklist shows the item answered, as the rule read it.
      expect((await call(app, 'getChecklist')).items.map((item) => item.checked)).toEqual([true]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "does not open a rule's action beside the coach's own open action of that kind",
    async () => {
      const { customer, app } = await onboardedCustomer();
      await adminDb().doc(`actions/${customer.uid}/items/coach-savings`).set({
        name: 'Save toward your down payment',
        type: 'savings',
        status: 'active',
        completedAt: null,
        updating: false,
        createdAt: Timestamp.now(),
      });
      await call(app, 'calculateActions');
      expect(await activeNames(app)).toEqual(['Save toward your down payment']);
      expect((await storedActions(customer.uid)).has(RULE_ACTION_IDS.savings)).toBe(false);
    },
    FLOW_TIMEOUT_MS,
  );

  it('leaves the demo premium customer’s coach-set actions as the only ones of their kinds', async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const answer = await call(app, 'calculateActions');
    const open = answer.actions.filter((action) => action.status === 'active' || action.status === 'inactive');
    expect(open.filter((action) => action.id.startsWith('rule-'))).toEqual([]);
    expect(open.map((action) => action.name)).toContain('Upload your two most recent pay stubs');
  });
});

/** A PDF-signed file of `size` bytes. */
function pdfBytes(size: number): Uint8Array {
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const body = Buffer.alloc(size - header.length);
  for (let index = 0; index < body.length; index += 1) body[index] = (index * 31 + 7) % 256;
  return new Uint8Array(Buffer.concat([header, body]));
}
