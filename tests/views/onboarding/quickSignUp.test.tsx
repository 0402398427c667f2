import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { quickSignUpMachine } from '../../../machines/onboarding/quickSignUp.machine';
import type { QuickSignUpContact } from '../../../src/domain/quickSignUp';
import { inspect } from '../../../src/inspect';
import { QuickSignUpPage } from '../../../src/views/onboarding/QuickSignUpPage';
import { renderView } from '../../support/render';

const NOW_MS = Date.parse('2026-11-02T12:00:00.000Z');
const DAY_MS = 86_400_000;

const lead = (fields: Partial<QuickSignUpContact> = {}): QuickSignUpContact => ({
  contractSignLink: 'https://esign.example/sign?agreement=1',
  email: 'lead@example.com',
  isContractSigned: false,
  hasAccount: false,
  quickSignUpEmailTimestamp: new Date(NOW_MS - DAY_MS),
  ...fields,
});

function quickSignUpActor(fetch: () => Promise<QuickSignUpContact>, contactId: string | null = '003LEAD1') {
  const machine = quickSignUpMachine.provide({ actors: { fetchQuickSignUpContact: fromPromise(fetch) } });
  return createActor(machine, { input: { contactId, nowMs: NOW_MS }, inspect }).start();
}

async function renderPage(fetch: () => Promise<QuickSignUpContact>, onOpenContract = vi.fn(), contactId?: string | null) {
  const actor = quickSignUpActor(fetch, contactId);
  await renderView(
    <QuickSignUpPage actor={actor} renderSignUp={(email) => <p>sign-up form for {email}</p>} onOpenContract={onOpenContract} />,
  );
  return actor;
}

describe('quick sign-up page', () => {
  it('shows the 403 page for a link older than 3 days, with the contact options', async () => {
    await renderPage(async () => lead({ quickSignUpEmailTimestamp: new Date(NOW_MS - 4 * DAY_MS) }));
    expect(await screen.findByRole('heading', { name: '403 - This link has expired' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact us' })).toBeTruthy();
  });

  it('shows the sign-up form with the email predefined once the contract is signed', async () => {
    await renderPage(async () => lead({ isContractSigned: true, contractSignLink: null }));
    expect(await screen.findByText('sign-up form for lead@example.com')).toBeTruthy();
  });

  it('prompts to sign the contract, opening the signing link', async () => {
    const onOpenContract = vi.fn();
    await renderPage(async () => lead(), onOpenContract);
    expect(await screen.findByRole('heading', { name: 'Sign your agreement' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Review and sign' }));
    expect(onOpenContract).toHaveBeenCalledWith('https://esign.example/sign?agreement=1');
  });

  it('shows the not-found page for a contact without an email', async () => {
    await renderPage(async () => lead({ email: null }));
    expect(await screen.findByRole('heading', { name: 'We could not find your sign-up' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown contact', async () => {
    await renderPage(async () => {
      throw { code: 'not-found' };
    });
    expect(await screen.findByRole('heading', { name: 'We could not find your sign-up' })).toBeTruthy();
  });

  it('shows the not-found page for a link without an id', async () => {
    await renderPage(async () => lead(), vi.fn(), null);
    expect(await screen.findByRole('heading', { name: 'We could not find your sign-up' })).toBeTruthy();
  });

  it('shows an error with the contact options when there is no contract link', async () => {
    await renderPage(async () => lead({ contractSignLink: null }));
    expect(await screen.findByRole('heading', { name: 'Your agreement is not ready yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('offers Try again when the contact cannot be loaded', async () => {
    let calls = 0;
    await renderPage(async () => {
      calls += 1;
      if (calls === 1) throw { code: 'unavailable' };
      return lead();
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sign your agreement' })).toBeTruthy();
  });

  it('tells a lead with an account to sign in (the server does not reveal the email, so none is filled in)', async () => {
    const actor = await renderPage(async () => lead({ hasAccount: true, email: null }));
    await waitFor(() => expect(actor.getSnapshot().hasTag('redirect.signIn')).toBe(true));
    expect(actor.getSnapshot().context.email).toBe('');
  });
});
