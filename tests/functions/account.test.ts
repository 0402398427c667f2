// Sign-up, sign-in failure reasons, password reset and email recovery against the Auth emulator (spec 000
// §4.3-§4.5, §8).
import { applyActionCode, confirmPasswordReset, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adminAuthClient,
  adminDb,
  call,
  clientApp,
  createCustomer,
  failureOf,
  latestMail,
  signedInApp,
  Timestamp,
  withSeededBackend,
} from '../support/emulator';
import { ONBOARDING_CONTACT_IDS, SIGN_UP_LEAD_EMAIL } from '../../seed/onboarding';

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@test.example`;
const PASSWORD = 'Sign-Up-Pass-1!';

describe('account callables', () => {
  withSeededBackend();

  describe('signUp', () => {
    /** A contact an onboarding portal made for the email (the CRM's lead), with no account yet. */
    async function enrolLead(email: string): Promise<string> {
      const leadId = `003LEAD${randomUUID().slice(0, 8)}`;
      await adminDb().doc(`crm/sandbox/contacts/${leadId}`).set({ Email: email, FirstName: 'Lena', LastName: 'Lead', MailingCountry: 'US' });
      return leadId;
    }

    it("creates an enrolled lead's account, user document and claims, and mails a verification link", async () => {
      const email = uniqueEmail('new');
      await enrolLead(email);
      const signedIn = await call(clientApp(), 'signUp', { email: `  ${email.toUpperCase()} `, password: PASSWORD });
      expect(signedIn).toBe(false);

      const user = await adminAuthClient().getUserByEmail(email);
      expect(user.emailVerified).toBe(false);
      expect(user.customClaims).toEqual({ role: 'customer' });

      const doc = (await adminDb().doc(`users/${user.uid}`).get()).data();
      expect(doc).toMatchObject({
        siteId: 'APP',
        tenantId: 'customer',
        role: 'customer',
        email,
        emailVerificationSent: true,
        customer: { productLine: 'Primary' },
      });
      // No language is chosen for the customer: the page keeps the one they signed up in.
      expect(doc?.settings?.ui?.lang).toBeUndefined();
      expect(doc?.customer.dateOnboarding).toBeInstanceOf(Timestamp);

      const mail = await latestMail(email, 'verifyEmail');
      const link = new URL(mail.link);
      expect(link.pathname).toBe('/handle');
      expect(Object.fromEntries(link.searchParams)).toEqual({ mode: 'verifyEmail', oobCode: mail.oobCode, email, siteId: 'APP' });

      // The mailed code is a real emulator code: applying it verifies the email.
      await applyActionCode(getAuth(clientApp()), mail.oobCode);
      expect((await adminAuthClient().getUser(user.uid)).emailVerified).toBe(true);
    });

    it('answers not-found for an email the CRM does not hold (the onboard modal, spec 000 §8) and makes nothing', async () => {
      const email = uniqueEmail('stranger');
      const failure = await failureOf(call(clientApp(), 'signUp', { email, password: PASSWORD }));
      expect(failure.code).toBe('functions/not-found');

      // No account, user document, CRM contact or mail: the same sign-up works once the email is enrolled.
      expect((await adminAuthClient().getUsers([{ email }])).users).toEqual([]);
      expect((await adminDb().collection('users').where('email', '==', email).get()).empty).toBe(true);
      expect((await adminDb().collection('crm/sandbox/contacts').where('Email', '==', email).get()).empty).toBe(true);
      expect((await adminDb().collection('mailOutbox').where('to', '==', email).get()).empty).toBe(true);

      await enrolLead(email);
      expect(await call(clientApp(), 'signUp', { email, password: PASSWORD })).toBe(false);
      expect((await adminAuthClient().getUserByEmail(email)).email).toBe(email);
    });

    it('the demo data shows both answers: an enrolled lead without an account, and an email the CRM does not hold', async () => {
      const leads = await adminDb().collection('crm/sandbox/contacts').where('Email', '==', SIGN_UP_LEAD_EMAIL).get();
      expect(leads.docs.map((doc) => doc.id)).toEqual([ONBOARDING_CONTACT_IDS.signUpLead]);
      expect((await adminAuthClient().getUsers([{ email: SIGN_UP_LEAD_EMAIL }])).users).toEqual([]);
      const failure = await failureOf(call(clientApp(), 'signUp', { email: 'someone.new@demo.test', password: PASSWORD }));
      expect(failure.code).toBe('functions/not-found');
    });

    it('answers already-exists for an account whose email the CRM no longer holds, never not-found', async () => {
      // An account tells the caller nothing new: already-exists is what any account's email has always answered.
      const customer = await createCustomer();
      await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).update({ Email: uniqueEmail('elsewhere') });
      const failure = await failureOf(call(clientApp(), 'signUp', { email: customer.email, password: PASSWORD }));
      expect(failure.code).toBe('functions/already-exists');
      expect(failure.details?.key).toBe('auth.errors.email-in-use');
    });

    it("binds a lead's contact only once the email is verified: until then the account has none and sees none of it", async () => {
      const email = uniqueEmail('lead');
      const leadId = await enrolLead(email);
      await adminDb().doc(`crm/sandbox/contacts/${leadId}`).update({ Social_Security_Number__c: '123456789' });

      await call(clientApp(), 'signUp', { email, password: PASSWORD });
      const user = await adminAuthClient().getUserByEmail(email);
      expect(user.customClaims).toEqual({ role: 'customer' });
      expect((await adminDb().doc(`users/${user.uid}`).get()).get('customer.contactId')).toBeUndefined();
      // No second contact was made for the email, and the lead's record is as it was.
      const sameEmail = await adminDb().collection('crm/sandbox/contacts').where('Email', '==', email).get();
      expect(sameEmail.docs.map((doc) => doc.id)).toEqual([leadId]);

      const unverified = await signedInApp(email, PASSWORD);
      for (const attempt of [() => call(unverified, 'getCustomerContact'), () => call(unverified, 'resyncCustomClaims')]) {
        expect((await failureOf(attempt())).message).toMatch(/^email-not-verified/);
      }
      expect((await adminDb().doc(`users/${user.uid}`).get()).get('customer.contactId')).toBeUndefined();

      await applyActionCode(getAuth(clientApp()), (await latestMail(email, 'verifyEmail')).oobCode);
      const verified = await signedInApp(email, PASSWORD);
      expect(await call(verified, 'resyncCustomClaims')).toEqual({ ok: true });
      expect((await adminAuthClient().getUser(user.uid)).customClaims).toEqual({ role: 'customer', customerContactId: leadId });
      expect((await adminDb().doc(`users/${user.uid}`).get()).get('customer.contactId')).toBe(leadId);
    });

    it('refuses an email that already has an account with already-exists', async () => {
      const email = uniqueEmail('twice');
      await enrolLead(email);
      await call(clientApp(), 'signUp', { email, password: PASSWORD });
      const failure = await failureOf(call(clientApp(), 'signUp', { email, password: PASSWORD }));
      expect(failure.code).toBe('functions/already-exists');
      expect(failure.details?.key).toBe('auth.errors.email-in-use');
    });
  });

  describe('checkSignInFailureReason', () => {
    it('gives a password account and an unknown email the same answer, so it tells nobody who has an account', async () => {
      const customer = await createCustomer();
      const [unknown, known] = await Promise.all([
        call(clientApp(), 'checkSignInFailureReason', { email: uniqueEmail('nobody') }),
        call(clientApp(), 'checkSignInFailureReason', { email: customer.email }),
      ]);
      expect(unknown).toEqual({ reason: 'other', providerIds: [] });
      expect(known).toEqual(unknown);
    });

    it('says migration for an account carrying the migration claim', async () => {
      const customer = await createCustomer({ claims: { showMigrationModal: true } });
      // No provider ids: the modal needs only the reason.
      expect(await call(clientApp(), 'checkSignInFailureReason', { email: customer.email })).toEqual({ reason: 'migration', providerIds: [] });
    });

    it('says newViaApi for an account created without a password', async () => {
      const email = uniqueEmail('api');
      await adminAuthClient().createUser({ email });
      expect(await call(clientApp(), 'checkSignInFailureReason', { email })).toEqual({ reason: 'newViaApi', providerIds: [] });
    });

    it('says sso and lists the providers for a single-sign-on-only account', async () => {
      const email = uniqueEmail('sso');
      const user = await adminAuthClient().createUser({ email });
      await adminAuthClient().updateUser(user.uid, {
        providerToLink: { providerId: 'google.com', uid: `google-${user.uid}`, email },
      });
      expect(await call(clientApp(), 'checkSignInFailureReason', { email })).toEqual({
        reason: 'sso',
        providerIds: ['google.com'],
      });
    });
  });

  describe('password reset', () => {
    it('answers not-found for an email without an account', async () => {
      const failure = await failureOf(call(clientApp(), 'resetPasswordByEmail', { email: uniqueEmail('ghost') }));
      expect(failure.code).toBe('functions/not-found');
      expect(failure.details?.key).toBe('auth.errors.reset-email-not-found');
    });

    it('mails a reset link whose code is current, then invalid once used; the new password signs in', async () => {
      const customer = await createCustomer();
      expect(await call(clientApp(), 'resetPasswordByEmail', { email: customer.email })).toEqual({ sent: true });
      const mail = await latestMail(customer.email, 'resetPassword');
      expect(mail.link).toContain(`/handle?mode=resetPassword&oobCode=${mail.oobCode}&`);

      const validate = (oobCode: string, email = customer.email) => call(clientApp(), 'validateResetPassword', { email, oobCode });
      expect(await validate(mail.oobCode)).toEqual({ status: 'current' });
      expect(await validate(mail.oobCode, uniqueEmail('other'))).toEqual({ status: 'invalid' });
      expect(await validate('no-such-code')).toEqual({ status: 'invalid' });

      await confirmPasswordReset(getAuth(clientApp()), mail.oobCode, 'Brand-New-Pass-2!');
      expect(await validate(mail.oobCode)).toEqual({ status: 'invalid' });
      await signInWithEmailAndPassword(getAuth(clientApp()), customer.email, 'Brand-New-Pass-2!');
    });

    it('reports a code older than one hour, or replaced by a newer one, as expired', async () => {
      const customer = await createCustomer();
      await call(clientApp(), 'resetPasswordByEmail', { email: customer.email });
      const first = await latestMail(customer.email, 'resetPassword');
      await call(clientApp(), 'resetPasswordByEmail', { email: customer.email });
      const second = await latestMail(customer.email, 'resetPassword');
      expect(second.oobCode).not.toBe(first.oobCode);

      const validate = (oobCode: string) => call(clientApp(), 'validateResetPassword', { email: customer.email, oobCode });
      expect(await validate(first.oobCode)).toEqual({ status: 'expired' });
      expect(await validate(second.oobCode)).toEqual({ status: 'current' });

      // The codes are kept only as their hashes: the collection holds nothing that resets a password.
      const ids = (await adminDb().collection('passwordResets').where('uid', '==', customer.uid).get()).docs.map((doc) => doc.id);
      expect(ids).toHaveLength(2);
      expect(ids).not.toContain(first.oobCode);
      expect(ids).not.toContain(second.oobCode);
      await adminDb()
        .doc(`passwordResets/${createHash('sha256').update(second.oobCode).digest('hex')}`)
        .update({ issuedAt: Timestamp.fromMillis(Date.now() - 61 * 60 * 1_000) });
      expect(await validate(second.oobCode)).toEqual({ status: 'expired' });
    });
  });

  describe('recoverEmail', () => {
    async function recovery(options: { ageMs?: number; previousEmail?: string } = {}) {
      const customer = await createCustomer();
      const previousEmail = options.previousEmail ?? customer.email;
      const newEmail = uniqueEmail('changed');
      await adminAuthClient().updateUser(customer.uid, { email: newEmail });
      const id = `recovery-${randomUUID()}`;
      await adminDb()
        .doc(`emailRecoveries/${id}`)
        .set({ uid: customer.uid, previousEmail, newEmail, createdAt: Timestamp.fromMillis(Date.now() - (options.ageMs ?? 0)) });
      return { customer, id, newEmail };
    }

    it('restores the previous email of the account, its user document and its contact', async () => {
      const { customer, id } = await recovery();
      const before = Date.parse((await adminAuthClient().getUser(customer.uid)).tokensValidAfterTime ?? '');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await call(clientApp(), 'recoverEmail', { id })).toEqual({ result: 'success', email: customer.email });
      // Whoever changed the email is signed out everywhere: tokens issued before the recovery no longer refresh.
      expect(Date.parse((await adminAuthClient().getUser(customer.uid)).tokensValidAfterTime ?? '')).toBeGreaterThan(before);
      expect((await adminAuthClient().getUser(customer.uid)).email).toBe(customer.email);
      expect((await adminDb().doc(`users/${customer.uid}`).get()).get('email')).toBe(customer.email);
      expect((await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).get()).get('Email')).toBe(customer.email);
      await signInWithEmailAndPassword(getAuth(clientApp()), customer.email, customer.password);
      // A recovery link works once.
      expect(await call(clientApp(), 'recoverEmail', { id })).toEqual({ result: 'not-found' });
    });

    it('answers not-found for an unknown link and expired for one older than three days', async () => {
      expect(await call(clientApp(), 'recoverEmail', { id: 'no-such-recovery' })).toEqual({ result: 'not-found' });
      const { id } = await recovery({ ageMs: 4 * 24 * 60 * 60 * 1_000 });
      expect(await call(clientApp(), 'recoverEmail', { id })).toEqual({ result: 'expired' });
    });

    it('answers email-in-use when another account now holds the previous email', async () => {
      const other = await createCustomer();
      const { customer, id, newEmail } = await recovery({ previousEmail: other.email });
      expect(await call(clientApp(), 'recoverEmail', { id })).toEqual({ result: 'email-in-use' });
      expect((await adminAuthClient().getUser(customer.uid)).email).toBe(newEmail);
    });
  });
});
