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
import { describeEvent, describeStep, formatStateValue, generatePaths, type GeneratedPath, type PathStrategy, type SampleEvent } from '../../src/statecharts/paths';
import { toChart, type Chart } from '../../src/visualizer/model/chart';
import { addTransitionPairs, possibleTransitionPairs, seededRandom, shrinkEventsAsync } from '../../src/visualizer/paths/randomWalk';
import { startSimulation, stepSimulation, type SimulationStep } from '../../src/visualizer/simulate/simulator';

// The model-based test runner (ARCHITECTURE.md "Statecharts"): runs a registered machine's generated paths against the real
// machine with its actors faked and its clock simulated, checks the state reached after every step, and fails
// when some state or transition of the machine appears in no path.
//
// In a path, `xstate.done.actor.<id>` resolves the faked actor invoked as <id> with the event's `output`,
// `xstate.error.actor.<id>` rejects it with the event's `error`, `xstate.after.<delay>.<state id>` advances the
// simulated clock by the named delay; any other event is sent to the machine.
//
// Beside the paths, each run walks the machine at random from a seed (`walkModel`, docs/statecharts.md "Random
// walks"): the same events and the same check after every step, the expected state coming from the machine's own
// pure transition function; a failing walk is shrunk to the shortest failing path and printed with its seed.

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
  /** The random walks of each run (`STATECHART_WALKS` and `STATECHART_WALK_STEPS` override); `false`: none. */
  walks?: Partial<WalkSettings> | false;
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

  /** Whether the faked promise actor invoked as `invokeId` is running (so its answer can be given). */
  isRunning(invokeId: string): boolean {
    return this.pending.has(invokeId);
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

/** The entry's state key: what the model tests compare after every step. */
function stateKey(entry: MachineEntry): (snapshot: AnyMachineSnapshot) => string {
  return entry.testModel.stateKey ?? ((snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value));
}

interface ModelActor {
  actor: AnyActorRef;
  machine: AnyStateMachine;
  fakes: ActorFakes;
  clock: SimulatedClock;
}

/** The real machine with its actors faked, on a simulated clock, started; `inspect` also told of every event. */
function startModelActor(entry: MachineEntry, options: RunModelPathsOptions, inspect: (event: InspectionEvent) => void): ModelActor {
  const fakes = new ActorFakes(promiseSources(entry));
  const machine = entry.machine.provide({ actors: fakes.logic(entry.machine, options.actors) });
  const clock = new SimulatedClock();
  const actor = createActor(machine, {
    input: entry.testModel.input,
    clock,
    inspect: (event) => {
      inspect(event);
      recordCoverage(event);
      options.inspect?.(event);
    },
  });
  actor.start();
  return { actor, machine, fakes, clock };
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
  const key = stateKey(entry);
  const coverage: PathCoverage = { states: new Set(), transitions: new Set() };
  const { actor, machine, fakes, clock } = startModelActor(entry, options, coverageRecorder(entry.machine.id, coverage));
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

// ---------------------------------------------------------------------------------------------------------------
// Seeded random walks over the real machine (docs/statecharts.md "Random walks").

/** The seed of the default run: fixed, so `npm test` walks the same way every time until `STATECHART_SEED` says otherwise. */
export const DEFAULT_WALK_SEED = 1;
/** A few short walks per run by default (they add little time); `STATECHART_WALKS` asks for more. */
export const DEFAULT_WALKS = 3;
export const DEFAULT_WALK_STEPS = 20;

export interface WalkSettings {
  seed: number;
  /** Walks to take. */
  walks: number;
  /** The longest walk, in events. */
  maxSteps: number;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) throw new Error(`${name} must be a whole number, not '${value}'`);
  return number;
}

/** The walks of a run: `configured` (or the defaults), overridden by STATECHART_SEED, STATECHART_WALKS, STATECHART_WALK_STEPS. */
export function walkSettings(configured: Partial<WalkSettings> = {}, env: Record<string, string | undefined> = process.env): WalkSettings {
  return {
    seed: wholeNumber('STATECHART_SEED', env.STATECHART_SEED, configured.seed ?? DEFAULT_WALK_SEED),
    walks: wholeNumber('STATECHART_WALKS', env.STATECHART_WALKS, configured.walks ?? DEFAULT_WALKS),
    maxSteps: wholeNumber('STATECHART_WALK_STEPS', env.STATECHART_WALK_STEPS, configured.maxSteps ?? DEFAULT_WALK_STEPS),
  };
}

/** One step of a walk as a failure prints it: the event, the state the model expected, the state the machine was in. */
export interface WalkStepTrace {
  event: SampleEvent;
  expected: string;
  actual: string;
}

export interface ModelWalkFailure {
  /** Which walk failed (1 is the first). */
  walk: number;
  /** What went wrong on the shortest failing path's last step. */
  message: string;
  /** The shortest failing path found: the events, each with what was expected and what the machine did. */
  steps: WalkStepTrace[];
}

export interface ModelWalkReport extends WalkSettings {
  /** Events sent over all walks. */
  steps: number;
  transitions: { covered: number; total: number };
  /** Pairs `<transition id> → <transition id>`: a transition the machine took, then the next one it took. */
  pairs: Set<string>;
  /** Pairs that can follow each other in the machine's definition (`possibleTransitionPairs`). */
  possiblePairs: number;
  failure: ModelWalkFailure | null;
}

interface WalkOutcome {
  /** The events sent, the failing one last. */
  events: SampleEvent[];
  trace: WalkStepTrace[];
  /** The transitions the machine took at each step, in the order it took them (microstep by microstep). */
  taken: string[][];
  error: string | null;
  /** A replayed sequence asked for an event the machine could not take there (not a failure of the machine). */
  impossible: boolean;
}

/** Whether the event can happen in the real run now: an invoked actor answers only while it runs. */
function canHappen(event: SampleEvent, fakes: ActorFakes): boolean {
  if (event.type.startsWith(DONE)) return fakes.isRunning(event.type.slice(DONE.length));
  if (event.type.startsWith(ERROR)) return fakes.isRunning(event.type.slice(ERROR.length));
  return true;
}

function stateText(snapshot: AnyMachineSnapshot, key: string): string {
  const value = formatStateValue(snapshot.value as Parameters<typeof formatStateValue>[0]);
  const shown = key === JSON.stringify(snapshot.value) ? value : `${value} (key ${key})`;
  return snapshot.status === 'active' ? shown : `${shown}, ${snapshot.status}`;
}

/**
 * Plays one walk on the real machine (faked actors, simulated clock) beside the machine's pure transition function:
 * `choose` picks each event among those the model can take now (the registry's samples the state takes, an invoked
 * actor's answer only while it runs), or ends the walk with undefined. After every step the machine must be in the
 * state the model reached, by the entry's state key (the model tests' check), and in the same status.
 */
async function playWalk(
  entry: MachineEntry,
  chart: Chart,
  options: RunModelPathsOptions,
  maxSteps: number,
  choose: (enabled: readonly SampleEvent[], index: number) => SampleEvent | undefined,
): Promise<WalkOutcome> {
  const key = stateKey(entry);
  const samples = Object.values(entry.testModel.events).flat() as SampleEvent[];
  let stepTransitions: string[] = [];
  const recordTransitions = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || (event.snapshot as { machine?: { id?: string } }).machine?.id !== entry.machine.id) return;
    for (const transition of event._transitions as readonly TransitionLike[]) {
      const { source, eventType } = transition;
      const siblings = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
      stepTransitions.push(transitionId(source.id, eventType, Math.max(0, siblings.indexOf(transition))));
    }
  };
  const outcome: WalkOutcome = { events: [], trace: [], taken: [], error: null, impossible: false };
  const { actor, machine, fakes, clock } = startModelActor(entry, options, recordTransitions);
  try {
    let model: SimulationStep = startSimulation(entry, chart);
    const initial = actor.getSnapshot() as AnyMachineSnapshot;
    if (key(initial) !== key(model.snapshot)) {
      outcome.error = `the initial state: expected ${stateText(model.snapshot, key(model.snapshot))}, the machine is in ${stateText(initial, key(initial))}`;
      return outcome;
    }
    for (let index = 0; index < maxSteps; index += 1) {
      const current = model.snapshot;
      const enabled = current.status === 'active' ? samples.filter((event) => canHappen(event, fakes) && current.can(event)) : [];
      const event = choose(enabled, index);
      if (event === undefined) break;
      if (!enabled.includes(event)) {
        outcome.impossible = true;
        return outcome;
      }
      outcome.events.push(event);
      const expected = stepSimulation(entry, chart, model, event);
      stepTransitions = [];
      try {
        await takeStep(actor, machine, fakes, clock, event);
      } catch (error) {
        outcome.error = `step ${index + 1}, ${describeEvent(event)}: ${error instanceof Error ? error.message : String(error)}`;
        outcome.trace.push({ event, expected: stateText(expected.snapshot, key(expected.snapshot)), actual: '(the step failed)' });
        return outcome;
      }
      const reached = actor.getSnapshot() as AnyMachineSnapshot;
      const trace = { event, expected: stateText(expected.snapshot, key(expected.snapshot)), actual: stateText(reached, key(reached)) };
      outcome.trace.push(trace);
      outcome.taken.push(stepTransitions);
      if (key(reached) !== key(expected.snapshot) || reached.status !== expected.snapshot.status) {
        outcome.error = `step ${index + 1}, ${describeEvent(event)}: expected ${trace.expected}, the machine is in ${trace.actual}`;
        return outcome;
      }
      model = expected;
    }
  } finally {
    actor.stop();
  }
  return outcome;
}

/** Replays exactly `events`; the outcome says whether it fails (and where), or asked for an impossible event. */
function replayEvents(entry: MachineEntry, chart: Chart, options: RunModelPathsOptions, events: readonly SampleEvent[]): Promise<WalkOutcome> {
  return playWalk(entry, chart, options, events.length, (_enabled, index) => events[index]);
}

/**
 * The shortest sequence of the model's events from the initial state to the state `target` (by state key),
 * breadth first over the machine's pure transition function; null when not found within `limit` states.
 */
function shortestEventsTo(entry: MachineEntry, chart: Chart, target: string, limit = 20_000): SampleEvent[] | null {
  const key = stateKey(entry);
  const samples = Object.values(entry.testModel.events).flat() as SampleEvent[];
  const start = startSimulation(entry, chart);
  const seen = new Set([key(start.snapshot)]);
  const queue: Array<{ step: SimulationStep; events: SampleEvent[] }> = [{ step: start, events: [] }];
  for (let head = 0; head < queue.length && seen.size <= limit; head += 1) {
    const { step, events } = queue[head] as (typeof queue)[number];
    if (key(step.snapshot) === target) return events;
    if (step.snapshot.status !== 'active') continue;
    for (const event of samples) {
      if (!step.snapshot.can(event)) continue;
      const next = stepSimulation(entry, chart, step, event);
      const nextKey = key(next.snapshot);
      if (seen.has(nextKey)) continue;
      seen.add(nextKey);
      queue.push({ step: next, events: [...events, event] });
    }
  }
  return null;
}

/** Shrinks a failing sequence (dropping events while it still fails), cut after the step that fails. */
async function shrinkFailing(entry: MachineEntry, chart: Chart, options: RunModelPathsOptions, events: readonly SampleEvent[]): Promise<WalkOutcome> {
  const fails = async (candidate: SampleEvent[]) => {
    const outcome = await replayEvents(entry, chart, options, candidate);
    return !outcome.impossible && outcome.error !== null;
  };
  let shrunk = await replayEvents(entry, chart, options, await shrinkEventsAsync(events, fails));
  // Dropping an event may make the failure come earlier: keep the events up to it, and shrink again.
  for (let round = 0; round < 3 && shrunk.error !== null; round += 1) {
    const again = await replayEvents(entry, chart, options, await shrinkEventsAsync(shrunk.events, fails));
    if (again.error === null || again.events.length >= shrunk.events.length) break;
    shrunk = again;
  }
  return shrunk;
}

/**
 * The shortest failing path found for a failing walk: the walk shrunk, and the model's shortest way to the state the
 * failing step starts from followed by that step, when that also fails and is shorter.
 */
async function shortestFailingPath(entry: MachineEntry, chart: Chart, options: RunModelPathsOptions, failed: WalkOutcome): Promise<WalkOutcome> {
  let best = await shrinkFailing(entry, chart, options, failed.events);
  if (best.error === null) best = failed;
  const last = best.events.at(-1);
  if (last === undefined || best.events.length <= 1) return best;
  // The state the failing step starts from, as the model has it.
  let before = startSimulation(entry, chart);
  for (const event of best.events.slice(0, -1)) before = stepSimulation(entry, chart, before, event);
  const way = shortestEventsTo(entry, chart, stateKey(entry)(before.snapshot));
  if (way && way.length + 1 < best.events.length) {
    const direct = await replayEvents(entry, chart, options, [...way, last]);
    if (!direct.impossible && direct.error !== null) {
      const shrunk = await shrinkFailing(entry, chart, options, direct.events);
      const shorter = shrunk.error !== null && shrunk.events.length <= direct.events.length ? shrunk : direct;
      if (shorter.events.length < best.events.length) best = shorter;
    }
  }
  return best;
}

/**
 * Walks the real machine at random from a seed: `walks` walks of at most `maxSteps` events each, chosen among the
 * events the model can take (see `playWalk`), with the model tests' check after every step. Reports the
 * transitions and transition pairs the machine took; the first failing walk ends the run, shrunk to the shortest
 * failing path found.
 */
export async function walkModel(entry: MachineEntry, settings: WalkSettings, options: RunModelPathsOptions = {}): Promise<ModelWalkReport> {
  const chart = toChart(entry.machine);
  const random = seededRandom(settings.seed);
  const covered = new Set<string>();
  const pairs = new Set<string>();
  let steps = 0;
  let failure: ModelWalkFailure | null = null;
  for (let walk = 1; walk <= settings.walks && failure === null; walk += 1) {
    const outcome = await playWalk(entry, chart, options, settings.maxSteps, (enabled) =>
      enabled.length === 0 ? undefined : enabled[Math.floor(random() * enabled.length)],
    );
    steps += outcome.events.length;
    let last: string | null = null;
    for (const taken of outcome.taken) {
      taken.forEach((id) => covered.add(id));
      last = addTransitionPairs(pairs, last, taken);
    }
    if (outcome.error !== null) {
      const shortest = await shortestFailingPath(entry, chart, options, outcome);
      failure = { walk, message: shortest.error ?? outcome.error, steps: shortest.trace };
    }
  }
  return {
    ...settings,
    steps,
    transitions: { covered: covered.size, total: chart.transitions.length },
    pairs,
    possiblePairs: possibleTransitionPairs(chart),
    failure,
  };
}

/** One line: the walks, the transitions and the transition pairs they took. */
export function formatModelWalkSummary(title: string, report: ModelWalkReport): string {
  return (
    `${title}: ${report.walks} random walks from seed ${report.seed} (at most ${report.maxSteps} steps), ${report.steps} steps; ` +
    `transitions ${report.transitions.covered}/${report.transitions.total}; ` +
    `transition pairs ${report.pairs.size} of ${report.possiblePairs} that can follow each other`
  );
}

/** What a failing walk prints: the seed to replay it, the shortest failing path, and where the machine went wrong. */
export function formatModelWalkFailure(title: string, report: ModelWalkReport, testFile?: string): string {
  const failure = report.failure;
  if (!failure) return `${title}: no failure`;
  const replay = `STATECHART_SEED=${report.seed}${report.walks === DEFAULT_WALKS ? '' : ` STATECHART_WALKS=${report.walks}`}${
    report.maxSteps === DEFAULT_WALK_STEPS ? '' : ` STATECHART_WALK_STEPS=${report.maxSteps}`
  } npx vitest run --project unit ${testFile ?? '<the test file>'}`;
  return [
    `${title}: random walk ${failure.walk} of ${report.walks} from seed ${report.seed} failed: ${failure.message}`,
    `Replay it: ${replay}`,
    `Shortest failing path (${failure.steps.length} ${failure.steps.length === 1 ? 'step' : 'steps'}):`,
    ...failure.steps.map((step, index) => {
      const last = index === failure.steps.length - 1;
      return `  ${index + 1}. ${describeEvent(step.event)} → ${last ? `expected ${step.expected}, the machine is in ${step.actual}` : step.expected}`;
    }),
  ].join('\n');
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

    if (options.walks !== false) {
      const settings = walkSettings(options.walks || {});
      planned.forEach((run) => {
        const title = planned.length === 1 ? entry.id : `${entry.id} (${run.name})`;
        it(`walks ${planned.length === 1 ? 'the machine' : run.name} at random from the seed (${settings.walks} walks of at most ${settings.maxSteps} steps)`, async ({ annotate }) => {
          const report = await walkModel(run.entry, settings, options);
          const summary = formatModelWalkSummary(title, report);
          await annotate(summary);
          if (process.env.STATECHART_SEED !== undefined || process.env.STATECHART_WALKS !== undefined) process.stdout.write(`${summary}\n`);
          if (report.failure) throw new Error(formatModelWalkFailure(title, report, expect.getState().testPath?.replace(`${process.cwd()}/`, '')));
        });
      });
    }

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
