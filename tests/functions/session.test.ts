// Session upkeep callables (spec 000 §4.1, §4.8).
import { getAuth, signInWithCustomToken } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { adminAuthClient, adminDb, call, clientApp, createCustomer, delegateSession, failureOf, signIn, Timestamp, withSeededBackend } from '../support/emulator';

describe('session callables', () => {
  withSeededBackend();

  describe('storeLastSignIn', () => {
    it('stores the sign-in at most once an hour', async () => {
      const customer = await createCustomer();
      const app = await signIn(customer);
      expect(await call(app, 'storeLastSignIn')).toEqual({ stored: true });
      const first = (await adminDb().doc(`users/${customer.uid}`).get()).get('lastSignIn') as InstanceType<typeof Timestamp>;
      expect(first).toBeInstanceOf(Timestamp);
      expect(await call(app, 'storeLastSignIn')).toEqual({ stored: false });

      await adminDb().doc(`users/${customer.uid}`).update({ lastSignIn: Timestamp.fromMillis(Date.now() - 61 * 60 * 1_000) });
      expect(await call(app, 'storeLastSignIn')).toEqual({ stored: true });
    });

    it('never stores it for an agent or a CRM session', async () => {
      const coach = demoAccount('coach');
      const before = (await adminDb().doc(`users/${coach.uid}`).get()).get('lastSignIn') as unknown;
      expect(await call(await signIn(coach), 'storeLastSignIn')).toEqual({ stored: false });
      expect((await adminDb().doc(`users/${coach.uid}`).get()).get('lastSignIn')).toEqual(before);

      const crmSession = await createCustomer();
      await delegateSession(crmSession, { isSalesforceSession: true, isAgent: true, allowClientActions: false });
      expect(await call(await signIn(crmSession), 'storeLastSignIn')).toEqual({ stored: false });
      expect((await adminDb().doc(`users/${crmSession.uid}`).get()).get('lastSignIn')).toBeUndefined();
    });
  });

  it('setUILang stores the language as settings.ui.lang', async () => {
    const customer = await createCustomer();
    expect(await call(await signIn(customer), 'setUILang', { lang: 'es' })).toEqual({ ok: true });
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('settings.ui.lang')).toBe('es');
  });

  it('removeMigrationClaim drops only the migration claim', async () => {
    const customer = await createCustomer({ claims: { showMigrationModal: true } });
    expect(await call(await signIn(customer), 'removeMigrationClaim')).toEqual({ ok: true });
    const claims = (await adminAuthClient().getUser(customer.uid)).customClaims;
    expect(claims?.showMigrationModal).toBeUndefined();
    expect(claims).toMatchObject({ role: 'customer', customerContactId: customer.contactId });
  });

  it("lets a coach's session on the customer account change neither the customer's language nor their migration notice", async () => {
    const customer = await createCustomer();
    await delegateSession(customer, { isAgent: true, agentUid: 'coach-on-duty', allowClientActions: true, showMigrationModal: true });
    const app = await signIn(customer);
    expect(await call(app, 'setUILang', { lang: 'es' })).toEqual({ ok: true });
    expect(await call(app, 'removeMigrationClaim')).toEqual({ ok: true });
    expect((await adminDb().doc(`users/${customer.uid}`).get()).get('settings.ui.lang')).toBe('en');
    expect((await adminAuthClient().getUser(customer.uid)).customClaims?.showMigrationModal).toBe(true);
  });

  describe('resyncCustomClaims', () => {
    it('puts the contact id of the user document back into the claims', async () => {
      const customer = await createCustomer();
      await adminAuthClient().setCustomUserClaims(customer.uid, { role: 'customer', isDeveloper: true });
      expect(await call(await signIn(customer), 'resyncCustomClaims')).toEqual({ ok: true });
      expect((await adminAuthClient().getUser(customer.uid)).customClaims).toEqual({
        role: 'customer',
        isDeveloper: true,
        customerContactId: customer.contactId,
      });
    });

    it('links the CRM contact that carries the email when the user document has none', async () => {
      const customer = await createCustomer();
      await adminDb().doc(`users/${customer.uid}`).update({ 'customer.contactId': null });
      await adminAuthClient().setCustomUserClaims(customer.uid, { role: 'customer' });
      await call(await signIn(customer), 'resyncCustomClaims');
      expect((await adminAuthClient().getUser(customer.uid)).customClaims?.customerContactId).toBe(customer.contactId);
      expect((await adminDb().doc(`users/${customer.uid}`).get()).get('customer.contactId')).toBe(customer.contactId);
    });

    it('never binds a contact another account holds, even when it carries the caller\'s verified email', async () => {
      const holder = await createCustomer();
      const newcomer = await createCustomer();
      // The holder's contact now carries the newcomer's email (say the CRM was edited); the newcomer has no contact.
      await adminDb().doc(`crm/sandbox/contacts/${holder.contactId}`).update({ Email: newcomer.email });
      await adminDb().doc(`crm/sandbox/contacts/${newcomer.contactId}`).delete();
      await adminDb().doc(`users/${newcomer.uid}`).update({ 'customer.contactId': null });
      await adminAuthClient().setCustomUserClaims(newcomer.uid, { role: 'customer' });

      const failure = await failureOf(call(await signIn(newcomer), 'resyncCustomClaims'));
      expect(failure.details?.key).toBe('no-customer-contact-id');
      expect((await adminAuthClient().getUser(newcomer.uid)).customClaims?.customerContactId).toBeUndefined();
      expect((await adminDb().doc(`users/${newcomer.uid}`).get()).get('customer.contactId')).toBeNull();
      const holders = await adminDb().collection('users').where('customer.contactId', '==', holder.contactId).get();
      expect(holders.docs.map((doc) => doc.id)).toEqual([holder.uid]);
    });

    it('answers no-customer-contact-id when the CRM has no contact for the customer', async () => {
      const customer = await createCustomer();
      await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).delete();
      const failure = await failureOf(call(await signIn(customer), 'resyncCustomClaims'));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe('no-customer-contact-id');
    });
  });

  describe('elevatePermissions', () => {
    it('gives a partner the partner claims and a token to sign in again with', async () => {
      const partner = demoAccount('partner');
      const app = await signIn(partner);
      const { token } = await call(app, 'elevatePermissions');
      const credential = await signInWithCustomToken(getAuth(clientApp()), token);
      expect(credential.user.uid).toBe(partner.uid);
      const claims = (await credential.user.getIdTokenResult()).claims;
      expect(claims).toMatchObject({
        role: 'partner',
        partnerContactId: '003DEMOPARTNER001',
        partnerOnboardingComplete: true,
        canViewLeadsOfContactIds: ['003DEMOPARTNER001'],
      });
      await adminAuthClient().setCustomUserClaims(partner.uid, { role: 'partner' });
    });

    it('refuses anyone but a partner', async () => {
      const customer = await createCustomer();
      const failure = await failureOf(call(await signIn(customer), 'elevatePermissions'));
      expect(failure.code).toBe('functions/permission-denied');
    });
  });
});
