import { and, or, type AnyStateMachine } from 'xstate';
import { transitionId } from '../../inspect/record';
import { formatDuration } from './format';

// The one description of a machine every statechart tool works from: diagram layout, Mermaid, static checks,
// coverage totals and the simulator's controls. It is read from the live state nodes rather than from
// `machine.toJSON()` because the JSON leaves out eventless (`always`) transitions, inline implementations and
// the durations behind named delays.

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot' | 'done.state';

/** A guard, action or delay as written in the machine: named in `setup`, an xstate built-in, or inline. */
export interface ImplementationRef {
  label: string;
  kind: 'named' | 'builtin' | 'inline';
}

export interface InvokeRef {
  id: string;
  src: string;
  inline: boolean;
}

export interface ChartState {
  id: string;
  key: string;
  kind: StateKind;
  /** For history states. */
  history: 'shallow' | 'deep' | null;
  parent: string | null;
  children: string[];
  /** Ids of the initial child (compound states). */
  initial: string[];
  depth: number;
  entry: ImplementationRef[];
  exit: ImplementationRef[];
  invoke: InvokeRef[];
  tags: string[];
  description: string | null;
}

export interface DelayRef extends ImplementationRef {
  /** Milliseconds when known without context (a number, or a named delay set to a number). */
  ms: number | null;
}

export interface ChartTransition {
  /** Same id as the coverage records (`transitionId`). */
  id: string;
  source: string;
  /** Event descriptor; `''` for eventless transitions. */
  event: string;
  /** Position among the source's transitions for that descriptor. */
  index: number;
  kind: TransitionKind;
  targets: string[];
  guard: ImplementationRef | null;
  actions: ImplementationRef[];
  delay: DelayRef | null;
  /** The invoked actor's `src` for done/error/snapshot transitions. */
  actor: string | null;
  reenter: boolean;
  description: string | null;
  /** What the diagram writes beside the arrow: the trigger with its guard, then the actions. */
  lines: string[];
}

export interface Chart {
  id: string;
  /** Every state node by id, in document order, the root first. */
  states: Record<string, ChartState>;
  order: string[];
  transitions: ChartTransition[];
  /** Every event descriptor some transition listens to (xstate.* internals included), sorted. */
  events: string[];
}

interface NodeLike {
  id: string;
  key: string;
  type: StateKind;
  history: false | 'shallow' | 'deep';
  parent?: NodeLike;
  states: Record<string, NodeLike>;
  initial?: { target: readonly NodeLike[] };
  entry: readonly unknown[];
  exit: readonly unknown[];
  invoke: ReadonlyArray<{ id: string; src: unknown }>;
  tags: readonly string[];
  description?: string;
  always?: readonly TransitionLike[];
  transitions: Map<string, readonly TransitionLike[]>;
}

interface TransitionLike {
  eventType: string;
  target?: readonly NodeLike[];
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
  delay?: unknown;
  description?: string;
}

type Fn = ((...args: never[]) => unknown) & Record<string, unknown>;

const andCheck = (and([]) as unknown as Fn).check;
const orCheck = (or([]) as unknown as Fn).check;

function describeGuard(guard: unknown): ImplementationRef {
  if (typeof guard === 'string') return { label: guard, kind: 'named' };
  if (typeof guard === 'function') {
    const fn = guard as Fn;
    const nested = Array.isArray(fn.guards) ? (fn.guards as unknown[]).map(describeGuard) : [];
    const kind = nested.some((g) => g.kind === 'inline') ? 'inline' : 'builtin';
    if (fn.check && fn.check === andCheck) return { label: nested.map((g) => g.label).join(' && '), kind };
    if (fn.check && fn.check === orCheck) return { label: nested.map((g) => g.label).join(' || '), kind };
    if (fn.check && 'stateValue' in fn) return { label: `in ${JSON.stringify(fn.stateValue)}`, kind: 'builtin' };
    if (fn.check && nested.length === 1 && nested[0]) return { label: `!${nested[0].label}`, kind };
    return { label: 'inline guard', kind: 'inline' };
  }
  if (typeof guard === 'object' && guard !== null && typeof (guard as { type?: unknown }).type === 'string') {
    const { type, params } = guard as { type: string; params?: unknown };
    // Fixed params tell apart alternatives that share a guard (`hasStatus(expected: "current")`).
    if (typeof params === 'object' && params !== null) {
      const args = Object.entries(params).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
      return { label: `${type}(${args.join(', ')})`, kind: 'named' };
    }
    return { label: type, kind: 'named' };
  }
  return { label: 'inline guard', kind: 'inline' };
}

function eventName(event: unknown): string | null {
  if (typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string') return (event as { type: string }).type;
  return null;
}

function describeAction(action: unknown): ImplementationRef {
  if (typeof action === 'string') return { label: action, kind: 'named' };
  if (typeof action === 'function') {
    const fn = action as Fn;
    if (typeof fn.type !== 'string') return { label: 'inline action', kind: 'inline' };
    const name = fn.type.replace(/^xstate\./, '');
    const event = eventName(fn.event);
    if (event) return { label: `${name} ${event}`, kind: 'builtin' };
    if (name === 'spawnChild' && typeof fn.src === 'string') return { label: `spawnChild ${fn.src}`, kind: 'builtin' };
    return { label: name, kind: 'builtin' };
  }
  if (typeof action === 'object' && action !== null && typeof (action as { type?: unknown }).type === 'string') {
    return { label: (action as { type: string }).type, kind: 'named' };
  }
  return { label: 'inline action', kind: 'inline' };
}

/** `after` adds a delayed raise on entry and its cancel on exit; they are the delay, not actions of the state. */
function isDelayPlumbing(action: unknown, delayedEvents: ReadonlySet<string>): boolean {
  if (typeof action !== 'function') return false;
  const fn = action as Fn;
  return (fn.type === 'xstate.raise' && delayedEvents.has(String(fn.id))) || (fn.type === 'xstate.cancel' && delayedEvents.has(String(fn.sendId)));
}

function describeDelay(delay: unknown, delays: Record<string, unknown>): DelayRef {
  if (typeof delay === 'string') {
    const value = delays[delay];
    const ms = typeof value === 'number' ? value : null;
    return { label: ms === null ? delay : `${delay} (${formatDuration(ms)})`, kind: 'named', ms };
  }
  if (typeof delay === 'number') return { label: formatDuration(delay), kind: 'inline', ms: delay };
  return { label: 'inline delay', kind: 'inline', ms: null };
}

function transitionKind(event: string): TransitionKind {
  if (event === '') return 'always';
  if (event.startsWith('xstate.after.')) return 'after';
  if (event.startsWith('xstate.done.actor.')) return 'done';
  if (event.startsWith('xstate.error.actor.')) return 'error';
  if (event.startsWith('xstate.snapshot.')) return 'snapshot';
  if (event.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

function triggerLabel(transition: Omit<ChartTransition, 'lines'>): string {
  switch (transition.kind) {
    case 'always':
      return 'always';
    case 'after':
      return `after ${transition.delay?.label ?? ''}`.trim();
    case 'done':
      return `done: ${transition.actor ?? transition.event}`;
    case 'error':
      return `error: ${transition.actor ?? transition.event}`;
    case 'snapshot':
      return `snapshot: ${transition.actor ?? transition.event}`;
    case 'done.state':
      return 'done';
    case 'event':
      return transition.event;
  }
}

function lines(transition: Omit<ChartTransition, 'lines'>): string[] {
  const trigger = transition.guard ? `${triggerLabel(transition)} [${transition.guard.label}]` : triggerLabel(transition);
  return transition.actions.length > 0 ? [trigger, `/ ${transition.actions.map((a) => a.label).join(', ')}`] : [trigger];
}

const actorPrefixes = ['xstate.done.actor.', 'xstate.error.actor.', 'xstate.snapshot.'];

function actorOf(node: NodeLike, event: string): string | null {
  const prefix = actorPrefixes.find((p) => event.startsWith(p));
  if (!prefix) return null;
  const invokeId = event.slice(prefix.length);
  const invoke = node.invoke.find((i) => i.id === invokeId);
  if (!invoke) return invokeId;
  return typeof invoke.src === 'string' && !invoke.src.startsWith('xstate.invoke.') ? invoke.src : 'inline actor';
}

export function toChart(machine: AnyStateMachine): Chart {
  const root = machine.root as unknown as NodeLike;
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const states: Record<string, ChartState> = {};
  const order: string[] = [];
  const transitions: ChartTransition[] = [];
  const events = new Set<string>();

  const addTransitions = (node: NodeLike, event: string, list: readonly TransitionLike[]) => {
    list.forEach((t, index) => {
      // A transition with neither target nor actions only stops the event from bubbling; nothing to draw.
      if (!t.target?.length && t.actions.length === 0 && !t.reenter) return;
      if (event !== '') events.add(event);
      const base = {
        id: transitionId(node.id, event, index),
        source: node.id,
        event,
        index,
        kind: transitionKind(event),
        targets: (t.target ?? []).map((target) => target.id),
        guard: t.guard === undefined ? null : describeGuard(t.guard),
        actions: t.actions.map(describeAction),
        delay: event.startsWith('xstate.after.') ? describeDelay(t.delay, delays) : null,
        actor: actorOf(node, event),
        reenter: t.reenter === true,
        description: t.description ?? null,
      };
      transitions.push({ ...base, lines: lines(base) });
    });
  };

  const visit = (node: NodeLike, depth: number) => {
    const delayedEvents = new Set([...node.transitions.keys()].filter((e) => e.startsWith('xstate.after.')));
    const children = Object.values(node.states);
    states[node.id] = {
      id: node.id,
      key: node.key,
      kind: node.type,
      history: node.type === 'history' ? (node.history === 'deep' ? 'deep' : 'shallow') : null,
      parent: node.parent?.id ?? null,
      children: children.map((c) => c.id),
      initial: node.type === 'compound' ? (node.initial?.target ?? []).map((t) => t.id) : [],
      depth,
      entry: node.entry.filter((a) => !isDelayPlumbing(a, delayedEvents)).map(describeAction),
      exit: node.exit.filter((a) => !isDelayPlumbing(a, delayedEvents)).map(describeAction),
      invoke: node.invoke.map((i) => {
        const inline = typeof i.src !== 'string' || i.src.startsWith('xstate.invoke.');
        return { id: i.id, src: inline ? 'inline actor' : String(i.src), inline };
      }),
      tags: [...node.tags].sort(),
      description: node.description ?? null,
    };
    order.push(node.id);
    if (node.always) addTransitions(node, '', node.always);
    for (const [event, list] of node.transitions) addTransitions(node, event, list);
    for (const child of children) visit(child, depth + 1);
  };
  visit(root, 0);

  return { id: root.id, states, order, transitions, events: [...events].sort() };
}

/** States a person can be in: every state node but the root and history pseudo-states. */
export function countedStates(chart: Chart): ChartState[] {
  return chart.order.map((id) => chart.states[id]).filter((s): s is ChartState => !!s && s.parent !== null && s.kind !== 'history');
}

/** The state node ids active for a state value (ancestors included, root excluded). */
export function activeStateIds(chart: Chart, value: unknown): string[] {
  const active: string[] = [];
  const walk = (parentId: string, part: unknown) => {
    const parent = chart.states[parentId];
    if (!parent) return;
    const enter = (key: string, rest: unknown) => {
      const child = parent.children.map((id) => chart.states[id]).find((s) => s?.key === key);
      if (!child) return;
      active.push(child.id);
      if (rest !== undefined) walk(child.id, rest);
    };
    if (typeof part === 'string') enter(part, undefined);
    else if (typeof part === 'object' && part !== null) for (const [key, rest] of Object.entries(part)) enter(key, rest);
  };
  walk(chart.id, value);
  return active;
}
