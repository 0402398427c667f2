import { getAuth } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, demoAccount } from '../../seed/accounts';
import { loadSeed } from '../../seed/load';
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
});
