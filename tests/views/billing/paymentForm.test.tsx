import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_PIPELINE_KEYS } from '../../../machines/billing/paymentPipeline.machine';
import { PaymentFailedPage } from '../../../src/views/billing/PaymentFailedPage';
import { PaymentForm, type PaymentFormProps } from '../../../src/views/billing/PaymentForm';
import { renderView } from '../../support/render';
import { pageProps } from './paymentFailedPageProps';

// The payment form (spec 001 §4, §5, §8) and the payment-failed page of /update-payment (spec 002 §2): labelled
// card fields with the browser's cc-* autofill names, each error on its own field, a decline as the form's message,
// the lockout's message with its countdown, Pay disabled while a payment is in flight; the page's four buttons, the
// form one click away, the report download's error dialog, the completed payment.

const EMPTY = { cardNumber: '', month: '', year: '', cardCode: '', fullName: '', zip: '' };

function formProps(overrides: Partial<PaymentFormProps> = {}): PaymentFormProps {
  return {
    values: EMPTY,
    fieldErrors: {},
    decline: null,
    failure: null,
    lockout: null,
    preparing: false,
    busy: false,
    canRetry: false,
    amountDue: 9_900,
    chargingEnabled: true,
    onChange: vi.fn(),
    onSubmit: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

/** The error text Mantine ties to the input (aria-describedby). */
function errorOf(input: HTMLInputElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const texts = ids.map((id) => document.getElementById(id)).filter((element) => element?.id.endsWith('-error'));
  return texts[0]?.textContent ?? null;
}

describe('the payment form', () => {
  it('labels every card field with its autofill name and sends what is typed, field by field', async () => {
    const onChange = vi.fn();
    await renderView(<PaymentForm {...formProps({ onChange })} />);
    expect(
      ['Cardholder name', 'Card number', 'Expiration month', 'Expiration year', 'Security code', 'Billing ZIP code'].map(
        (name) => field(name).getAttribute('autocomplete'),
      ),
    ).toEqual(['cc-name', 'cc-number', 'cc-exp-month', 'cc-exp-year', 'cc-csc', 'billing postal-code']);
    await userEvent.type(field('Card number'), '4');
    expect(onChange).toHaveBeenCalledWith('cardNumber', '4');
    expect(screen.getByRole('button', { name: 'Pay $99.00' })).toBeTruthy();
  });

  it('shows each card error on its own field, in the customer words, the expiry in the past under the year', async () => {
    await renderView(
      <PaymentForm
        {...formProps({
          fieldErrors: {
            cardNumber: { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
            cardCode: { code: '65', text: 'The transaction has been declined because of a card code mismatch.' },
            fullName: { code: 'E_WC_17', text: 'Please provide valid card holder name.' },
            zip: { code: 'E_WC_16', text: 'Please provide valid Zip code.' },
            expirationDate: { code: 'E_WC_08', text: 'Expiration date must be in the future.' },
          },
        })}
      />,
    );
    expect(errorOf(field('Card number'))).toBe('Enter a valid card number.');
    expect(errorOf(field('Security code'))).toBe('The security code does not match this card.');
    expect(errorOf(field('Cardholder name'))).toBe('Enter the name as it appears on the card.');
    expect(errorOf(field('Billing ZIP code'))).toBe('Enter a valid 5-digit ZIP code.');
    expect(errorOf(field('Expiration year'))).toBe('The expiration date must be in the future.');
    expect(field('Expiration month').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows a code it has no text for with the provider's own text", async () => {
    await renderView(<PaymentForm {...formProps({ fieldErrors: { month: { code: 'E_WC_99', text: 'Month is odd.' } } })} />);
    expect(errorOf(field('Expiration month'))).toBe('Month is odd.');
  });

  it("shows a decline that points at no field as the form's message", async () => {
    await renderView(
      <PaymentForm
        {...formProps({ decline: { code: '27', text: 'The transaction has been declined because of an AVS mismatch.' } })}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Your card was declined: The transaction has been declined because of an AVS mismatch.',
    );
  });

  it('shows the lockout message and counts down as the time passes', async () => {
    const { rerender } = await renderView(<PaymentForm {...formProps({ lockout: { minutes: 2, seconds: 0 } })} />);
    const lockout = 'To protect your account from fraud, we limit the number of attempts allowed within a certain timeframe.';
    expect(screen.getByRole('timer').textContent).toBe(`${lockout} Please try again in 2 Minute 0 Seconds.`);
    rerender(<PaymentForm {...formProps({ lockout: { minutes: 1, seconds: 59 } })} />);
    expect(screen.getByRole('timer').textContent).toBe(`${lockout} Please try again in 1 Minute 59 Seconds.`);
    rerender(<PaymentForm {...formProps({ lockout: null })} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('disables Pay while a payment is in flight and says so; a second click sends nothing', async () => {
    const onSubmit = vi.fn();
    const { rerender } = await renderView(<PaymentForm {...formProps({ onSubmit })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay $99.00' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<PaymentForm {...formProps({ onSubmit, busy: true })} />);
    expect(screen.getByText('Processing your payment…')).toBeTruthy();
    const pay = screen.getByRole('button', { name: /Pay \$99\.00/ }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    await userEvent.click(pay);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps the lockout and decline messages under Pay, so a new attempt that clears them never moves the button', async () => {
    const onSubmit = vi.fn();
    const lockout = { minutes: 1, seconds: 30 };
    const decline = { code: '2', text: 'This transaction has been declined.' };
    await renderView(<PaymentForm {...formProps({ onSubmit, lockout, decline })} />);
    const pay = screen.getByRole('button', { name: 'Pay $99.00' });
    const follows = (element: Element) => Boolean(pay.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByRole('timer'))).toBe(true);
    expect(screen.getAllByRole('alert').map(follows)).toEqual([true, true]);
    expect(follows(field('Card number'))).toBe(false);
  });

  it('shows a failure before the form is usable above the form', async () => {
    await renderView(<PaymentForm {...formProps({ preparing: true, failure: { key: PAYMENT_PIPELINE_KEYS.scriptLoad, message: null } })} />);
    const alert = screen.getByRole('alert');
    expect(Boolean(alert.compareDocumentPosition(field('Card number')) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
  });

  it("shows a step's failure (the server's own message first) with Try again when the machine can retry", async () => {
    const onRetry = vi.fn();
    const { rerender } = await renderView(<PaymentForm {...formProps({ failure: { key: 'payment.errors.charge', message: null }, canRetry: true, onRetry })} />);
    expect(screen.getByRole('alert').textContent).toContain('We could not process your payment. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<PaymentForm {...formProps({ failure: { key: 'errors.payment.contact-not-found', message: null } })} />);
    expect(screen.getByRole('alert').textContent).toBe('Contact not found');
    rerender(<PaymentForm {...formProps({ failure: { key: 'errors.payment.profile-update-error', message: 'Billing address required' } })} />);
    expect(screen.getByRole('alert').textContent).toBe('Billing address required');
  });

  it('waits for the secure form while it loads, and with charging off saves the card instead of paying', async () => {
    const { rerender } = await renderView(<PaymentForm {...formProps({ preparing: true })} />);
    expect(screen.getByRole('status').textContent).toContain('Loading the secure card form…');
    expect(field('Card number').disabled).toBe(true);
    rerender(<PaymentForm {...formProps({ chargingEnabled: false })} />);
    expect(screen.getByRole('button', { name: 'Save card' })).toBeTruthy();
    // Nothing is charged now: no "you pay now"; the card is saved and our team charges the amount due.
    expect(screen.queryByText(/You pay/)).toBeNull();
    expect(screen.getByText('Enter your card. We save it as your card on file, and our team charges the amount due to it.')).toBeTruthy();
    expect(screen.getByText('Our team will charge $99.00 to this card')).toBeTruthy();
  });

  it('with charging off says in Spanish that the card is saved and our team charges it', async () => {
    await renderView(<PaymentForm {...formProps({ chargingEnabled: false })} />, { language: 'es' });
    expect(screen.getByRole('button', { name: 'Guardar tarjeta' })).toBeTruthy();
    expect(screen.queryByText(/ahora/)).toBeNull();
    expect(screen.getByText('Nuestro equipo cobrará $99.00 a esta tarjeta')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await renderView(<PaymentForm {...formProps({ lockout: { minutes: 1, seconds: 5 } })} />, { language: 'es' });
    expect(field('Número de tarjeta')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar $99.00' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('Inténtelo de nuevo en 1 minuto(s) 5 segundos.');
  });
});


describe('the payment-failed page (/update-payment)', () => {
  it('says the payment failed, what is due, and offers the four buttons of the spec', async () => {
    const props = pageProps();
    await renderView(<PaymentFailedPage {...props} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeTruthy();
    expect(screen.getByText(/Your subscription is Suspended\./)).toBeTruthy();
    expect(screen.getByText('Amount due: $99.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update payment method' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download contract' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download credit reports' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    for (const handler of [props.onOpenForm, props.onUpdateMethod, props.onDownloadContract, props.onDownloadReports, props.onSignOut]) {
      expect(handler).toHaveBeenCalledTimes(1);
    }
    expect(screen.queryByText('the card form')).toBeNull();
  });

  it('shows the card form one click away and hides it again', async () => {
    const onCloseForm = vi.fn();
    await renderView(<PaymentFailedPage {...pageProps({ formOpen: true, onCloseForm })} />);
    expect(screen.getByText('the card form')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide the card form' }));
    expect(onCloseForm).toHaveBeenCalled();
  });

  it('says in a dialog when the reports could not be downloaded (errors.update-payment.credit-report-download-error)', async () => {
    await renderView(<PaymentFailedPage {...pageProps({ reportsFailed: true })} />);
    const dialog = await screen.findByRole('dialog', { name: 'Download credit reports' });
    expect(within(dialog).getByText('We could not download your credit reports. Please try again.')).toBeTruthy();
  });

  it('after paying, says so and leads to the account', async () => {
    const onContinue = vi.fn();
    const { rerender } = await renderView(<PaymentFailedPage {...pageProps({ outcome: 'paid', onContinue })} />);
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to my account' }));
    expect(onContinue).toHaveBeenCalled();
    rerender(<PaymentFailedPage {...pageProps({ outcome: 'saved' })} />);
    expect(screen.getByText('Your card is saved. Our team will charge the amount due and confirm it with you.')).toBeTruthy();
  });
});
