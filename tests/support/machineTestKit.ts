// The machine-test kit: run a machine with faked actors on a simulated clock, let
// promise actors settle, and collect what it emits.
import { createActor, SimulatedClock, type Actor, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';

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
  /** The actor's snapshot now. */
  snapshot(): SnapshotFrom<TMachine>;
  /** Sends an event as a view would and lets the promise actors it started settle. */
  send(event: EventFromLogic<TMachine>): Promise<void>;
  /** The notices emitted so far (the toasts a view shows), as their level and text key. */
  notices(): { level: unknown; key: unknown }[];
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
    snapshot: () => actor.getSnapshot(),
    async send(event) {
      actor.send(event);
      await settle();
    },
    notices: () => emitted.map(({ level, key }) => ({ level, key })),
  };
}
