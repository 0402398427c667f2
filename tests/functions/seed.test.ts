import { getAuth } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, demoAccount } from '../../seed/accounts';
import { loadSeed } from '../../seed/load';
import { storedInvestigationItemSchema, toInvestigationItem, type StoredInvestigationItem } from '../../functions/src/disputeStore';
import { investigationItemSchema } from '../../src/contract/disputes';
import { needsDecision, offersSecondRound, responseWindow, stageOfItem, toDay } from '../../src/domain/disputes';
import { adminDb, call, PROJECT_ID, signedInApp, withSeededBackend } from '../support/emulator';

describe('seed', () => {
  withSeededBackend();

  it('changes nothing when it runs a second time', async () => {
    const summary = await loadSeed({ projectId: PROJECT_ID });
    expect(summary.created).toBe(0);
    expect(summary.updated).toBe(0);
    expect(summary.unchanged).toBeGreaterThan(0);
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))(
    '%s signs in with the demo password',
    async (_email, account) => {
      const app = await signedInApp(account.email, account.password);
      const user = getAuth(app).currentUser;
      expect(user?.uid).toBe(account.uid);
      expect(user?.emailVerified).toBe(account.emailVerified);
    },
  );

  it('gives customers the customer tenant and the app site id', async () => {
    for (const key of ['newCustomer', 'premiumCustomer', 'freeCustomer', 'unverifiedCustomer'] as const) {
      const user = (await adminDb().doc(`users/${demoAccount(key).uid}`).get()).data();
      expect(user).toMatchObject({ siteId: 'APP', tenantId: 'customer', role: 'customer' });
    }
  });

  it('gives the premium customer a signed contract, a goal, a completed intake and Active subscription', async () => {
    const app = await signedInApp(demoAccount('premiumCustomer').email, demoAccount('premiumCustomer').password);
    const contact = await call(app, 'getCustomerContact');
    expect(contact.SF_External_Echosign_URL__c).toMatch(/^https:\/\//);
    expect(contact.Status__c).toBe('Active');
    const info = await call(app, 'getUserInfo');
    expect(info.goal?.type).toBe('mortgage_loan');
    expect(info.personalInfo?.completedIntake).toBe(true);
    const user = (await adminDb().doc(`users/${demoAccount('premiumCustomer').uid}`).get()).data();
    expect(user?.customer).toMatchObject({ productLine: 'Primary', subscriptionStatus: 'Active' });
    expect(user?.customer?.agreedToPIIAt).toBeDefined();
  });

  it.each(['premiumCustomer', 'freeCustomer'] as const)(
    'gives the onboarded %s the readiness score its data earns, as the score callable computes it',
    async (key) => {
      const app = await signedInApp(demoAccount(key).email, demoAccount(key).password);
      const seeded = await call(app, 'getReadinessScore');
      expect(seeded?.score.displayScore).toBeGreaterThan(0);
      expect(seeded?.previousScore).toBeNull();
      const calculated = await call(app, 'calculateReadinessScore', { isFirstScore: true });
      expect(calculated.score).toEqual(seeded?.score);
      expect(calculated.components).toEqual(seeded?.components);
    },
  );

  it('gives the premium customer a three-bureau report, disputes in several categories, documents and actions', async () => {
    const uid = demoAccount('premiumCustomer').uid;
    const report = (await adminDb().doc(`creditReports/${uid}`).get()).data();
    const bureaus = (report?.reportSummary.bureauSummary as { bureau: string }[]).map((summary) => summary.bureau);
    expect(bureaus.sort()).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
    expect(report?.accounts.length).toBeGreaterThan(10);
    expect(report?.inquiries.length).toBeGreaterThan(0);
    expect(report?.publicRecords.length).toBeGreaterThan(0);
    expect(report?.personalInfo).toHaveLength(3);
    const investigations = await adminDb().collection(`investigations/${uid}/items`).get();
    const categories = new Set(investigations.docs.map((doc) => doc.get('type') as string));
    expect([...categories].sort()).toEqual([
      'COLLECTIONS_OTHER',
      'COLLECTIONS_TRADELINE',
      'LATE_PAYMENTS',
      'PUBLIC_RECORDS',
      'RECENT_INQUIRY',
    ]);
    expect((await adminDb().collection(`documents/${uid}/items`).get()).size).toBeGreaterThan(0);
    expect((await adminDb().collection(`actions/${uid}/items`).get()).size).toBeGreaterThan(0);
  });

  async function storedItems(uid: string): Promise<{ id: string; item: StoredInvestigationItem }[]> {
    const snapshot = await adminDb().collection(`investigations/${uid}/items`).get();
    return snapshot.docs.map((doc) => ({ id: doc.id, item: storedInvestigationItemSchema.parse(doc.data()) }));
  }

  async function reportRecordIds(uid: string): Promise<Set<string>> {
    const report = (await adminDb().doc(`creditReports/${uid}`).get()).data() ?? {};
    return new Set(
      ['accounts', 'inquiries', 'publicRecords'].flatMap((field) => ((report[field] ?? []) as { id: string }[]).map((record) => record.id)),
    );
  }

  it.each(['premiumCustomer', 'disputesCustomer'] as const)('stores %s’s dispute items as the contract’s items', async (key) => {
    const uid = demoAccount(key).uid;
    const items = await storedItems(uid);
    expect(items.length).toBeGreaterThan(4);
    for (const { id, item } of items) {
      expect(() => investigationItemSchema.parse(toInvestigationItem(id, item)), id).not.toThrow();
      // Only the secondary reasons chosen with a reason, never the offered reasons.
      if (item.challengeReason === null) expect(item.challengeReasonOptions, id).toEqual([]);
    }
  });

  it('gives the premium customer dispute items in every stage, with each bureau’s window counted from today', async () => {
    const today = toDay(Date.now());
    const items = (await storedItems(demoAccount('premiumCustomer').uid)).map(({ item }) => item);
    const statuses = items.flatMap((item) => item.statuses);
    const undecided = items.filter((item) => needsDecision(item) && stageOfItem(item) === 'not-challenged');
    expect(new Set(undecided.map((item) => item.type)).size).toBe(5);
    expect(undecided.some((item) => item.isSpecialAccount)).toBe(true);
    expect(items.some((item) => item.challengeReason === 'do_not_challenge' && item.statuses.every((status) => status.status === 'NOT_CHALLENGED'))).toBe(true);
    // Sent yesterday: still in the mail.
    expect(statuses.some((status) => status.status === 'UNDER_REVIEW_PENDING' && status.sentAt === toDay(Date.now() - 86_400_000))).toBe(true);
    const windows = statuses.map((status) => responseWindow(status, today));
    expect(windows.some((window) => window.kind === 'open' && window.daysLeft > 0)).toBe(true);
    expect(windows.some((window) => window.kind === 'overdue')).toBe(true);
    const answered = statuses.filter((status) => status.status === 'CORRECTED');
    expect(new Set(answered.map((status) => status.outcome))).toEqual(new Set(['REMOVED', 'MODIFIED', 'VERIFIED']));
    expect(answered.some((status) => status.outcome === 'VERIFIED' && offersSecondRound(status, today))).toBe(true);
    expect(answered.some((status) => status.reinsertedAt !== null && status.reinsertedAt <= today)).toBe(true);
    for (const status of answered) expect(status.answeredAt! <= today && status.receivedAt! < status.answeredAt!).toBe(true);
    // The resolved-disputes modal has unviewed corrected items to show.
    expect(items.some((item) => stageOfItem(item) === 'corrected' && !item.viewed)).toBe(true);
  });

  it('keeps the premium customer’s report in step with the bureaus’ answers: a removed record is gone at that bureau', async () => {
    const uid = demoAccount('premiumCustomer').uid;
    const [items, records] = await Promise.all([storedItems(uid), reportRecordIds(uid)]);
    let removed = 0;
    for (const { item } of items) {
      for (const status of item.statuses) {
        const recordId = item.itemIds.find((id) => id.startsWith(`${status.bureau}-`))!;
        const gone = status.outcome === 'REMOVED' && status.reinsertedAt === null;
        if (gone) removed += 1;
        expect(records.has(recordId), recordId).toBe(!gone);
        if (gone) expect((await adminDb().doc(`investigations/${uid}/removedRecords/${recordId}`).get()).get('record.id')).toBe(recordId);
      }
    }
    expect(removed).toBeGreaterThan(0);
  });

  it('gives the customer at the Disputes step items waiting for a decision, on their report', async () => {
    const uid = demoAccount('disputesCustomer').uid;
    const [items, records] = await Promise.all([storedItems(uid), reportRecordIds(uid)]);
    expect(items.every(({ item }) => needsDecision(item) && stageOfItem(item) === 'not-challenged')).toBe(true);
    expect(new Set(items.map(({ item }) => item.type)).size).toBeGreaterThanOrEqual(3);
    for (const { item } of items) for (const id of item.itemIds) expect(records.has(id), id).toBe(true);
  });

  it('gives the premium customer every round’s letters, each written as a PDF when first listed', async () => {
    const account = demoAccount('premiumCustomer');
    const items = await storedItems(account.uid);
    const app = await signedInApp(account.email, account.password);
    const { pdfs } = await call(app, 'listDisputePdfs', { v2: true });
    // One letter per bureau and send day, for every round the items went through.
    const sent = items.flatMap(({ item }) => item.statuses.filter((status) => status.sentAt !== null));
    expect(pdfs.length).toBeGreaterThan(sent.length);
    expect(new Set(pdfs.map((pdf) => pdf.round))).toEqual(new Set([1, 2]));
    const latest = pdfs[0]!;
    const pdf = await call(app, 'getDisputePdf', { bureau: latest.bureau, documentId: latest.documentId, v2: true });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
