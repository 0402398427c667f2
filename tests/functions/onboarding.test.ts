// Onboarding callables under the emulators (spec 000 §7, spec 001 §4, spec 002 §4): contract and its sandbox signing page, quick
// sign-up contact, authorizations, goal, intake saves and completion with the initial credit pull, the readiness
// score, the Disputes step's summaries and the bank-link sandbox.
import type { FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimPullAttempt, PULL_MAX_ATTEMPTS, PULL_STALE_MS } from '../../functions/src/onboarding/creditPull';
import { demoAccount } from '../../seed/accounts';
import { adminAuthClient, adminDb, call, clientApp, createCustomer, failureOf, FUNCTIONS_EMULATOR, PROJECT_ID, signIn, Timestamp, type TestCustomer, withSeededBackend } from '../support/emulator';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the sandbox page's form posts, as a browser would. */
async function signOnSandboxPage(signingUrl: string, signerName = 'Pat Doe') {
  const pageHtml = await (await fetch(signingUrl)).text();
  const url = new URL(signingUrl);
  const form = new URLSearchParams({
    agreement: url.searchParams.get('agreement') ?? '',
    flow: url.searchParams.get('flow') ?? '',
    signerName,
    agree: 'yes',
  });
  const response = await fetch(signingUrl, { method: 'POST', body: form, redirect: 'manual' });
  return { pageHtml, response };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
}

async function setFlags(flags: Record<string, boolean>) {
  await adminDb().doc('config/featureFlags').set(flags);
}

const SIGNED = 'https://esign.example/agreements/signed';

describe('onboarding callables', () => {
  withSeededBackend();
  afterAll(async () => {
    await setFlags({});
  });

  describe('contract', () => {
    it('has no contract link before signing, and releases it a few seconds after the signature on the sandbox page', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      expect(await call(app, 'getContractLink')).toEqual({ link: null });

      const { url } = await call(app, 'getContractSigningUrl');
      const { pageHtml, response } = await signOnSandboxPage(url);
      expect(pageHtml).toContain('Credit Readiness Services Agreement');
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/\/sign-up\/contract-complete$/);

      // The e-sign service releases the signed agreement a moment after the signature (spec 001 §4 polls for it).
      expect(await call(app, 'getContractLink')).toEqual({ link: null });
      const released = await waitFor(() => call(app, 'getContractLink'), (result) => result.link !== null, 10_000);
      expect(released.link).toMatch(/esignSandbox\?document=/);
      const contact = await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get();
      expect(contact.get('SF_External_Echosign_URL__c')).toBe(released.link);
      const signedPage = await (await fetch(released.link ?? '')).text();
      expect(signedPage).toContain('Signed by Pat Doe');
    });

    it('refuses a sandbox signature without a name or agreement, and keeps the agreement unsigned', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const { url } = await call(app, 'getContractSigningUrl');
      const agreement = new URL(url).searchParams.get('agreement') ?? '';
      const response = await fetch(url, { method: 'POST', body: new URLSearchParams({ agreement, flow: 'signedIn', signerName: '' }) });
      expect(response.status).toBe(400);
      expect((await adminDb().doc(`esign/sandbox/agreements/${agreement}`).get()).get('signedAt')).toBeNull();
    });

    it('answers the contract link by contact id only for a live quick sign-up link of a contact without an account', async () => {
      const contactId = `003LEAD${Math.random().toString(36).slice(2, 10)}`;
      const link = 'https://esign.example/signed/lead.pdf';
      await adminDb().doc(`crm/sandbox/contacts/${contactId}`).set({
        Email: `${contactId.toLowerCase()}@test.example`,
        SF_External_Echosign_URL__c: link,
        Quick_Sign_Up_Email_Timestamp__c: new Date(Date.now() - 60_000).toISOString(),
      });
      const anonymous = clientApp();
      expect(await call(anonymous, 'getContractLinkAnonymously', { contactId })).toEqual({ link });
      // An unknown contact, a customer's contact (no live link, an account) and an expired link all answer not-found.
      await adminDb().doc(`crm/sandbox/contacts/${contactId}`).update({ Quick_Sign_Up_Email_Timestamp__c: '2026-01-01T00:00:00.000Z' });
      for (const id of ['003NOSUCHCONTACT', '003DEMOPREMIUM001', contactId]) {
        const failure = await failureOf(call(anonymous, 'getContractLinkAnonymously', { contactId: id }));
        expect(failure.code).toBe('functions/not-found');
      }
    });

    it('refuses the signing page to an agent without allowClientActions', async () => {
      const failure = await failureOf(call(await signIn(demoAccount('coach')), 'getContractSigningUrl'));
      expect(failure.code).toBe('functions/permission-denied');
      expect(failure.details?.key).toBe('coach.toast.not-permitted');
    });
  });

  describe('quick sign-up contact', () => {
    const leadId = () => `003LEAD${Math.random().toString(36).slice(2, 10)}`;

    it('answers the quick sign-up fields with a signing link, then signed once the contract is released', async () => {
      const contactId = leadId();
      const sentAt = new Date(Date.now() - 60_000).toISOString();
      await adminDb().doc(`crm/sandbox/contacts/${contactId}`).set({ Email: 'lead@test.example', FirstName: 'Lee', Quick_Sign_Up_Email_Timestamp__c: sentAt });
      const anonymous = clientApp();
      const before = await call(anonymous, 'getContactAnonymously', { contactId });
      expect(before).toMatchObject({ email: 'lead@test.example', isContractSigned: false, hasAccount: false, quickSignUpEmailTimestamp: sentAt });
      expect(before.contractSignLink).toMatch(/flow=quickSignUp/);

      const { response } = await signOnSandboxPage(before.contractSignLink ?? '', 'Lee Lead');
      expect(response.headers.get('location')).toMatch(new RegExp(`/sign-up/contract-complete\\?id=${contactId}$`));
      const after = await waitFor(() => call(anonymous, 'getContactAnonymously', { contactId }), (c) => c.isContractSigned, 10_000);
      expect(after).toMatchObject({ isContractSigned: true, contractSignLink: null });
    });

    it('answers not-found for a contact that was never sent the quick sign-up email, as for an unknown one', async () => {
      const contactId = leadId();
      await adminDb().doc(`crm/sandbox/contacts/${contactId}`).set({ Email: 'cold@test.example' });
      for (const id of [contactId, leadId()]) {
        const failure = await failureOf(call(clientApp(), 'getContactAnonymously', { contactId: id }));
        expect(failure.code).toBe('functions/not-found');
      }
    });

    it('answers an expired link with its send time only (the 403 page), checked on the server', async () => {
      const contactId = leadId();
      const sentAt = new Date(Date.now() - 3 * 24 * 3_600_000 - 60_000).toISOString();
      await adminDb().doc(`crm/sandbox/contacts/${contactId}`).set({ Email: 'late@test.example', Quick_Sign_Up_Email_Timestamp__c: sentAt });
      expect(await call(clientApp(), 'getContactAnonymously', { contactId })).toEqual({
        contractSignLink: null,
        email: null,
        isContractSigned: false,
        hasAccount: false,
        quickSignUpEmailTimestamp: sentAt,
      });
    });

    it('says only that an account exists for the contact: neither its uid nor its email', async () => {
      const sentAt = new Date(Date.now() - 60_000).toISOString();
      const customer = await createCustomer({ contact: { Quick_Sign_Up_Email_Timestamp__c: sentAt } });
      const result = await call(clientApp(), 'getContactAnonymously', { contactId: customer.contactId });
      expect(result).toEqual({ contractSignLink: null, email: null, isContractSigned: false, hasAccount: true, quickSignUpEmailTimestamp: sentAt });
      expect(JSON.stringify(result)).not.toContain(customer.uid);

      // A lead who signed up but has not verified the email yet (the contact is not bound): an account all the same.
      const email = `lead.${Math.random().toString(36).slice(2, 10)}@test.example`;
      const contactId = leadId();
      await adminDb().doc(`crm/sandbox/contacts/${contactId}`).set({ Email: email, Quick_Sign_Up_Email_Timestamp__c: sentAt });
      await call(clientApp(), 'signUp', { email, password: 'Sign-Up-Pass-1!' });
      expect(await call(clientApp(), 'getContactAnonymously', { contactId })).toMatchObject({ hasAccount: true, email: null });
    });
  });

  describe('authorizations', () => {
    const accept = { DoNotCall: false, Allow_Referral_Update__c: true, agreedToPII: true, Round_Opt_In__c: true, SMS_Opt_out__c: false } as const;

    it('starts from the contact and customer records', async () => {
      const customer = await createCustomer({ contact: { MobilePhone: '7025550100', Round_Opt_In__c: true } });
      expect(await call(await signIn(customer), 'getAuthorizations')).toEqual({
        DoNotCall: null,
        Allow_Referral_Update__c: null,
        Round_Opt_In__c: true,
        SMS_Opt_out__c: null,
        Do_Not_SMS__c: null,
        hasMobilePhone: true,
        agreedToPIIAt: null,
      });
    });

    it('stores the boxes on the contact, the SMS choice as an opt-out, and the PII agreement date on the customer', async () => {
      const customer = await createCustomer({ contact: { MobilePhone: '7025550100' } });
      const result = await call(await signIn(customer), 'updateAuthorizations', accept);
      expect(result).toMatchObject({ DoNotCall: false, Allow_Referral_Update__c: true, Round_Opt_In__c: true, SMS_Opt_out__c: false });
      expect(result.agreedToPIIAt).toEqual(expect.any(String));
      const user = await adminDb().doc(`users/${customer.uid}`).get();
      expect(user.get('customer.agreedToPIIAt')).toBeTruthy();
    });

    it('ignores the SMS choice for a contact without a mobile phone', async () => {
      const customer = await createCustomer();
      const result = await call(await signIn(customer), 'updateAuthorizations', { ...accept, SMS_Opt_out__c: true });
      expect(result.SMS_Opt_out__c).toBeNull();
    });

    it('refuses an agent without allowClientActions while the permission check flag is on, and lets them when it is off', async () => {
      const coach = await signIn(demoAccount('coach'));
      const before = (await adminDb().doc('crm/sandbox/contacts/003DEMOPREMIUM001').get()).data();
      const failure = await failureOf(call(coach, 'updateAuthorizations', accept));
      expect(failure.code).toBe('functions/permission-denied');
      expect(failure.details?.key).toBe('coach.toast.not-permitted');
      expect((await adminDb().doc('crm/sandbox/contacts/003DEMOPREMIUM001').get()).data()).toEqual(before);
      try {
        await setFlags({ acceptAuthorizationsPermissionCheck: false });
        await expect(call(coach, 'updateAuthorizations', accept)).resolves.toMatchObject({ Allow_Referral_Update__c: true });
      } finally {
        await setFlags({});
      }
    });
  });

  describe('goal and intake saves', () => {
    it('createGoal makes the goal and the personal info the intake saves into; the same type keeps the goal', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const goal = await call(app, 'createGoal', { type: 'refinance' });
      expect(goal).toMatchObject({ type: 'refinance', properties: {} });
      const info = await call(app, 'getUserInfo');
      expect(info.personalInfo?.id).toBe(`personal-info-${goal.id}`);
      expect((await call(app, 'createGoal', { type: 'refinance' })).id).toBe(goal.id);
      expect((await call(app, 'createGoal', { type: 'financial_wellness' })).id).not.toBe(goal.id);
    });

    it('withdraws the recreational vehicle goal while the deprecated-goals flag is on', async () => {
      const app = await signIn(await createCustomer());
      try {
        await setFlags({ hideDeprecatedGoals: true });
        const failure = await failureOf(call(app, 'createGoal', { type: 'recreational_vehicle' }));
        expect(failure.code).toBe('functions/failed-precondition');
        expect(failure.details?.key).toBe('intake.errors.error-creating');
      } finally {
        await setFlags({});
      }
      await expect(call(app, 'createGoal', { type: 'recreational_vehicle' })).resolves.toMatchObject({ type: 'recreational_vehicle' });
    });

    it('refuses out-of-range intake values with invalid-argument and keeps the earlier answers intact', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const goal = await call(app, 'createGoal', { type: 'refinance' });
      await call(app, 'updateUserInfo', { goal: { id: goal.id, properties: { currentHomePrice: 400_000, cashOut: true, cashAmount: 10_000 } } });
      const before = (await adminDb().doc(`userInfo/${customer.uid}`).get()).data();
      for (const properties of [{ cashAmount: 0 }, { currentHomePrice: -1 }, { currentHomePrice: 100_000_001 }]) {
        const failure = await failureOf(
          call(app, 'updateUserInfo', { goal: { id: goal.id, properties }, personalInfo: { id: `personal-info-${goal.id}`, annualIncome: 70_000 } }),
        );
        expect(failure.code).toBe('functions/invalid-argument');
      }
      expect((await adminDb().doc(`userInfo/${customer.uid}`).get()).data()).toEqual(before);
    });
  });

  describe('onboarding gates on the server (spec 000 §2.3)', () => {
    /** A customer whose intake is otherwise complete (financial wellness, opted out of bank linking). */
    async function readyToComplete(gates: { contractSigned: boolean; authorizationsAccepted: boolean }) {
      const customer = await createCustomer({
        contact: { Link_Bank_Acct_Opt_Out__c: true, ...(gates.contractSigned ? { SF_External_Echosign_URL__c: SIGNED } : {}) },
      });
      if (gates.authorizationsAccepted) await adminDb().doc(`users/${customer.uid}`).update({ 'customer.agreedToPIIAt': new Date() });
      const app = await signIn(customer);
      const goalId = (await call(app, 'createGoal', { type: 'financial_wellness' })).id;
      await call(app, 'updateUserInfo', {
        goal: { id: goalId, properties: { currentSavings: 4_000 } },
        personalInfo: { id: `personal-info-${goalId}`, propertyStatus: 'rent', annualIncome: 58_000 },
      });
      return { customer, app };
    }

    it('completeIntake starts no credit pull for a customer who has not signed the contract', async () => {
      const { customer, app } = await readyToComplete({ contractSigned: false, authorizationsAccepted: true });
      const failure = await failureOf(call(app, 'completeIntake'));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.message).toMatch(/^contract-not-signed/);
      expect((await adminDb().doc(`initialReportStatus/${customer.uid}`).get()).exists).toBe(false);
      expect((await adminDb().doc(`users/${customer.uid}`).get()).get('setupComplete')).not.toBe(true);
    });

    it('completeIntake starts no credit pull for a customer who has not accepted the PII and credit authorization', async () => {
      const { customer, app } = await readyToComplete({ contractSigned: true, authorizationsAccepted: false });
      const failure = await failureOf(call(app, 'completeIntake'));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.message).toMatch(/^authorizations-not-accepted/);
      expect((await adminDb().doc(`initialReportStatus/${customer.uid}`).get()).exists).toBe(false);
    });

    it('updateUserInfo refuses to mark the intake complete: that is a server fact', async () => {
      const { customer, app } = await readyToComplete({ contractSigned: false, authorizationsAccepted: false });
      const before = (await adminDb().doc(`userInfo/${customer.uid}`).get()).data();
      const goalId = (await call(app, 'getUserInfo')).goal?.id ?? '';
      const failure = await failureOf(call(app, 'updateUserInfo', { personalInfo: { id: `personal-info-${goalId}`, completedIntake: true } as never }));
      expect(failure.code).toBe('functions/invalid-argument');
      expect((await adminDb().doc(`userInfo/${customer.uid}`).get()).data()).toEqual(before);
    });
  });

  describe('intake completion, initial credit pull and readiness score', () => {
    let customer: TestCustomer;
    let app: FirebaseApp;
    let goalId: string;

    beforeAll(async () => {
      customer = await createCustomer({
        contact: { FirstName: 'Ivy', LastName: 'Intake', MailingCity: 'Reno', MailingStateCode: 'NV', SF_External_Echosign_URL__c: SIGNED },
      });
      await adminDb().doc(`users/${customer.uid}`).update({ 'customer.agreedToPIIAt': new Date() });
      app = await signIn(customer);
      goalId = (await call(app, 'createGoal', { type: 'financial_wellness' })).id;
    });

    it('refuses to complete while a step is incomplete, with intake.errors.missing-fields', async () => {
      const failure = await failureOf(call(app, 'completeIntake'));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe('intake.errors.missing-fields');
      await call(app, 'updateUserInfo', {
        goal: { id: goalId, properties: { currentSavings: 4_000 } },
        personalInfo: { id: `personal-info-${goalId}`, propertyStatus: 'rent', annualIncome: 58_000 },
      });
      // The bank step is not done yet: no linked accounts and no opt-out.
      expect((await failureOf(call(app, 'completeIntake'))).details?.key).toBe('intake.errors.missing-fields');
    });

    it('marks the intake complete, runs the credit pull to complete and stores a three-bureau report', async () => {
      await call(app, 'updateCustomerContact', { Link_Bank_Acct_Opt_Out__c: true });
      expect(await call(app, 'completeIntake')).toEqual({ userId: customer.uid });
      expect((await call(app, 'getUserInfo')).personalInfo?.completedIntake).toBe(true);

      const status = await waitFor(
        async () => (await adminDb().doc(`initialReportStatus/${customer.uid}`).get()).get('status') as string,
        (value) => value === 'complete' || value === 'error',
      );
      expect(status).toBe('complete');
      const report = (await adminDb().doc(`creditReports/${customer.uid}`).get()).data();
      expect(report?.reportSummary.bureauSummary.map((entry: { bureau: string }) => entry.bureau)).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
      expect(report?.accounts.length).toBeGreaterThan(3);
      expect(report?.personalInfo[0].name).toContain('IVY');
      const claims = (await adminAuthClient().getUser(customer.uid)).customClaims;
      expect(claims).toMatchObject({ customerOnboardingComplete: true, customerContactId: customer.contactId });
    });

    it('starts a pull lost in processing again when the Disputes step asks, and says error after the last attempt', async () => {
      const lost = await createCustomer();
      const lostApp = await signIn(lost);
      const longAgo = Timestamp.fromMillis(Date.now() - PULL_STALE_MS - 60_000);
      // Attempt 1 was claimed by an instance that never finished.
      await adminDb().doc(`initialReportStatus/${lost.uid}`).set({ status: 'processing', attempt: 1, claimedAttempt: 1, startedAt: longAgo, updatedAt: longAgo });
      expect((await call(lostApp, 'getInvestigationSummaries')).reportStatus).toBe('processing');
      expect((await adminDb().doc(`initialReportStatus/${lost.uid}`).get()).get('attempt')).toBe(2);
      const status = await waitFor(
        async () => (await adminDb().doc(`initialReportStatus/${lost.uid}`).get()).get('status') as string,
        (value) => value !== 'processing',
      );
      expect(status).toBe('complete');

      await adminDb().doc(`initialReportStatus/${lost.uid}`).set({ status: 'processing', attempt: PULL_MAX_ATTEMPTS, claimedAttempt: PULL_MAX_ATTEMPTS, startedAt: longAgo, updatedAt: longAgo });
      expect((await call(lostApp, 'getInvestigationSummaries')).reportStatus).toBe('error');
    });

    it('lets one delivery of a pull claim it: a repeated delivery does not pull twice', async () => {
      const uid = `claim-${Math.random().toString(36).slice(2, 10)}`;
      await adminDb().doc(`initialReportStatus/${uid}`).set({ status: 'processing', attempt: 1 });
      // The trigger's own delivery races these five.
      const claims = await Promise.all(Array.from({ length: 5 }, () => claimPullAttempt(uid)));
      expect(claims.filter((claim) => claim !== null).length).toBeLessThanOrEqual(1);
      expect((await adminDb().doc(`initialReportStatus/${uid}`).get()).get('claimedAttempt')).toBe(1);
      expect(await claimPullAttempt(uid)).toBeNull();
    });

    it('answers the report status and the investigation summaries for the Disputes step', async () => {
      const summaries = await call(app, 'getInvestigationSummaries');
      expect(summaries.reportStatus).toBe('complete');
      for (const item of summaries.investigations) {
        expect(item).toMatchObject({ challengeReasonSelected: false, viewed: false });
        expect(item.statuses.length).toBeGreaterThan(0);
      }
    });

    it('generates a readiness score from 0 to 100, and keeps the previous one on recalculation', async () => {
      expect(await call(app, 'getReadinessScore')).toBeNull();
      const first = await call(app, 'calculateReadinessScore', { isFirstScore: true });
      expect(first.score.displayScore).toBeGreaterThanOrEqual(0);
      expect(first.score.displayScore).toBeLessThanOrEqual(100);
      expect(first.previousScore).toBeNull();
      expect(first.components.map((component) => component.type)).toEqual(['creditScore', 'dti', 'savings', 'creditCardUtilization', 'intake']);
      expect(first.components[0]?.currentValue).toEqual(expect.any(Number));
      const second = await call(app, 'calculateReadinessScore', { isFirstScore: false });
      expect(second.previousScore).toEqual(first.score);
      expect(await call(app, 'getReadinessScore')).toEqual(second);
      // A caller that claims the first score again does not wipe the comparison with the stored one.
      const again = await call(app, 'calculateReadinessScore', { isFirstScore: true });
      expect(again.previousScore).toEqual(second.score);
    });

    it('answers status none and no summaries before any pull', async () => {
      const freshCustomer = await createCustomer();
      const fresh = await signIn(freshCustomer);
      expect(await call(fresh, 'getInvestigationSummaries')).toEqual({ userId: freshCustomer.uid, reportStatus: 'none', investigations: [] });
    });
  });

  describe('bank link sandbox', () => {
    it('links a demo institution through the widget page and lists it with its account types', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      expect(await call(app, 'getConnectedInstitutions')).toEqual({ institutions: [] });
      const { url } = await call(app, 'getWidgetUrl', { widgetName: 'connect' });
      const widget = await fetch(url);
      expect(widget.headers.get('content-security-policy')).toContain('frame-ancestors');
      const widgetHtml = await widget.text();
      expect(widgetHtml).toContain('Desert Federal Credit Union');

      const session = new URL(url).searchParams.get('session') ?? '';
      const linked = await fetch(url, { method: 'POST', body: new URLSearchParams({ session, institutionId: 'sbx-desert-federal' }) });
      const linkedHtml = await linked.text();
      expect(linkedHtml).toContain('"type":"bank.linked"');
      const { institutions } = await call(app, 'getConnectedInstitutions');
      expect(institutions.map((institution) => institution.id)).toEqual(['sbx-desert-federal']);
      expect(institutions[0]?.accounts.map((account) => account.type)).toEqual(['checking', 'savings', 'credit_card']);
    });

    it('refuses a widget session it did not issue', async () => {
      const base = `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/us-west4`;
      const response = await fetch(`${base}/bankLinkSandbox?session=${'0'.repeat(32)}`);
      expect(response.status).toBe(403);
    });

    it('refuses the widget to an agent without allowClientActions and to the free product line', async () => {
      const coach = await failureOf(call(await signIn(demoAccount('coach')), 'getWidgetUrl', { widgetName: 'connect' }));
      expect(coach.code).toBe('functions/permission-denied');
      expect(coach.details?.key).toBe('money.coach-cant-connect');
      const free = await failureOf(call(await signIn(demoAccount('freeCustomer')), 'getWidgetUrl', { widgetName: 'connect' }));
      expect(free.code).toBe('functions/permission-denied');
    });
  });
});
