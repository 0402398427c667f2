import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SAMPLE_MORTGAGE_PICKER_INPUT, SAMPLE_MORTGAGES } from '../../../machines/money/entries';
import { mortgagePickerMachine, type MortgageList } from '../../../machines/money/mortgagePicker.machine';
import { MortgagePicker } from '../../../src/views/money/MortgagePicker';
import { renderView } from '../../support/render';
import { actorsStoppedAfterEach } from '../../support/viewActors';

// The money overview's existing mortgages (spec 002 §7 getMortgages) bound to the real machine with fake calls: one
// checkbox per mortgage with its balance and payment, a pick saved at once, the intro per goal, both languages.

const { actors: running } = actorsStoppedAfterEach();

interface Options {
  stored?: MortgageList;
  goalType?: 'refinance' | 'mortgage_loan';
  language?: 'en' | 'es';
  save?: (selection: { goalId: string; ids: string[] }) => Promise<void>;
}

async function renderPicker(options: Options = {}) {
  const save = vi.fn(options.save ?? (async () => undefined));
  const machine = mortgagePickerMachine.provide({
    actors: {
      loadMortgages: fromPromise(async () => options.stored ?? SAMPLE_MORTGAGES),
      saveSelection: fromPromise(async ({ input }: { input: { goalId: string; ids: string[] } }) => save(input)),
    },
  });
  const actor = createActor(machine, { input: SAMPLE_MORTGAGE_PICKER_INPUT });
  actor.start();
  running.push(actor);
  await renderView(<MortgagePicker actor={actor} goalType={options.goalType ?? 'refinance'} />, { language: options.language });
  return { actor, save };
}

describe('the existing mortgages on the money overview', () => {
  it('lists each mortgage with what is owed and paid a month, and saves a pick into the goal', async () => {
    const { save } = await renderPicker();
    const wells = await screen.findByRole('checkbox', { name: 'Include WELLS FARGO HOME MORTGAGE' });
    expect(screen.getByText(/Pick the ones you want to refinance/)).toBeTruthy();
    expect(screen.getByText(/\$231,400 owed · \$1,612 a month · Opened Jun 2019/)).toBeTruthy();
    expect((wells as HTMLInputElement).checked).toBe(false);

    await userEvent.click(wells);
    await waitFor(() => expect(save).toHaveBeenCalledWith({ goalId: 'goal-refi-1', ids: ['tl-wells-mortgage'] }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Include WELLS FARGO HOME MORTGAGE' }) as HTMLInputElement).checked).toBe(true));
  });

  it('says the report shows no open mortgage when there is none', async () => {
    await renderPicker({ stored: { goalId: 'goal-refi-1', mortgages: [] } });
    expect(await screen.findByText('Your credit report shows no open mortgage.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('for a purchase, says a pick is a mortgage the new loan pays off; in Spanish', async () => {
    await renderPicker({ goalType: 'mortgage_loan', language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Tus hipotecas actuales' })).toBeTruthy();
    expect(screen.getByText(/Elige las que pagará tu nuevo préstamo hipotecario/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Incluir U.S. BANK HOME EQUITY' })).toBeTruthy();
  });

  it('without a goal the boxes are disabled and say why', async () => {
    await renderPicker({ stored: { ...SAMPLE_MORTGAGES, goalId: null } });
    const box = await screen.findByRole('checkbox', { name: 'Include WELLS FARGO HOME MORTGAGE' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Choose a loan goal first to pick mortgages for it.')).toBeTruthy();
  });
});
