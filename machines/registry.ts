import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

// The registry's shape (ARCHITECTURE.md, "Statecharts for QA and product managers"). The statechart export,
// the QA path generator, the model-based test helper, statechart coverage and the visualizer all read machines
// through this one description, so a machine added to machines/index.ts needs no change to any tool.

/** How the test model drives a machine. */
export interface TestModelSettings<TMachine extends AnyStateMachine = AnyStateMachine> {
  /**
   * Sample events with real payloads, by event type. Guards read payloads, so a bare `{ type }` is not enough.
   * Includes the events of invoked actors (`xstate.done.actor.<id>` with an `output`, `xstate.error.actor.<id>`
   * with an `error`) and of delayed transitions (`xstate.after.<delay>.<stateNodeId>`), which the path
   * runner turns into resolving/rejecting the faked actor or advancing the simulated clock.
   */
  events: Record<string, ReadonlyArray<EventObject>>;
  /** Starting input for machines that take `input`. */
  input?: unknown;
  /**
   * The state key: the state value plus the facts its guards read, so counters in context cannot make the
   * graph infinite. Defaults to the JSON of the state value.
   */
  stateKey?: (snapshot: SnapshotFrom<TMachine>) => string;
}

export interface MachineEntry<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Same as the machine's `id`. */
  id: string;
  title: string;
  /** One line: what the flow is for. */
  purpose: string;
  machine: TMachine;
  testModel: TestModelSettings<TMachine>;
}

export function defineMachineEntry<TMachine extends AnyStateMachine>(entry: MachineEntry<TMachine>): MachineEntry {
  return entry as unknown as MachineEntry;
}
