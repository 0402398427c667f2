import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject, StateValue } from 'xstate';
import { TestModel, type AdjacencyValue } from 'xstate/graph';
import type { MachineEntry } from '../../machines/registry';

// Generated test paths (ARCHITECTURE.md "Statecharts": `npm run paths`, model-based tests): plain data computed from a registered machine and its
// test-model settings, for the QA path tool, the visualizer and the model-based test helper alike.
// `TestModel` is used directly because `createTestModel` refuses machines with `invoke` or `after`.
//
// The traversal visits every state key the registry's sample events reach; a *move* is what QA sees of one of
// its edges: from a state, by an event with its payload, through the transitions the event selects, to a state
// (states by value, so the same move made with other facts in context counts once). Both strategies make
// every move the traversal found:
// - shortest: the fewest shortest paths that do (each one the shortest way to a move plus that move, the
//   deepest moves first so that their paths also make the shallow ones on the way);
// - simple: the maximal simple paths (no state key twice), up to SIMPLE_PATHS_LIMIT, completed with a shortest
//   path for every move they miss.
// The traversal is shared by both strategies and kept per registry entry (the registry's entries live as long as
// the process; generating the paths is pure).

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
  /** (state key, event) pairs the traversal found. */
  transitions: number;
  /** Distinct moves (state value, event with payload, transitions taken, state value): every one is in some path. */
  moves: number;
  /** The simple strategy stopped at SIMPLE_PATHS_LIMIT maximal simple paths (dense machines have too many to list). */
  limited: boolean;
}

export interface GeneratedPaths {
  paths: GeneratedPath[];
  totals: PathTotals;
}

type Snapshot = AnyMachineSnapshot;
type GraphStep = { event: EventObject; state: Snapshot };
type Vertices = Record<string, AdjacencyValue<Snapshot, EventObject>>;

interface Edge {
  sourceKey: string;
  event: EventObject;
  state: Snapshot;
  move: string;
}

interface Traversal {
  key: (snapshot: Snapshot) => string;
  vertices: Vertices;
  initialKey: string;
  /** A shortest way from the initial state to every state key, as steps (the first one: init). */
  shortestTo: Map<string, GraphStep[]>;
  edges: Edge[];
  /** The move each step makes, by `${source key}\u0000${event}`. */
  moveOf: Map<string, string>;
}

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

type GuardImplementation = (args: { context: unknown; event: unknown }, params: unknown) => boolean;

/**
 * The machine with every named guard remembering its answers per context, event and params: one step asks the
 * same guards several times (is the event enabled, which transitions does it take, then the transition itself),
 * and some guards are costly (validating a form builds its schema). Guards are pure, so the answers are the same.
 */
function withRememberedGuards(machine: AnyStateMachine): AnyStateMachine {
  const guards = Object.fromEntries(
    Object.entries(machine.implementations.guards as Record<string, unknown>).map(([name, guard]) => {
      // Higher-order guards (and, or, not) are evaluated by XState itself through their own properties.
      if (typeof guard !== 'function' || 'check' in guard) return [name, guard];
      const answers = new WeakMap<object, WeakMap<object, Map<string, boolean>>>();
      const remembered: GuardImplementation = (args, params) => {
        const { context, event } = args;
        if (typeof context !== 'object' || context === null || typeof event !== 'object' || event === null) {
          return (guard as GuardImplementation)(args, params);
        }
        let byEvent = answers.get(context);
        if (!byEvent) answers.set(context, (byEvent = new WeakMap()));
        let byParams = byEvent.get(event);
        if (!byParams) byEvent.set(event, (byParams = new Map()));
        const paramsKey = JSON.stringify(params, (_key, value: unknown) => (value instanceof Error ? `Error(${value.message})` : value)) ?? '';
        let answer = byParams.get(paramsKey);
        if (answer === undefined) {
          answer = (guard as GuardImplementation)(args, params);
          byParams.set(paramsKey, answer);
        }
        return answer;
      };
      return [name, remembered];
    }),
  );
  return machine.provide({ guards } as Parameters<AnyStateMachine['provide']>[0]);
}

/** Whether some active state node has transitions for an event type (cheap; wildcards answer yes). */
function listensTo(snapshot: Snapshot): (eventType: string) => boolean {
  const descriptors = new Set<string>();
  for (const node of snapshot._nodes) for (const descriptor of node.transitions.keys()) descriptors.add(descriptor);
  if ([...descriptors].some((descriptor) => descriptor.includes('*'))) return () => true;
  return (eventType) => descriptors.has(eventType);
}

/** The transitions an event selects in a snapshot, looked up once (the events filter and the move both ask). */
function transitionsTaken(machine: AnyStateMachine): (snapshot: Snapshot, event: EventObject) => AnyTransitionDefinition[] {
  const taken = new WeakMap<Snapshot, Map<EventObject, AnyTransitionDefinition[]>>();
  return (snapshot, event) => {
    let byEvent = taken.get(snapshot);
    if (!byEvent) taken.set(snapshot, (byEvent = new Map()));
    let transitions = byEvent.get(event);
    if (!transitions) {
      transitions = machine.getTransitionData(snapshot, event);
      byEvent.set(event, transitions);
    }
    return transitions;
  };
}

function createModel(
  entry: MachineEntry,
  machine: AnyStateMachine,
  key: (snapshot: Snapshot) => string,
  taken: (snapshot: Snapshot, event: EventObject) => AnyTransitionDefinition[],
): TestModel<Snapshot, EventObject, unknown> {
  const events = sampleEvents(entry);
  // Only events the current state can take (as `snapshot.can` decides): the rest would be self-loops that
  // change nothing.
  const enabled = (snapshot: Snapshot) => {
    const listens = listensTo(snapshot);
    return events.filter((event) => listens(event.type) && taken(snapshot, event).some((t) => t.target !== undefined || t.actions.length > 0));
  };
  return new TestModel<Snapshot, EventObject, unknown>(machine, {
    events: enabled,
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

/** The move an edge makes (see the top of this file): guarded branches to the same state count apart. */
function moveId(taken: readonly AnyTransitionDefinition[], source: Snapshot, event: EventObject, target: Snapshot): string {
  const transitions = taken
    .map((transition) => {
      const siblings = transition.source.transitions.get(transition.eventType) ?? [];
      return `${transition.source.id}|${transition.eventType}|${siblings.indexOf(transition)}`;
    })
    .join(',');
  return [JSON.stringify(source.value), serializeEvent(event), transitions, JSON.stringify(target.value)].join('\u0000');
}

const stepId = (sourceKey: string, event: EventObject) => `${sourceKey}\u0000${serializeEvent(event)}`;

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

const traversals = new WeakMap<MachineEntry, Traversal>();

function traverse(entry: MachineEntry): Traversal {
  const existing = traversals.get(entry);
  if (existing) return existing;
  const key = stateKeyOf(entry);
  const machine = withRememberedGuards(entry.machine);
  const taken = transitionsTaken(machine);
  const vertices = createModel(entry, machine, key, taken).getAdjacencyMap() as Vertices;
  // The traversal starts at the initial state, so it is the first vertex.
  const initialKey = Object.keys(vertices)[0];
  if (initialKey === undefined) throw new Error(`${entry.id}: no initial state`);
  const edges: Edge[] = [];
  const moveOf = new Map<string, string>();
  for (const [sourceKey, vertex] of Object.entries(vertices)) {
    for (const { event, state } of Object.values(vertex.transitions)) {
      const move = moveId(taken(vertex.state, event), vertex.state, event, state);
      edges.push({ sourceKey, event, state, move });
      moveOf.set(stepId(sourceKey, event), move);
    }
  }
  const traversal: Traversal = { key, vertices, initialKey, shortestTo: shortestPathsTo(vertices, initialKey, key), edges, moveOf };
  traversals.set(entry, traversal);
  return traversal;
}

/** The moves a path makes, step by step. */
function movesOf(traversal: Traversal, steps: readonly GraphStep[]): string[] {
  const moves: string[] = [];
  for (let index = 1; index < steps.length; index += 1) {
    const previous = steps[index - 1];
    const step = steps[index];
    const move = previous && step ? traversal.moveOf.get(stepId(traversal.key(previous.state), step.event)) : undefined;
    if (move !== undefined) moves.push(move);
  }
  return moves;
}

/**
 * For every move, the shortest way to make it (the shortest way to one of the state keys it starts from, plus
 * the move), deepest first (ties in the traversal's order), so that a path chosen early also makes the shallow
 * moves on its way.
 */
function movePaths(traversal: Traversal): Array<{ move: string; steps: GraphStep[] }> {
  const shortest = new Map<string, { move: string; steps: GraphStep[]; order: number }>();
  traversal.edges.forEach((edge, order) => {
    const head = traversal.shortestTo.get(edge.sourceKey);
    if (!head) return;
    const known = shortest.get(edge.move);
    if (known && known.steps.length <= head.length + 1) return;
    shortest.set(edge.move, { move: edge.move, steps: [...head, { event: edge.event, state: edge.state }], order: known?.order ?? order });
  });
  return [...shortest.values()].sort((a, b) => b.steps.length - a.steps.length || a.order - b.order);
}

/** A path for every move not in `covered` yet, deepest first; `covered` grows with the moves they make. */
function completeMoves(traversal: Traversal, covered: Set<string>): GraphStep[][] {
  const added: GraphStep[][] = [];
  for (const { move, steps } of movePaths(traversal)) {
    if (covered.has(move)) continue;
    added.push(steps);
    for (const move of movesOf(traversal, steps)) covered.add(move);
  }
  return added;
}

/** The fewest shortest paths that make every move, shortest first. */
function shortestCover(traversal: Traversal): GraphStep[][] {
  const initial = traversal.shortestTo.get(traversal.initialKey);
  const paths = completeMoves(traversal, new Set());
  if (paths.length === 0 && initial) return [initial];
  return paths.map((steps, order) => ({ steps, order })).sort((a, b) => a.steps.length - b.steps.length || a.order - b.order).map((p) => p.steps);
}

/** At most this many maximal simple paths per machine: their number grows exponentially with a machine's density. */
export const SIMPLE_PATHS_LIMIT = 200;

/**
 * The maximal simple paths (no state key visited twice) from the initial state, depth first in the order the
 * traversal found the transitions, up to SIMPLE_PATHS_LIMIT. (`TestModel.getSimplePaths` lists every simple path
 * to every state, which does not finish for machines where most states reach most others.)
 */
function simplePaths(traversal: Traversal): { paths: GraphStep[][]; limited: boolean } {
  const { vertices, key } = traversal;
  const initial = traversal.shortestTo.get(traversal.initialKey);
  if (!initial) return { paths: [], limited: false };
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
  walk(initial);
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

function simpleCover(traversal: Traversal): { paths: GraphStep[][]; limited: boolean } {
  const simple = simplePaths(traversal);
  const covered = new Set(simple.paths.flatMap((steps) => movesOf(traversal, steps)));
  return { paths: withoutPrefixes([...simple.paths, ...completeMoves(traversal, covered)], traversal.key), limited: simple.limited };
}

/**
 * The paths of `entry` by `strategy`, each step the event with its payload and the state reached, plus totals.
 * Every move the traversal finds with the registry's sample events is in some path.
 */
export function generatePathsWithTotals(entry: MachineEntry, options: { strategy: PathStrategy }): GeneratedPaths {
  const traversal = traverse(entry);
  const { key } = traversal;
  const chosen = options.strategy === 'simple' ? simpleCover(traversal) : { paths: shortestCover(traversal), limited: false };
  const paths = chosen.paths.map((steps): GeneratedPath => {
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
      states: Object.keys(traversal.vertices).length,
      transitions: traversal.edges.length,
      moves: new Set(traversal.edges.map((edge) => edge.move)).size,
      limited: chosen.limited,
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
