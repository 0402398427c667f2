import { z } from 'zod';
import { formatDuration, stableStringify } from '../model/format';

// "What changed" between two revisions of the machines, for a product manager reviewing a flow and QA deciding
// what to test again: states and transitions added and removed, transitions retargeted, guards and actions
// changed. It reads the JSON `npm run statecharts` checks in (statecharts/<id>.json, `machine.toJSON()`),
// because that is the only form of an old revision that exists without building it; both sides must be that
// form, so a change is never an artefact of comparing two descriptions. What the JSON leaves out cannot be
// compared: eventless (`always`) transitions and inline guards (xstate drops functions when serialising; an
// inline action is kept as an unnamed one).

// ---------------------------------------------------------------------------------------------------------------
// The JSON, as far as the diff reads it. Anything else in it (`on`, `order`, `output`…) is ignored.

export interface TransitionJson {
  eventType: string;
  target?: string[] | undefined;
  guard?: unknown;
  actions?: unknown[] | undefined;
  reenter?: boolean | undefined;
  delay?: string | number | undefined;
  description?: string | undefined;
  meta?: unknown;
}

export interface StateNodeJson {
  id: string;
  key: string;
  type: string;
  initial?: { target?: string[] | undefined } | undefined;
  history?: string | boolean | undefined;
  states?: Record<string, StateNodeJson> | undefined;
  transitions?: TransitionJson[] | undefined;
  entry?: unknown[] | undefined;
  exit?: unknown[] | undefined;
  invoke?: Array<{ id?: string | undefined; src?: string | undefined }> | undefined;
  tags?: string[] | undefined;
  description?: string | undefined;
  meta?: unknown;
}

const transitionSchema = z.object({
  eventType: z.string(),
  target: z.array(z.string()).optional(),
  guard: z.unknown().optional(),
  actions: z.array(z.unknown()).optional(),
  reenter: z.boolean().optional(),
  delay: z.union([z.string(), z.number()]).optional(),
  description: z.string().optional(),
  meta: z.unknown().optional(),
});

const stateNodeSchema: z.ZodType<StateNodeJson> = z.lazy(() =>
  z.object({
    id: z.string(),
    key: z.string(),
    type: z.string(),
    initial: z.object({ target: z.array(z.string()).optional() }).optional(),
    history: z.union([z.string(), z.boolean()]).optional(),
    states: z.record(z.string(), stateNodeSchema).optional(),
    transitions: z.array(transitionSchema).optional(),
    entry: z.array(z.unknown()).optional(),
    exit: z.array(z.unknown()).optional(),
    invoke: z.array(z.object({ id: z.string().optional(), src: z.string().optional() })).optional(),
    tags: z.array(z.string()).optional(),
    description: z.string().optional(),
    meta: z.unknown().optional(),
  }),
);

/** Reads one statecharts/<id>.json; `where` names the file (and revision) in the error. */
export function parseMachineJson(text: string, where: string): StateNodeJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const parsed = stateNodeSchema.safeParse(value);
  if (!parsed.success) throw new Error(`${where} is not a machine's JSON (machine.toJSON()): ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------------------------
// One machine flattened: every state by id in document order, every transition with its implementations named.

export interface FlatState {
  id: string;
  parent: string | null;
  /** atomic, compound, parallel, final, or `history (shallow|deep)`. */
  kind: string;
  initial: string[];
  entry: string[];
  exit: string[];
  invoke: string[];
  tags: string[];
  description: string | null;
  /** Stable JSON of `meta`. */
  meta: string | null;
}

export interface FlatTransition {
  source: string;
  /** The event descriptor as xstate writes it (`xstate.after.…`, `xstate.done.actor.…` included). */
  event: string;
  /** Position among the source's transitions for that event: the order in which their guards are tried. */
  index: number;
  /** How the event reads in the summary: `on \`contract.sign\``, `when \`loadActions\` fails`… */
  trigger: string;
  targets: string[];
  guard: string | null;
  actions: string[];
  reenter: boolean;
  description: string | null;
  meta: string | null;
}

export interface FlatMachine {
  id: string;
  /** Every state node by id, the root first, in document order. */
  states: Map<string, FlatState>;
  transitions: FlatTransition[];
}

function params(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const args = Object.entries(value).map(([key, v]) => `${key}: ${JSON.stringify(v)}`);
  return args.length > 0 ? `(${args.join(', ')})` : '';
}

/** A named guard or action, with fixed params (`assignError(key: "x")`); xstate writes inline ones as null. */
function implementationLabel(value: unknown, unnamed: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') {
    const { type, params: fixed } = value as { type: string; params?: unknown };
    return `${type.replace(/^xstate\./, '')}${params(fixed)}`;
  }
  return unnamed;
}

const stripHash = (ref: string) => (ref.startsWith('#') ? ref.slice(1) : ref);

/** A state id as the summary writes it: relative to the machine (`signing.ready`), the machine itself as `(machine)`. */
export function stateName(machineId: string, id: string): string {
  if (id === machineId) return '(machine)';
  if (id.startsWith(`${machineId}.`)) return id.slice(machineId.length + 1);
  return `#${id}`;
}

const ACTOR_EVENTS: Array<[prefix: string, words: (actor: string) => string]> = [
  ['xstate.done.actor.', (actor) => `when \`${actor}\` succeeds`],
  ['xstate.error.actor.', (actor) => `when \`${actor}\` fails`],
  ['xstate.snapshot.', (actor) => `on a snapshot of \`${actor}\``],
];

function triggerOf(machineId: string, node: StateNodeJson, transition: TransitionJson): string {
  const event = transition.eventType;
  if (event === '*') return 'on any event';
  if (event.startsWith('xstate.after.')) {
    const delay = transition.delay ?? event.slice('xstate.after.'.length).split('.')[0] ?? '';
    const numeric = typeof delay === 'number' ? delay : /^\d+$/.test(delay) ? Number(delay) : null;
    return numeric === null ? `after \`${delay}\`` : `after ${formatDuration(numeric)}`;
  }
  if (event.startsWith('xstate.done.state.')) return `when \`${stateName(machineId, event.slice('xstate.done.state.'.length))}\` is done`;
  for (const [prefix, words] of ACTOR_EVENTS) {
    if (!event.startsWith(prefix)) continue;
    const invokeId = event.slice(prefix.length);
    const src = node.invoke?.find((i) => i.id === invokeId)?.src;
    return words(src && !src.startsWith('xstate.invoke.') ? src : invokeId);
  }
  return `on \`${event}\``;
}

/** `after` puts a delayed raise in the state's entry and its cancel in its exit: they are the delay, not actions. */
function withoutDelayPlumbing(actions: string[], plumbing: string, delays: number): string[] {
  const kept = [...actions];
  for (let left = delays; left > 0; left -= 1) {
    const at = kept.lastIndexOf(plumbing);
    if (at < 0) break;
    kept.splice(at, 1);
  }
  return kept;
}

function kindOf(node: StateNodeJson): string {
  if (node.type === 'history') return `history (${node.history === 'deep' ? 'deep' : 'shallow'})`;
  return node.type;
}

const metaOf = (meta: unknown) => (meta === undefined || meta === null ? null : stableStringify(meta));

export function flattenMachine(root: StateNodeJson): FlatMachine {
  const states = new Map<string, FlatState>();
  const transitions: FlatTransition[] = [];
  const visit = (node: StateNodeJson, parent: string | null) => {
    const own = node.transitions ?? [];
    const delays = new Set(own.map((t) => t.eventType).filter((e) => e.startsWith('xstate.after.'))).size;
    states.set(node.id, {
      id: node.id,
      parent,
      kind: kindOf(node),
      initial: node.type === 'compound' ? (node.initial?.target ?? []).map(stripHash) : [],
      entry: withoutDelayPlumbing((node.entry ?? []).map((a) => implementationLabel(a, 'unnamed action')), 'raise', delays),
      exit: withoutDelayPlumbing((node.exit ?? []).map((a) => implementationLabel(a, 'unnamed action')), 'cancel', delays),
      // An invocation without an id of its own gets `<index>.<state id>` from xstate: not worth naming.
      invoke: (node.invoke ?? []).map((i, index) => {
        const src = !i.src || i.src.startsWith('xstate.invoke.') ? 'inline actor' : i.src;
        return i.id && i.id !== src && i.id !== `${index}.${node.id}` ? `${src} (as ${i.id})` : src;
      }),
      tags: [...(node.tags ?? [])].sort(),
      description: node.description ?? null,
      meta: metaOf(node.meta),
    });
    const seen = new Map<string, number>();
    for (const t of own) {
      const index = seen.get(t.eventType) ?? 0;
      seen.set(t.eventType, index + 1);
      transitions.push({
        source: node.id,
        event: t.eventType,
        index,
        trigger: triggerOf(root.id, node, t),
        targets: (t.target ?? []).map(stripHash),
        guard: t.guard === undefined || t.guard === null ? null : implementationLabel(t.guard, 'unnamed guard'),
        actions: (t.actions ?? []).map((a) => implementationLabel(a, 'unnamed action')),
        reenter: t.reenter === true,
        description: t.description ?? null,
        meta: metaOf(t.meta),
      });
    }
    for (const child of Object.values(node.states ?? {})) visit(child, node.id);
  };
  visit(root, null);
  return { id: root.id, states, transitions };
}

// ---------------------------------------------------------------------------------------------------------------
// The diff.

export interface TransitionChange {
  before: FlatTransition;
  after: FlatTransition;
}

export interface StateChange {
  state: string;
  aspect: 'kind' | 'initial state' | 'entry actions' | 'exit actions' | 'invoked actors' | 'tags';
  before: string[];
  after: string[];
}

export interface TextChange {
  /** A state id, or the transition the text belongs to (after the change). */
  element: { state: string } | { transition: FlatTransition };
  aspect: 'description' | 'meta';
  before: string | null;
  after: string | null;
}

export interface MachineDiff {
  id: string;
  statesAdded: FlatState[];
  statesRemoved: FlatState[];
  transitionsAdded: FlatTransition[];
  transitionsRemoved: FlatTransition[];
  /** Same source and event, another target. */
  retargeted: TransitionChange[];
  guardsChanged: TransitionChange[];
  actionsChanged: TransitionChange[];
  reentryChanged: TransitionChange[];
  /** Guarded alternatives of one source and event now tried in another order (which one wins changes). */
  reordered: Array<{ before: FlatTransition[]; after: FlatTransition[] }>;
  statesChanged: StateChange[];
  textsChanged: TextChange[];
}

export interface StatechartsDiff {
  added: FlatMachine[];
  removed: FlatMachine[];
  changed: MachineDiff[];
  unchanged: string[];
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);
const groupKey = (t: FlatTransition) => `${t.source}\n${t.event}`;

type Key = (t: FlatTransition) => string;
const targetsKey: Key = (t) => t.targets.join(' ');
const guardKey: Key = (t) => t.guard ?? '';
const actionsKey: Key = (t) => t.actions.join(' ');
// Pairs a transition with its revision: the most alike first (same target, guard and actions), then what is
// left of the source's transitions for the event in order (a transition is its source and event).
const MATCHES: Key[] = [
  (t) => `${targetsKey(t)}|${guardKey(t)}|${actionsKey(t)}`,
  (t) => `${targetsKey(t)}|${guardKey(t)}`,
  (t) => `${guardKey(t)}|${actionsKey(t)}`,
  (t) => `${targetsKey(t)}|${actionsKey(t)}`,
  guardKey,
  targetsKey,
  () => '',
];

function pairAlternatives(before: FlatTransition[], after: FlatTransition[]) {
  const pairs: TransitionChange[] = [];
  const left = new Set(before);
  const right = new Set(after);
  for (const key of MATCHES) {
    for (const b of before) {
      if (!left.has(b)) continue;
      const match = after.find((a) => right.has(a) && key(a) === key(b));
      if (!match) continue;
      pairs.push({ before: b, after: match });
      left.delete(b);
      right.delete(match);
    }
  }
  return { pairs, removed: [...left], added: [...right] };
}

function groupBy(transitions: FlatTransition[]): Map<string, FlatTransition[]> {
  const groups = new Map<string, FlatTransition[]>();
  for (const t of transitions) groups.set(groupKey(t), [...(groups.get(groupKey(t)) ?? []), t]);
  return groups;
}

function stateChanges(before: FlatState, after: FlatState): StateChange[] {
  const aspects: Array<[StateChange['aspect'], (s: FlatState) => string[]]> = [
    ['kind', (s) => [s.kind]],
    ['initial state', (s) => s.initial],
    ['entry actions', (s) => s.entry],
    ['exit actions', (s) => s.exit],
    ['invoked actors', (s) => s.invoke],
    ['tags', (s) => s.tags],
  ];
  return aspects.filter(([, read]) => !same(read(before), read(after))).map(([aspect, read]) => ({ state: after.id, aspect, before: read(before), after: read(after) }));
}

function textChanges(element: TextChange['element'], before: FlatState | FlatTransition, after: FlatState | FlatTransition): TextChange[] {
  const changes: TextChange[] = [];
  if (before.description !== after.description) changes.push({ element, aspect: 'description', before: before.description, after: after.description });
  if (before.meta !== after.meta) changes.push({ element, aspect: 'meta', before: before.meta, after: after.meta });
  return changes;
}

export function diffMachine(before: FlatMachine, after: FlatMachine): MachineDiff {
  const diff: MachineDiff = {
    id: after.id,
    statesAdded: [...after.states.values()].filter((s) => !before.states.has(s.id)),
    statesRemoved: [...before.states.values()].filter((s) => !after.states.has(s.id)),
    transitionsAdded: [],
    transitionsRemoved: [],
    retargeted: [],
    guardsChanged: [],
    actionsChanged: [],
    reentryChanged: [],
    reordered: [],
    statesChanged: [],
    textsChanged: [],
  };
  for (const state of after.states.values()) {
    const old = before.states.get(state.id);
    if (!old) continue;
    diff.statesChanged.push(...stateChanges(old, state));
    diff.textsChanged.push(...textChanges({ state: state.id }, old, state));
  }

  const beforeGroups = groupBy(before.transitions);
  const afterGroups = groupBy(after.transitions);
  for (const [key, afterGroup] of afterGroups) {
    const beforeGroup = beforeGroups.get(key) ?? [];
    const { pairs, removed, added } = pairAlternatives(beforeGroup, afterGroup);
    diff.transitionsAdded.push(...added);
    diff.transitionsRemoved.push(...removed);
    pairs.sort((x, y) => x.after.index - y.after.index);
    for (const pair of pairs) {
      if (!same(pair.before.targets, pair.after.targets)) diff.retargeted.push(pair);
      if (pair.before.guard !== pair.after.guard) diff.guardsChanged.push(pair);
      if (!same(pair.before.actions, pair.after.actions)) diff.actionsChanged.push(pair);
      if (pair.before.reenter !== pair.after.reenter) diff.reentryChanged.push(pair);
      diff.textsChanged.push(...textChanges({ transition: pair.after }, pair.before, pair.after));
    }
    const beforeOrder = pairs.map((pair) => pair.before.index);
    if (beforeOrder.some((index, i) => i > 0 && index < (beforeOrder[i - 1] ?? 0))) {
      diff.reordered.push({ before: [...pairs].sort((x, y) => x.before.index - y.before.index).map((p) => p.before), after: pairs.map((p) => p.after) });
    }
  }
  for (const [key, beforeGroup] of beforeGroups) if (!afterGroups.has(key)) diff.transitionsRemoved.push(...beforeGroup);

  // Document order of the revision each belongs to: the summary follows the flow.
  const position = (machine: FlatMachine) => {
    const states = [...machine.states.keys()];
    return (t: FlatTransition) => states.indexOf(t.source);
  };
  const byFlow = (machine: FlatMachine) => {
    const at = position(machine);
    const events = machine.transitions.map(groupKey);
    return (x: FlatTransition, y: FlatTransition) => at(x) - at(y) || events.indexOf(groupKey(x)) - events.indexOf(groupKey(y)) || x.index - y.index;
  };
  diff.transitionsAdded.sort(byFlow(after));
  diff.transitionsRemoved.sort(byFlow(before));
  const byAfter = byFlow(after);
  for (const list of [diff.retargeted, diff.guardsChanged, diff.actionsChanged, diff.reentryChanged]) list.sort((x, y) => byAfter(x.after, y.after));
  diff.reordered.sort((x, y) => byAfter(x.after[0] as FlatTransition, y.after[0] as FlatTransition));
  return diff;
}

export function isUnchanged(diff: MachineDiff): boolean {
  return Object.values(diff).every((value) => !Array.isArray(value) || value.length === 0);
}

/** Every machine of two revisions, by id (statecharts/<id>.json), compared. */
export function diffStatecharts(before: ReadonlyMap<string, StateNodeJson>, after: ReadonlyMap<string, StateNodeJson>): StatechartsDiff {
  const result: StatechartsDiff = { added: [], removed: [], changed: [], unchanged: [] };
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const id of ids) {
    const old = before.get(id);
    const now = after.get(id);
    if (!old && now) result.added.push(flattenMachine(now));
    else if (old && !now) result.removed.push(flattenMachine(old));
    else if (old && now) {
      const diff = diffMachine(flattenMachine(old), flattenMachine(now));
      if (isUnchanged(diff)) result.unchanged.push(id);
      else result.changed.push(diff);
    }
  }
  return result;
}

export function hasChanges(diff: StatechartsDiff): boolean {
  return diff.added.length + diff.removed.length + diff.changed.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// The Markdown a product manager reads.

const code = (text: string) => `\`${text}\``;
const list = (items: readonly string[]) => (items.length > 0 ? items.map(code).join(', ') : 'none');
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function targetsText(machineId: string, t: FlatTransition): string {
  return t.targets.length > 0 ? t.targets.map((target) => code(stateName(machineId, target))).join(' + ') : `(stays in ${code(stateName(machineId, t.source))})`;
}

/** `signing.ready` on `contract.sign` [`isReady`] → `handedOver` / `openSigningPage`: the diagram's label in words. */
export function transitionText(machineId: string, t: FlatTransition, parts: { guard?: boolean; target?: boolean; actions?: boolean } = {}): string {
  const { guard = true, target = true, actions = true } = parts;
  let text = `${code(stateName(machineId, t.source))} ${t.trigger}`;
  if (guard && t.guard) text += ` [${code(t.guard)}]`;
  if (target) text += ` → ${targetsText(machineId, t)}`;
  if (actions && t.actions.length > 0) text += ` / ${t.actions.map(code).join(', ')}`;
  return text;
}

function quoted(value: string | null, aspect: TextChange['aspect']): string {
  if (value === null) return 'none';
  return aspect === 'meta' ? code(value) : `“${value}”`;
}

function machineSection(diff: MachineDiff, title: string | undefined): string[] {
  const id = diff.id;
  const out: string[] = [`## ${title ? `${title} (${code(id)})` : code(id)}`];
  const section = (heading: string, lines: string[]) => {
    if (lines.length > 0) out.push('', `### ${heading}`, '', ...lines.map((line) => `- ${line}`));
  };
  const stateLine = (s: FlatState) => `${code(stateName(id, s.id))}${s.kind === 'atomic' ? '' : ` (${s.kind})`}`;
  section('States added', diff.statesAdded.map(stateLine));
  section('States removed', diff.statesRemoved.map(stateLine));
  section('Transitions added', diff.transitionsAdded.map((t) => transitionText(id, t)));
  section('Transitions removed', diff.transitionsRemoved.map((t) => transitionText(id, t)));
  section(
    'Transitions retargeted',
    diff.retargeted.map(({ before, after }) => `${transitionText(id, after, { target: false, actions: false })}: went to ${targetsText(id, before)}, now goes to ${targetsText(id, after)}`),
  );
  section(
    'Guards changed',
    diff.guardsChanged.map(({ before, after }) => `${transitionText(id, after, { guard: false, actions: false })}: guard was ${list(before.guard ? [before.guard] : [])}, now ${list(after.guard ? [after.guard] : [])}`),
  );
  section(
    'Actions changed',
    diff.actionsChanged.map(({ before, after }) => `${transitionText(id, after, { actions: false })}: actions were ${list(before.actions)}, now ${list(after.actions)}`),
  );
  section(
    'Re-entry changed',
    diff.reentryChanged.map(({ after }) => `${transitionText(id, after, { actions: false })}: ${after.reenter ? 'now exits and re-enters' : 'no longer exits and re-enters'} its target`),
  );
  const alternatives = (ts: FlatTransition[]) => ts.map((t) => `[${t.guard ? code(t.guard) : 'no guard'}] → ${targetsText(id, t)}`).join(', then ');
  section(
    'Guarded alternatives tried in another order',
    diff.reordered.map(({ before, after }) => `${code(stateName(id, after[0]?.source ?? ''))} ${after[0]?.trigger ?? ''}: was ${alternatives(before)}; now ${alternatives(after)}`),
  );
  section(
    'States changed',
    diff.statesChanged.map((c) => `${code(stateName(id, c.state))}: ${c.aspect} ${c.aspect === 'kind' || c.aspect === 'initial state' ? 'was' : 'were'} ${list(c.aspect === 'initial state' ? c.before.map((s) => stateName(id, s)) : c.before)}, now ${list(c.aspect === 'initial state' ? c.after.map((s) => stateName(id, s)) : c.after)}`),
  );
  section(
    'Descriptions and meta changed',
    diff.textsChanged.map((c) => {
      const element = 'state' in c.element ? `state ${code(stateName(id, c.element.state))}` : transitionText(id, c.element.transition, { actions: false });
      return `${element}: ${c.aspect} was ${quoted(c.before, c.aspect)}, now ${quoted(c.after, c.aspect)}`;
    }),
  );
  return out;
}

function machineCounts(machine: FlatMachine): string {
  const states = [...machine.states.values()].filter((s) => s.parent !== null && !s.kind.startsWith('history')).length;
  return `${plural(states, 'state')}, ${plural(machine.transitions.length, 'transition')}`;
}

export interface MarkdownOptions {
  /** The older revision as the reader named it, e.g. "`main~5` (1a2b3c4)". */
  since: string;
  /** What it was compared with, e.g. "the machines in machines/index.ts". */
  against: string;
  /** Machine titles by id, when known. */
  titles?: ReadonlyMap<string, string>;
  /** What to print when nothing changed; defaults to "No machine changed since <since>.". */
  unchangedLine?: string;
}

export function diffMarkdown(diff: StatechartsDiff, options: MarkdownOptions): string {
  if (!hasChanges(diff)) return `${options.unchangedLine ?? `No machine changed since ${options.since}.`}\n`;
  const title = (id: string) => options.titles?.get(id);
  const label = (machine: FlatMachine) => `${title(machine.id) ? `${title(machine.id)} (${code(machine.id)})` : code(machine.id)}: ${machineCounts(machine)}`;
  const out = [
    `# Statechart changes since ${options.since}`,
    '',
    `Compared with ${options.against}: ${plural(diff.changed.length, 'machine')} changed, ${diff.added.length} added, ${diff.removed.length} removed, ${diff.unchanged.length} unchanged.`,
  ];
  if (diff.added.length > 0) out.push('', '## Machines added', '', ...diff.added.map((m) => `- ${label(m)}`));
  if (diff.removed.length > 0) out.push('', '## Machines removed', '', ...diff.removed.map((m) => `- ${label(m)}`));
  for (const machine of diff.changed) out.push('', ...machineSection(machine, title(machine.id)));
  return `${out.join('\n')}\n`;
}
