// The machine-test kit: run a machine with faked actors on a simulated clock, let
// promise actors settle, and collect what it emits.
import { createActor, SimulatedClock, type AnyStateMachine, type Actor } from 'xstate';

/** Lets resolved promise actors deliver their results (several microtask and macrotask turns). */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

export interface Running<TMachine extends AnyStateMachine> {
  actor: Actor<TMachine>;
  clock: SimulatedClock;
  emitted: { type: string; [key: string]: unknown }[];
  /** Moves the simulated clock on and lets what it triggered settle. */
  advance(ms: number): Promise<void>;
}

export function run<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input?: unknown,
  clock: SimulatedClock = new SimulatedClock(),
): Running<TMachine> {
  const actor = createActor(machine, { clock, input } as Parameters<typeof createActor<TMachine>>[1]) as Actor<TMachine>;
  const emitted: Running<TMachine>['emitted'] = [];
  actor.on('*', (event) => emitted.push(event as Running<TMachine>['emitted'][number]));
  actor.start();
  return {
    actor,
    clock,
    emitted,
    async advance(ms: number) {
      clock.increment(ms);
      await settle();
    },
  };
}
