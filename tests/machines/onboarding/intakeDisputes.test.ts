import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { intakeDisputesMachine } from '../../../machines/onboarding/intakeDisputes.machine';
import type { IntakeDisputesInput } from '../../../machines/onboarding/ports';
import type { InitialReportStatus, IntakeSaveRequest } from '../../../src/domain/intake';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

// The intake's Disputes step on its own (spec 002 §4); the step within the intake is tested in intake.test.ts.

const entry = machineEntry('intakeDisputes');
if (!entry) throw new Error('intakeDisputes is not registered');

const INPUT = entry.testModel.input as IntakeDisputesInput;

runModelPaths(entry, { variants: [{ name: 'reached going back', input: { ...INPUT, movingBack: true } }] });

function disputes(input: IntakeDisputesInput, check: { reportStatus: InitialReportStatus; unchallengedCount: number }) {
  const machine = intakeDisputesMachine.provide({
    actors: {
      checkDisputes: fromPromise(async () => ({ userId: 'customer-1', ...check })),
      saveIntake: fromPromise<void, IntakeSaveRequest>(async () => undefined),
    },
  });
  return run(machine, input);
}

describe('the Disputes step ends with where the intake goes', () => {
  it('on, by itself, with nothing to review', async () => {
    const running = disputes(INPUT, { reportStatus: 'complete', unchallengedCount: 0 });
    await settle();
    expect(running.actor.getSnapshot().output).toEqual({ move: 'next', saved: null });
  });

  it('back, by itself, when reached going back with nothing to review', async () => {
    const running = disputes({ ...INPUT, movingBack: true }, { reportStatus: 'none', unchallengedCount: 0 });
    await settle();
    expect(running.actor.getSnapshot().output).toEqual({ move: 'back', saved: null });
  });

  it('on, with the review-later choice it saved', async () => {
    const running = disputes(INPUT, { reportStatus: 'complete', unchallengedCount: 1 });
    await settle();
    running.actor.send({ type: 'disputes.reviewLater' });
    await settle();
    const personalInfoId = INPUT.personalInfo?.id ?? '';
    expect(running.actor.getSnapshot().output).toEqual({
      move: 'next',
      saved: { personalInfo: { id: personalInfoId, disputesReviewLater: true } },
    });
  });

  it('shows the message it was opened with until something replaces it', async () => {
    const running = disputes({ ...INPUT, errorKey: 'intake.errors.missing-fields' }, { reportStatus: 'complete', unchallengedCount: 1 });
    await settle();
    expect(running.actor.getSnapshot().context.errorKey).toBe('intake.errors.missing-fields');
  });
});
