import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IntakeLoadResult } from '../../../../machines/onboarding/ports';
import { IntakePage } from '../../../../src/views/onboarding/intake/IntakePage';
import { INTAKE_RESUME_DIALOG_DELAY_MS } from '../../../../src/domain/constants';
import { renderView } from '../../../support/render';
import { AGENT, CUSTOMER, fakeIntake, FREE_LINE_CUSTOMER, goal, loaded, WIDGET_URL, type FakeIntakeOptions } from './fakeIntake';

// The Disputes and BankAccounts steps (spec 002 §4): what each shows for the machine's state and the events its
// buttons, the opt-out and the bank widget's message send.

/** A financial wellness intake whose form step is answered: it opens at Disputes (step 2 of 3). */
const atDisputes = (bank: Partial<IntakeLoadResult> = {}) =>
  loaded(goal('financial_wellness', { currentSavings: 1_500 }), { id: 'pi-1', propertyStatus: 'rent', annualIncome: 48_000 }, bank);

/** The same with the disputes put off: it opens at BankAccounts (step 3 of 3). */
const atBank = (bank: Partial<IntakeLoadResult> = {}) =>
  loaded(
    goal('financial_wellness', { currentSavings: 1_500 }),
    { id: 'pi-1', propertyStatus: 'rent', annualIncome: 48_000, disputesReviewLater: true },
    bank,
  );

async function renderIntake(start: IntakeLoadResult, options: FakeIntakeOptions = {}) {
  const intake = fakeIntake(start, options);
  await renderView(<IntakePage actor={intake.actor} />);
  return intake;
}

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;

/**
 * These intakes were edited before: the resume dialog comes first (spec 002 §4, after 1 s) and the dispute wizard
 * opens once it is closed, never under it.
 */
async function closeResume(intake: ReturnType<typeof fakeIntake>) {
  await screen.findByText(/Items on your credit report you may want to dispute/);
  expect(screen.queryByRole('dialog', { name: 'Review disputes' })).toBeNull();
  act(() => intake.clock.increment(INTAKE_RESUME_DIALOG_DELAY_MS));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Welcome back' })).getByRole('button', { name: 'Continue' }));
}

describe('Disputes step', () => {
  it('moves on to the bank accounts by itself when nothing needs review', async () => {
    await renderIntake(atDisputes());
    await waitFor(() => expect(heading()).toBe('Your bank accounts'));
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
  });

  it('shows the wait text while the credit report is still processing', async () => {
    await renderIntake(atDisputes(), { disputes: { reportStatus: 'processing', unchallengedCount: 0 } });
    expect(
      await screen.findByText('Your credit report is still being prepared. This step moves on by itself once it is ready.'),
    ).toBeTruthy();
    expect(heading()).toBe('Your credit report');
  });

  it('opens the dispute wizard over the unchallenged items and moves on once they are submitted; a customer sees no coach override', async () => {
    const intake = await renderIntake(atDisputes(), { disputes: { reportStatus: 'complete', unchallengedCount: 2 } });
    await closeResume(intake);
    expect(await screen.findByText('Items on your credit report you may want to dispute: 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review later' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'COACH OVERRIDE (SKIP)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    const wizard = await screen.findByRole('dialog', { name: 'Review disputes' });
    await userEvent.click(within(wizard).getByRole('button', { name: 'Start the review' }));
    // Both items at once: select all, one reason for the selection.
    await userEvent.click(await within(wizard).findByRole('checkbox', { name: 'Select all items in this step' }));
    await userEvent.selectOptions(within(wizard).getByLabelText('Reason for the selected items'), 'not_mine');
    await userEvent.click(within(wizard).getByRole('button', { name: 'Apply to 2 selected items' }));
    await userEvent.click(within(wizard).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(wizard).findByRole('button', { name: 'Submit disputes' }));
    await waitFor(() => expect(heading()).toBe('Your bank accounts'));
    expect(intake.calls.wizard).toEqual(['saveReasons', 'completeDisputeActionOptimistically', 'submitDisputes', 'refreshAfterSubmit']);
    expect(intake.calls.saves).toEqual([]);
  });

  it('offers "Review disputes" again when the wizard is closed without submitting, and stays on the step', async () => {
    const intake = await renderIntake(atDisputes(), { disputes: { reportStatus: 'complete', unchallengedCount: 1 } });
    await closeResume(intake);
    const wizard = await screen.findByRole('dialog', { name: 'Review disputes' });
    await userEvent.click(within(wizard).getByRole('button', { name: 'Close the review' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review disputes' })).toBeNull());
    expect(heading()).toBe('Your credit report');
    await userEvent.click(screen.getByRole('button', { name: 'Review disputes' }));
    expect(await screen.findByRole('dialog', { name: 'Review disputes' })).toBeTruthy();
  });

  it('shows an agent the coach override, which skips the step without recording anything', async () => {
    const intake = await renderIntake(atDisputes(), { input: AGENT, disputes: { reportStatus: 'complete', unchallengedCount: 1 } });
    await closeResume(intake);
    const wizard = await screen.findByRole('dialog', { name: 'Review disputes' });
    await userEvent.click(within(wizard).getByRole('button', { name: 'Close the review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'COACH OVERRIDE (SKIP)' }));
    await waitFor(() => expect(heading()).toBe('Your bank accounts'));
    expect(intake.calls.saves).toEqual([]);
    expect(intake.calls.wizard).toEqual([]);
  });

  it('lets a customer skip only with the can-skip-disputes flag', async () => {
    const intake = await renderIntake(atDisputes(), {
      input: { ...CUSTOMER, canSkipDisputes: true },
      disputes: { reportStatus: 'complete', unchallengedCount: 1 },
    });
    await closeResume(intake);
    const wizard = await screen.findByRole('dialog', { name: 'Review disputes' });
    await userEvent.click(within(wizard).getByRole('button', { name: 'Close the review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(heading()).toBe('Your bank accounts'));
    expect(screen.queryByRole('button', { name: 'COACH OVERRIDE (SKIP)' })).toBeNull();
  });
});

describe('BankAccounts step', () => {
  it('enables Finish once the opt-out is ticked, saves it and completes the intake', async () => {
    const intake = await renderIntake(atBank());
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Your bank accounts');
    expect(screen.getByText('No accounts linked yet.')).toBeTruthy();
    const finish = screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement;
    expect(finish.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: "I don't want to link my bank accounts" }));
    expect(finish.disabled).toBe(false);
    await userEvent.click(finish);
    await waitFor(() => expect(intake.calls.completions).toBe(1));
    expect(intake.calls.optOuts).toEqual([true]);
  });

  it('opens the bank widget in a sandboxed frame and counts the accounts its message says were linked', async () => {
    const intake = await renderIntake(atBank(), { linkedAfterConnect: 3 });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect your accounts' });
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(WIDGET_URL);
    expect(frame?.getAttribute('sandbox')).toContain('allow-scripts allow-forms');
    expect(intake.calls.widgetRequests).toBe(1);

    // Another window, or the frame's window from another origin, cannot claim a link.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'bank.linked' }, origin: 'https://bank.example', source: window }));
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'bank.linked' }, origin: 'https://evil.example', source: frame?.contentWindow ?? null }),
      );
    });
    expect(screen.getByRole('dialog', { name: 'Connect your accounts' })).toBeTruthy();

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'bank.linked' }, origin: 'https://bank.example', source: frame?.contentWindow ?? null }),
      );
    });
    expect(await screen.findByText('Accounts linked: 3')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect your accounts' })).toBeNull());
    expect((screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Connect more accounts' })).toBeTruthy();
  });

  it('closes the widget dialog with Escape without linking anything', async () => {
    await renderIntake(atBank());
    await userEvent.click(await screen.findByRole('button', { name: 'Connect accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect your accounts' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect your accounts' })).toBeNull());
    expect(screen.getByText('No accounts linked yet.')).toBeTruthy();
  });

  it('goes on with accounts linked before; Back passes over a Disputes step with nothing to review', async () => {
    await renderIntake(atBank({ linkedAccountCount: 2 }));
    expect(await screen.findByText('Accounts linked: 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(heading()).toBe('Your financial picture'));
  });

  it('offers a free-line customer no bank widget: the premium plan explanation and the opt-out to finish', async () => {
    const intake = await renderIntake(atBank(), { input: FREE_LINE_CUSTOMER });
    expect(await screen.findByText('Linking bank accounts comes with the premium plan. To continue, tick the box below.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect accounts' })).toBeNull();
    expect(screen.queryByText('No accounts linked yet.')).toBeNull();
    const finish = screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement;
    expect(finish.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: "I don't want to link my bank accounts" }));
    await userEvent.click(finish);
    await waitFor(() => expect(intake.calls.completions).toBe(1));
    expect(intake.calls.optOuts).toEqual([true]);
    expect(intake.calls.widgetRequests).toBe(0);
  });

  it('shows the premium plan explanation, not the coach message, when the server refuses the widget as premium-only', async () => {
    const intake = await renderIntake(atBank(), { widgetError: { code: 'premium-only' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect accounts' }));
    expect(await screen.findByText('Linking bank accounts comes with the premium plan. To continue, tick the box below.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect accounts' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Connect your accounts' })).toBeNull();
    expect(intake.emitted).toEqual([]);
  });

  it('shows the premium plan explanation in Spanish', async () => {
    const intake = fakeIntake(atBank(), { input: FREE_LINE_CUSTOMER });
    await renderView(<IntakePage actor={intake.actor} />, { language: 'es' });
    expect(
      await screen.findByText('La vinculación de cuentas bancarias está incluida en el plan premium. Para continuar, marque la casilla de abajo.'),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'No quiero vincular mis cuentas bancarias' })).toBeTruthy();
  });
});
