import type { AnyStateMachine, EventFromLogic, EventObject, SnapshotFrom } from 'xstate';

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

// ---------------------------------------------------------------------------------------------------------------
// Sample events for registry entries. `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked
// actor's result and `xstate.after.<delay>.<state id>` for a delay running out; the path runner turns them into
// resolving/rejecting the faked actor or advancing the simulated clock.

type OutputOf<TSignature> = TSignature extends { output: infer TOutput } ? TOutput : never;
/** The output argument: optional when the actor resolves with nothing. */
type OutputArgument<TSignature> = undefined extends OutputOf<TSignature> ? [output?: OutputOf<TSignature>] : [output: OutputOf<TSignature>];

/**
 * The done and error events of a machine's invoked actors, typed by its actor signatures (machines/<area>/ports.ts),
 * so a sample output cannot drift from what the real actor returns. The invoke id is the actor's name unless the
 * machine gives the invocation its own id (`doneAs` / `failAs`).
 */
export function actorSamples<TSignatures>() {
  const doneEvent = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
  const failEvent = (id: string, code: string, key?: string): EventObject =>
    ({ type: `xstate.error.actor.${id}`, error: key ? { code, key } : { code } }) as EventObject;
  return {
    done: <TName extends keyof TSignatures & string>(name: TName, ...output: OutputArgument<TSignatures[TName]>) =>
      doneEvent(name, output[0]),
    doneAs: <TName extends keyof TSignatures & string>(id: string, _name: TName, ...output: OutputArgument<TSignatures[TName]>) =>
      doneEvent(id, output[0]),
    fail: (name: keyof TSignatures & string, code: string, key?: string) => failEvent(name, code, key),
    failAs: (id: string, _name: keyof TSignatures & string, code: string, key?: string) => failEvent(id, code, key),
  };
}

/**
 * Sample events as `testModel.events` holds them, by type: each sample is written once and listed under its own
 * type, in the order given (an event's samples in turn, its type where its first sample stands).
 */
export function eventsByType(...samples: readonly EventObject[]): Record<string, EventObject[]> {
  const events: Record<string, EventObject[]> = {};
  for (const sample of samples) (events[sample.type] ??= []).push(sample);
  return events;
}

/** A delay running out in the state with this id. */
export const after = (delay: string, stateId: string): EventObject => ({ type: `xstate.after.${delay}.${stateId}` });

/** A sample event checked against the machine's own events. */
export const sampleEvents =
  <TMachine extends AnyStateMachine>() =>
  (event: EventFromLogic<TMachine>): EventObject =>
    event;

/** The state key of machines whose guards read nothing from context. */
export const valueKey = (snapshot: { value: unknown }): string => JSON.stringify(snapshot.value);

/**
 * The state key of machines whose guards read these context facts, by their context names:
 * `stateKey: contextKey('draft', 'submitted')` is the JSON of `{ value, draft: context.draft, submitted: context.submitted }`
 * (`value` the state value, so a fact of that name needs its own key function).
 */
export const contextKey =
  <TContext>(...facts: ReadonlyArray<keyof TContext & string>) =>
  (snapshot: { value: unknown; context: TContext }): string =>
    JSON.stringify({ value: snapshot.value, ...Object.fromEntries(facts.map((fact) => [fact, snapshot.context[fact]])) });
