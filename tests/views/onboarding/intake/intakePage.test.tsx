import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INTAKE_COMPLETION_WAIT_MS, INTAKE_RESUME_DIALOG_DELAY_MS } from '../../../../src/domain/constants';
import { IntakePage } from '../../../../src/views/onboarding/intake/IntakePage';
import { renderView } from '../../../support/render';
import { fakeIntake, goal, loaded, type FakeIntakeOptions } from './fakeIntake';
import type { IntakeLoadResult } from '../../../../machines/onboarding/ports';

// The intake page around the steps (spec 002 §4): loading and its failure, 'Unsupported Goal Type', the resume
// dialog, completion with the recalculating screen, and a refused completion.

async function renderIntake(start: IntakeLoadResult, options: FakeIntakeOptions = {}) {
  const intake = fakeIntake(start, options);
  await renderView(<IntakePage actor={intake.actor} />);
  return intake;
}

/** A financial wellness intake answered up to the bank step, with the opt-out ticked before: only Finish is left. */
const readyToFinish = () =>
  loaded(
    goal('financial_wellness', { currentSavings: 1_500 }),
    { id: 'pi-1', propertyStatus: 'rent', annualIncome: 48_000, disputesReviewLater: true },
    { bankOptOut: true },
  );

describe('intake page', () => {
  it('offers to try again when the answers cannot be loaded', async () => {
    await renderIntake(loaded(goal('refinance')), { loadError: { code: 'unavailable' } });
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'About the home' })).toBeTruthy();
  });

  it("says 'Unsupported Goal Type' for a goal this app does not know, with the way on: choosing another goal", async () => {
    await renderIntake(loaded(goal('boat_loan')));
    expect(await screen.findByRole('heading', { name: 'Unsupported Goal Type' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another goal' }).getAttribute('href')).toBe('/sign-up/select-goal');
  });

  it('shows the resume dialog 1 s after resuming an intake edited before, and closes it with Continue', async () => {
    const intake = await renderIntake(loaded(goal('refinance', { purchaseCity: 'Reno' })));
    expect(await screen.findByRole('heading', { name: 'About the home' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Welcome back' })).toBeNull();
    act(() => intake.clock.increment(INTAKE_RESUME_DIALOG_DELAY_MS));
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome back' })).toBeNull());
  });

  it('does not offer to resume a new intake', async () => {
    const intake = await renderIntake(loaded(goal('refinance')));
    expect(await screen.findByRole('heading', { name: 'About the home' })).toBeTruthy();
    act(() => intake.clock.increment(INTAKE_RESUME_DIALOG_DELAY_MS));
    expect(screen.queryByRole('dialog', { name: 'Welcome back' })).toBeNull();
  });

  it('finishes, then shows the recalculating screen once the score is generated', async () => {
    const intake = await renderIntake(readyToFinish());
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'Finishing up' })).toBeTruthy();
    expect(intake.calls.completions).toBe(1);
    act(() => intake.clock.increment(INTAKE_COMPLETION_WAIT_MS));
    expect(await screen.findByRole('heading', { name: 'Recalculating' })).toBeTruthy();
    expect(intake.calls.finishing).toEqual(['refreshCreditDisplay', 'generateReadinessScore', 'refetchUserData']);
    expect(screen.getByRole('link', { name: 'Go to my dashboard' }).getAttribute('href')).toBe('/');
  });

  it('shows the missing-fields message when the server finds the intake incomplete, with Try again and Back', async () => {
    const intake = await renderIntake(readyToFinish(), {
      completeError: { code: 'failed-precondition', key: 'intake.errors.missing-fields' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Please answer every required question.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(intake.calls.completions).toBe(2));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Your bank accounts' })).toBeTruthy();
  });
});
