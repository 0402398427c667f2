import type { Chart, ChartState } from './chart';

// Static checks over a chart (ARCHITECTURE.md "Statecharts for QA and product managers"). Guards are ignored: a state counts as reachable when some
// sequence of transitions leads to it whatever the guards decide; the model-based tests prove the rest.

function ancestors(chart: Chart, id: string): string[] {
  const result: string[] = [];
  for (let parent = chart.states[id]?.parent ?? null; parent !== null; parent = chart.states[parent]?.parent ?? null) result.push(parent);
  return result;
}

/** Non-root states no sequence of transitions from the initial state enters. */
export function unreachableStates(chart: Chart): string[] {
  const reached = new Set<string>();
  const enter = (id: string) => {
    if (reached.has(id)) return;
    const state = chart.states[id];
    if (!state) return;
    reached.add(id);
    for (const ancestor of ancestors(chart, id)) reached.add(ancestor);
    if (state.kind === 'compound') state.initial.forEach(enter);
    if (state.kind === 'parallel') state.children.forEach(enter);
    // A history state falls back to its parent's initial state the first time.
    if (state.kind === 'history' && state.parent) chart.states[state.parent]?.initial.forEach(enter);
  };
  enter(chart.id);
  for (let size = -1; size !== reached.size; ) {
    size = reached.size;
    for (const transition of chart.transitions) if (reached.has(transition.source)) transition.targets.forEach(enter);
  }
  return chart.order.filter((id) => id !== chart.id && !reached.has(id));
}

function hasOwnTransitions(chart: Chart, id: string): boolean {
  return chart.transitions.some((t) => t.source === id && t.targets.length > 0);
}

function isInside(chart: Chart, id: string, container: string): boolean {
  return id === container || ancestors(chart, id).includes(container);
}

/**
 * Atomic, non-final states nothing leads out of: no transition from the state or its ancestors and, inside a
 * parallel state, none from another region either (another region may still move the machine on).
 */
export function deadEndStates(chart: Chart): string[] {
  return chart.order.filter((id) => {
    const state = chart.states[id];
    if (!state || state.kind !== 'atomic' || state.parent === null) return false;
    const lineage = [id, ...ancestors(chart, id)];
    if (lineage.some((stateId) => hasOwnTransitions(chart, stateId))) return false;
    const parallelAncestors = lineage.filter((stateId) => chart.states[stateId]?.kind === 'parallel');
    return !parallelAncestors.some((parallel) =>
      chart.transitions.some((t) => t.targets.length > 0 && isInside(chart, t.source, parallel) && !lineage.includes(t.source)),
    );
  });
}

/** Guards, actions and invoked actors written inline: they have no name to show in diagrams and JSON. */
export function inlineImplementations(chart: Chart): string[] {
  const found: string[] = [];
  const stateRefs = (state: ChartState) => {
    for (const action of state.entry) if (action.kind === 'inline') found.push(`${state.id}: inline entry action`);
    for (const action of state.exit) if (action.kind === 'inline') found.push(`${state.id}: inline exit action`);
    for (const invoke of state.invoke) if (invoke.inline) found.push(`${state.id}: inline invoked actor (${invoke.id})`);
  };
  for (const id of chart.order) {
    const state = chart.states[id];
    if (state) stateRefs(state);
  }
  for (const transition of chart.transitions) {
    const where = `${transition.source} on ${transition.event || 'always'}`;
    if (transition.guard?.kind === 'inline') found.push(`${where}: inline guard`);
    for (const action of transition.actions) if (action.kind === 'inline') found.push(`${where}: inline action`);
  }
  return found;
}

/** Delayed transitions whose delay is a literal or a function instead of a name from `setup({ delays })`. */
export function unnamedDelays(chart: Chart): string[] {
  return chart.transitions.filter((t) => t.kind === 'after' && t.delay?.kind !== 'named').map((t) => `${t.source}: after ${t.delay?.label ?? '?'}`);
}

/** Event types sent by views (`send({ type: '...' })` literals) in a source text. */
export function sentEventTypes(source: string): string[] {
  return [...source.matchAll(/\bsend\(\s*\{\s*type:\s*(['"`])([^'"`]+)\1/g)].map((match) => match[2] ?? '');
}

/** Whether some machine listens to an event type, directly or through a wildcard (`form.*`, `*`). */
export function isKnownEvent(type: string, known: ReadonlySet<string>): boolean {
  if (type.startsWith('xstate.') || known.has(type) || known.has('*')) return true;
  const parts = type.split('.');
  return parts.some((_, index) => known.has(`${parts.slice(0, index).join('.')}.*`));
}
