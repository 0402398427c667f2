// The payment task with charging off, on the emulators (spec 001 §9: in production the charge step is
// skipped and staff charge the card on file from the task): the task records a pending payment on the customer's
// billing record, getContactPaymentData reports it (so /update-payment says the payment is being processed instead
// of asking for the same amount again), and once nothing is due it is no longer reported.
import { randomUUID } from 'node:crypto';
import type { FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, call, callRaw, clientApp, closeClientApps, createCustomer, FUNCTIONS_EMULATOR, PROJECT_ID, signIn, withSeededBackend, type TestCustomer } from '../support/emulator';

afterAll(closeClientApps);

const FUNCTIONS_BASE = `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/us-west4`;
const AUTH = { apiLoginID: 'sandbox-login', clientKey: 'sandbox-client-key' };
const VISA = { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', fullName: 'Test Customer', zip: '89509' };
const MONTHLY = 9_900;
const TIMEOUT_MS = 120_000;

async function tokenFor(): Promise<{ dataDescriptor: string; dataValue: string }> {
  const response = await fetch(`${FUNCTIONS_BASE}/cardGatewaySandbox/v1/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:4173' },
    body: JSON.stringify({ authData: AUTH, cardData: VISA }),
  });
  const body = (await response.json()) as { opaqueData?: { dataDescriptor: string; dataValue: string }; messages: unknown };
  if (!body.opaqueData) throw new Error(`no opaque value: ${JSON.stringify(body.messages)}`);
  return body.opaqueData;
}

async function suspendedCustomer(): Promise<TestCustomer & { app: FirebaseApp }> {
  const customer = await createCustomer({
    contact: { MailingStreet: '1 Main St', MailingPostalCode: '89509', MailingStateCode: 'NV', Status__c: 'Suspended' },
  });
  await adminDb().doc(`users/${customer.uid}`).set({ customer: { subscriptionStatus: 'Suspended' } }, { merge: true });
  await adminDb().doc(`payments/${customer.uid}`).set({ initialFeePaid: true, nextPaymentDate: '2026-11-01' });
  return { ...customer, app: await signIn(customer) };
}

async function setFlags(flags: Record<string, unknown>) {
  const ref = adminDb().doc('config/featureFlags');
  const before = (await ref.get()).data() ?? {};
  await ref.set({ ...before, ...flags });
  return () => ref.set(before);
}

describe('the payment task with charging off', { timeout: TIMEOUT_MS }, () => {
  withSeededBackend();

  beforeAll(async () => {
    const signedOut = clientApp();
    await Promise.all(
      (['getContactPaymentData', 'updateCustomerPaymentProfile', 'selfOnboardCard'] as const).map((name) => callRaw(signedOut, name, null).catch(() => undefined)),
    );
  }, 180_000);

  it('records the pending payment, getContactPaymentData reports it, and it is gone once nothing is due', async () => {
    const restore = await setFlags({ charging: false });
    try {
      const customer = await suspendedCustomer();
      expect((await call(customer.app, 'getContactPaymentData')).pendingPaymentTask).toBeNull();
      await call(customer.app, 'updateCustomerPaymentProfile', {
        siteId: 'APP',
        email: customer.email,
        opaqueValue: await tokenFor(),
        sfContactId: customer.contactId,
        firstName: 'Test',
        lastName: 'Customer',
        address: '1 Main St',
        zip: '89509',
        country: 'US',
      });
      const before = Date.now();
      const { taskId } = await call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId: null });

      const stored = (await adminDb().doc(`payments/${customer.uid}`).get()).get('pendingPaymentTask') as Record<string, unknown>;
      expect(stored).toMatchObject({ taskId, amount: MONTHLY, itemId: 'RECURRING_FEE' });
      expect(stored.createdAt).toBeGreaterThanOrEqual(before - 5_000);

      const data = await call(customer.app, 'getContactPaymentData');
      expect(data).toMatchObject({ chargingEnabled: false, amountDue: MONTHLY, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } });
      expect(data.pendingPaymentTask).toMatchObject({ amount: MONTHLY, itemId: 'RECURRING_FEE' });
      expect(new Date(String(data.pendingPaymentTask?.createdAt)).getTime()).toBe(stored.createdAt);

      // Staff charge it: the subscription is Current, nothing is due, and no payment is pending any more.
      await adminDb().doc(`users/${customer.uid}`).set({ customer: { subscriptionStatus: 'Current' } }, { merge: true });
      expect(await call(customer.app, 'getContactPaymentData')).toMatchObject({ amountDue: 0, pendingPaymentTask: null });
    } finally {
      await restore();
    }
  });
});
