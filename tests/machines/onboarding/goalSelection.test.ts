import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { goalSelectionMachine } from '../../../machines/onboarding/goalSelection.machine';
import { machineEntry } from '../../../machines/index';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('goalSelection');
if (!entry) throw new Error('goalSelection is not registered');
runModelPaths(entry);

function goalSelection(hideDeprecatedGoals: boolean, fail = false) {
  const created: string[] = [];
  const machine = goalSelectionMachine.provide({
    actors: {
      createGoal: fromPromise(async ({ input }) => {
        created.push(input.type);
        if (fail) throw { code: 'internal' };
        return { id: 'goal-1', type: input.type };
      }),
    },
  });
  return { ...run(machine, { hideDeprecatedGoals }), created };
}

describe('goal selection (spec 002 §1, §4)', () => {
  it('offers the four goals, or three while the deprecated-goals flag is on', () => {
    expect(goalSelection(false).actor.getSnapshot().context.goalTypes).toEqual([
      'mortgage_loan', 'refinance', 'financial_wellness', 'recreational_vehicle',
    ]);
    const hidden = goalSelection(true).actor.getSnapshot();
    expect(hidden.context.goalTypes).toEqual(['mortgage_loan', 'refinance', 'financial_wellness']);
    expect(hidden.can({ type: 'goal.select', goalType: 'recreational_vehicle' })).toBe(false);
  });

  it('creates the chosen goal and ends with it', async () => {
    const { actor, created } = goalSelection(false);
    actor.send({ type: 'goal.select', goalType: 'refinance' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(created).toEqual(['refinance']);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ goal: { id: 'goal-1', type: 'refinance' } });
  });

  it('opens the intake.errors.error-creating dialog on failure, and lets the customer choose again', async () => {
    const { actor } = goalSelection(false, true);
    actor.send({ type: 'goal.select', goalType: 'mortgage_loan' });
    await settle();
    expect(actor.getSnapshot().hasTag('dialog.error')).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe('intake.errors.error-creating');
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.errorKey).toBeNull();
  });

  it('ignores a goal type it does not offer', () => {
    const { actor, created } = goalSelection(false);
    actor.send({ type: 'goal.select', goalType: 'boat_loan' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(created).toEqual([]);
  });
});
