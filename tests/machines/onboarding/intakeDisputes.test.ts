import { fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { disputeWizardMachine } from '../../../machines/disputes/disputeWizard.machine';
import { SAMPLE_DISPUTE_ITEMS } from '../../../machines/disputes/entries';
import type { DisputeActionUndo, DisputeLetterData, InvestigationItemData, InvestigationReasonData } from '../../../machines/disputes/ports';
import { intakeDisputesMachine, intakeDisputesSelectors } from '../../../machines/onboarding/intakeDisputes.machine';
import type { IntakeDisputesInput } from '../../../machines/onboarding/ports';
import type { InitialReportStatus } from '../../../src/domain/intake';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

// The intake's Disputes step on its own (spec 002 §4); the step within the intake is tested in
// intake.test.ts.

const entry = machineEntry('intakeDisputes');
if (!entry) throw new Error('intakeDisputes is not registered');

const INPUT = entry.testModel.input as IntakeDisputesInput;

runModelPaths(entry, { variants: [{ name: 'reached going back', input: { ...INPUT, movingBack: true } }] });

const { collection, inquiry } = SAMPLE_DISPUTE_ITEMS;

/** The step over a disputes check answering `check`, with the real wizard over fake calls. */
function disputes(
  input: IntakeDisputesInput,
  check: { reportStatus: InitialReportStatus; unchallengedCount: number; items?: InvestigationItemData[] },
) {
  const wizard = disputeWizardMachine.provide({
    actors: {
      saveReasons: fromPromise<InvestigationItemData[], { investigations: InvestigationReasonData[] }>(async ({ input: request }) =>
        request.investigations.map((saved) => ({
          ...(check.items ?? []).find((item) => item.id === saved.id)!,
          challengeReason: saved.reason,
          challengeReasonSelected: true,
        })),
      ),
      completeDisputeActionOptimistically: fromPromise<DisputeActionUndo, void>(async () => null),
      submitDisputes: fromPromise<{ submitted: number; letters: DisputeLetterData[] }, void>(async () => ({ submitted: 1, letters: [] })),
      rollbackDisputeAction: fromPromise<void, { undo: DisputeActionUndo }>(async () => undefined),
      refreshAfterSubmit: fromPromise<void, void>(async () => undefined),
    },
  });
  const machine = intakeDisputesMachine.provide({
    actors: {
      checkDisputes: fromPromise(async () => ({ userId: 'customer-1', items: [], ...check })),
      // The report status stays as checked (nothing is written while the step waits).
      watchReportStatus: fromCallback(() => () => undefined),
      disputeWizard: wizard,
    },
  });
  const running = run(machine, input);
  const { snapshot } = running;
  const openWizard = () => {
    const open = intakeDisputesSelectors.wizard(snapshot());
    if (!open) throw new Error('the wizard is not open');
    return open;
  };
  return {
    ...running,
    snapshot,
    openWizard,
    /** Every item gets 'not mine', step by step; then the wizard submits, or is closed. */
    async decideAll(then: 'submit' | 'close') {
      const open = openWizard();
      open.send({ type: 'wizard.begin' });
      while (open.getSnapshot().hasTag('step.category')) {
        open.send({ type: 'items.toggleAll' });
        open.send({ type: 'selection.apply', reason: 'not_mine' });
        open.send({ type: 'wizard.next' });
        await settle();
      }
      open.send({ type: then === 'submit' ? 'wizard.submit' : 'wizard.close' });
      await settle();
    },
  };
}

describe('the Disputes step ends with where the intake goes', () => {
  it('on, by itself, with nothing to review', async () => {
    const running = disputes(INPUT, { reportStatus: 'complete', unchallengedCount: 0 });
    await settle();
    expect(running.snapshot().output).toEqual({ move: 'next' });
  });

  it('back, by itself, when reached going back with nothing to review', async () => {
    const running = disputes({ ...INPUT, movingBack: true }, { reportStatus: 'none', unchallengedCount: 0 });
    await settle();
    expect(running.snapshot().output).toEqual({ move: 'back' });
  });

  it('on, once the disputes are submitted in the wizard', async () => {
    const running = disputes(INPUT, { reportStatus: 'complete', unchallengedCount: 2, items: [collection, inquiry] });
    await settle();
    await running.decideAll('submit');
    expect(running.snapshot().output).toEqual({ move: 'next' });
  });

  it('shows the message it was opened with until something replaces it', async () => {
    const running = disputes({ ...INPUT, errorKey: 'intake.errors.missing-fields' }, { reportStatus: 'complete', unchallengedCount: 1, items: [collection] });
    await settle();
    expect(running.snapshot().context.errorKey).toBe('intake.errors.missing-fields');
  });
});

describe('the review on the Disputes step (spec 002 §4)', () => {
  it('opens the dispute wizard for the checked items, as the intake, for the person taking it', async () => {
    const coach = { isAgent: true, allowClientActions: false };
    const running = disputes({ ...INPUT, actor: coach }, { reportStatus: 'complete', unchallengedCount: 2, items: [collection, inquiry] });
    await settle();
    expect(intakeDisputesSelectors.review(running.snapshot())).toBe(true);
    const { items, actor, source, subscriptionOk } = running.openWizard().getSnapshot().context;
    expect({ items, actor, source, subscriptionOk }).toEqual({ items: [collection, inquiry], actor: coach, source: 'intake', subscriptionOk: true });
  });

  it('offers "Review disputes" after the wizard is closed, reopening it with what the wizard saved', async () => {
    const running = disputes(INPUT, { reportStatus: 'complete', unchallengedCount: 2, items: [collection, inquiry] });
    await settle();
    await running.decideAll('close');
    expect(intakeDisputesSelectors.wizard(running.snapshot())).toBeUndefined();
    expect([intakeDisputesSelectors.review(running.snapshot()), intakeDisputesSelectors.canReopen(running.snapshot())]).toEqual([true, true]);
    expect(running.snapshot().status).toBe('active');
    running.actor.send({ type: 'disputes.review' });
    await settle();
    // Decided but not submitted: nothing left to decide, the wizard goes straight to the summary and its submit.
    const reopened = running.openWizard();
    expect(reopened.getSnapshot().context.steps).toEqual([]);
    reopened.send({ type: 'wizard.begin' });
    expect(reopened.getSnapshot().hasTag('step.summary')).toBe(true);
  });

  it('waits for a report still processing before reviewing', async () => {
    const running = disputes(INPUT, { reportStatus: 'processing', unchallengedCount: 0 });
    await settle();
    expect(intakeDisputesSelectors.waiting(running.snapshot())).toBe(true);
    expect(intakeDisputesSelectors.wizard(running.snapshot())).toBeUndefined();
  });
});
