import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaymentPendingPage, type PaymentPendingPageProps } from '../../../src/views/billing/PaymentPendingPage';
import { renderView } from '../../support/render';

// /update-payment while the payment task waits for our team (charging off): what was received, that access
// comes back as soon as it is processed, the phone, and a way to change the card — never a request to pay again.

function props(overrides: Partial<PaymentPendingPageProps> = {}): PaymentPendingPageProps {
  return {
    savedAt: '2026-11-20T15:30:00.000Z',
    amount: 9_900,
    itemId: 'RECURRING_FEE',
    card: { cardType: 'Visa', cardNumber: 'XXXX1111' },
    openingSecurePage: false,
    secureFailed: false,
    onUpdateCard: vi.fn(),
    onSignOut: vi.fn(),
    ...overrides,
  };
}

describe('the payment being processed', () => {
  it('says what was received and when access comes back, with the phone and a way to change the card', async () => {
    const onUpdateCard = vi.fn();
    await renderView(<PaymentPendingPage {...props({ onUpdateCard })} />, { support: { phone: '800-555-0100' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment is being processed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'We have your card and your payment request. Our team will process it within one business day; you will have access to your account again as soon as it is processed.',
    );
    const details = screen.getByTestId('payment-pending-details').textContent;
    expect(details).toContain('Card savedNov 20, 2026');
    expect(details).toContain('CardVisa ending in 1111');
    expect(details).toContain('Amount to be charged$99.00');
    expect(details).toContain('ForMonthly fee');
    expect(screen.getByText('(800) 555-0100')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Use a different card' }));
    expect(onUpdateCard).toHaveBeenCalledTimes(1);
  });

  it('speaks Spanish, and right after saving (no date yet) shows the card and the amount', async () => {
    await renderView(<PaymentPendingPage {...props({ savedAt: null, secureFailed: true })} />, { language: 'es' });
    expect(screen.getByRole('heading', { level: 1, name: 'Su pago se está procesando' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Nuestro equipo la procesará en un día hábil');
    const details = screen.getByTestId('payment-pending-details').textContent;
    expect(details).not.toContain('Tarjeta guardada');
    expect(details).toContain('Monto a cobrar');
    expect(screen.getByRole('button', { name: 'Usar otra tarjeta' })).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
