// Billing and payments on the emulators ("Bad input"; spec 001 §4, §7-§9): the payment data,
// the card on file from the card gateway sandbox's opaque value, the idempotent charge (a double call, a retry, a
// replay or 8 concurrent calls with one key charge once and answer the first result), the refusals that write
// nothing, the payment task, the cancellation request and the secure pages.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { ERROR_KEYS } from '../../src/domain/errors';
import type { FirebaseApp } from 'firebase/app';
import { getFunctions, httpsCallable } from 'firebase/functions';
import { adminDb, call, callRaw, closeClientApps, createCustomer, failureOf, mergeFeatureFlags, signIn, startCallableWorkers, withSeededBackend, type TestCustomer } from '../support/emulator';
import { cardToken, FUNCTIONS_BASE, profileRequest, SANDBOX_AUTH, VISA } from './cardGateway.support';

afterAll(closeClientApps);

const MONTHLY = 9_900;
const INITIAL = 19_900;
const TIMEOUT_MS = 120_000;

const billingOf = async (uid: string) => (await adminDb().doc(`payments/${uid}`).get()).data();
const ledgerOf = async (uid: string) => (await adminDb().collection(`payments/${uid}/charges`).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }));
const idempotencyOf = async (uid: string) => (await adminDb().collection(`payments/${uid}/idempotency`).get()).size;
const statusOf = async (uid: string) => (await adminDb().doc(`users/${uid}`).get()).get('customer.subscriptionStatus') as unknown;
const contactStatusOf = async (contactId: string) => (await adminDb().doc(`crm/sandbox/contacts/${contactId}`).get()).get('Status__c') as unknown;

/** A customer whose monthly fee is past due (Suspended), initial fee paid, no card on file yet. */
async function suspendedCustomer(contact: Record<string, unknown> = {}): Promise<TestCustomer & { app: FirebaseApp }> {
  const customer = await createCustomer({
    contact: { MailingStreet: '1 Main St', MailingPostalCode: '89509', MailingStateCode: 'NV', Status__c: 'Suspended', ...contact },
  });
  await adminDb().doc(`users/${customer.uid}`).set({ customer: { subscriptionStatus: 'Suspended' } }, { merge: true });
  await adminDb().doc(`payments/${customer.uid}`).set({ initialFeePaid: true, nextPaymentDate: '2026-11-01' });
  return { ...customer, app: await signIn(customer) };
}

async function saveCard(customer: TestCustomer & { app: FirebaseApp }, card: Partial<typeof VISA> = {}) {
  return call(customer.app, 'updateCustomerPaymentProfile', profileRequest(customer, await cardToken(card)));
}

/** The refusal's message without the status the SDK appends ('nothing-due [400]'). */
const messageOf = (failure: { message: string }) => failure.message.replace(/ \[\d+\]$/, '');

const chargeRequest = (amount = MONTHLY, itemId: 'RECURRING_FEE' | 'INITIAL_CONSULTATION' = 'RECURRING_FEE', idempotencyKey = randomUUID()) => ({
  siteId: 'APP',
  idempotencyKey,
  itemId,
  amount,
});

/** The gateway's duplicate window is per card and amount across customers: each test starts with none open. */
async function clearGatewayWindow() {
  const attempts = await adminDb().collection('cardGateway/sandbox/attempts').get();
  await Promise.all(attempts.docs.map((doc) => doc.ref.delete()));
}

describe('billing', { timeout: TIMEOUT_MS }, () => {
  withSeededBackend();

  beforeAll(async () => {
    await startCallableWorkers(['getContactPaymentData', 'updateCustomerPaymentProfile', 'chargePayment', 'selfOnboardCard', 'requestCancellation', 'getSecureSFURL']);
    await fetch(`${FUNCTIONS_BASE}/cardGatewaySandbox/v1/Accept.js`).catch(() => undefined);
  }, 180_000);

  beforeEach(clearGatewayWindow);

  describe('payment data', () => {
    it('answers a suspended customer the monthly fee past due, the catalogue in cents and no card on file', async () => {
      const customer = await suspendedCustomer();
      const data = await call(customer.app, 'getContactPaymentData');
      expect(data).toMatchObject({
        subscriptionStatus: 'Suspended',
        recurringFee: { recurringAmount: MONTHLY, nextPaymentDate: '2026-11-01' },
        profileCardData: null,
        initialFeePaid: true,
        amountDue: MONTHLY,
        amountDueItem: 'RECURRING_FEE',
        cancellation: 'none',
        charges: [],
        chargingEnabled: true,
      });
      expect(data.catalogue.INITIAL_CONSULTATION.unitPrice).toBe(INITIAL);
      expect(data.catalogue.RECURRING_FEE.unitPrice).toBe(MONTHLY);
    });

    it('answers a customer before their subscription the initial consultation fee and no recurring fee', async () => {
      const customer = await createCustomer();
      await adminDb().doc(`users/${customer.uid}`).set({ customer: { subscriptionStatus: 'Pending Onboarding' } }, { merge: true });
      const data = await call(await signIn(customer), 'getContactPaymentData');
      expect(data).toMatchObject({ amountDue: INITIAL, amountDueItem: 'INITIAL_CONSULTATION', initialFeePaid: false, recurringFee: null });
    });
  });

  describe('the card on file', () => {
    it('saves the card from an opaque value and shows only its brand and last four digits', async () => {
      const customer = await suspendedCustomer();
      expect(await saveCard(customer)).toEqual({ ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } });
      expect((await call(customer.app, 'getContactPaymentData')).profileCardData).toEqual({ cardType: 'Visa', cardNumber: 'XXXX1111' });
      expect(JSON.stringify(await billingOf(customer.uid))).not.toContain('4111111111111111');
    });

    it('refuses the same opaque value twice (single use) with the profile update error, and keeps the first card', async () => {
      const customer = await suspendedCustomer();
      const opaque = await cardToken({ cardNumber: '5424000000000015' });
      await call(customer.app, 'updateCustomerPaymentProfile', profileRequest(customer, opaque));
      const before = await billingOf(customer.uid);
      const failure = await failureOf(call(customer.app, 'updateCustomerPaymentProfile', profileRequest(customer, opaque)));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(messageOf(failure)).toBe('opaque-value-invalid');
      expect(failure.details?.key).toBe(ERROR_KEYS.paymentProfileUpdateError);
      expect(await billingOf(customer.uid)).toEqual(before);
    });

    it('refuses an unsupported site id, another contact id and a contact the CRM does not have, writing nothing', async () => {
      const customer = await suspendedCustomer();
      const opaque = await cardToken();
      const site = await failureOf(call(customer.app, 'updateCustomerPaymentProfile', { ...profileRequest(customer, opaque), siteId: 'PARTNER' }));
      expect([site.code, messageOf(site)]).toEqual(['functions/failed-precondition', 'unsupported-site']);
      const other = await failureOf(call(customer.app, 'updateCustomerPaymentProfile', { ...profileRequest(customer, opaque), sfContactId: '003SOMEONEELSE01' }));
      expect([other.code, messageOf(other)]).toEqual(['functions/permission-denied', 'contact-mismatch']);
      await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).delete();
      const missing = await failureOf(call(customer.app, 'updateCustomerPaymentProfile', profileRequest(customer, opaque)));
      expect([missing.code, messageOf(missing), missing.details?.key]).toEqual(['functions/not-found', 'Contact not found', ERROR_KEYS.paymentContactNotFound]);
      expect((await billingOf(customer.uid))?.profile).toBeUndefined();
      // The refused calls did not use the opaque value up.
      await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).set({ Email: customer.email, FirstName: 'Test', LastName: 'Customer' });
      expect((await call(customer.app, 'updateCustomerPaymentProfile', profileRequest(customer, opaque))).ok).toBe(true);
    });

    it('refuses a customer whose stored site id takes no payments, whatever site id the client sends, writing nothing', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const before = await billingOf(customer.uid);
      for (const stored of ['PARTNER', 'ADMIN', 'EVILCP']) {
        await adminDb().doc(`users/${customer.uid}`).set({ siteId: stored }, { merge: true });
        const refusals = [
          await failureOf(call(customer.app, 'updateCustomerPaymentProfile', profileRequest(customer, await cardToken()))),
          await failureOf(call(customer.app, 'chargePayment', chargeRequest())),
          await failureOf(call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId: null })),
        ];
        expect(refusals.map((failure) => [failure.code, messageOf(failure)]), stored).toEqual(Array(3).fill(['functions/failed-precondition', 'unsupported-site']));
      }
      expect(await billingOf(customer.uid)).toEqual(before);
      expect(await ledgerOf(customer.uid)).toEqual([]);
      expect(await idempotencyOf(customer.uid)).toBe(0);
      // A customer portal's stored id takes payments.
      await adminDb().doc(`users/${customer.uid}`).set({ siteId: 'HLACP' }, { merge: true });
      expect((await call(customer.app, 'chargePayment', chargeRequest())).status).toBe('approved');
    });
  });

  describe('the charge', () => {
    it('charges the suspended customer what is due, once: the subscription becomes Current in the app and the CRM, the next billing date moves a month', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const request = chargeRequest();
      const answer = await call(customer.app, 'chargePayment', request);
      expect(answer).toMatchObject({ status: 'approved', message: { code: '1', reasonCode: '1' }, replayed: false });
      expect(answer.transactionId).toMatch(/^\d+$/);
      expect(await statusOf(customer.uid)).toBe('Current');
      expect(await contactStatusOf(customer.contactId)).toBe('Current');
      const data = await call(customer.app, 'getContactPaymentData');
      expect(data).toMatchObject({ amountDue: 0, amountDueItem: null, recurringFee: { nextPaymentDate: '2026-12-01' } });
      expect(data.charges).toEqual([expect.objectContaining({ id: request.idempotencyKey, amount: MONTHLY, status: 'approved', transactionId: answer.transactionId, last4: '1111' })]);
    });

    it('answers a double call, a retry and a replay with one key with the first result, and charges once', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const request = chargeRequest();
      const [first, second] = await Promise.all([call(customer.app, 'chargePayment', request), call(customer.app, 'chargePayment', request)]);
      const retry = await call(customer.app, 'chargePayment', request);
      const replayedElsewhere = await call(await signIn(customer), 'chargePayment', request);
      const answers = [first, second, retry, replayedElsewhere];
      expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
      expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
      expect(answers.every((answer) => answer.status === 'approved')).toBe(true);
      expect(await ledgerOf(customer.uid)).toHaveLength(1);
      expect((await adminDb().doc(`cardGateway/sandbox/transactions/${first.transactionId}`).get()).exists).toBe(true);
    });

    it('records one ledger entry and one gateway transaction for 8 concurrent calls with one key', async () => {
      const CONCURRENT = 8;
      const customer = await suspendedCustomer();
      await saveCard(customer, { cardNumber: '6011000000000012' });
      const request = chargeRequest();
      const before = (await adminDb().collection('cardGateway/sandbox/transactions').get()).size;
      // The Functions emulator runs one request per worker process: CONCURRENT workers are started first (a malformed
      // call is refused at once), so the calls below arrive together rather than behind cold starts. Eight calls race
      // as twenty did (each worker start costs ~2 s and ~140 MB on a 2-core machine).
      await Promise.all(Array.from({ length: CONCURRENT }, () => callRaw(customer.app, 'chargePayment', { warmUp: true }).catch(() => undefined)));
      const charge = httpsCallable<typeof request, Awaited<ReturnType<typeof call<'chargePayment'>>>>(getFunctions(customer.app, 'us-west4'), 'chargePayment', {
        timeout: 180_000,
      });
      const answers = (await Promise.all(Array.from({ length: CONCURRENT }, () => charge(request)))).map((result) => result.data);
      expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
      expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
      expect(await ledgerOf(customer.uid)).toHaveLength(1);
      expect((await adminDb().collection('cardGateway/sandbox/transactions').get()).size - before).toBe(1);
    }, 300_000);

    it('refuses the key reused with another body, and a second key once paid, charging nothing more', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const request = chargeRequest();
      await call(customer.app, 'chargePayment', request);
      const reused = await failureOf(call(customer.app, 'chargePayment', { ...request, amount: MONTHLY + 1 }));
      expect([reused.code, messageOf(reused)]).toEqual(['functions/failed-precondition', 'idempotency-key-reused']);
      const again = await failureOf(call(customer.app, 'chargePayment', chargeRequest()));
      expect([again.code, messageOf(again)]).toEqual(['functions/failed-precondition', 'nothing-due']);
      expect(await ledgerOf(customer.uid)).toHaveLength(1);
    });

    it('refuses an amount or item other than what is due, no card on file, an unsupported site id and charging off — writing nothing', async () => {
      const customer = await suspendedCustomer();
      const noCard = await failureOf(call(customer.app, 'chargePayment', chargeRequest()));
      expect([noCard.code, messageOf(noCard)]).toEqual(['functions/failed-precondition', 'no-payment-profile']);
      await saveCard(customer);
      const before = await billingOf(customer.uid);
      for (const [request, message] of [
        [chargeRequest(MONTHLY - 100), 'amount-mismatch'],
        [chargeRequest(MONTHLY, 'INITIAL_CONSULTATION'), 'amount-mismatch'],
        [{ ...chargeRequest(), siteId: 'PARTNER' }, 'unsupported-site'],
      ] as const) {
        const failure = await failureOf(call(customer.app, 'chargePayment', request));
        expect([failure.code, messageOf(failure)]).toEqual(['functions/failed-precondition', message]);
      }
      const restore = await mergeFeatureFlags({ charging: false });
      try {
        const off = await failureOf(call(customer.app, 'chargePayment', chargeRequest()));
        expect([off.code, messageOf(off)]).toEqual(['functions/failed-precondition', 'charging-disabled']);
      } finally {
        await restore();
      }
      expect(await ledgerOf(customer.uid)).toEqual([]);
      expect(await idempotencyOf(customer.uid)).toBe(0);
      expect(await billingOf(customer.uid)).toEqual(before);
      expect(await statusOf(customer.uid)).toBe('Suspended');
    });

    it('answers a declined card with its reason, keeps the customer Suspended, and the same card and amount again is a duplicate (reason 11)', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer, { zip: '46282' });
      const declined = await call(customer.app, 'chargePayment', chargeRequest());
      expect(declined).toMatchObject({ status: 'declined', message: { code: '2', reasonCode: '2', text: 'This transaction has been declined.' } });
      expect(await statusOf(customer.uid)).toBe('Suspended');
      expect((await ledgerOf(customer.uid))[0]).toMatchObject({ status: 'declined', amount: MONTHLY });
      const duplicate = await call(customer.app, 'chargePayment', chargeRequest());
      expect(duplicate).toMatchObject({ status: 'error', transactionId: null, message: { code: '3', reasonCode: '11', text: 'A duplicate transaction has been submitted.' } });
      // A new card goes through.
      await saveCard(customer, { cardNumber: '370000000000002', cardCode: '1234' });
      expect((await call(customer.app, 'chargePayment', chargeRequest())).status).toBe('approved');
    });

    it('answers the seeded suspended customer’s expired card with reason 8, then takes the payment with a new card', async () => {
      const account = demoAccount('paymentSuspended');
      const app = await signIn(account);
      const expired = await call(app, 'chargePayment', chargeRequest());
      expect(expired).toMatchObject({ status: 'error', message: { code: '3', reasonCode: '8', text: 'The credit card has expired.' } });
      const data = await call(app, 'getContactPaymentData');
      await call(app, 'updateCustomerPaymentProfile', {
        ...profileRequest({ uid: account.uid, email: account.email, password: account.password, contactId: '003DEMOPAYSUSP001' }, await cardToken({ cardNumber: '4007000000027' })),
      });
      expect((await call(app, 'chargePayment', chargeRequest(data.amountDue))).status).toBe('approved');
      expect(await statusOf(account.uid)).toBe('Current');
    });

    it('refuses a coach session on the customer', async () => {
      const coach = await signIn(demoAccount('coach'));
      for (const name of ['chargePayment', 'updateCustomerPaymentProfile', 'selfOnboardCard', 'requestCancellation', 'getSecureSFURL'] as const) {
        const failure = await failureOf(callRaw(coach, name, {}));
        expect(failure.code, name).toBe('functions/permission-denied');
      }
    });
  });

  describe('the payment task', () => {
    it('creates one CRM task per key for an approved charge, and answers the same task again', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const request = chargeRequest();
      const { transactionId } = await call(customer.app, 'chargePayment', request);
      const task = { siteId: 'APP', idempotencyKey: request.idempotencyKey, transactionId };
      const [first, second] = await Promise.all([call(customer.app, 'selfOnboardCard', task), call(customer.app, 'selfOnboardCard', task)]);
      expect(first.taskId).toMatch(/^00T/);
      expect(second).toEqual(first);
      const tasks = await adminDb().collection('crm/sandbox/tasks').where('WhoId', '==', customer.contactId).get();
      expect(tasks.size).toBe(1);
      expect(tasks.docs[0]?.data()).toMatchObject({ Transaction_Id__c: transactionId, Amount__c: 99, Card_Last4__c: '1111' });
      expect(JSON.stringify(tasks.docs[0]?.data())).not.toContain('4111111111111111');
    });

    it('one approved transaction is one task: another idempotency key for it answers the same task', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const { transactionId } = await call(customer.app, 'chargePayment', chargeRequest());
      const first = await call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId });
      const second = await call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId });
      expect(second).toEqual(first);
      const tasks = await adminDb().collection('crm/sandbox/tasks').where('WhoId', '==', customer.contactId).get();
      expect(tasks.docs.map((doc) => doc.get('Transaction_Id__c'))).toEqual([transactionId]);
    });

    it('with charging off, one amount due is one "charge the card on file" task, whatever idempotency key asks again', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const restore = await mergeFeatureFlags({ charging: false });
      try {
        const first = await call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId: null });
        const second = await call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId: null });
        expect(second).toEqual(first);
      } finally {
        await restore();
      }
      const tasks = await adminDb().collection('crm/sandbox/tasks').where('WhoId', '==', customer.contactId).get();
      expect(tasks.docs.map((doc) => [doc.get('Subject'), doc.get('Amount__c')])).toEqual([['Charge the card on file (self onboarding)', MONTHLY / 100]]);
    });

    it('refuses a transaction that is not an approved charge of the caller, and no transaction while charging is on', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const request = chargeRequest();
      const { transactionId } = await call(customer.app, 'chargePayment', request);
      const unknown = await failureOf(call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId: '123' }));
      expect([unknown.code, messageOf(unknown)]).toEqual(['functions/failed-precondition', 'unknown-transaction']);
      const none = await failureOf(call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId: null }));
      expect([none.code, messageOf(none)]).toEqual(['functions/failed-precondition', 'transaction-required']);
      await call(customer.app, 'selfOnboardCard', { siteId: 'APP', idempotencyKey: request.idempotencyKey, transactionId });
      const other = await createCustomer();
      const stranger = await failureOf(call(await signIn(other), 'selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId }));
      expect(messageOf(stranger)).toBe('unknown-transaction');
      const tasks = await adminDb().collection('crm/sandbox/tasks').where('WhoId', 'in', [customer.contactId, other.contactId]).get();
      expect(tasks.size).toBe(1);
    });
  });

  describe('cancellation', () => {
    it('files a California customer’s request once: again it is in-progress, and once the contract is closed already-complete', async () => {
      const customer = await suspendedCustomer({ MailingStateCode: 'CA', Status__c: 'Active' });
      expect(await call(customer.app, 'requestCancellation')).toEqual({ result: 'success' });
      const requests = await adminDb().collection('crm/sandbox/cancellationRequests').where('Contact__c', '==', customer.contactId).get();
      expect(requests.size).toBe(1);
      expect((await call(customer.app, 'getContactPaymentData')).cancellation).toBe('in-progress');
      const again = await failureOf(call(customer.app, 'requestCancellation'));
      expect([again.code, messageOf(again)]).toEqual(['functions/failed-precondition', 'in-progress']);
      await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}`).update({ Close_Contract_Date__c: '2026-11-30' });
      const done = await failureOf(call(customer.app, 'requestCancellation'));
      expect([done.code, messageOf(done)]).toEqual(['functions/failed-precondition', 'already-complete']);
      expect((await adminDb().collection('crm/sandbox/cancellationRequests').where('Contact__c', '==', customer.contactId).get()).size).toBe(1);
    });

    it('refuses a customer outside California and writes nothing', async () => {
      const customer = await suspendedCustomer({ MailingStateCode: 'NV' });
      const failure = await failureOf(call(customer.app, 'requestCancellation'));
      expect([failure.code, messageOf(failure)]).toEqual(['functions/failed-precondition', 'not-eligible']);
      expect((await billingOf(customer.uid))?.cancellation).toBeUndefined();
      expect((await adminDb().collection('crm/sandbox/cancellationRequests').where('Contact__c', '==', customer.contactId).get()).size).toBe(0);
    });
  });

  describe('the card gateway sandbox over HTTP', () => {
    it('serves Accept.js, answers the app’s CORS preflight and lists every failing field', async () => {
      const script = await fetch(`${FUNCTIONS_BASE}/cardGatewaySandbox/v1/Accept.js`);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(await script.text()).toContain('dispatchData');
      const preflight = (origin: string) =>
        fetch(`${FUNCTIONS_BASE}/cardGatewaySandbox/v1/tokens`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
        });
      expect((await preflight('http://127.0.0.1:4173')).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
      // (Another site's origin is refused by the function, tests/functions/cardGateway.test.ts; the Functions emulator
      // answers preflights for every origin itself.)
      const refused = await fetch(`${FUNCTIONS_BASE}/cardGatewaySandbox/v1/tokens`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ authData: SANDBOX_AUTH, cardData: { ...VISA, cardNumber: '4111111111111112', month: '13', zip: 'x' } }),
      });
      expect(await refused.json()).toEqual({
        messages: {
          resultCode: 'Error',
          message: [
            { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
            { code: 'E_WC_06', text: 'Please provide valid expiration month.' },
            { code: 'E_WC_16', text: 'Please provide valid Zip code.' },
          ],
        },
      });
    });
  });

  describe('the secure pages', () => {
    async function securePage(app: FirebaseApp, request: 'getSecureBillingInformationURL' | 'getSecureProcessPaymentURL', returnPath = '/settings/billing') {
      const { url } = await call(app, 'getSecureSFURL', { request, returnPath });
      return { url, token: new URL(url).searchParams.get('token') ?? '' };
    }
    const post = (url: string, fields: Record<string, string>) =>
      fetch(url.split('?')[0] ?? url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

    it('shows the card form with the gateway script under a strict CSP, and returns to the app on cancel; the link is single use', async () => {
      const customer = await suspendedCustomer();
      const { url, token } = await securePage(customer.app, 'getSecureBillingInformationURL');
      expect(url.startsWith(`${FUNCTIONS_BASE}/secureBillingSandbox?token=`)).toBe(true);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Update your payment method');
      expect(html).toContain('/cardGatewaySandbox/v1/Accept.js');
      expect(html).not.toMatch(/name="cardNumber"|name="cardCode"/);
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      const cancelled = await post(url, { token, action: 'cancel' });
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/settings\/billing\?secure=cancelled$/);
      expect((await fetch(url)).status).toBe(403);
    });

    it('updates the card on file from the opaque value the page posts, and takes the amount due on the payment page', async () => {
      const customer = await suspendedCustomer();
      const billing = await securePage(customer.app, 'getSecureBillingInformationURL');
      const opaque = await cardToken({ cardNumber: '5424000000000015' });
      const saved = await post(billing.url, { token: billing.token, action: 'save', ...opaque });
      expect(saved.headers.get('location')).toMatch(/\/settings\/billing\?secure=updated$/);
      expect((await call(customer.app, 'getContactPaymentData')).profileCardData).toEqual({ cardType: 'Mastercard', cardNumber: 'XXXX0015' });

      const payment = await securePage(customer.app, 'getSecureProcessPaymentURL', '/update-payment');
      expect(await (await fetch(payment.url)).text()).toContain('$99.00');
      const idempotencyKey = randomUUID();
      const paid = await post(payment.url, { token: payment.token, action: 'pay', idempotencyKey });
      expect(paid.headers.get('location')).toMatch(/\/update-payment\?secure=paid$/);
      expect(await statusOf(customer.uid)).toBe('Current');
      // The form posted again (a double submit) charges nothing more.
      expect((await post(payment.url, { token: payment.token, action: 'pay', idempotencyKey })).status).toBe(403);
      expect(await ledgerOf(customer.uid)).toHaveLength(1);
    });

    it('refuses a link with a forged signature and a return path to another site', async () => {
      const customer = await suspendedCustomer();
      const { url, token } = await securePage(customer.app, 'getSecureBillingInformationURL');
      const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
      expect((await fetch(`${url.split('?')[0] ?? url}?token=${forged}`)).status).toBe(403);
      const away = await failureOf(call(customer.app, 'getSecureSFURL', { request: 'getSecureProcessPaymentURL', returnPath: '//evil.example/x' }));
      expect(away.code).toBe('functions/invalid-argument');
    });
  });

  describe('card data', () => {
    const CARD_NUMBER = '4111111111111111';
    it('is refused by every payment callable, and the refusal never carries the number or the code', async () => {
      const customer = await suspendedCustomer();
      await saveCard(customer);
      const requests: [string, Record<string, unknown>][] = [
        ['getContactPaymentData', { cardNumber: CARD_NUMBER }],
        ['updateCustomerPaymentProfile', { ...profileRequest(customer, { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'x' }), cardNumber: CARD_NUMBER, cardCode: '987' }],
        ['updateCustomerPaymentProfile', { ...profileRequest(customer, { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'x', cardNumber: CARD_NUMBER } as never) }],
        ['chargePayment', { ...chargeRequest(), cardNumber: CARD_NUMBER, cvv: '987' }],
        ['selfOnboardCard', { siteId: 'APP', idempotencyKey: randomUUID(), transactionId: null, cardNumber: CARD_NUMBER, month: '12', year: '2030', cvv: '987', fullName: 'Test' }],
        ['requestCancellation', { cardNumber: CARD_NUMBER }],
        ['getSecureSFURL', { request: 'getSecureBillingInformationURL', returnPath: '/settings/billing', pan: CARD_NUMBER }],
      ];
      for (const [name, data] of requests) {
        const failure = await failureOf(callRaw(customer.app, name as never, data));
        expect(failure.code, name).toBe('functions/invalid-argument');
        expect(JSON.stringify(failure), name).not.toContain(CARD_NUMBER);
        expect(JSON.stringify(failure), name).not.toContain('987');
      }
      expect(await ledgerOf(customer.uid)).toEqual([]);
      expect(await statusOf(customer.uid)).toBe('Suspended');
    });
  });
});
