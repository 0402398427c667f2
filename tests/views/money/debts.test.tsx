import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { debtsMachine } from '../../../machines/money/debts.machine';
import { SAMPLE_DEBTS_INPUT, SAMPLE_GOOD_STANDING } from '../../../machines/money/debtsEntries';
import type { GoodStandingAccounts } from '../../../machines/money/debtsPorts';
import { DebtsPage } from '../../../src/views/money/debts/DebtsPage';
import { renderView } from '../../support/render';

// /money/debts (spec 002 §4, §9) bound to the real debts machine with fake calls: the payoff order, the show switch and
// the plan it changes, the extra monthly payment and its negative-amount message, 'apr too high', the table from 875 px
// and the cards below, whole USD, both languages.

const running: AnyActorRef[] = [];
const originalMatchMedia = window.matchMedia;
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
  window.matchMedia = originalMatchMedia;
});

/** The window as wide as `width` px for Mantine's useMediaQuery. */
function viewportWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { ...originalMatchMedia(query), matches: min ? width >= Number(min[1]) : false };
  };
}

interface Options {
  stored?: GoodStandingAccounts;
  saveShow?: (change: { id: string; show: boolean }) => Promise<void>;
  language?: 'en' | 'es';
}

async function renderPage(options: Options = {}) {
  const saveShow = vi.fn(options.saveShow ?? (async () => undefined));
  const saveExtra = vi.fn(async (amount: number) => amount);
  const machine = debtsMachine.provide({
    actors: {
      loadDebts: fromPromise(async () => options.stored ?? SAMPLE_GOOD_STANDING),
      saveShow: fromPromise(async ({ input }: { input: { id: string; show: boolean } }) => saveShow(input)),
      saveExtraPayment: fromPromise(async ({ input }: { input: { amount: number } }) => saveExtra(input.amount)),
    },
  });
  const actor = createActor(machine, { input: SAMPLE_DEBTS_INPUT });
  actor.start();
  running.push(actor);
  await renderView(<DebtsPage actor={actor} />, { language: options.language });
  return { actor, saveShow, saveExtra };
}

const accountNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('the debts page', { timeout: 20_000 }, () => {
  it('lists the accounts in a table lowest balance first on a wide screen, amounts in whole dollars', async () => {
    viewportWidth(1280);
    await renderPage();
    await screen.findByRole('table', { name: 'Your debts in payoff order' });
    expect(accountNames()).toEqual(['Northgate Store Card', 'Capital Harbor Visa', 'Mesa Auto Finance']);
    const store = within(screen.getByTestId('debt-row-acct-store'));
    expect([store.getByText('$640'), store.getByText('26.99%'), store.getByText('$35')]).toHaveLength(3);
  });

  it('shows cards instead of a table below 875 px', async () => {
    viewportWidth(390);
    await renderPage();
    const list = await screen.findByRole('list', { name: 'Your debts in payoff order' });
    expect([screen.queryByRole('table'), within(list).getAllByRole('listitem')]).toEqual([null, expect.any(Array)]);
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('hiding an account moves it last, saves the switch and takes it out of the totals', async () => {
    viewportWidth(1280);
    const { saveShow } = await renderPage();
    await screen.findByRole('table');
    expect(screen.getByRole('status').textContent).toContain('$16,810');
    await userEvent.click(screen.getByRole('switch', { name: 'Include Northgate Store Card in the payoff plan' }));
    await waitFor(() => expect(saveShow).toHaveBeenCalledWith({ id: 'acct-store', show: false }));
    expect(accountNames()).toEqual(['Capital Harbor Visa', 'Mesa Auto Finance', 'Northgate Store Card']);
    expect(screen.getByRole('status').textContent).toContain('$16,170');
    expect(within(screen.getByTestId('debt-row-acct-store')).getByText('Hidden')).toBeTruthy();
  });

  it('a failed save puts the switch back', async () => {
    viewportWidth(1280);
    const { actor, saveShow } = await renderPage({ saveShow: async () => Promise.reject({ code: 'unavailable' }) });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('switch', { name: 'Include Capital Harbor Visa in the payoff plan' }));
    await waitFor(() => expect(saveShow).toHaveBeenCalledWith({ id: 'acct-visa', show: false }));
    await waitFor(() => expect(actor.getSnapshot().hasTag('savingShow')).toBe(false));
    const visa = screen.getByRole('switch', { name: 'Include Capital Harbor Visa in the payoff plan' }) as HTMLInputElement;
    expect([visa.checked, accountNames()]).toEqual([true, ['Northgate Store Card', 'Capital Harbor Visa', 'Mesa Auto Finance']]);
  });

  it('an extra monthly payment goes to the lowest balance first and shortens its payoff', async () => {
    viewportWidth(1280);
    const { saveExtra } = await renderPage();
    await screen.findByRole('table');
    const before = within(screen.getByTestId('debt-row-acct-store')).getAllByRole('cell').at(-1)?.textContent;
    await userEvent.type(screen.getByRole('textbox', { name: /Extra monthly payment/ }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(saveExtra).toHaveBeenCalledWith(100));
    const store = within(screen.getByTestId('debt-row-acct-store'));
    expect(store.getByText('$135')).toBeTruthy();
    expect(store.getByText('includes $100 extra')).toBeTruthy();
    expect(store.getAllByRole('cell').at(-1)?.textContent).not.toBe(before);
  });

  it('a negative extra payment shows a clear message and nothing is saved', async () => {
    viewportWidth(1280);
    const { saveExtra } = await renderPage();
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('textbox', { name: /Extra monthly payment/ }), '-50');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter an amount of $0 or more.')).toBeTruthy();
    expect(saveExtra).not.toHaveBeenCalled();
  });

  it("shows 'APR too high' when the payment does not cover the interest", async () => {
    viewportWidth(1280);
    await renderPage({
      stored: {
        ...SAMPLE_GOOD_STANDING,
        accounts: [{ id: 'acct-loan', name: 'Quickcash Loan', balance: 5_000, apr: 35.99, monthlyPayment: 100, show: true }],
      },
    });
    await screen.findByRole('table');
    expect(screen.getAllByText('APR too high: the payment does not cover the interest')).toHaveLength(2);
  });

  it('reads in Spanish', async () => {
    viewportWidth(1280);
    await renderPage({ language: 'es' });
    expect(await screen.findByRole('table', { name: 'Tus deudas en orden de pago' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Deudas' })).toBeTruthy();
  });
});
