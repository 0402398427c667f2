// The payment task with charging off, on the emulators (spec 001 §9: in production the charge step is
// skipped and staff charge the card on file from the task): the task records a pending payment on the customer's
// billing record, getContactPaymentData reports it (so /update-payment says the payment is being processed instead
// of asking for the same amount again), and once nothing is due it is no longer reported.
import { randomUUID } from 'node:crypto';
import type { FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, call, closeClientApps, createCustomer, mergeFeatureFlags, signIn, startCallableWorkers, withSeededBackend, type TestCustomer } from '../support/emulator';
import { cardToken, profileRequest } from './cardGateway.support';

afterAll(closeClientApps);

const MONTHLY = 9_900;
const TIMEOUT_MS = 120_000;

async function suspendedCustomer(): Promise<TestCustomer & { app: FirebaseApp }> {
  const customer = await createCustomer({
    contact: { MailingStreet: '1 Main St', MailingPostalCode: '89509', MailingStateCode: 'NV', Status__c: 'Suspended' },
  });
  await adminDb().doc(`users/${customer.uid}`).set({ customer: { subscriptionStatus: 'Suspended' } }, { merge: true });
  await adminDb().doc(`payments/${customer.uid}`).set({ initialFeePaid: true, nextPaymentDate: '2026-11-01' });
  return { ...customer, app: await signIn(customer) };
}

describe('the payment task with charging off', { timeout: TIMEOUT_MS }, () => {
  withSeededBackend();

  beforeAll(async () => {
    await startCallableWorkers(['getContactPaymentData', 'updateCustomerPaymentProfile', 'selfOnboardCard']);
  }, 180_000);

  it('records the pending payment, getContactPaymentData reports it, and it is gone once nothing is due', async () => {
    const restore = await mergeFeatureFlags({ charging: false });
    try {
      const customer = await suspendedCustomer();
      expect((await call(customer.app, 'getContactPaymentData')).pendingPaymentTask).toBeNull();
      await call(customer.app, 'updateCustomerPaymentProfile', profileRequest(customer, await cardToken()));
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
