import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { contractPollingMachine } from '../../../machines/onboarding/contractPolling.machine';
import { inspect } from '../../../src/inspect';
import { ContractCompletePage } from '../../../src/views/onboarding/ContractCompletePage';
import { ContractPage } from '../../../src/views/onboarding/ContractPage';
import { renderView } from '../../support/render';

const noop = () => undefined;

describe('contract page', () => {
  it('opens the agreement once its address is known', async () => {
    const onSign = vi.fn();
    await renderView(<ContractPage status="ready" onSign={onSign} onSigned={noop} onRetry={noop} onSignOut={noop} prices={null} />);
    expect(screen.getByRole('heading', { name: 'Sign your contract' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Review and sign' }));
    expect(onSign).toHaveBeenCalledTimes(1);
  });

  it('keeps the sign button disabled while the agreement loads', async () => {
    await renderView(<ContractPage status="loading" onSign={noop} onSigned={noop} onRetry={noop} onSignOut={noop} prices={null} />);
    expect(screen.getByRole('button', { name: 'Review and sign' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers Try again when the agreement cannot be opened', async () => {
    const onRetry = vi.fn();
    await renderView(<ContractPage status="error" onSign={noop} onSigned={noop} onRetry={onRetry} onSignOut={noop} prices={null} />);
    expect(screen.getByText('We could not open your agreement.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the first work fee and the monthly fee with the placeholder-price note (spec 000 §1, spec 002 §9)', async () => {
    await renderView(<ContractPage status="ready" onSign={noop} onSigned={noop} onRetry={noop} onSignOut={noop} prices={{ firstWorkFee: 19_900, monthlyFee: 9_900 }} />);
    const fees = screen.getByRole('region', { name: 'What you will pay' });
    expect(fees.textContent).toContain('First work fee: $199.00');
    expect(fees.textContent).toContain('Then a monthly fee of $99.00. Cancel at any time.');
    expect(fees.textContent).toContain('These prices are placeholders: pricing may vary by state, and you are not charged until your location is confirmed');
  });

  it('shows the fees in Spanish', async () => {
    await renderView(<ContractPage status="ready" onSign={noop} onSigned={noop} onRetry={noop} onSignOut={noop} prices={{ firstWorkFee: 19_900, monthlyFee: 9_900 }} />, { language: 'es' });
    const fees = screen.getByRole('region', { name: 'Lo que pagará' });
    expect(fees.textContent).toContain('Tarifa del primer trabajo: $199.00');
    expect(fees.textContent).toContain('Luego una tarifa mensual de $99.00.');
    expect(fees.textContent).toContain('Estos precios son provisionales');
  });

  it('shows the placeholder-price note alone when the prices are not known', async () => {
    await renderView(<ContractPage status="ready" onSign={noop} onSigned={noop} onRetry={noop} onSignOut={noop} prices={null} />);
    const fees = screen.getByRole('region', { name: 'What you will pay' });
    expect(fees.textContent).not.toContain('$');
    expect(fees.textContent).toContain('These prices are placeholders');
  });

  it('lets a customer who signed in another window go on to wait for the contract', async () => {
    const onSigned = vi.fn();
    await renderView(<ContractPage status="ready" onSign={noop} onSigned={onSigned} onRetry={noop} onSignOut={noop} prices={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'I have signed' }));
    expect(onSigned).toHaveBeenCalledTimes(1);
  });
});

describe('contract-complete page', () => {
  it('says the signed agreement is being confirmed while it polls', async () => {
    const machine = contractPollingMachine.provide({
      actors: { fetchContractLink: fromPromise(() => new Promise<{ link: string | null }>(() => undefined)) },
    });
    const actor = createActor(machine, { input: { contactId: '003C', anonymous: false }, inspect }).start();
    await renderView(<ContractCompletePage actor={actor} />);
    expect(screen.getByText('We are confirming your signed agreement. This takes a few seconds.')).toBeTruthy();
  });

  it('says the agreement could not be confirmed after failed polls, and polls again on Try again', async () => {
    let polls = 0;
    const machine = contractPollingMachine.provide({
      delays: { contractPoll: 0 },
      actors: {
        fetchContractLink: fromPromise<{ link: string | null }, { contactId: string; anonymous: boolean }>(async () => {
          polls += 1;
          throw { code: 'unavailable' };
        }),
      },
    });
    const actor = createActor(machine, { input: { contactId: '003C', anonymous: false }, inspect }).start();
    await renderView(<ContractCompletePage actor={actor} />);
    expect(await screen.findByText('We could not confirm your signed agreement. Check your connection and try again.')).toBeTruthy();
    expect(polls).toBe(3);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(polls).toBe(6));
  });
});
