// CRM link-in (spec 000 §2.2, §7 createSalesforceToken) and the agent tokens of the development link script.
import { getAuth, signInWithCustomToken } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { DEMO_CRM_SESSION } from '../../seed/data';
import { agentLink, mintAgentToken } from '../../scripts/lib/agentToken';
import { adminAuthClient, adminDb, call, clientApp, createCustomer, failureOf, PROJECT_ID, signIn, Timestamp, withSeededBackend } from '../support/emulator';

const demoLink = { userId: DEMO_CRM_SESSION.userId, sessionId: DEMO_CRM_SESSION.sessionId, contactId: DEMO_CRM_SESSION.contactId };

/** Signs a fresh client in with a custom token and returns its uid and (refreshed) claims. */
async function signInWith(token: string) {
  const app = clientApp();
  const { user } = await signInWithCustomToken(getAuth(app), token);
  const { claims } = await user.getIdTokenResult(true);
  return { app, uid: user.uid, claims };
}

async function crmSession(sessionId: string, data: Record<string, unknown>) {
  await adminDb().doc(`crm/sandbox/sessions/${sessionId}`).set(data);
}

describe('createSalesforceToken', () => {
  withSeededBackend();

  it("gives a signed-out caller with a current CRM session a token for the contact's account, as a CRM agent session", async () => {
    const { token } = await call(clientApp(), 'createSalesforceToken', demoLink);
    const { uid, claims } = await signInWith(token);
    expect(uid).toBe(demoAccount('premiumCustomer').uid);
    expect(claims).toMatchObject({
      isSalesforceSession: true,
      isAgent: true,
      allowClientActions: false,
      customerContactId: DEMO_CRM_SESSION.contactId,
      role: 'customer',
    });
  });

  it('never stores the last sign-in for the CRM session (spec 000 §4.1)', async () => {
    const { token } = await call(clientApp(), 'createSalesforceToken', demoLink);
    const { app } = await signInWith(token);
    expect(await call(app, 'storeLastSignIn')).toEqual({ stored: false });
  });

  it('answers not-found when no app account holds a contact the CRM user may see', async () => {
    // A lead the demo CRM user owns (the CRM's sharing rule lets them see it); no app account holds it.
    await adminDb().doc('crm/sandbox/contacts/003NOACCOUNT0001').set({ Email: 'lead.without.account@test.example', LastName: 'Lead', OwnerId: DEMO_CRM_SESSION.userId });
    const failure = await failureOf(call(clientApp(), 'createSalesforceToken', { ...demoLink, contactId: '003NOACCOUNT0001' }));
    expect(failure.code).toBe('functions/not-found');
    expect(failure.details?.key).toBe('auth.errors.crm-user-not-found');
  });

  it('gives a CRM user one refusal for every contact it may not see, whether or not an account holds it', async () => {
    await crmSession('00DTEST!NOSHARE', { userId: '005TESTNOSHARE01', expiresAt: Timestamp.fromMillis(Date.now() + 60_000) });
    await adminDb().doc('crm/sandbox/users/005TESTNOSHARE01').set({ name: 'No Share', profile: 'Coach' });
    await adminDb().doc('crm/sandbox/contacts/003NOACCOUNT0002').set({ Email: 'another.lead@test.example', LastName: 'Lead' });
    const link = { userId: '005TESTNOSHARE01', sessionId: '00DTEST!NOSHARE' };
    const refusalFor = (contactId: string) => failureOf(call(clientApp(), 'createSalesforceToken', { ...link, contactId }));
    const [withAccount, withoutAccount, unknown] = await Promise.all([
      refusalFor(DEMO_CRM_SESSION.contactId),
      refusalFor('003NOACCOUNT0002'),
      refusalFor('003NOSUCHCONTACT'),
    ]);
    expect(withAccount).toMatchObject({ code: 'functions/permission-denied', details: { key: 'auth.errors.crm-session-invalid' } });
    expect(withAccount.message).toMatch(/^crm-session-invalid\b/);
    expect(withoutAccount).toEqual(withAccount);
    expect(unknown).toEqual(withAccount);
  });

  it('does not count a coach whose user document names the contact as its account', async () => {
    // The demo coaches' documents carry the premium customer's contact; only the customer's account is linked.
    const { token } = await call(clientApp(), 'createSalesforceToken', demoLink);
    expect((await signInWith(token)).uid).not.toBe(demoAccount('coach').uid);
  });

  it('refuses an unknown session, a session of another CRM user and an expired session', async () => {
    await crmSession('00DTEST!EXPIRED', { userId: DEMO_CRM_SESSION.userId, expiresAt: Timestamp.fromMillis(Date.now() - 1_000) });
    await crmSession('00DTEST!ISOEXPIRED', { userId: DEMO_CRM_SESSION.userId, expiresAt: '2020-01-01T00:00:00.000Z' });
    const refused = [
      { ...demoLink, sessionId: '00DTEST!UNKNOWN' },
      { ...demoLink, userId: '005SOMEONEELSE01' },
      { ...demoLink, sessionId: '00DTEST!EXPIRED' },
      { ...demoLink, sessionId: '00DTEST!ISOEXPIRED' },
      { ...demoLink, sessionId: '..' },
    ];
    for (const link of refused) {
      const failure = await failureOf(call(clientApp(), 'createSalesforceToken', link));
      expect(failure.code, link.sessionId).toBe('functions/permission-denied');
      // The SDK appends the HTTP status to the server's message.
      expect(failure.message, link.sessionId).toMatch(/^crm-session-invalid\b/);
      expect(failure.details?.key, link.sessionId).toBe('auth.errors.crm-session-invalid');
    }
  });

  it('accepts a session whose expiry is an ISO string in the future', async () => {
    // The CRM user owns the customer's contact (the CRM's sharing rule).
    const customer = await createCustomer({ contact: { OwnerId: '005ISOUSER000001' } });
    await adminDb().doc('crm/sandbox/users/005ISOUSER000001').set({ name: 'ISO User', profile: 'Coach' });
    await crmSession('00DTEST!ISOCURRENT', { userId: '005ISOUSER000001', expiresAt: '2099-01-01T00:00:00.000Z' });
    const { token } = await call(clientApp(), 'createSalesforceToken', {
      userId: '005ISOUSER000001',
      sessionId: '00DTEST!ISOCURRENT',
      contactId: customer.contactId,
    });
    expect((await signInWith(token)).uid).toBe(customer.uid);
  });
});

describe('agent tokens for the demo coaches (scripts/agent-link.ts)', () => {
  withSeededBackend();

  it("sign the coach in on the premium customer's account with the agent claims, kept on refresh", async () => {
    const token = await mintAgentToken({ coachKey: 'coach', projectId: PROJECT_ID });
    const { uid, claims } = await signInWith(token);
    expect(uid).toBe(demoAccount('premiumCustomer').uid);
    expect(claims).toMatchObject({
      isAgent: true,
      agentUid: demoAccount('coach').uid,
      customerContactId: '003DEMOPREMIUM001',
      allowClientActions: false,
    });
  });

  it("carry each coach's allowClientActions", async () => {
    const token = await mintAgentToken({ coachKey: 'coachWithActions', projectId: PROJECT_ID });
    expect((await signInWith(token)).claims).toMatchObject({ agentUid: demoAccount('coachWithActions').uid, allowClientActions: true });
  });

  it("work for any customer, with that customer's contact id", async () => {
    const customer = await createCustomer();
    const token = await mintAgentToken({ coachKey: 'coachWithActions', customerUid: customer.uid, projectId: PROJECT_ID });
    const { uid, claims } = await signInWith(token);
    expect(uid).toBe(customer.uid);
    expect(claims.customerContactId).toBe(customer.contactId);
  });

  it('refuse a customer without a contact id', async () => {
    await expect(mintAgentToken({ coachKey: 'coach', customerUid: 'nobody-here', projectId: PROJECT_ID })).rejects.toThrow(
      /no customer\.contactId/,
    );
  });

  it('make an /agent link with the token', () => {
    expect(agentLink('http://127.0.0.1:5173', 'a.b.c')).toBe('http://127.0.0.1:5173/agent?token=a.b.c');
  });
});

describe('agent sessions on a customer account (src/domain/agentSession.ts)', () => {
  withSeededBackend();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function sessionRecord(claims: Record<string, unknown>) {
    const id = claims.agentSessionId as string;
    return { ref: adminDb().doc(`agentSessions/${id}`), data: (await adminDb().doc(`agentSessions/${id}`).get()).data() };
  }

  it('records who acts for whom when the CRM link-in mints a token, binds it to the first sign-in and logs each call', async () => {
    const { token } = await call(clientApp(), 'createSalesforceToken', demoLink);
    const { app, uid, claims } = await signInWith(token);
    const before = await sessionRecord(claims);
    expect(before.data).toMatchObject({
      crmUserId: DEMO_CRM_SESSION.userId,
      agentUid: null,
      customerUid: uid,
      contactId: DEMO_CRM_SESSION.contactId,
      allowClientActions: false,
      boundAuthTime: null,
      revokedAtMs: null,
    });
    await call(app, 'getCustomerContact');
    expect((await before.ref.get()).get('boundAuthTime')).toBe((await getAuth(app).currentUser?.getIdTokenResult())?.claims.auth_time);
    const calls = await before.ref.collection('calls').get();
    expect(calls.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ callable: 'getCustomerContact', crmUserId: DEMO_CRM_SESSION.userId, agentUid: null }),
    ]);
  });

  it('refuses a CRM user the CRM does not let see the contact', async () => {
    await crmSession('00DTEST!STRANGER', { userId: '005TESTSTRANGER1', expiresAt: Timestamp.fromMillis(Date.now() + 60_000) });
    const failure = await failureOf(call(clientApp(), 'createSalesforceToken', { ...demoLink, sessionId: '00DTEST!STRANGER', userId: '005TESTSTRANGER1' }));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.details?.key).toBe('auth.errors.crm-session-invalid');
  });

  it("ends a revoked session at its next call without signing the customer out", async () => {
    const customer = await createCustomer();
    const token = await mintAgentToken({ coachKey: 'coachWithActions', customerUid: customer.uid, projectId: PROJECT_ID });
    const { app, claims } = await signInWith(token);
    expect(await call(app, 'storeLastSignIn')).toEqual({ stored: false });
    await (await sessionRecord(claims)).ref.update({ revokedAtMs: Date.now() });
    const failure = await failureOf(call(app, 'getUserInfo'));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.message).toMatch(/^agent-session-ended: revoked/);
    // The customer's own sign-in is untouched.
    expect(await call(await signIn(customer), 'getUserInfo')).toMatchObject({ goal: null });
  });

  it('makes the launch token single-use: a second sign-in with the same token is refused', async () => {
    const customer = await createCustomer();
    const token = await mintAgentToken({ coachKey: 'coach', customerUid: customer.uid, projectId: PROJECT_ID });
    const first = await signInWith(token);
    await call(first.app, 'getUserInfo');
    // auth_time counts seconds: the replay signs in at least a second later.
    await sleep(1_100);
    const replay = await signInWith(token);
    const failure = await failureOf(call(replay.app, 'getUserInfo'));
    expect(failure.message).toMatch(/^agent-session-ended: other-sign-in/);
    expect(await call(first.app, 'getUserInfo')).toMatchObject({ goal: null });
  });

  it('refuses a launch token used after its two minutes, and a delegated session without a record', async () => {
    const customer = await createCustomer();
    const token = await mintAgentToken({ coachKey: 'coach', customerUid: customer.uid, projectId: PROJECT_ID });
    const { app, claims } = await signInWith(token);
    const { ref } = await sessionRecord(claims);
    await ref.update({ createdAtMs: Date.now() - 3 * 60 * 1_000 });
    expect((await failureOf(call(app, 'getUserInfo'))).message).toMatch(/^agent-session-ended: launch-expired/);

    const orphan = await createCustomer();
    await adminAuthClient().setCustomUserClaims(orphan.uid, {
      role: 'customer',
      customerContactId: orphan.contactId,
      isSalesforceSession: true,
      isAgent: true,
    });
    expect((await failureOf(call(await signIn(orphan), 'getUserInfo'))).message).toMatch(/^agent-session-ended: no-session/);
  });
});
