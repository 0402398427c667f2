import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import type { PaymentData } from '../../../src/contract/billing';
import type { BillingPorts } from '../../../src/app/ports';
import { SettingsActorProvider } from '../../../src/app/settings/SettingsActorProvider';
import SettingsRoute from '../../../src/app/settings/SettingsRoute';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { SAMPLE_PAYMENT_DATA } from '../../../machines/billing/entries';

// /settings/billing through the app (the settings layout, the billing machines over fake billing ports): the page
// reads the payment data and reads it again when the window regains focus; the cancellation shows only for a
// mailing state of CA and, once requested, the processed message replaces the button; the secure page's button asks
// for its address and the browser leaves for it; a missing contract opens the contract-not-found dialog; a
// navigation state opens the confirmation dialog, and the return from a secure page (?secure=) is that state.

const customer: AuthUser = { uid: 'u1', email: 'payment.card@demo.test', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

const DATA: PaymentData = {
  ...SAMPLE_PAYMENT_DATA,
  subscriptionStatus: 'Active',
  profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' },
  amountDue: 0,
  amountDueItem: null,
};

interface Options {
  state?: string;
  data?: () => Promise<PaymentData>;
  billing?: Partial<BillingPorts['billing']>;
  ports?: Partial<Omit<BillingPorts, 'billing'>>;
  path?: string;
  reportError?: (reports: unknown[]) => Promise<{ stored: number }>;
}

async function openBilling(options: Options = {}) {
  const getContactPaymentData = vi.fn(options.data ?? (async () => DATA));
  const billing = { getContactPaymentData, ...options.billing } as BillingPorts['billing'];
  const fakes = fakeAppPorts({
    user: customer,
    getCustomerContact: async () => ({ Id: '003PAYCARD', MailingStateCode: options.state ?? 'NV' }) as never,
    billing: { billing, ...options.ports },
  });
  if (options.reportError) fakes.ports.callables.reportError = options.reportError;
  const route = (
    <SettingsActorProvider>
      <SettingsRoute />
    </SettingsActorProvider>
  );
  await renderCreditPage(route, fakes, { path: options.path ?? '/settings/billing', pattern: '/settings/*' });
  fakes.setMaintenance(false);
  fakes.setUser(customer);
  return { getContactPaymentData };
}

afterEach(() => stopCreditApp());

describe('the billing page in the app', { timeout: 30_000 }, () => {
  it('shows the payment data inside the settings layout and reads it again when the window regains focus', async () => {
    let card = 'XXXX1111';
    const { getContactPaymentData } = await openBilling({ data: async () => ({ ...DATA, profileCardData: { cardType: 'Visa', cardNumber: card } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(await screen.findByText('Visa ending in 1111')).toBeTruthy();
    card = 'XXXX4242';
    const reads = getContactPaymentData.mock.calls.length;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    expect(getContactPaymentData).toHaveBeenCalledTimes(reads + 1);
  });

  it('offers no cancellation outside California', async () => {
    await openBilling({ state: 'NV' });
    await screen.findByText('Visa ending in 1111');
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).toBeNull();
  });

  it('in California, sends the request and shows the processed message in place of the button', async () => {
    const requestCancellation = vi.fn(async () => ({ result: 'success' as const }));
    await openBilling({ state: 'CA', billing: { requestCancellation } });
    await userEvent.click(await screen.findByRole('button', { name: 'Request cancellation' }));
    expect(await screen.findByText('Your cancellation request has been processed. Our team will contact you to confirm it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).toBeNull();
    expect(requestCancellation).toHaveBeenCalledTimes(1);
  });

  it('in California, a request that fails says so, keeps the button and is reported to the app’s error reporting', async () => {
    const requestCancellation = vi.fn(async () => Promise.reject({ code: 'unavailable' }));
    const reportError = vi.fn(async () => ({ stored: 1 }));
    await openBilling({ state: 'CA', billing: { requestCancellation }, reportError });
    await userEvent.click(await screen.findByRole('button', { name: 'Request cancellation' }));
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(expect.arrayContaining([{ message: 'request-cancellation-error', extra: { code: 'unavailable' } }])));
    expect(screen.getByRole('button', { name: 'Request cancellation' })).toBeTruthy();
  });

  it('asks for the secure page to update the card and sends the browser there', async () => {
    const getSecureSFURL = vi.fn(async () => ({ url: 'http://127.0.0.1:5001/secure/billing?token=t' }));
    const assign = vi.fn();
    await openBilling({ billing: { getSecureSFURL }, ports: { navigation: { assign } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:5001/secure/billing?token=t'));
    expect(getSecureSFURL).toHaveBeenCalledWith({ request: 'getSecureBillingInformationURL', returnPath: '/settings/billing' });
  });

  it('says so in a dialog when there is no contract', async () => {
    const openContract = vi.fn(async () => 'not-found' as const);
    await openBilling({ ports: { openContract } });
    await userEvent.click(await screen.findByRole('button', { name: /Download contract/ }));
    expect(await screen.findByRole('dialog', { name: 'Contract not found' })).toBeTruthy();
    expect(screen.getByText('Your contract could not be found.')).toBeTruthy();
  });

  it('back from a secure page (?secure=updated) shows the confirmation dialog once, takes the parameter off the address and shows no toast', async () => {
    await openBilling({ path: '/settings/billing?secure=updated' });
    const dialog = await screen.findByRole('dialog', { name: 'Card updated' });
    expect(dialog.textContent).toContain('Your new card is on file. We will use it for your next payments.');
    expect(screen.getByTestId('location').textContent).toBe('/settings/billing');
    expect(await screen.findByText('Visa ending in 1111')).toBeTruthy();
    expect(screen.queryByText('Your card was updated.')).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Card updated' })).toBeNull());
    // The history entry no longer carries the state: the page as it is now (a reload) shows no dialog.
    expect(window.history.state?.usr ?? null).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/settings/billing');
  });

  it('shows the free plan the upgrade banner instead of the billing details', async () => {
    const getContactPaymentData = vi.fn(async () => DATA);
    const fakes = fakeAppPorts({ user: customer, userDocument: () => ({ productLine: 'Freemium' }), billing: { billing: { getContactPaymentData } as never } });
    await renderCreditPage(
      <SettingsActorProvider>
        <SettingsRoute />
      </SettingsActorProvider>,
      fakes,
      { path: '/settings/billing', pattern: '/settings/*' },
    );
    fakes.setMaintenance(false);
    fakes.setUser(customer);
    expect(await screen.findByRole('link', { name: 'Learn more about premium' })).toBeTruthy();
    expect(getContactPaymentData).not.toHaveBeenCalled();
  });
});
