// The settings pages' server side (spec 000 §2.5, §3.4, §5, §7, §8): the full SSN only on the
// customer's own request, every contact field refused with the client's own rule, the email change and its two
// links, the security flags, the goal save with the readiness score, the communication toggles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { SETTINGS_CONTACT_ID } from '../../seed/settings';
import { ERROR_KEYS } from '../../src/domain/errors';
import { ADDRESS_FIELD_TOO_LONG_KEY, BIRTHDATE_INVALID_KEY, PHONE_INVALID_KEY, SSN_INVALID_KEY, ZIP_INVALID_MESSAGE } from '../../src/domain/personalFields';
import { adminAuthClient, adminDb, call, callRaw, closeClientApps, createCustomer, delegateSession, failureOf, signIn, startCallableWorkers, Timestamp, withSeededBackend, type TestCustomer } from '../support/emulator';

afterAll(closeClientApps);

const contactOf = async (contactId: string) => (await adminDb().doc(`crm/sandbox/contacts/${contactId}`).get()).data();
const userDocOf = async (uid: string) => (await adminDb().doc(`users/${uid}`).get()).data();

/** Every mail the sandbox outbox holds for an address, newest first. */
async function mailsTo(to: string) {
  const snapshot = await adminDb().collection('mailOutbox').where('to', '==', to).get();
  return snapshot.docs
    .map((doc) => doc.data() as { to: string; kind: string; oobCode: string; link: string; createdAt: InstanceType<typeof Timestamp> })
    .sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis());
}

async function latestMail(to: string, kind: string) {
  const mail = (await mailsTo(to)).find((candidate) => candidate.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return mail;
}

/** The records an email change writes, for "nothing written" checks. */
async function emailChangeRecordsOf(customer: TestCustomer) {
  const [changes, recoveries, mails] = await Promise.all([
    adminDb().collection('emailChanges').where('uid', '==', customer.uid).get(),
    adminDb().collection('emailRecoveries').where('uid', '==', customer.uid).get(),
    mailsTo(customer.email),
  ]);
  return { changes: changes.size, recoveries: recoveries.size, mails: mails.length };
}

const newAddress = () => `moved.${Math.random().toString(36).slice(2, 10)}@test.example`;

// A call's first use starts its function's worker, slow on a busy machine.
const SETTINGS_TIMEOUT_MS = 90_000;

describe('settings', { timeout: SETTINGS_TIMEOUT_MS }, () => {
  withSeededBackend();

  // The new callables' workers start here, under the hook's timeout (a signed-out call is refused at once).
  beforeAll(async () => {
    await startCallableWorkers(['getSocialSecurityNumber', 'changeEmail', 'confirmEmailChange', 'clearWeakPasswordFlag', 'clearPasswordReset']);
  }, 180_000);

  describe('the full Social Security number', () => {
    it('answers the customer their own full SSN, 9 digits, and nobody else sees more than the last four', async () => {
      const customer = await createCustomer({ contact: { Social_Security_Number__c: '666-12-3456' } });
      const app = await signIn(customer);
      expect(await call(app, 'getSocialSecurityNumber')).toEqual({ ssn: '666123456' });
      const contact = await call(app, 'getCustomerContact');
      expect(contact.Social_Security_Number__c).toBe('3456');
      expect(JSON.stringify(contact)).not.toContain('666123456');
      const updated = await call(app, 'updateCustomerContact', { FirstName: 'Renata' });
      expect(updated.Social_Security_Number__c).toBe('3456');
      expect(JSON.stringify(updated)).not.toContain('666123456');
    });

    it('refuses a coach session the full SSN (the customer in person only)', async () => {
      for (const key of ['coach', 'coachWithActions'] as const) {
        const failure = await failureOf(call(await signIn(demoAccount(key)), 'getSocialSecurityNumber'));
        expect(failure.code, key).toBe('functions/permission-denied');
        expect(failure.details?.key, key).toBe(ERROR_KEYS.coachNotPermitted);
        expect(JSON.stringify(failure), key).not.toMatch(/666123456/);
      }
    });

    it('refuses an agent signed in as the customer the full SSN', async () => {
      const customer = await createCustomer({ contact: { Social_Security_Number__c: '666123456' } });
      await delegateSession(customer, { isAgent: true, agentUid: 'coach-on-duty', allowClientActions: true });
      const failure = await failureOf(call(await signIn(customer), 'getSocialSecurityNumber'));
      expect(failure.code).toBe('functions/permission-denied');
    });

    it('answers failed-precondition no-ssn when the contact holds none', async () => {
      const customer = await createCustomer();
      const failure = await failureOf(call(await signIn(customer), 'getSocialSecurityNumber'));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.message).toMatch(/^no-ssn\b/);
    });
  });

  describe('contact fields refused with the client’s own rules', () => {
    const today = new Date();
    const isoYearsAgo = (years: number, days = 0) => {
      const date = new Date(Date.UTC(today.getFullYear() - years, today.getMonth(), today.getDate() + days));
      return date.toISOString().slice(0, 10);
    };
    const refusals: [string, Record<string, unknown>, string | null][] = [
      ['a phone not in 000-000-0000', { MobilePhone: '(702) 555-0199' }, PHONE_INVALID_KEY],
      ['a phone of 9 digits', { MobilePhone: '702-555-019' }, PHONE_INVALID_KEY],
      ['a ZIP of 4 digits', { MailingPostalCode: '8950' }, ZIP_INVALID_MESSAGE],
      ['a ZIP+4 without its dash', { MailingPostalCode: '895091234' }, ZIP_INVALID_MESSAGE],
      ['a birthdate under 12 years ago', { Birthdate: isoYearsAgo(12, 1) }, BIRTHDATE_INVALID_KEY],
      ['a birthdate over 120 years ago', { Birthdate: isoYearsAgo(120, -1) }, BIRTHDATE_INVALID_KEY],
      ['a birthdate that is no calendar day', { Birthdate: '1990-02-30' }, null],
      ['an SSN of 8 digits', { Social_Security_Number__c: '123-45-678' }, SSN_INVALID_KEY],
      ['a state outside the 50 states and DC', { MailingStateCode: 'PR' }, null],
      ['a street of 256 characters', { MailingStreet: 'x'.repeat(256) }, ADDRESS_FIELD_TOO_LONG_KEY],
      ['a city of 256 characters', { MailingCity: 'x'.repeat(256) }, ADDRESS_FIELD_TOO_LONG_KEY],
      ['an empty first name', { FirstName: '   ' }, null],
      ['an empty last name', { LastName: '' }, null],
      ['a middle name of 256 characters', { MiddleName: 'x'.repeat(256) }, null],
      ['the email (changed through an email change request)', { Email: 'other@test.example' }, null],
      ['the mailing country (read-only)', { MailingCountry: 'MX' }, null],
    ];

    it.each(refusals)('refuses %s with invalid-argument and writes nothing', async (_label, payload, message) => {
      const customer = await createCustomer({ contact: { MobilePhone: '7025550100', MailingPostalCode: '89509' } });
      const app = await signIn(customer);
      const [contactBefore, userBefore] = await Promise.all([contactOf(customer.contactId), userDocOf(customer.uid)]);
      const failure = await failureOf(callRaw(app, 'updateCustomerContact', payload));
      expect(failure.code).toBe('functions/invalid-argument');
      if (message !== null) expect(failure.details?.issues).toEqual([expect.objectContaining({ message })]);
      expect(await contactOf(customer.contactId)).toEqual(contactBefore);
      expect(await userDocOf(customer.uid)).toEqual(userBefore);
    });

    it('accepts the edge of each rule: the birthdate exactly 12 and 120 years ago, DC, a ZIP+4, a 255-character street', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      await call(app, 'updateCustomerContact', { Birthdate: isoYearsAgo(12) });
      await call(app, 'updateCustomerContact', { Birthdate: isoYearsAgo(120) });
      const saved = await call(app, 'updateCustomerContact', {
        MailingStateCode: 'DC',
        MailingPostalCode: '20001-1234',
        MailingStreet: 's'.repeat(255),
        MobilePhone: '202-555-0188',
      });
      expect(saved).toMatchObject({ Birthdate: isoYearsAgo(120), MailingStateCode: 'DC', MailingPostalCode: '20001-1234', MobilePhone: '2025550188' });
    });
  });

  describe('email change', () => {
    it('mails the new address a verification link and the old one a recover link, and changes nothing yet', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const moved = newAddress();
      expect(await call(app, 'changeEmail', { siteId: 'APP', newEmail: `  ${moved.toUpperCase()} ` })).toEqual({ ok: true, pendingEmail: moved });

      const verify = await latestMail(moved, 'verifyAndChangeEmail');
      expect(new URL(verify.link).pathname).toBe('/handle');
      expect(Object.fromEntries(new URL(verify.link).searchParams)).toMatchObject({ mode: 'verifyAndChangeEmail', oobCode: verify.oobCode, email: moved, siteId: 'APP' });
      const recover = await latestMail(customer.email, 'recoverEmail');
      expect(Object.fromEntries(new URL(recover.link).searchParams)).toMatchObject({ mode: 'recoverEmail', oobCode: recover.oobCode, email: customer.email });

      expect((await adminAuthClient().getUser(customer.uid)).email).toBe(customer.email);
      expect((await userDocOf(customer.uid))?.email).toBe(customer.email);
      expect((await contactOf(customer.contactId))?.Email).toBe(customer.email);
    });

    it('changes the sign-in email, the user document and the CRM contact when the new address is verified; once', async () => {
      const customer = await createCustomer();
      const moved = newAddress();
      await call(await signIn(customer), 'changeEmail', { siteId: 'APP', newEmail: moved });
      const { oobCode } = await latestMail(moved, 'verifyAndChangeEmail');

      expect(await call(await signIn(customer), 'confirmEmailChange', { oobCode })).toEqual({ result: 'success', email: moved });
      const account = await adminAuthClient().getUser(customer.uid);
      expect(account).toMatchObject({ email: moved, emailVerified: true });
      expect((await userDocOf(customer.uid))?.email).toBe(moved);
      expect((await contactOf(customer.contactId))?.Email).toBe(moved);
      // The new address signs in; the link does nothing a second time.
      await signIn({ email: moved, password: customer.password });
      expect(await call(await signIn({ email: moved, password: customer.password }), 'confirmEmailChange', { oobCode })).toEqual({
        result: 'not-found',
      });
    });

    it('puts the old address back from the old address’s link (recoverEmail), after the change', async () => {
      const customer = await createCustomer();
      const moved = newAddress();
      const app = await signIn(customer);
      await call(app, 'changeEmail', { siteId: 'APP', newEmail: moved });
      await call(app, 'confirmEmailChange', { oobCode: (await latestMail(moved, 'verifyAndChangeEmail')).oobCode });
      const recover = await latestMail(customer.email, 'recoverEmail');

      expect(await call(app, 'recoverEmail', { id: recover.oobCode })).toEqual({ result: 'success', email: customer.email });
      expect((await adminAuthClient().getUser(customer.uid)).email).toBe(customer.email);
      expect((await userDocOf(customer.uid))?.email).toBe(customer.email);
      expect((await contactOf(customer.contactId))?.Email).toBe(customer.email);
      await signIn(customer);
    });

    it('cancels a change still pending when the old address’s link is used first', async () => {
      const customer = await createCustomer();
      const moved = newAddress();
      const app = await signIn(customer);
      await call(app, 'changeEmail', { siteId: 'APP', newEmail: moved });
      const verify = await latestMail(moved, 'verifyAndChangeEmail');
      expect(await call(app, 'recoverEmail', { id: (await latestMail(customer.email, 'recoverEmail')).oobCode })).toMatchObject({ result: 'success' });
      expect(await call(app, 'confirmEmailChange', { oobCode: verify.oobCode })).toEqual({ result: 'not-found' });
      expect((await adminAuthClient().getUser(customer.uid)).email).toBe(customer.email);
    });

    it('honours only the newest request’s link', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const [first, second] = [newAddress(), newAddress()];
      await call(app, 'changeEmail', { siteId: 'APP', newEmail: first });
      await call(app, 'changeEmail', { siteId: 'APP', newEmail: second });
      expect(await call(app, 'confirmEmailChange', { oobCode: (await latestMail(first, 'verifyAndChangeEmail')).oobCode })).toEqual({ result: 'not-found' });
      expect(await call(app, 'confirmEmailChange', { oobCode: (await latestMail(second, 'verifyAndChangeEmail')).oobCode })).toEqual({
        result: 'success',
        email: second,
      });
    });

    it('answers expired for a link older than three days, and email-in-use when the address was taken meanwhile', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const moved = newAddress();
      await call(app, 'changeEmail', { siteId: 'APP', newEmail: moved });
      const { oobCode } = await latestMail(moved, 'verifyAndChangeEmail');
      const taker = await adminAuthClient().createUser({ email: moved, password: 'Other-Password-1!' });
      expect(await call(app, 'confirmEmailChange', { oobCode })).toEqual({ result: 'email-in-use' });
      await adminAuthClient().deleteUser(taker.uid);
      await adminDb().doc(`emailChanges/${oobCode}`).update({ createdAt: Timestamp.fromMillis(Date.now() - 4 * 24 * 60 * 60 * 1_000) });
      expect(await call(app, 'confirmEmailChange', { oobCode })).toEqual({ result: 'expired' });
      expect((await adminAuthClient().getUser(customer.uid)).email).toBe(customer.email);
    });

    it('answers not-found for an unknown or malformed code', async () => {
      const app = await signIn(await createCustomer());
      for (const oobCode of ['0123456789abcdef0123456789abcdef', '..', 'a/b']) {
        expect(await call(app, 'confirmEmailChange', { oobCode }), oobCode).toEqual({ result: 'not-found' });
      }
    });

    const refusedChanges: [string, (customer: TestCustomer) => Promise<string>, string, string, string | undefined][] = [
      ['an address another account uses', async () => demoAccount('premiumCustomer').email, 'functions/failed-precondition', 'duplicate-email', ERROR_KEYS.settingsEmailInUse],
      ['a malformed address', async () => 'not-an-email', 'functions/invalid-argument', 'invalid-email', ERROR_KEYS.settingsEmailInvalid],
      ['an address without a dot', async () => 'someone@localhost', 'functions/invalid-argument', 'invalid-email', ERROR_KEYS.settingsEmailInvalid],
      ['the current address', async (customer) => customer.email.toUpperCase(), 'functions/failed-precondition', 'same-email', undefined],
    ];

    it.each(refusedChanges)('refuses %s, mails nothing and writes no change', async (_label, address, code, message, key) => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const newEmail = await address(customer);
      const before = await emailChangeRecordsOf(customer);
      const failure = await failureOf(call(app, 'changeEmail', { siteId: 'APP', newEmail }));
      expect(failure.code).toBe(code);
      // firebase 12 appends the HTTP status to the message ('duplicate-email [400]').
      expect(failure.message).toMatch(new RegExp(`^${message}\\b`));
      expect(failure.details?.key).toBe(key);
      // The server's own codes: no reference code, so the client knows it is not an unexpected failure.
      expect(failure.details?.reference).toBeUndefined();
      expect(await emailChangeRecordsOf(customer)).toEqual(before);
      expect((await mailsTo(newEmail.trim().toLowerCase())).filter((mail) => mail.kind === 'verifyAndChangeEmail')).toHaveLength(0);
      expect((await adminAuthClient().getUser(customer.uid)).email).toBe(customer.email);
    });

    it('refuses a coach, and an agent signed in as the customer, the email change', async () => {
      const coach = await failureOf(call(await signIn(demoAccount('coachWithActions')), 'changeEmail', { siteId: 'APP', newEmail: newAddress() }));
      expect(coach.code).toBe('functions/permission-denied');
      const customer = await createCustomer();
      await delegateSession(customer, { isAgent: true, agentUid: 'coach-on-duty', allowClientActions: true });
      const before = await emailChangeRecordsOf(customer);
      const delegated = await failureOf(call(await signIn(customer), 'changeEmail', { siteId: 'APP', newEmail: newAddress() }));
      expect(delegated.code).toBe('functions/permission-denied');
      expect(await emailChangeRecordsOf(customer)).toEqual(before);
    });
  });

  describe('security flags', () => {
    it.each([
      ['clearWeakPasswordFlag', 'weakPassword'],
      ['clearPasswordReset', 'passwordResetRequired'],
    ] as const)('%s clears security.%s, and again does nothing more', async (callable, flag) => {
      const customer = await createCustomer();
      await adminDb().doc(`users/${customer.uid}`).update({ security: { weakPassword: true, passwordResetRequired: true } });
      const app = await signIn(customer);
      expect(await call(app, callable)).toEqual({ ok: true });
      const security = (await userDocOf(customer.uid))?.security as Record<string, boolean>;
      expect(security[flag]).toBe(false);
      // The other flag is left as it is.
      expect(Object.values(security).filter((value) => value)).toHaveLength(1);
      expect(await call(app, callable)).toEqual({ ok: true });
      expect(((await userDocOf(customer.uid))?.security as Record<string, boolean>)[flag]).toBe(false);
    });

    it('answers ok without a flag to clear, and writes nothing', async () => {
      const customer = await createCustomer();
      const before = await userDocOf(customer.uid);
      expect(await call(await signIn(customer), 'clearWeakPasswordFlag')).toEqual({ ok: true });
      expect(await userDocOf(customer.uid)).toEqual(before);
    });

    it('leaves the customer’s flags set for an agent signed in as the customer', async () => {
      const customer = await createCustomer();
      await adminDb().doc(`users/${customer.uid}`).update({ security: { weakPassword: true, passwordResetRequired: true } });
      await delegateSession(customer, { isAgent: true, agentUid: 'coach-on-duty', allowClientActions: true });
      const app = await signIn(customer);
      expect(await call(app, 'clearWeakPasswordFlag')).toEqual({ ok: true });
      expect(await call(app, 'clearPasswordReset')).toEqual({ ok: true });
      expect((await userDocOf(customer.uid))?.security).toEqual({ weakPassword: true, passwordResetRequired: true });
    });
  });

  describe('loan goal', () => {
    async function scoredCustomer() {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const goal = await call(app, 'createGoal', { type: 'mortgage_loan' });
      await adminDb().doc(`userInfo/${customer.uid}`).set(
        {
          goal: { properties: { purchaseState: 'NV', purchasePrice: 300_000, currentSavings: 3_000, propertyType: 'condo', loanType: 'fha' } },
          personalInfo: { annualIncome: 60_000, completedIntake: true },
        },
        { merge: true },
      );
      const first = await call(app, 'calculateReadinessScore', { isFirstScore: true });
      return { customer, app, goal, first };
    }

    it('saving a goal change recomputes the readiness score and answers the saved goal', async () => {
      const { customer, app, goal, first } = await scoredCustomer();
      const saved = await call(app, 'updateUserInfo', { goal: { id: goal.id, properties: { currentSavings: 60_000 } } });
      expect(saved.goal).toMatchObject({ id: goal.id, type: 'mortgage_loan', properties: { currentSavings: 60_000, purchasePrice: 300_000 } });
      const stored = await call(app, 'getReadinessScore');
      expect(stored?.previousScore).toEqual(first.score);
      expect(stored?.createdAt).not.toBe(first.createdAt);
      expect((await adminDb().doc(`readinessScores/${customer.uid}`).get()).get('previousScore')).toEqual(first.score);
    });

    it('does not score a customer still in intake when an answer is saved', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      const goal = await call(app, 'createGoal', { type: 'refinance' });
      await call(app, 'updateUserInfo', { goal: { id: goal.id, properties: { currentSavings: 1_000 } } });
      expect((await adminDb().doc(`readinessScores/${customer.uid}`).get()).exists).toBe(false);
    });

    it('answers a stored goal of an unknown type as it is, so the page can say Unsupported Goal Type, and refuses to change it', async () => {
      const customer = await createCustomer();
      await adminDb().doc(`userInfo/${customer.uid}`).set({
        goal: { id: 'goal-boat', type: 'yacht_loan', properties: { hullLength: 40 } },
        personalInfo: { id: 'pi-boat', annualIncome: 90_000 },
      });
      const app = await signIn(customer);
      const info = await call(app, 'getUserInfo');
      expect(info.goal).toMatchObject({ id: 'goal-boat', type: 'yacht_loan', properties: {} });
      expect(info.personalInfo).toMatchObject({ id: 'pi-boat', annualIncome: 90_000 });
      const before = (await adminDb().doc(`userInfo/${customer.uid}`).get()).data();
      const failure = await failureOf(call(app, 'updateUserInfo', { goal: { id: 'goal-boat', properties: { currentSavings: 1 } } }));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.message).toMatch(/^unsupported-goal-type\b/);
      expect((await adminDb().doc(`userInfo/${customer.uid}`).get()).data()).toEqual(before);
    });
  });

  describe('communication toggles', () => {
    it('answers every toggle of the contact, Do_Not_SMS__c included', async () => {
      const app = await signIn(demoAccount('settingsCustomer'));
      expect(await call(app, 'getAuthorizations')).toMatchObject({
        DoNotCall: false,
        Do_Not_SMS__c: false,
        SMS_Opt_out__c: false,
        Allow_Referral_Update__c: true,
        Round_Opt_In__c: true,
        hasMobilePhone: true,
      });
    });

    it('turns one toggle off and on again, leaving the others and the PII agreement as they are', async () => {
      const customer = await createCustomer({
        contact: { MobilePhone: '7025550123', DoNotCall: false, Do_Not_SMS__c: false, SMS_Opt_out__c: false, Allow_Referral_Update__c: true, Round_Opt_In__c: true },
      });
      await adminDb().doc(`users/${customer.uid}`).update({ 'customer.agreedToPIIAt': Timestamp.fromDate(new Date('2026-10-01T00:00:00Z')) });
      const app = await signIn(customer);
      for (const toggle of ['Round_Opt_In__c', 'Allow_Referral_Update__c'] as const) {
        expect(await call(app, 'updateAuthorizations', { communications: { [toggle]: false } })).toMatchObject({ [toggle]: false });
        expect((await contactOf(customer.contactId))?.[toggle]).toBe(false);
        expect(await call(app, 'updateAuthorizations', { communications: { [toggle]: true } })).toMatchObject({ [toggle]: true });
      }
      const turned = await call(app, 'updateAuthorizations', { communications: { DoNotCall: true, Do_Not_SMS__c: true, SMS_Opt_out__c: true } });
      expect(turned).toMatchObject({ DoNotCall: true, Do_Not_SMS__c: true, SMS_Opt_out__c: true, Allow_Referral_Update__c: true, Round_Opt_In__c: true });
      expect(turned.agreedToPIIAt).toBe('2026-10-01T00:00:00.000Z');
    });

    it('refuses the SMS opt-in of a contact without a mobile phone, writing nothing', async () => {
      const customer = await createCustomer({ contact: { SMS_Opt_out__c: true } });
      const before = await contactOf(customer.contactId);
      const failure = await failureOf(call(await signIn(customer), 'updateAuthorizations', { communications: { SMS_Opt_out__c: false } }));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.message).toMatch(/^no-mobile-phone\b/);
      expect(await contactOf(customer.contactId)).toEqual(before);
    });

    it('refuses a coach without client actions the toggles (coach.toast.not-permitted), writing nothing', async () => {
      const contactId = '003DEMOPREMIUM001';
      const before = await contactOf(contactId);
      const failure = await failureOf(call(await signIn(demoAccount('coach')), 'updateAuthorizations', { communications: { Round_Opt_In__c: false } }));
      expect(failure.code).toBe('functions/permission-denied');
      expect(failure.details?.key).toBe(ERROR_KEYS.coachNotPermitted);
      expect(await contactOf(contactId)).toEqual(before);
    });

    it('refuses a coach without client actions the toggles while the accept-authorizations check flag is off (update auth, spec 000 §6)', async () => {
      const contactId = '003DEMOPREMIUM001';
      const before = await contactOf(contactId);
      const coach = await signIn(demoAccount('coach'));
      try {
        await adminDb().doc('config/featureFlags').set({ acceptAuthorizationsPermissionCheck: false });
        const failure = await failureOf(call(coach, 'updateAuthorizations', { communications: { Round_Opt_In__c: false, DoNotCall: true } }));
        expect(failure.code).toBe('functions/permission-denied');
        expect(failure.details?.key).toBe(ERROR_KEYS.coachNotPermitted);
        expect(await contactOf(contactId)).toEqual(before);
      } finally {
        await adminDb().doc('config/featureFlags').set({});
      }
    });
  });

  describe('the settings demo customer', () => {
    it('is onboarded on the premium line with a full contact, a goal, a score and the weak-password flag', async () => {
      const account = demoAccount('settingsCustomer');
      const app = await signIn(account);
      const contact = await call(app, 'getCustomerContact');
      expect(contact).toMatchObject({ Id: SETTINGS_CONTACT_ID, Email: account.email, MobilePhone: '7025550199', Social_Security_Number__c: '6789', MailingCountry: 'US' });
      expect(await call(app, 'getSocialSecurityNumber')).toEqual({ ssn: '666456789' });
      expect((await call(app, 'getUserInfo')).goal).toMatchObject({ type: 'mortgage_loan' });
      expect(await call(app, 'getReadinessScore')).not.toBeNull();
      expect(await userDocOf(account.uid)).toMatchObject({ security: { weakPassword: true }, customer: { productLine: 'Primary' } });
      expect((await adminAuthClient().getUser(account.uid)).customClaims).toMatchObject({ customerOnboardingComplete: true, customerContactId: SETTINGS_CONTACT_ID });
    });
  });
});
