import { createActor, SimulatedClock } from 'xstate';
import type { IntakeLoadResult } from '../../../../machines/onboarding/ports';
import { inspect } from '../../../../src/inspect';
import { CUSTOMER, fakeIntakePorts, recordIntakeEmitted, type FakeIntakeOptions } from '../../../support/intakePorts';

// An intake actor over the fake ports for the view tests, started from `loaded`. The clock is simulated so the
// resume dialog's 1 s can be stepped. `emitted` holds what the intake and its steps ask the app to show (the
// address it asks for is the route's business, tests/views/onboarding/intake/intakeRoute.test.tsx).

export { AGENT, CUSTOMER, FREE_LINE_CUSTOMER, goal, loaded, WIDGET_URL, type FakeIntakeOptions } from '../../../support/intakePorts';

export function fakeIntake(start: IntakeLoadResult, options: FakeIntakeOptions = {}) {
  const { machine, calls } = fakeIntakePorts(start, options);
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: options.input ?? CUSTOMER, clock, inspect });
  const { emitted } = recordIntakeEmitted(actor);
  actor.start();
  return { actor, calls, clock, emitted };
}
