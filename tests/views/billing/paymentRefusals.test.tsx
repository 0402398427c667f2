import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FailedPaymentAttempt } from '../../../machines/billing/ports';
import type { PaymentData } from '../../../src/contract/billing';
import { createBillingPort } from '../../../src/adapters/firebase/billing';
import { configureFirebase } from '../../../src/adapters/firebase/firebaseSettings';
import UpdatePaymentRoute from '../../../src/app/billing/UpdatePaymentRoute';
import type { BillingPorts } from '../../../src/app/ports';
import { fakeAppPorts } from '../../support/appHarness';
import { sdkBillingError, sdkCallableError } from '../../support/callableFailures';
import { OFFLINE_FIREBASE_CONFIG } from '../../support/offlineFirebase';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { SUSPENDED_CONTACT, SUSPENDED_CUSTOMER } from './suspendedCustomer';
import { SAMPLE_PAYMENT_DATA } from '../../../machines/billing/entries';

// The payment callables' refusals from the server's throw to the words on /update-payment (spec 001 §4 "Payment
// flow", §8): the SDK error the server's HttpsError becomes (tests/support/callableFailures.ts) goes through the
// real `call` and the real billing port into the real payment pipeline, and the customer reads the form. Only the
// Functions SDK's httpsCallable is faked (it answers per callable), and the card provider's browser script.

const sdk = vi.hoisted(() => ({
  handlers: {} as Record<string, (data: unknown) => unknown>,
  calls: [] as Array<{ name: string; data: unknown }>,
}));

vi.mock('firebase/functions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/functions')>()),
  getFunctions: () => ({}),
  connectFunctionsEmulator: () => undefined,
  httpsCallable: (_functions: unknown, name: string) => async (data: unknown) => {
    sdk.calls.push({ name, data });
    const handler = sdk.handlers[name];
    if (!handler) throw new Error(`no answer for ${name}`);
    return { data: await handler(data) };
  },
}));

/** getContactPaymentData's answer on the wire (ISO times; amounts in cents). */
function paymentData(amountDue: number, amountDueItem: PaymentData['amountDueItem']): PaymentData {
  return {
    subscriptionStatus: 'Suspended',
    recurringFee: { recurringAmount: 9_900, nextPaymentDate: '2026-12-01' },
    profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' },
    catalogue: SAMPLE_PAYMENT_DATA.catalogue,
    initialFeePaid: amountDueItem !== 'INITIAL_CONSULTATION',
    amountDue,
    amountDueItem,
    cancellation: 'none',
    charges: [],
    chargingEnabled: true,
    pendingPaymentTask: null,
  };
}

const SAVED = { ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } };
const approved = (replayed: boolean) => ({
  status: 'approved',
  transactionId: '60123456789',
  message: { code: '1', reasonCode: '1', text: 'This transaction has been approved.' },
  replayed,
});

/** Each call's answers in turn (the last one repeats); an Error-like SDK error is thrown. */
function answers(...sequence: unknown[]) {
  let index = 0;
  return () => {
    const answer = sequence[Math.min(index, sequence.length - 1)];
    index += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

const callsOf = (name: string) => sdk.calls.filter((entry) => entry.name === name).map((entry) => entry.data as Record<string, unknown>);

beforeAll(() => configureFirebase(OFFLINE_FIREBASE_CONFIG));

beforeEach(() => {
  sdk.calls.length = 0;
  sdk.handlers = {
    getContactPaymentData: () => paymentData(9_900, 'RECURRING_FEE'),
    updateCustomerPaymentProfile: () => SAVED,
    chargePayment: () => approved(false),
    selfOnboardCard: () => ({ taskId: '00T000000000001' }),
  };
});

afterEach(() => stopCreditApp());

async function openPaymentForm() {
  let stored: FailedPaymentAttempt | null = null;
  const billing: Partial<BillingPorts> = {
    // The real port over the real `call` (src/adapters/firebase/callablesPort.ts lazyCall).
    billing: createBillingPort(),
    cardProvider: {
      loadScript: async () => undefined,
      encrypt: async () => ({ opaqueValue: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque' } }),
    },
    failedAttempts: { read: () => stored, write: (record) => void (stored = record), clear: () => void (stored = null) },
    uuid: { uuid: () => crypto.randomUUID() },
  };
  const fakes = fakeAppPorts({ user: SUSPENDED_CUSTOMER, getCustomerContact: async () => SUSPENDED_CONTACT as never, billing, userDocument: () => ({ subscriptionStatus: 'Suspended' }) });
  await renderCreditPage(<UpdatePaymentRoute />, fakes, { path: '/update-payment' });
  fakes.setMaintenance(false);
  fakes.setUser(SUSPENDED_CUSTOMER);
  expect(await screen.findByText('Amount due: $99.00')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
  // The form is ready once the provider's script and the payment data are in.
  const pay = await screen.findByRole('button', { name: /^(Pay \$|Save card)/ });
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
}

async function fillCard() {
  const field = (name: string) => screen.getByRole('textbox', { name });
  const type = async (name: string, value: string) => {
    await userEvent.clear(field(name));
    await userEvent.type(field(name), value);
  };
  await type('Cardholder name', 'Sam Suspended');
  await type('Card number', '4111111111111111');
  await type('Expiration month', '12');
  await type('Expiration year', String(new Date().getFullYear() + 2));
  await type('Security code', '123');
  await type('Billing ZIP code', '85004');
}

async function payWhenReady(label: string) {
  const pay = await screen.findByRole('button', { name: label });
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(pay);
}

const GENERIC_CHARGE_FAILURE = 'We could not process your payment. Please try again.';

describe('/update-payment: what the customer reads when the server refuses', { timeout: 60_000 }, () => {
  it("the card provider's answer was lost: still being confirmed, never charged twice; Try again answers the same attempt", async () => {
    sdk.handlers.chargePayment = answers(sdkBillingError('chargeResultBeingChecked'), approved(true));
    await openPaymentForm();
    await fillCard();
    await payWhenReady('Pay $99.00');

    expect(
      await screen.findByText('We are still confirming your last payment attempt. You will not be charged twice. Please wait a minute and try again.'),
    ).toBeTruthy();
    expect(screen.queryByText(GENERIC_CHARGE_FAILURE)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    const keys = callsOf('chargePayment').map((request) => request.idempotencyKey);
    expect([keys.length, new Set(keys).size]).toEqual([2, 1]);
  });

  it('the amount due changed (amount-mismatch): the form reads it again and asks for the new amount, charging nothing more', async () => {
    // What is due changes on the server while the form is open (an initial consultation fee was added).
    let due = paymentData(9_900, 'RECURRING_FEE');
    sdk.handlers.getContactPaymentData = () => due;
    sdk.handlers.chargePayment = (request) => {
      if ((request as { amount: number }).amount === 9_900) {
        due = paymentData(19_900, 'INITIAL_CONSULTATION');
        throw sdkBillingError('amountMismatch');
      }
      return approved(false);
    };
    await openPaymentForm();
    await fillCard();
    await payWhenReady('Pay $99.00');

    expect(await screen.findByText('You pay $199.00 now')).toBeTruthy();
    expect(screen.queryByText(GENERIC_CHARGE_FAILURE)).toBeNull();
    expect(callsOf('chargePayment')).toHaveLength(1);

    await payWhenReady('Pay $199.00');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(callsOf('chargePayment').map((request) => [request.itemId, request.amount])).toEqual([
      ['RECURRING_FEE', 9_900],
      ['INITIAL_CONSULTATION', 19_900],
    ]);
  });

  it("the card provider refused the card's opaque value (opaque-value-invalid): error updating payment profile, and nothing is charged", async () => {
    sdk.handlers.updateCustomerPaymentProfile = answers(sdkBillingError('opaqueValueInvalid'));
    await openPaymentForm();
    await fillCard();
    await payWhenReady('Pay $99.00');

    expect(await screen.findByText('error updating payment profile')).toBeTruthy();
    expect(callsOf('chargePayment')).toHaveLength(0);
  });

  it('the CRM has no such contact: Contact not found, and nothing is charged', async () => {
    sdk.handlers.updateCustomerPaymentProfile = answers(sdkBillingError('contactNotFound'));
    await openPaymentForm();
    await fillCard();
    await payWhenReady('Pay $99.00');

    expect(await screen.findByText('Contact not found')).toBeTruthy();
    expect(callsOf('chargePayment')).toHaveLength(0);
  });

  it("a provider refusal the server passes on with its reason code lands on the card's field (reason 8: the expiry)", async () => {
    sdk.handlers.updateCustomerPaymentProfile = answers(
      sdkCallableError('failed-precondition', 'card-refused', { message: 'The credit card has expired.', reasonCode: 8 }),
    );
    await openPaymentForm();
    await fillCard();
    await payWhenReady('Pay $99.00');

    expect(await screen.findByText('This card has expired. Please use another card.')).toBeTruthy();
    expect(screen.queryByText('error updating payment profile')).toBeNull();
    expect(callsOf('chargePayment')).toHaveLength(0);
  });
});
