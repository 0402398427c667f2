import type { Chart, ChartState, ChartTransition } from './chart';

// Focus mode (docs/statecharts.md "Legible at a glance"): one state with the transitions into and out of it, and the
// states at their other ends, as a small chart of its own. The states keep their ids (a click on a neighbour
// focuses it), a neighbour is named by its path in the machine, and the focused state is drawn without its
// children: a transition from or to a state inside it is drawn from or to it.

function pathName(chart: Chart, id: string): string {
  return id.startsWith(`${chart.id}.`) ? id.slice(chart.id.length + 1) : id;
}

function within(chart: Chart, id: string, ancestor: string): boolean {
  for (let current: string | null = id; current !== null; current = chart.states[current]?.parent ?? null) if (current === ancestor) return true;
  return false;
}

/** The transitions that enter or leave `stateId` (from or to a state inside it included), in the machine's order. */
export function focusTransitions(chart: Chart, stateId: string): { incoming: ChartTransition[]; outgoing: ChartTransition[] } {
  const inside = (id: string) => within(chart, id, stateId);
  const outgoing = chart.transitions.filter((t) => inside(t.source) && (t.targets.length === 0 || t.targets.some((target) => !inside(target)) || t.source === stateId));
  const incoming = chart.transitions.filter((t) => !inside(t.source) && t.targets.some(inside));
  return { incoming, outgoing };
}

export function focusChart(chart: Chart, stateId: string): Chart | null {
  const focused = chart.states[stateId];
  if (!focused || stateId === chart.id) return null;
  const { incoming, outgoing } = focusTransitions(chart, stateId);
  const inside = (id: string) => within(chart, id, stateId);
  const drawn = (id: string) => (inside(id) ? stateId : id);
  const neighbours = new Set<string>();
  for (const t of incoming) neighbours.add(t.source);
  for (const t of outgoing) for (const target of t.targets) if (!inside(target)) neighbours.add(target);
  const root: ChartState = { ...(chart.states[chart.id] as ChartState), children: [stateId, ...neighbours], initial: [] };
  const leaf = (state: ChartState, key: string): ChartState => ({ ...state, key, parent: chart.id, children: [], initial: [], depth: 1, kind: state.kind === 'final' ? 'final' : 'atomic' });
  const states: Record<string, ChartState> = { [chart.id]: root, [stateId]: leaf(focused, pathName(chart, stateId)) };
  for (const id of neighbours) {
    const state = chart.states[id];
    if (state) states[id] = leaf(state, pathName(chart, id));
  }
  const seen = new Set<string>();
  const transitions: ChartTransition[] = [];
  for (const t of [...outgoing, ...incoming]) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    transitions.push({ ...t, source: drawn(t.source), targets: t.targets.map(drawn) });
  }
  return { id: chart.id, states, order: [chart.id, stateId, ...neighbours], transitions, events: chart.events };
}
