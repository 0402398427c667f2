import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { TestModel, type AdjacencyValue } from 'xstate/graph';
import type { MachineEntry } from '../../machines/registry';

// Generated test paths (issue 3 items 11 and 12): plain data computed from a registered machine and its
// test-model settings, for the QA path tool, the visualizer and the model-based test helper alike.
// `TestModel` is used directly because `createTestModel` refuses machines with `invoke` or `after`.
// Either strategy is completed with one path for every move the traversal found that its paths do not make yet
// (a shortest path to the source state plus that event), so that every transition is exercised.

export type PathStrategy = 'shortest' | 'simple';
export const PATH_STRATEGIES: readonly PathStrategy[] = ['shortest', 'simple'];

export type SampleEvent = EventObject & Record<string, unknown>;

export interface PathState {
  value: StateValue;
  /** The entry's state key (value plus the facts its guards read). */
  key: string;
}

export interface PathStep {
  event: SampleEvent;
  /** The state reached after the event. */
  state: PathState;
}

export interface GeneratedPath {
  /** The machine's initial state, before the first step. */
  initial: PathState;
  steps: PathStep[];
  /** Where the path ends. */
  state: PathState;
}

export interface PathTotals {
  paths: number;
  steps: number;
  /** Distinct states (by state key) the traversal reached. */
  states: number;
  /** (state key, event) pairs the traversal found; each move they make (state value, event, state value) is in some path. */
  transitions: number;
  /** The simple strategy stopped at SIMPLE_PATHS_LIMIT paths (dense machines have too many to list). */
  limited: boolean;
}

export interface GeneratedPaths {
  paths: GeneratedPath[];
  totals: PathTotals;
}

type Snapshot = AnyMachineSnapshot;
type GraphStep = { event: EventObject; state: Snapshot };
type Vertices = Record<string, AdjacencyValue<Snapshot, EventObject>>;

const INIT_EVENT_TYPE = 'xstate.init';

/** The entry's state key, computed once per snapshot (the traversal shares snapshot objects between paths). */
function stateKeyOf(entry: MachineEntry): (snapshot: Snapshot) => string {
  const compute = entry.testModel.stateKey ?? ((snapshot: Snapshot) => JSON.stringify(snapshot.value));
  const keys = new WeakMap<Snapshot, string>();
  return (snapshot) => {
    let key = keys.get(snapshot);
    if (key === undefined) {
      key = compute(snapshot);
      keys.set(snapshot, key);
    }
    return key;
  };
}

/** Event identity for the traversal (the graph's own default serialiser, stable for plain payloads). */
function serializeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

function sampleEvents(entry: MachineEntry): EventObject[] {
  return Object.values(entry.testModel.events).flat();
}

function createModel(entry: MachineEntry): TestModel<Snapshot, EventObject, unknown> {
  const events = sampleEvents(entry);
  const key = stateKeyOf(entry);
  // Only events the current state can take: the rest would be self-loops that change nothing.
  return new TestModel<Snapshot, EventObject, unknown>(entry.machine, {
    events: (snapshot: Snapshot) => events.filter((event) => snapshot.can(event)),
    serializeState: (snapshot: Snapshot) => key(snapshot),
    serializeEvent: (event: EventObject) => serializeEvent(event) as never,
    input: entry.testModel.input,
  } as ConstructorParameters<typeof TestModel<Snapshot, EventObject, unknown>>[1]);
}

/** The registry's own sample event (plain data; kept as is so payloads such as dates keep their type). */
function toSampleEvent(event: EventObject): SampleEvent {
  return event as SampleEvent;
}

function toPathState(snapshot: Snapshot, key: (snapshot: Snapshot) => string): PathState {
  return { value: JSON.parse(JSON.stringify(snapshot.value)) as StateValue, key: key(snapshot) };
}

/**
 * A move as QA sees it: from a state, by an event (with its payload) through the machine's transitions that the
 * event selects there, to a state. States are compared by value, not by key, so the same move made with other
 * facts in context counts once, while two guarded branches to the same state count apart.
 */
function edgeId(machine: AnyStateMachine, source: Snapshot, event: EventObject, target: Snapshot): string {
  const taken = machine
    .getTransitionData(source, event)
    .map((transition) => {
      const siblings = transition.source.transitions.get(transition.eventType) ?? [];
      return `${transition.source.id}|${transition.eventType}|${siblings.indexOf(transition)}`;
    })
    .join(',');
  return [JSON.stringify(source.value), serializeEvent(event), taken, JSON.stringify(target.value)].join('\u0000');
}

/** At most this many simple paths per machine: their number grows exponentially with a machine's density. */
export const SIMPLE_PATHS_LIMIT = 200;

/**
 * The maximal simple paths (no state key visited twice) from the initial state, depth first in the order the
 * traversal found the transitions, up to SIMPLE_PATHS_LIMIT. (`TestModel.getSimplePaths` lists every simple path
 * to every state, which does not finish for machines where most states reach most others.)
 */
function simplePaths(
  vertices: Vertices,
  initial: GraphStep,
  key: (snapshot: Snapshot) => string,
): { paths: GraphStep[][]; limited: boolean } {
  const paths: GraphStep[][] = [];
  const visiting = new Set<string>();
  let limited = false;
  const walk = (steps: GraphStep[]) => {
    if (paths.length >= SIMPLE_PATHS_LIMIT) {
      limited = true;
      return;
    }
    const last = steps.at(-1);
    if (!last) return;
    const lastKey = key(last.state);
    visiting.add(lastKey);
    let extended = false;
    for (const { event, state } of Object.values(vertices[lastKey]?.transitions ?? {})) {
      if (visiting.has(key(state))) continue;
      extended = true;
      walk([...steps, { event, state }]);
    }
    visiting.delete(lastKey);
    if (!extended && paths.length < SIMPLE_PATHS_LIMIT) paths.push(steps);
  };
  walk([initial]);
  return { paths, limited };
}

/** Drops paths whose steps are a prefix of (or the same as) another path's steps: they test nothing more. */
function withoutPrefixes(paths: GraphStep[][], key: (snapshot: Snapshot) => string): GraphStep[][] {
  const signed = paths.map((steps, index) => ({
    steps,
    index,
    signature: steps.map((step) => `${serializeEvent(step.event)}>${key(step.state)}`),
  }));
  // In lexicographic order a path that is a prefix of another comes right before some path it is a prefix of.
  const sorted = [...signed].sort((a, b) => {
    const length = Math.min(a.signature.length, b.signature.length);
    for (let position = 0; position < length; position += 1) {
      const left = a.signature[position] ?? '';
      const right = b.signature[position] ?? '';
      if (left !== right) return left < right ? -1 : 1;
    }
    return a.signature.length - b.signature.length || a.index - b.index;
  });
  const dropped = new Set<number>();
  sorted.forEach((path, position) => {
    const next = sorted[position + 1];
    if (next && path.signature.every((part, step) => next.signature[step] === part)) dropped.add(path.index);
  });
  return signed.filter((path) => !dropped.has(path.index)).map((path) => path.steps);
}

/** Breadth-first shortest paths from the initial state to every state key, as step lists (first step: init). */
function shortestPathsTo(vertices: Vertices, initialKey: string, key: (snapshot: Snapshot) => string): Map<string, GraphStep[]> {
  const initial = vertices[initialKey];
  if (!initial) throw new Error('no initial state in the traversal');
  const paths = new Map<string, GraphStep[]>([[initialKey, [{ event: { type: INIT_EVENT_TYPE }, state: initial.state }]]]);
  const queue = [initialKey];
  for (let head = 0; head < queue.length; head += 1) {
    const sourceKey = queue[head] ?? '';
    const steps = paths.get(sourceKey) ?? [];
    for (const { event, state } of Object.values(vertices[sourceKey]?.transitions ?? {})) {
      const targetKey = key(state);
      if (paths.has(targetKey)) continue;
      paths.set(targetKey, [...steps, { event, state }]);
      queue.push(targetKey);
    }
  }
  return paths;
}

/**
 * The paths of `entry` by `strategy`, each step the event with its payload and the state reached, plus totals.
 * Every move (state, event with payload, transitions taken, next state) that the traversal finds with the
 * registry's sample events is in some path.
 */
export function generatePathsWithTotals(entry: MachineEntry, options: { strategy: PathStrategy }): GeneratedPaths {
  const key = stateKeyOf(entry);
  const vertices = createModel(entry).getAdjacencyMap() as Vertices;
  // The traversal starts at the initial state, so it is the first vertex.
  const initialKey = Object.keys(vertices)[0];
  if (initialKey === undefined) throw new Error(`${entry.id}: no initial state`);
  const shortestTo = shortestPathsTo(vertices, initialKey, key);
  const initial = shortestTo.get(initialKey)?.[0];
  if (!initial) throw new Error(`${entry.id}: no initial state`);
  const simple = options.strategy === 'simple' ? simplePaths(vertices, initial, key) : null;
  const base: GraphStep[][] = simple ? simple.paths : withoutPrefixes([...shortestTo.values()], key);

  const edgeIds = new Map<string, string>();
  const edgeOf = (source: Snapshot, event: EventObject, target: Snapshot) => {
    const cacheKey = `${key(source)}\u0000${serializeEvent(event)}`;
    let id = edgeIds.get(cacheKey);
    if (id === undefined) {
      id = edgeId(entry.machine, source, event, target);
      edgeIds.set(cacheKey, id);
    }
    return id;
  };
  const covered = new Set<string>();
  const cover = (steps: GraphStep[]) => {
    for (let index = 1; index < steps.length; index += 1) {
      const previous = steps[index - 1];
      const step = steps[index];
      if (previous && step) covered.add(edgeOf(previous.state, step.event, step.state));
    }
  };
  const all: GraphStep[][] = [...base];
  all.forEach(cover);

  let transitions = 0;
  for (const [sourceKey, vertex] of Object.entries(vertices)) {
    for (const { event, state } of Object.values(vertex.transitions)) {
      transitions += 1;
      const id = edgeOf(vertex.state, event, state);
      if (covered.has(id)) continue;
      const head = shortestTo.get(sourceKey);
      if (!head) continue;
      covered.add(id);
      all.push([...head, { event, state }]);
    }
  }

  const paths = withoutPrefixes(all, key).map((steps): GeneratedPath => {
    const first = steps[0];
    const last = steps.at(-1);
    if (!first || !last) throw new Error(`${entry.id}: an empty path`);
    return {
      initial: toPathState(first.state, key),
      steps: steps
        .filter((step) => step.event.type !== INIT_EVENT_TYPE)
        .map((step) => ({ event: toSampleEvent(step.event), state: toPathState(step.state, key) })),
      state: toPathState(last.state, key),
    };
  });
  return {
    paths,
    totals: {
      paths: paths.length,
      steps: paths.reduce((sum, path) => sum + path.steps.length, 0),
      states: Object.keys(vertices).length,
      transitions,
      limited: simple?.limited ?? false,
    },
  };
}

/** The paths of `entry` by `strategy` (see `generatePathsWithTotals`). */
export function generatePaths(entry: MachineEntry, options: { strategy: PathStrategy }): GeneratedPath[] {
  return generatePathsWithTotals(entry, options).paths;
}

export function pathTotals(paths: readonly GeneratedPath[]): Pick<PathTotals, 'paths' | 'steps'> {
  return { paths: paths.length, steps: paths.reduce((sum, path) => sum + path.steps.length, 0) };
}

const ACTOR_DONE = 'xstate.done.actor.';
const ACTOR_ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const MAX_VALUE_LENGTH = 40;

/** `{ editing: { form: 'dirty' } }` → `editing.form.dirty`; parallel regions joined with ' + '. */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const leaves: string[] = [];
  const walk = (prefix: string, part: StateValue | undefined) => {
    if (part === undefined) return;
    if (typeof part === 'string') {
      leaves.push(`${prefix}${part}`);
      return;
    }
    const keys = Object.keys(part);
    if (keys.length === 0) leaves.push(prefix.replace(/\.$/, ''));
    for (const child of keys) walk(`${prefix}${child}.`, part[child]);
  };
  walk('', value);
  return leaves.join(' + ');
}

function formatValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

function formatPayload(payload: Record<string, unknown>): string {
  const parts = Object.entries(payload)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${formatValue(value)}`);
  return parts.length === 0 ? '' : ` {${parts.join(', ')}}`;
}

/** What a step does, in plain language: `Send form.submit {email: "a@b.co"} → state loading`. */
export function describeEvent(event: SampleEvent): string {
  const { type, ...payload } = event;
  if (type.startsWith(ACTOR_DONE)) {
    const output = event.output === undefined ? '' : ` with ${formatValue(event.output)}`;
    return `${type.slice(ACTOR_DONE.length)} succeeds${output}`;
  }
  if (type.startsWith(ACTOR_ERROR)) {
    const error = event.error as { code?: unknown } | undefined;
    const reason = error && typeof error.code === 'string' ? ` (${error.code})` : '';
    return `${type.slice(ACTOR_ERROR.length)} fails${reason}`;
  }
  if (type.startsWith(AFTER)) {
    const delay = type.slice(AFTER.length).split('.', 1)[0] ?? '';
    return `Wait for ${delay}`;
  }
  return `Send ${type}${formatPayload(payload)}`;
}

export function describeStep(step: PathStep): string {
  return `${describeEvent(step.event)} → state ${formatStateValue(step.state.value)}`;
}
