import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { goalSelectionMachine } from '../../../machines/onboarding/goalSelection.machine';
import type { GoalType } from '../../../src/domain/intake';
import { inspect } from '../../../src/inspect';
import { GoalTypeName } from '../../../src/views/onboarding/GoalTypeName';
import { SelectGoalPage } from '../../../src/views/onboarding/SelectGoalPage';
import { renderView } from '../../support/render';

function goalActor(createGoal: (type: GoalType) => Promise<{ id: string; type: string }>, hideDeprecatedGoals = false) {
  const machine = goalSelectionMachine.provide({
    actors: { createGoal: fromPromise<{ id: string; type: string }, { type: GoalType }>(({ input }) => createGoal(input.type)) },
  });
  return createActor(machine, { input: { hideDeprecatedGoals }, inspect }).start();
}

const created = async (type: GoalType) => ({ id: 'goal-1', type });

describe('select-goal page', () => {
  it('offers the four goals', async () => {
    await renderView(<SelectGoalPage actor={goalActor(created)} onSignOut={() => undefined} />);
    for (const name of ['Buy a home', 'Refinance', 'Financial wellness', 'Recreational vehicle']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('hides the recreational vehicle goal while the deprecated-goals flag is on', async () => {
    await renderView(<SelectGoalPage actor={goalActor(created, true)} onSignOut={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Financial wellness' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recreational vehicle' })).toBeNull();
  });

  it('creates the goal the customer picks', async () => {
    const createGoal = vi.fn(created);
    await renderView(<SelectGoalPage actor={goalActor(createGoal)} onSignOut={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refinance' }));
    await waitFor(() => expect(createGoal).toHaveBeenCalledWith('refinance'));
    expect(await screen.findByText('Your goal is set. Taking you to the next step…')).toBeTruthy();
  });

  it('opens the error-creating dialog when the goal cannot be created, and lets the customer pick again', async () => {
    const createGoal = vi.fn(async (): Promise<{ id: string; type: string }> => {
      throw { code: 'internal' };
    });
    await renderView(<SelectGoalPage actor={goalActor(createGoal)} onSignOut={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Buy a home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your goal was not saved' });
    expect(dialog.textContent).toContain('There was an error creating your goal. Please try again.');
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Buy a home' }));
    await waitFor(() => expect(createGoal).toHaveBeenCalledTimes(2));
  });

  it("names a goal type it does not know 'Unsupported Goal Type'", async () => {
    await renderView(<GoalTypeName type="boat_loan" />);
    expect(screen.getByText('Unsupported Goal Type')).toBeTruthy();
  });

  it('shows the goals in Spanish', async () => {
    await renderView(<SelectGoalPage actor={goalActor(created)} onSignOut={() => undefined} />, { language: 'es' });
    expect(screen.getByRole('button', { name: 'Comprar una casa' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Seleccione su meta' })).toBeTruthy();
  });
});
