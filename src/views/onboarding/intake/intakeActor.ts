import type { ActorRefFrom } from 'xstate';
import type { intakeMachine } from '../../../../machines/onboarding/intake.machine';

/** The intake machine's actor, as the intake views read and drive it. */
export type IntakeActor = ActorRefFrom<typeof intakeMachine>;
