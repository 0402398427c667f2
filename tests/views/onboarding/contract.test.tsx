import { screen } from '@testing-library/react';
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
    await renderView(<ContractPage status="ready" onSign={onSign} onSigned={noop} onRetry={noop} onSignOut={noop} />);
    expect(screen.getByRole('heading', { name: 'Sign your contract' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Review and sign' }));
    expect(onSign).toHaveBeenCalledTimes(1);
  });

  it('keeps the sign button disabled while the agreement loads', async () => {
    await renderView(<ContractPage status="loading" onSign={noop} onSigned={noop} onRetry={noop} onSignOut={noop} />);
    expect(screen.getByRole('button', { name: 'Review and sign' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers Try again when the agreement cannot be opened', async () => {
    const onRetry = vi.fn();
    await renderView(<ContractPage status="error" onSign={noop} onSigned={noop} onRetry={onRetry} onSignOut={noop} />);
    expect(screen.getByText('We could not open your agreement.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('lets a customer who signed in another window go on to wait for the contract', async () => {
    const onSigned = vi.fn();
    await renderView(<ContractPage status="ready" onSign={noop} onSigned={onSigned} onRetry={noop} onSignOut={noop} />);
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
    await vi.waitFor(() => expect(polls).toBe(6));
  });
});
