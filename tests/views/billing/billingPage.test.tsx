import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentData } from '../../../src/contract/billing';
import { BillingConfirmationDialog, BillingUpgradeBanner, ContractNotFoundDialog, UpgradeDialog } from '../../../src/views/billing/BillingDialogs';
import { BillingPage, type BillingPageProps } from '../../../src/views/billing/BillingPage';
import { renderView } from '../../support/render';
import { SAMPLE_PAYMENT_DATA } from '../../../machines/billing/entries';

// /settings/billing (spec 001 §2 Billing): what a customer reads in each state of the page — loading, a failed
// load with Try again, the plan by product line, the status, the monthly amount, the next billing date in long
// format per language, the card's type and last digits, the secure pages' buttons, the contract, the cancellation
// (CA only; the processed message in place of the button), the charges — and the dialogs: contract not found,
// the free plan's upgrade (features, phone, Call now, hours), the confirmation.

const DATA: PaymentData = {
  ...SAMPLE_PAYMENT_DATA,
  subscriptionStatus: 'Active',
  profileCardData: { cardType: 'Mastercard', cardNumber: 'XXXX0015' },
  amountDue: 0,
  amountDueItem: null,
  charges: [
    { id: 'c2', itemId: 'RECURRING_FEE', amount: 9_900, status: 'approved', transactionId: 't2', cardType: 'Mastercard', last4: '0015', createdAt: '2026-11-01T15:00:00.000Z' },
    { id: 'c1', itemId: 'INITIAL_CONSULTATION', amount: 19_900, status: 'declined', transactionId: null, cardType: 'Visa', last4: '1111', createdAt: '2026-10-01T15:00:00.000Z' },
  ],
};

function props(overrides: Partial<BillingPageProps> = {}): BillingPageProps {
  return {
    load: { status: 'ready', data: DATA },
    productLine: 'Primary',
    openingSecurePage: null,
    secureFailed: false,
    contractOpening: false,
    cancellation: 'hidden',
    onRetry: vi.fn(),
    onOpenSecurePage: vi.fn(),
    onOpenContract: vi.fn(),
    onRequestCancellation: vi.fn(),
    ...overrides,
  };
}

/** The value a definition list shows for `label`. */
function fact(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the billing page', () => {
  it('says it is loading, then on a failed load offers Try again', async () => {
    const onRetry = vi.fn();
    const { rerender } = await renderView(<BillingPage {...props({ load: { status: 'loading' } })} />);
    expect(screen.getByRole('status').textContent).toContain('Loading your billing details…');
    rerender(<BillingPage {...props({ load: { status: 'error' }, onRetry })} />);
    expect(screen.getByRole('alert').textContent).toBe('We could not load your billing details.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the plan by product line, the status, the monthly amount, the next billing date in long format and the card', async () => {
    await renderView(<BillingPage {...props({ productLine: 'VIP Package' })} />);
    expect(fact('Plan')).toBe('VIP Package');
    expect(fact('Subscription status')).toBe('Active');
    expect(fact('Monthly amount')).toBe('$99.00 per month');
    expect(fact('Next billing date')).toBe('December 1, 2026');
    expect(fact('Card on file')).toBe('Mastercard ending in 0015');
    expect(screen.queryByText('Amount due now')).toBeNull();
  });

  it('says the same in Spanish, the date in the Spanish long format', async () => {
    await renderView(<BillingPage {...props({ productLine: 'Primary', load: { status: 'ready', data: { ...DATA, subscriptionStatus: 'Suspended' } } })} />, {
      language: 'es',
    });
    expect(fact('Plan')).toBe('Plan premium');
    expect(fact('Estado de la suscripción')).toBe('Suspendida');
    expect(fact('Próxima fecha de cobro')).toBe('1 de diciembre de 2026');
    expect(fact('Tarjeta registrada')).toBe('Mastercard terminada en 0015');
  });

  it('says when there is no card, no subscription yet, and shows a status it does not know as written', async () => {
    const { rerender } = await renderView(
      <BillingPage {...props({ load: { status: 'ready', data: { ...DATA, profileCardData: null, recurringFee: null, subscriptionStatus: null } } })} />,
    );
    expect(fact('Card on file')).toBe('No card on file');
    expect(fact('Monthly amount')).toBe('Not set');
    expect(fact('Next billing date')).toBe('Not set');
    expect(fact('Subscription status')).toBe('No subscription yet');
    rerender(<BillingPage {...props({ load: { status: 'ready', data: { ...DATA, subscriptionStatus: 'On Hold' } } })} />);
    expect(fact('Subscription status')).toBe('On Hold');
  });

  it('opens the secure page to update the card; with an amount due, also the one to pay it, and waits while one opens', async () => {
    const onOpenSecurePage = vi.fn();
    const { rerender } = await renderView(<BillingPage {...props({ onOpenSecurePage })} />);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update card' }));
    expect(onOpenSecurePage).toHaveBeenCalledWith('getSecureBillingInformationURL');

    const due = { ...DATA, amountDue: 9_900, amountDueItem: 'RECURRING_FEE' as const };
    rerender(<BillingPage {...props({ onOpenSecurePage, load: { status: 'ready', data: due } })} />);
    expect(fact('Amount due now')).toBe('$99.00');
    expect(screen.getByText('You have $99.00 due. Pay now to keep your plan active.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $99.00' }));
    expect(onOpenSecurePage).toHaveBeenLastCalledWith('getSecureProcessPaymentURL');

    rerender(<BillingPage {...props({ onOpenSecurePage, load: { status: 'ready', data: due }, openingSecurePage: 'getSecureProcessPaymentURL' })} />);
    expect(screen.getByText('Opening the secure page…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Update card' }) as HTMLButtonElement).disabled).toBe(true);

    rerender(<BillingPage {...props({ load: { status: 'ready', data: due }, secureFailed: true })} />);
    expect(screen.getByRole('alert').textContent).toBe('We could not open the secure payment page. Please try again.');
  });

  it('downloads the contract in a new window and says it is opening', async () => {
    const onOpenContract = vi.fn();
    const { rerender } = await renderView(<BillingPage {...props({ onOpenContract })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download contract (opens in a new window)' }));
    expect(onOpenContract).toHaveBeenCalledTimes(1);
    rerender(<BillingPage {...props({ contractOpening: true })} />);
    expect(screen.getByText('Opening your contract…')).toBeTruthy();
  });

  it('offers the cancellation only when the route says the customer may (mailing state CA), then shows the processed message instead', async () => {
    const onRequestCancellation = vi.fn();
    const { rerender } = await renderView(<BillingPage {...props({ cancellation: 'hidden' })} />);
    expect(screen.queryByRole('heading', { name: 'Cancel your plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).toBeNull();

    rerender(<BillingPage {...props({ cancellation: 'available', onRequestCancellation })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    expect(onRequestCancellation).toHaveBeenCalledTimes(1);

    rerender(<BillingPage {...props({ cancellation: 'requesting' })} />);
    expect(screen.getByText('Sending your request…')).toBeTruthy();

    rerender(<BillingPage {...props({ cancellation: 'processed' })} />);
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Your cancellation request has been processed. Our team will contact you to confirm it.',
    );
  });

  it('lists the latest charges with their date, item, amount, status and card; none yet says so', async () => {
    const { rerender } = await renderView(<BillingPage {...props()} />);
    const table = screen.getByRole('table', { name: 'Recent charges' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Nov 1, 2026', 'Monthly fee', '$99.00', 'Paid', 'Mastercard 0015'],
      ['Oct 1, 2026', 'Initial consultation', '$199.00', 'Declined', 'Visa 1111'],
    ]);
    rerender(<BillingPage {...props({ load: { status: 'ready', data: { ...DATA, charges: [] } } })} />);
    expect(screen.getByText('No charges yet.')).toBeTruthy();
  });
});

describe("the billing page's dialogs", () => {
  it('says the contract was not found (errors.settings.contract-not-found) and closes', async () => {
    const onClose = vi.fn();
    await renderView(<ContractNotFoundDialog opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Contract not found' });
    expect(within(dialog).getByText('Your contract could not be found.')).toBeTruthy();
    // The dialog's own button (the corner's close button has the same name).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it("the free plan's banner links to the upgrade sub-route", async () => {
    await renderView(<BillingUpgradeBanner upgradePath="/settings/billing/upgrade" />);
    expect(screen.getByRole('heading', { name: 'You are on the free plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Learn more about premium' }).getAttribute('href')).toBe('/settings/billing/upgrade');
  });

  it('the upgrade dialog lists the features, the phone, a Call now link and the hours', async () => {
    await renderView(<UpgradeDialog opened phone="800-555-0199" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to premium' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(within(dialog).getByText('To upgrade, call customer service at 800-555-0199.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Call now' }).getAttribute('href')).toBe('tel:+18005550199');
    expect(within(dialog).getByText('Monday to Friday 8 a.m. to 5:30 p.m. MST')).toBeTruthy();
  });

  it('the confirmation says what the secure page did', async () => {
    const { rerender } = await renderView(<BillingConfirmationDialog confirmation="updated" onClose={vi.fn()} />);
    expect(within(await screen.findByRole('dialog', { name: 'Card updated' })).getByText('Your new card is on file. We will use it for your next payments.')).toBeTruthy();
    rerender(<BillingConfirmationDialog confirmation="paid" onClose={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Payment received' })).toBeTruthy();
  });
});
