// Sign-up by single sign-on against the Auth emulator (spec 000 §4.3 "single sign-on through a popup or redirect",
// §8 sign-up messages): the page signs in with the provider apart from the app's session and sends the provider's ID
// token; the server gives an account only to an email the CRM holds, as the password sign-up does, and deletes an
// identity a provider sign-in on the sign-in page made for someone with no account (discardProviderIdentity).
import type { FirebaseApp } from 'firebase/app';
import { getAuth, GoogleAuthProvider, signInWithCredential, signInWithEmailAndPassword } from 'firebase/auth';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthClient, adminDb, call, callRaw, clientApp, createCustomer, failureOf, TEST_PASSWORD, withSeededBackend } from '../support/emulator';

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@test.example`;

/** A contact an onboarding portal made for the email (the CRM's lead), with no account yet. */
async function enrolLead(email: string): Promise<string> {
  const leadId = `003SSO${randomUUID().slice(0, 8)}`;
  await adminDb().doc(`crm/sandbox/contacts/${leadId}`).set({ Email: email, FirstName: 'Sam', LastName: 'Sso', MailingCountry: 'US' });
  return leadId;
}

/**
 * Signs in with Google on a client of its own, as the page's provider sign-in does (the emulator takes an unsigned
 * Google ID token), and returns the Firebase ID token and uid.
 */
async function googleIdentity(email: string, emailVerified = true): Promise<{ app: FirebaseApp; idToken: string; uid: string }> {
  const app = clientApp();
  const googleToken = JSON.stringify({ sub: `google-${randomUUID()}`, email, email_verified: emailVerified });
  const { user } = await signInWithCredential(getAuth(app), GoogleAuthProvider.credential(googleToken));
  return { app, idToken: await user.getIdToken(), uid: user.uid };
}

async function userDocument(uid: string) {
  return (await adminDb().doc(`users/${uid}`).get()).data();
}

// Single sign-on on, with Google, as the sign-in and sign-up pages show it (spec 000 §6).
withSeededBackend();
beforeAll(() => adminDb().doc('config/featureFlags').set({ singleSignOn: true, googleSignIn: true }));
afterAll(() => adminDb().doc('config/featureFlags').set({}));

describe('signUpWithProvider', () => {

  it("makes an enrolled lead's account from a Google sign-in, bound to the lead's contact, and answers true (signed in directly)", async () => {
    const email = uniqueEmail('lead');
    const leadId = await enrolLead(email);
    const { app, idToken, uid } = await googleIdentity(email.toUpperCase());

    expect(await call(clientApp(), 'signUpWithProvider', { idToken })).toBe(true);

    const user = await adminAuthClient().getUser(uid);
    expect(user.customClaims).toEqual({ role: 'customer', customerContactId: leadId });
    expect(await userDocument(uid)).toMatchObject({
      role: 'customer',
      email,
      tenantId: 'customer',
      customer: { productLine: 'Primary', contactId: leadId },
    });
    // The provider's session, refreshed, carries the new account's claims.
    const claims = (await getAuth(app).currentUser!.getIdTokenResult(true)).claims;
    expect(claims).toMatchObject({ role: 'customer', customerContactId: leadId });
  });

  it('answers not-found for a provider email the CRM does not hold, and leaves no account (the identity goes too)', async () => {
    const email = uniqueEmail('stranger');
    const first = await googleIdentity(email);
    const failure = await failureOf(call(clientApp(), 'signUpWithProvider', { idToken: first.idToken }));
    expect(failure.code).toBe('functions/not-found');

    expect((await adminAuthClient().getUsers([{ uid: first.uid }])).users).toEqual([]);
    expect(await userDocument(first.uid)).toBeUndefined();
    expect((await adminDb().collection('users').where('email', '==', email).get()).empty).toBe(true);

    // Once the email is enrolled, the same person signs up.
    await enrolLead(email);
    const second = await googleIdentity(email);
    expect(await call(clientApp(), 'signUpWithProvider', { idToken: second.idToken })).toBe(true);
  });

  it('answers already-exists for an identity that already has an account, and changes nothing', async () => {
    const email = uniqueEmail('twice');
    await enrolLead(email);
    const { idToken, uid } = await googleIdentity(email);
    expect(await call(clientApp(), 'signUpWithProvider', { idToken })).toBe(true);
    const before = await userDocument(uid);

    const failure = await failureOf(call(clientApp(), 'signUpWithProvider', { idToken }));
    expect(failure.code).toBe('functions/already-exists');
    expect(failure.details?.key).toBe('auth.errors.email-in-use');
    expect(await userDocument(uid)).toEqual(before);
  });

  it("answers already-exists when the lead's contact belongs to another account already, and makes nothing", async () => {
    const customer = await createCustomer();
    const email = uniqueEmail('other');
    // The customer's contact now carries the new email (a CRM edit): its person already has an account.
    await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).update({ Email: email });
    const { idToken, uid } = await googleIdentity(email);

    const failure = await failureOf(call(clientApp(), 'signUpWithProvider', { idToken }));
    expect(failure.code).toBe('functions/already-exists');
    expect(await userDocument(uid)).toBeUndefined();
    expect((await adminAuthClient().getUser(uid)).customClaims ?? {}).toEqual({});
  });

  it('refuses a password sign-in token: sign-up by provider takes only a single sign-on identity', async () => {
    const customer = await createCustomer();
    const app = clientApp();
    const { user } = await signInWithEmailAndPassword(getAuth(app), customer.email, TEST_PASSWORD);
    const failure = await failureOf(call(clientApp(), 'signUpWithProvider', { idToken: await user.getIdToken() }));
    expect(failure.code).toBe('functions/invalid-argument');
  });

  it('refuses a provider email the provider has not verified, and makes nothing', async () => {
    const email = uniqueEmail('unverified');
    await enrolLead(email);
    const { idToken, uid } = await googleIdentity(email, false);
    const failure = await failureOf(call(clientApp(), 'signUpWithProvider', { idToken }));
    expect(failure.code).toBe('functions/failed-precondition');
    expect(await userDocument(uid)).toBeUndefined();
  });

  it('refuses a token that is not one, and bad input, with nothing written', async () => {
    expect((await failureOf(call(clientApp(), 'signUpWithProvider', { idToken: 'not-a-token' }))).code).toBe('functions/unauthenticated');
    expect((await failureOf(callRaw(clientApp(), 'signUpWithProvider', { idToken: '' }))).code).toBe('functions/invalid-argument');
    expect((await failureOf(callRaw(clientApp(), 'signUpWithProvider', { idToken: 'x', email: 'a@b.c' }))).code).toBe('functions/invalid-argument');
    expect((await failureOf(callRaw(clientApp(), 'signUpWithProvider', { idToken: 'x'.repeat(9_000) }))).code).toBe('functions/invalid-argument');
  });

  it('refuses every provider sign-up while single sign-on is off (the page shows no buttons), and makes nothing', async () => {
    const email = uniqueEmail('off');
    await enrolLead(email);
    const { idToken, uid } = await googleIdentity(email);
    await adminDb().doc('config/featureFlags').set({ singleSignOn: false });
    try {
      const failure = await failureOf(call(clientApp(), 'signUpWithProvider', { idToken }));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(await userDocument(uid)).toBeUndefined();
    } finally {
      await adminDb().doc('config/featureFlags').set({ singleSignOn: true, googleSignIn: true });
    }
  });
});

// A provider sign-in on the sign-in page is no sign-up (spec 000 §4.3): the identity it made for someone with no
// account is deleted on the server, and an account's identity is kept.
describe('discardProviderIdentity', () => {

  it('deletes the identity a Google sign-in just made for someone with no account, and answers discarded', async () => {
    const email = uniqueEmail('nobody');
    const { idToken, uid } = await googleIdentity(email);

    expect(await call(clientApp(), 'discardProviderIdentity', { idToken })).toEqual({ discarded: true });
    expect((await adminAuthClient().getUsers([{ uid }])).users).toEqual([]);
    expect((await adminAuthClient().getUsers([{ email }])).users).toEqual([]);
    expect(await userDocument(uid)).toBeUndefined();
  });

  it("keeps an account's identity (its user document and claims) and answers not discarded", async () => {
    const email = uniqueEmail('member');
    await enrolLead(email);
    const { idToken, uid } = await googleIdentity(email);
    expect(await call(clientApp(), 'signUpWithProvider', { idToken })).toBe(true);
    const before = await userDocument(uid);

    expect(await call(clientApp(), 'discardProviderIdentity', { idToken })).toEqual({ discarded: false });
    expect((await adminAuthClient().getUser(uid)).customClaims).toMatchObject({ role: 'customer' });
    expect(await userDocument(uid)).toEqual(before);
  });

  it('keeps an identity that carries claims or has a user document, even without the other', async () => {
    const claimed = await googleIdentity(uniqueEmail('claimed'));
    await adminAuthClient().setCustomUserClaims(claimed.uid, { role: 'customer' });
    expect(await call(clientApp(), 'discardProviderIdentity', { idToken: claimed.idToken })).toEqual({ discarded: false });
    expect((await adminAuthClient().getUsers([{ uid: claimed.uid }])).users).toHaveLength(1);

    const documented = await googleIdentity(uniqueEmail('documented'));
    await adminDb().doc(`users/${documented.uid}`).set({ id: documented.uid, role: 'customer' });
    expect(await call(clientApp(), 'discardProviderIdentity', { idToken: documented.idToken })).toEqual({ discarded: false });
    expect((await adminAuthClient().getUsers([{ uid: documented.uid }])).users).toHaveLength(1);
  });

  it('refuses a password sign-in token and a token that is not one, deleting nothing', async () => {
    const customer = await createCustomer();
    const { user } = await signInWithEmailAndPassword(getAuth(clientApp()), customer.email, TEST_PASSWORD);
    const refused = await failureOf(call(clientApp(), 'discardProviderIdentity', { idToken: await user.getIdToken() }));
    expect(refused.code).toBe('functions/invalid-argument');
    expect((await adminAuthClient().getUser(user.uid)).uid).toBe(user.uid);
    expect((await failureOf(call(clientApp(), 'discardProviderIdentity', { idToken: 'not-a-token' }))).code).toBe('functions/unauthenticated');
  });
});
