import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IntakePage } from '../../../../src/views/onboarding/intake/IntakePage';
import { renderView } from '../../../support/render';
import { fakeIntake, goal, loaded } from './fakeIntake';

// The questionnaire steps (spec 002 §4, §5): rendered from the machine's state, answers sent as form.change,
// Next and Back as step events; refused answers show the spec's messages at their fields.

function renderIntake(intake: ReturnType<typeof fakeIntake>, language: 'en' | 'es' = 'en') {
  return renderView(<IntakePage actor={intake.actor} />, { language });
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const heading = () => screen.getByRole('heading', { level: 2 });

describe('intake form steps', () => {
  it('starts a new mortgage intake at step 1 of 5 with the home questions', async () => {
    await renderIntake(fakeIntake(loaded(goal('mortgage_loan'))));
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('About the home');
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeTruthy();
    for (const label of ['State', 'Property type', 'Loan type']) expect(screen.getByRole('combobox', { name: label })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('saves the home answers and moves to the mortgage questions', async () => {
    const intake = fakeIntake(loaded(goal('mortgage_loan')));
    await renderIntake(intake);
    await userEvent.type(await screen.findByRole('textbox', { name: 'City' }), 'Reno');
    await userEvent.type(screen.getByRole('combobox', { name: 'State' }), 'Nev');
    await userEvent.click(await screen.findByRole('option', { name: 'Nevada' }));
    await choose('Property type', 'Condominium');
    await choose('Loan type', 'FHA');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading().textContent).toBe('Your finances'));
    expect(intake.calls.saves).toEqual([
      { goal: { id: 'goal-1', properties: { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha' } } },
    ]);
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('marks every unanswered question as required and stays on the step', async () => {
    const intake = fakeIntake(loaded(goal('refinance')));
    await renderIntake(intake);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('Required')).toHaveLength(4);
    expect(heading().textContent).toBe('About the home');
    expect(intake.emitted).toContainEqual({ type: 'notify', level: 'warning', key: 'intake.errors.missing-fields' });
    expect(intake.calls.saves).toEqual([]);
  });

  it('shows the money messages for amounts the rules refuse, and saves nothing', async () => {
    const house = { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha' } as const;
    const intake = fakeIntake(loaded(goal('mortgage_loan', house)));
    await renderIntake(intake);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Your finances');
    await choose('Current housing', 'Own with a mortgage');
    await userEvent.type(screen.getByRole('textbox', { name: /Annual income/ }), '-5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Purchase price' }), '0');
    await userEvent.type(screen.getByRole('textbox', { name: 'Current savings' }), 'lots');
    await userEvent.type(screen.getByRole('textbox', { name: 'Current home value' }), '200000000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('must be positive')).toBeTruthy();
    expect(screen.getByText('must be more than 0')).toBeTruthy();
    expect(screen.getByText('must be an amount')).toBeTruthy();
    expect(screen.getByText('provide a valid number')).toBeTruthy();
    expect(intake.calls.saves).toEqual([]);
  });

  it('asks for the current home value only when the customer does not rent', async () => {
    await renderIntake(fakeIntake(loaded(goal('financial_wellness'))));
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Your financial picture');
    expect(screen.getByRole('textbox', { name: 'Current home value' })).toBeTruthy();
    await choose('Current housing', 'Rent');
    expect(screen.queryByRole('textbox', { name: 'Current home value' })).toBeNull();
  });

  it('asks for the cash amount of a refinance only with a cash-out, which must be more than 0', async () => {
    const house = { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha' } as const;
    const intake = fakeIntake(loaded(goal('refinance', house)));
    await renderIntake(intake);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Your refinance');
    expect(screen.queryByRole('textbox', { name: 'Cash amount' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I want to take cash out of my home' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Cash amount' }), '0');
    await userEvent.type(screen.getByRole('textbox', { name: /Annual income/ }), '85,000');
    await userEvent.type(screen.getByRole('textbox', { name: 'Current home value' }), '$410,000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('must be more than 0')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Cash amount' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Cash amount' }), '25000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(intake.calls.saves).toHaveLength(1));
    expect(intake.calls.saves[0]).toEqual({
      goal: { id: 'goal-1', properties: { currentHomePrice: 410_000, cashOut: true, cashAmount: 25_000 } },
      personalInfo: { id: 'personal-info-goal-1', annualIncome: 85_000 },
    });
  });

  it('asks the recreational vehicle questions over two steps', async () => {
    const intake = fakeIntake(loaded(goal('recreational_vehicle')));
    await renderIntake(intake);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Your vehicle');
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    await choose('Vehicle type', 'Class C motorhome');
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'New or used?' })).getByRole('radio', { name: 'Used' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'County' }), 'Washoe');
    await userEvent.type(screen.getByRole('combobox', { name: 'State' }), 'Nev');
    await userEvent.click(await screen.findByRole('option', { name: 'Nevada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading().textContent).toBe('Your budget'));
    expect(intake.calls.saves[0]).toEqual({
      goal: { id: 'goal-1', properties: { vehicleType: 'class_c', isNew: false, purchaseCounty: 'Washoe', purchaseState: 'NV' } },
    });
    for (const label of ['Purchase price', /Trade-in value/, 'Current savings']) {
      expect(screen.getByRole('textbox', { name: label })).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(heading().textContent).toBe('Your vehicle'));
    expect((screen.getByRole('textbox', { name: 'County' }) as HTMLInputElement).value).toBe('Washoe');
  });

  it('asks the background questions last for a mortgage, the active-duty one only for veterans', async () => {
    const intake = fakeIntake(
      loaded(
        goal('mortgage_loan', {
          purchaseCity: 'Reno',
          purchaseState: 'NV',
          propertyType: 'condo',
          loanType: 'fha',
          purchasePrice: 300_000,
          currentSavings: 10_000,
        }),
        { id: 'pi-1', propertyStatus: 'rent', annualIncome: 60_000, disputesReviewLater: true },
        { bankOptOut: true },
      ),
    );
    await renderIntake(intake);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('About you');
    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Have you served on active duty recently?' })).toBeTruthy();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Are you a veteran?' })).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('radiogroup', { name: 'Have you served on active duty recently?' })).toBeNull();
    await choose('Pay frequency', 'Every two weeks');
    await choose('Employment status', 'Self-employed');
    await choose('Highest education', "Bachelor's degree");
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Are you a U.S. citizen?' })).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(intake.calls.completions).toBe(1));
    expect(intake.calls.saves[0]).toEqual({
      personalInfo: {
        id: 'pi-1',
        employmentPayFrequency: 'biweekly',
        employmentStatus: 'self_employed',
        educationLevel: 'bachelors',
        veteranStatus: 'no',
        isAmericanCitizen: true,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Finishing up' })).toBeTruthy();
  });

  it('keeps the answers and says so when saving fails, then saves on the next try', async () => {
    const intake = fakeIntake(loaded(goal('financial_wellness')), { saveError: { code: 'unavailable' } });
    await renderIntake(intake);
    await choose('Current housing', 'Rent');
    await userEvent.type(screen.getByRole('textbox', { name: /Annual income/ }), '52000');
    await userEvent.type(screen.getByRole('textbox', { name: 'Current savings' }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('There was an error updating. Please try again.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Annual income/ }) as HTMLInputElement).value).toBe('52000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Nothing to review on the Disputes step: it moves on by itself.
    await waitFor(() => expect(heading().textContent).toBe('Your bank accounts'));
    expect(intake.calls.saves).toEqual([
      { goal: { id: 'goal-1', properties: { currentSavings: 0 } }, personalInfo: { id: 'personal-info-goal-1', propertyStatus: 'rent', annualIncome: 52_000 } },
    ]);
  });

  it('shows the stored answers and asks in Spanish', async () => {
    await renderIntake(fakeIntake(loaded(goal('refinance', { purchaseCity: 'Reno' }))), 'es');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Sobre la vivienda');
    expect((screen.getByRole('textbox', { name: 'Ciudad' }) as HTMLInputElement).value).toBe('Reno');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getAllByText('Obligatorio')).toHaveLength(3);
  });
});
