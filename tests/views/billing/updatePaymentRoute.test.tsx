import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargeResult, FailedPaymentAttempt } from '../../../machines/billing/ports';
import type { PaymentData } from '../../../src/contract/billing';
import UpdatePaymentRoute from '../../../src/app/billing/UpdatePaymentRoute';
import type { BillingPorts } from '../../../src/app/ports';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { SUSPENDED_CONTACT, SUSPENDED_CUSTOMER } from './suspendedCustomer';
import { SAMPLE_PAYMENT_DATA } from '../../../machines/billing/entries';

// /update-payment through the app with the real payment pipeline over fake billing ports: the payment-failed page
// says what is due, "Pay now" opens the form, a card number the provider would refuse shows on its field before
// anything is sent, a decline with reason 2 starts the lockout whose countdown the customer reads, the identical
// retry is not sent, and a good card pays once and says so.

const DATA: PaymentData = {
  ...SAMPLE_PAYMENT_DATA,
  profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' },
};

const DECLINED: ChargeResult = {
  status: 'declined',
  transactionId: null,
  message: { code: '2', reasonCode: '2', text: 'This transaction has been declined.' },
  replayed: false,
};
const APPROVED: ChargeResult = { status: 'approved', transactionId: 'txn-1', message: { code: '1', reasonCode: '1', text: 'This transaction has been approved.' }, replayed: false };

async function openUpdatePayment(
  charge: (request: unknown) => Promise<ChargeResult>,
  { data = DATA, flags = {} }: { data?: PaymentData; flags?: Record<string, boolean> } = {},
) {
  let stored: FailedPaymentAttempt | null = null;
  const chargePayment = vi.fn(charge);
  const billing: Partial<BillingPorts> = {
    billing: {
      getContactPaymentData: async () => data,
      updateCustomerPaymentProfile: async () => ({ ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX0002' } }),
      chargePayment,
      selfOnboardCard: async () => ({ taskId: '00T1' }),
    } as unknown as BillingPorts['billing'],
    cardProvider: {
      loadScript: async () => undefined,
      encrypt: async () => ({ opaqueValue: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque' } }),
    },
    failedAttempts: {
      read: () => stored,
      write: (record) => void (stored = record),
      clear: () => void (stored = null),
    },
    uuid: { uuid: () => crypto.randomUUID() },
  };
  const fakes = fakeAppPorts({ user: SUSPENDED_CUSTOMER, getCustomerContact: async () => SUSPENDED_CONTACT as never, billing, userDocument: () => ({ subscriptionStatus: 'Suspended' }) });
  await renderCreditPage(<UpdatePaymentRoute />, fakes, { path: '/update-payment', flags });
  fakes.setMaintenance(false);
  fakes.setUser(SUSPENDED_CUSTOMER);
  return { chargePayment };
}

async function fill(number: string) {
  const field = (name: string) => screen.getByRole('textbox', { name });
  await userEvent.clear(field('Cardholder name'));
  await userEvent.type(field('Cardholder name'), 'Sam Suspended');
  await userEvent.clear(field('Card number'));
  await userEvent.type(field('Card number'), number);
  await userEvent.clear(field('Expiration month'));
  await userEvent.type(field('Expiration month'), '12');
  await userEvent.clear(field('Expiration year'));
  await userEvent.type(field('Expiration year'), String(new Date().getFullYear() + 2));
  await userEvent.clear(field('Security code'));
  await userEvent.type(field('Security code'), '123');
  await userEvent.clear(field('Billing ZIP code'));
  await userEvent.type(field('Billing ZIP code'), '85004');
}

afterEach(() => stopCreditApp());

describe('/update-payment with the payment pipeline', { timeout: 40_000 }, () => {
  it('takes a card: a refused number on its field, a decline that locks the identical retry out with a countdown, then a good card pays once', async () => {
    let answer = DECLINED;
    const { chargePayment } = await openUpdatePayment(async () => answer);
    expect(await screen.findByText('Amount due: $99.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const pay = await screen.findByRole('button', { name: 'Pay $99.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));

    await fill('4111111111111112');
    await userEvent.click(pay);
    expect(await screen.findByText('Enter a valid card number.')).toBeTruthy();
    expect(chargePayment).not.toHaveBeenCalled();

    await fill('4000000000000002');
    await userEvent.click(pay);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/Please try again in [12] Minute \d{1,2} Seconds\./);
    expect(chargePayment).toHaveBeenCalledTimes(1);
    const shown = timer.textContent;
    await waitFor(() => expect(screen.getByRole('timer').textContent).not.toBe(shown));

    // The identical retry is not sent.
    await userEvent.click(screen.getByRole('button', { name: 'Pay $99.00' }));
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(chargePayment).toHaveBeenCalledTimes(1);

    answer = APPROVED;
    await fill('4111111111111111');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $99.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(chargePayment).toHaveBeenCalledTimes(2);
  });

  it('with charging off saves the card without charging, then says the payment is being processed (not asking again)', async () => {
    const { chargePayment } = await openUpdatePayment(async () => APPROVED, { data: { ...DATA, chargingEnabled: false }, flags: { charging: false } });
    expect(await screen.findByText('Amount due: $99.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const save = await screen.findByRole('button', { name: 'Save card' });
    expect(screen.getByText('Our team will charge $99.00 to this card')).toBeTruthy();
    expect(screen.queryByText(/You pay/)).toBeNull();
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await fill('4111111111111111');
    await userEvent.click(save);
    expect(await screen.findByRole('heading', { name: 'Your payment is being processed' })).toBeTruthy();
    expect(screen.getByTestId('payment-pending-details').textContent).toContain('Visa ending in 0002');
    expect(screen.queryByRole('button', { name: 'Go to my account' })).toBeNull();
    expect(chargePayment).not.toHaveBeenCalled();
  });

  it('while the payment task is pending, says so with what was saved instead of asking to pay again', async () => {
    await openUpdatePayment(async () => APPROVED, {
      data: { ...DATA, chargingEnabled: false, pendingPaymentTask: { createdAt: '2026-11-20T15:30:00.000Z', amount: 9_900, itemId: 'RECURRING_FEE' } },
      flags: { charging: false },
    });
    expect(await screen.findByRole('heading', { name: 'Your payment is being processed' })).toBeTruthy();
    const details = screen.getByTestId('payment-pending-details').textContent;
    expect(details).toContain('Visa ending in 1111');
    expect(details).toContain('$99.00');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByText('Your payment did not go through')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a different card' })).toBeTruthy();
  });
});
