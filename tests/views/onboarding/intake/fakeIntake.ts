import { createActor, SimulatedClock } from 'xstate';
import type { IntakeEmitted } from '../../../../machines/onboarding/intake.machine';
import type { IntakeLoadResult } from '../../../../machines/onboarding/ports';
import { inspect } from '../../../../src/inspect';
import { CUSTOMER, fakeIntakePorts, type FakeIntakeOptions } from '../../../support/intakePorts';

// An intake actor over the fake ports for the view tests, started from `loaded`. The clock is simulated so the
// resume dialog's 1 s can be stepped.

export { AGENT, CUSTOMER, FREE_LINE_CUSTOMER, goal, loaded, WIDGET_URL, type FakeIntakeOptions } from '../../../support/intakePorts';

export function fakeIntake(start: IntakeLoadResult, options: FakeIntakeOptions = {}) {
  const { machine, calls } = fakeIntakePorts(start, options);
  const emitted: IntakeEmitted[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: options.input ?? CUSTOMER, clock, inspect });
  actor.on('*', (event) => emitted.push(event as IntakeEmitted));
  actor.start();
  return { actor, calls, clock, emitted };
}
