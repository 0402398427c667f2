import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import type { MachineEntry } from '../../machines/registry';
import { inspect as recordCoverage, transitionId } from '../../src/inspect';
import { describeStep, generatePaths, type GeneratedPath, type PathStrategy } from '../../src/statecharts/paths';

// The model-based test runner (ARCHITECTURE.md "Statecharts"): runs a registered machine's generated paths against the real
// machine with its actors faked and its clock simulated, checks the state reached after every step, and fails
// when some state or transition of the machine appears in no path.
//
// In a path, `xstate.done.actor.<id>` resolves the faked actor invoked as <id> with the event's `output`,
// `xstate.error.actor.<id>` rejects it with the event's `error`, `xstate.after.<delay>.<state id>` advances the
// simulated clock by the named delay; any other event is sent to the machine.

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

export interface RunModelPathsOptions {
  strategy?: PathStrategy;
  /** Replacements for the default fakes, by actor source name. */
  actors?: Record<string, AnyActorLogic>;
  /** Also told about every inspection event (the statechart coverage recorder is always told). */
  inspect?: (event: InspectionEvent) => void;
  /**
   * For machines whose input decides some branches (who the person is, a flag, whether a contact id exists): the
   * registry's model runs as registered, then once per variant; the runs together must cover the machine.
   */
  variants?: readonly ModelVariant[];
}

interface Deferred {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Fakes for a machine's actors: promise actors wait to be settled by the path, callback actors stay idle. */
export class ActorFakes {
  private readonly pending = new Map<string, Deferred>();

  constructor(private readonly promiseSources: ReadonlySet<string>) {}

  logic(machine: AnyStateMachine, overrides: Record<string, AnyActorLogic> = {}): Record<string, AnyActorLogic> {
    const actors: Record<string, AnyActorLogic> = {};
    for (const source of Object.keys(machine.implementations.actors)) {
      actors[source] =
        overrides[source] ??
        (this.promiseSources.has(source)
          ? fromPromise<unknown, unknown>(
              ({ self }) =>
                new Promise((resolve, reject) => {
                  this.pending.set(self.id, { resolve, reject });
                }),
            )
          : fromCallback(() => undefined));
    }
    return actors;
  }

  settle(invokeId: string, outcome: { output: unknown } | { error: unknown }): void {
    const deferred = this.pending.get(invokeId);
    if (!deferred) throw new Error(`no running actor '${invokeId}' to settle`);
    this.pending.delete(invokeId);
    if ('output' in outcome) deferred.resolve(outcome.output);
    else deferred.reject(outcome.error);
  }
}

/** Every state node of a machine, by id (the root included). */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return nodes;
}

/** Every transition of a machine's definition, by `transitionId` (source|event|index; '' for eventless). */
export function allTransitionIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  for (const node of allStateNodes(machine)) {
    for (const [eventType, transitions] of node.transitions) {
      transitions.forEach((_, index) => ids.push(transitionId(node.id, eventType, index)));
    }
    (node.always ?? []).forEach((_, index) => ids.push(transitionId(node.id, '', index)));
  }
  return ids;
}

/** Invoke ids → actor source names, from the machine's definition. */
function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of allStateNodes(machine)) {
    for (const invoke of node.invoke) {
      if (typeof invoke.src === 'string') sources.set(invoke.id, invoke.src);
    }
  }
  return sources;
}

/** The sources whose invocations the registry settles with done/error sample events. */
function promiseSources(entry: MachineEntry): Set<string> {
  const byInvoke = invokeSources(entry.machine);
  const sources = new Set<string>();
  for (const type of Object.keys(entry.testModel.events)) {
    const prefix = type.startsWith(DONE) ? DONE : type.startsWith(ERROR) ? ERROR : null;
    if (prefix === null) continue;
    const source = byInvoke.get(type.slice(prefix.length));
    if (source) sources.add(source);
  }
  return sources;
}

/** The duration of a delayed transition's named delay, as the machine would compute it now. */
function delayMs(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, delay: string): number {
  const numeric = Number(delay);
  if (Number.isFinite(numeric)) return numeric;
  const named: unknown = machine.implementations.delays[delay];
  if (typeof named === 'number') return named;
  if (typeof named === 'function') {
    return (named as (args: { context: unknown; event: EventObject }) => number)({
      context: snapshot.context,
      event: { type: `${AFTER}${delay}` },
    });
  }
  throw new Error(`unknown delay '${delay}'`);
}

/** Lets promise callbacks and the machine's reactions to them run. */
function settleMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface StateNodeLike {
  id: string;
  parent?: StateNodeLike;
  always?: readonly unknown[];
  transitions: Map<string, readonly unknown[]>;
}
interface TransitionLike {
  source: StateNodeLike;
  eventType: string;
}

export interface PathCoverage {
  states: Set<string>;
  transitions: Set<string>;
}

function coverageRecorder(machineId: string, coverage: PathCoverage): (event: InspectionEvent) => void {
  const recordStates = (snapshot: unknown) => {
    const candidate = snapshot as { machine?: { id?: string }; _nodes?: readonly StateNodeLike[] };
    if (candidate.machine?.id !== machineId || !candidate._nodes) return;
    for (const node of candidate._nodes) coverage.states.add(node.id);
  };
  return (event) => {
    if (event.type === '@xstate.microstep') {
      recordStates(event.snapshot);
      for (const transition of event._transitions as readonly TransitionLike[]) {
        const { source, eventType } = transition;
        // A state left at once by an eventless transition shows in no snapshot, but it was entered.
        for (let node: StateNodeLike | undefined = source; node; node = node.parent) coverage.states.add(node.id);
        const siblings = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
        coverage.transitions.add(transitionId(source.id, eventType, Math.max(0, siblings.indexOf(transition))));
      }
    } else if (event.type === '@xstate.snapshot' && event.event.type === 'xstate.init') {
      recordStates(event.snapshot);
    }
  };
}

/** Whether another delayed transition of the active states would fire before `ms` has passed. */
function shorterDelayPending(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string, ms: number): boolean {
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  return nodes.some((node) =>
    node.after.some((transition) => {
      if (transition.eventType === eventType) return false;
      const name = transition.eventType.slice(AFTER.length).split('.', 1)[0] ?? '';
      return delayMs(machine, snapshot, name) < ms;
    }),
  );
}

async function takeStep(
  actor: AnyActorRef,
  machine: AnyStateMachine,
  fakes: ActorFakes,
  clock: SimulatedClock,
  event: EventObject & Record<string, unknown>,
): Promise<void> {
  if (event.type.startsWith(DONE)) {
    fakes.settle(event.type.slice(DONE.length), { output: event.output });
  } else if (event.type.startsWith(ERROR)) {
    fakes.settle(event.type.slice(ERROR.length), { error: event.error });
  } else if (event.type.startsWith(AFTER)) {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const delay = event.type.slice(AFTER.length).split('.', 1)[0] ?? '';
    const ms = delayMs(machine, snapshot, delay);
    // A path may take a longer delay while a parallel region still waits on a shorter one (the intake's Disputes
    // wait beside its resume dialog): advancing the clock would fire both, so the delayed event itself is delivered.
    if (shorterDelayPending(machine, snapshot, event.type, ms)) actor.send({ type: event.type });
    else clock.increment(ms);
  } else {
    actor.send(event);
  }
  await settleMicrotasks();
}

/**
 * Replays one generated path against the real machine and returns the states and transitions it went through.
 * Throws (through `expect`) when a state reached differs from the path's.
 */
export async function replayPath(
  entry: MachineEntry,
  path: GeneratedPath,
  options: RunModelPathsOptions = {},
): Promise<PathCoverage> {
  const key = entry.testModel.stateKey ?? ((snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value));
  const coverage: PathCoverage = { states: new Set(), transitions: new Set() };
  const record = coverageRecorder(entry.machine.id, coverage);
  const fakes = new ActorFakes(promiseSources(entry));
  const machine = entry.machine.provide({ actors: fakes.logic(entry.machine, options.actors) });
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    input: entry.testModel.input,
    clock,
    inspect: (event) => {
      record(event);
      recordCoverage(event);
      options.inspect?.(event);
    },
  });
  actor.start();
  try {
    expect(key(actor.getSnapshot()), 'the initial state').toBe(path.initial.key);
    for (const [index, step] of path.steps.entries()) {
      await takeStep(actor, machine, fakes, clock, step.event);
      expect(key(actor.getSnapshot()), `step ${index + 1}: ${describeStep(step)}`).toBe(step.state.key);
    }
  } finally {
    actor.stop();
  }
  return coverage;
}

function pathTitle(path: GeneratedPath, index: number): string {
  const last = path.steps.at(-1);
  const events = path.steps.map(({ event: { type } }) => {
    if (type.startsWith(DONE)) return `${type.slice(DONE.length)} done`;
    if (type.startsWith(ERROR)) return `${type.slice(ERROR.length)} error`;
    if (type.startsWith(AFTER)) return `after ${type.slice(AFTER.length).split('.', 1)[0] ?? ''}`;
    return type;
  });
  return `path ${index + 1} (${path.steps.length} steps) ${events.join(' → ')}${last ? '' : ' (initial state)'}`;
}

export type SampleEvents = Record<string, ReadonlyArray<EventObject>>;

export interface ModelVariant {
  name: string;
  input: unknown;
  /** The sample events of this run, chosen from the registry's (all of them when absent). */
  events?: (registered: SampleEvents) => SampleEvents;
}

function variantEntry(entry: MachineEntry, variant: ModelVariant): MachineEntry {
  const events = variant.events ? variant.events(entry.testModel.events) : entry.testModel.events;
  return { ...entry, testModel: { ...entry.testModel, input: variant.input, events } };
}

/** The registered sample events of the given types. */
export function pickEvents(registered: SampleEvents, types: readonly string[]): SampleEvents {
  return Object.fromEntries(types.map((type) => [type, registered[type] ?? []]));
}

/**
 * Declares, inside the calling test file, one test per generated path of `entry` (of each run, with variants) and a
 * final test that fails when some state or transition of the machine appears in no path.
 */
export function runModelPaths(entry: MachineEntry, options: RunModelPathsOptions = {}): void {
  const runs = [
    { name: 'as registered', entry },
    ...(options.variants ?? []).map((variant) => ({ name: variant.name, entry: variantEntry(entry, variant) })),
  ];
  const planned = runs.map((run) => ({ ...run, paths: generatePaths(run.entry, { strategy: options.strategy ?? 'shortest' }) }));
  const replays = new Map<string, Promise<PathCoverage>>();
  const replay = (runIndex: number, pathIndex: number) => {
    const id = `${runIndex}:${pathIndex}`;
    const existing = replays.get(id);
    if (existing) return existing;
    const run = planned[runIndex];
    const path = run?.paths[pathIndex];
    if (!run || !path) throw new Error(`no path ${id}`);
    const started = replayPath(run.entry, path, options);
    replays.set(id, started);
    return started;
  };

  describe(`${entry.id}: generated paths`, () => {
    planned.forEach((run, runIndex) => {
      const declarePaths = () =>
        run.paths.forEach((path, pathIndex) => {
          it(pathTitle(path, pathIndex), async () => {
            await replay(runIndex, pathIndex);
          });
        });
      if (planned.length === 1) declarePaths();
      else describe(run.name, declarePaths);
    });

    it(`covers every state and transition of ${entry.id}`, async () => {
      const states = new Set<string>();
      const transitions = new Set<string>();
      for (const [runIndex, run] of planned.entries()) {
        for (const pathIndex of run.paths.keys()) {
          const covered = await replay(runIndex, pathIndex).catch(() => null);
          covered?.states.forEach((id) => states.add(id));
          covered?.transitions.forEach((id) => transitions.add(id));
        }
      }
      const missingStates = allStateNodes(entry.machine)
        .map((node) => node.id)
        .filter((id) => !states.has(id));
      const missingTransitions = allTransitionIds(entry.machine).filter((id) => !transitions.has(id));
      expect({ missingStates, missingTransitions }).toEqual({ missingStates: [], missingTransitions: [] });
    });
  });
}
