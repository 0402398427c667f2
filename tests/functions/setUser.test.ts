// setUser, the developer overrides (spec 000 §6, spec 001 §7): a developer overrides the account's
// role, developer flag, claims, product line and company flag, marked by the overridesActive claim; further
// overrides merge; restore puts every original back, even after an override took the developer flag away.
// Refused to non-developers and to delegated sessions, writing nothing.
import { getAuth } from 'firebase/auth';
import type { FirebaseApp } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { LENDER_NAME } from '../../functions/src/platform/config';
import { isCompanyAffiliated } from '../../src/domain/companyAffiliation';
import { ERROR_KEYS } from '../../src/domain/errors';
import { adminAuthClient, adminDb, backendFingerprint, call, createCustomer, delegateSession, failureOf, signIn, withSeededBackend } from '../support/emulator';

const DEVELOPER_CLAIMS = { role: 'customer', isDeveloper: true, customerOnboardingComplete: true } as const;

async function claimsOf(uid: string) {
  return (await adminAuthClient().getUser(uid)).customClaims ?? {};
}

async function brokerOf(contactId: string) {
  return (await adminDb().doc(`crm/sandbox/contacts/${contactId}`).get()).get('Broker_Company_Name__c') as string | null | undefined;
}

async function productLineOf(uid: string) {
  return (await adminDb().doc(`users/${uid}`).get()).get('customer.productLine') as string | undefined;
}

/** The client refreshes its token after setUser, as the app does, so the next call carries the new claims. */
async function refreshToken(app: FirebaseApp) {
  await getAuth(app).currentUser!.getIdToken(true);
}

describe('setUser', () => {
  withSeededBackend();

  it('overrides role, developer flag, claims, product line and company flag, then restores every original', async () => {
    const customer = await createCustomer({ claims: DEVELOPER_CLAIMS, contact: { Broker_Company_Name__c: 'Valley Mortgage Group' } });
    const originalClaims = await claimsOf(customer.uid);
    const app = await signIn(customer);

    const first = await call(app, 'setUser', {
      command: 'override',
      overrides: { productLine: 'Freemium', companyAffiliated: true, claims: { allowPortalDownload: true } },
    });
    expect(first).toEqual({ active: { productLine: 'Freemium', companyAffiliated: true, claims: { allowPortalDownload: true } } });
    expect(await claimsOf(customer.uid)).toEqual({ ...originalClaims, allowPortalDownload: true, overridesActive: true });
    expect(await productLineOf(customer.uid)).toBe('Freemium');
    expect(isCompanyAffiliated(await brokerOf(customer.contactId), LENDER_NAME)).toBe(true);
    const record = (await adminDb().doc(`devOverrides/${customer.uid}`).get()).data();
    expect(record?.original).toEqual({ claims: originalClaims, productLine: 'Primary', contactId: customer.contactId, brokerCompanyName: 'Valley Mortgage Group' });

    // A second override merges with the first; the originals stay the account's own.
    await refreshToken(app);
    const second = await call(app, 'setUser', {
      command: 'override',
      overrides: { role: 'coach', isDeveloper: false, claims: { customerOnboardingComplete: false } },
    });
    expect(second.active).toEqual({
      productLine: 'Freemium',
      companyAffiliated: true,
      role: 'coach',
      isDeveloper: false,
      claims: { allowPortalDownload: true, customerOnboardingComplete: false },
    });
    expect(await claimsOf(customer.uid)).toEqual({
      ...originalClaims,
      role: 'coach',
      isDeveloper: false,
      allowPortalDownload: true,
      customerOnboardingComplete: false,
      overridesActive: true,
    });
    expect((await adminDb().doc(`devOverrides/${customer.uid}`).get()).get('original')).toEqual(record?.original);

    // No longer a developer, the account still restores (overridesActive).
    await refreshToken(app);
    expect(await call(app, 'setUser', { command: 'restore' })).toEqual({ active: {} });
    expect(await claimsOf(customer.uid)).toEqual(originalClaims);
    expect(await productLineOf(customer.uid)).toBe('Primary');
    expect(await brokerOf(customer.contactId)).toBe('Valley Mortgage Group');
    expect((await adminDb().doc(`devOverrides/${customer.uid}`).get()).exists).toBe(false);

    // Restored, without the developer flag's override the account is a developer again and may override anew.
    await refreshToken(app);
    expect((await call(app, 'setUser', { command: 'override', overrides: { companyAffiliated: false } })).active).toEqual({ companyAffiliated: false });
    expect(await brokerOf(customer.contactId)).toBe('Valley Mortgage Group');
    await call(app, 'setUser', { command: 'restore' });
  });

  it('takes the company flag away by clearing a broker company that names the lender, and puts it back on restore', async () => {
    const broker = `${LENDER_NAME.toUpperCase()} - Reno branch`;
    const customer = await createCustomer({ claims: DEVELOPER_CLAIMS, contact: { Broker_Company_Name__c: broker } });
    const app = await signIn(customer);
    await call(app, 'setUser', { command: 'override', overrides: { companyAffiliated: false } });
    expect(await brokerOf(customer.contactId)).toBeNull();
    await refreshToken(app);
    await call(app, 'setUser', { command: 'restore' });
    expect(await brokerOf(customer.contactId)).toBe(broker);
  });

  it('keeps the overrides when the claims are resynced (resyncCustomClaims), and restore still gives the originals back', async () => {
    const customer = await createCustomer({ claims: DEVELOPER_CLAIMS });
    const originalClaims = await claimsOf(customer.uid);
    const app = await signIn(customer);
    await call(app, 'setUser', { command: 'override', overrides: { role: 'sales', claims: { allowPortalDownload: true } } });
    await refreshToken(app);
    // The role lives on the user document too (customer): a resync from it alone would undo the role override.
    expect(await call(app, 'resyncCustomClaims')).toEqual({ ok: true });
    expect(await claimsOf(customer.uid)).toEqual({
      ...originalClaims,
      role: 'sales',
      allowPortalDownload: true,
      overridesActive: true,
      customerContactId: customer.contactId,
    });
    await refreshToken(app);
    await call(app, 'setUser', { command: 'restore' });
    expect(await claimsOf(customer.uid)).toEqual({ ...originalClaims, customerContactId: customer.contactId });
  });

  it('refuses a customer who is not a developer, and writes nothing', async () => {
    const customer = await createCustomer();
    const app = await signIn(customer);
    const before = await backendFingerprint();
    for (const payload of [{ command: 'override', overrides: { isDeveloper: true } }, { command: 'restore' }] as const) {
      const failure = await failureOf(call(app, 'setUser', payload));
      expect(failure.code).toBe('functions/permission-denied');
      expect(failure.details?.key).toBe(ERROR_KEYS.coachNotPermitted);
    }
    expect(await backendFingerprint()).toBe(before);
  });

  it('refuses a delegated session, even an agent developer’s, and writes nothing', async () => {
    const customer = await createCustomer();
    await delegateSession(customer, { isAgent: true, agentUid: 'coach-developer', allowClientActions: true, agentIsDeveloper: true });
    const app = await signIn(customer);
    const before = await backendFingerprint();
    const failure = await failureOf(call(app, 'setUser', { command: 'override', overrides: { role: 'admin' } }));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.details?.key).toBe(ERROR_KEYS.coachNotPermitted);
    // An agent session's call is recorded on its session (agentSessions/): nothing else is written.
    const after = JSON.parse(await backendFingerprint()) as { documents: [string, unknown][]; users: unknown };
    const beforeParsed = JSON.parse(before) as { documents: [string, unknown][]; users: unknown };
    const withoutCalls = (entries: [string, unknown][]) => entries.filter(([path]) => !path.startsWith('agentSessions/'));
    expect(withoutCalls(after.documents)).toEqual(withoutCalls(beforeParsed.documents));
    expect(after.users).toEqual(beforeParsed.users);
  });
});
