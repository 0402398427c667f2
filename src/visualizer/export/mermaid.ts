import type { Chart, ChartState, ChartTransition } from '../model/chart';

// Mermaid stateDiagram-v2 for statecharts/<id>.mmd, readable in any Markdown viewer that renders Mermaid.
// Mermaid keys states by a bare identifier, so dotted state ids become underscored ones (made unique), with
// the state's own key as its label. A transition between siblings is written inside their parent's block;
// any other is written after every block, once all the states it joins are declared, which is how Mermaid
// lets an arrow cross a composite state's border. A simple state lists its entry/exit actions, invoked actors and
// tags as description lines; mermaid refuses description lines on a composite state ("Group nodes can only have
// label"), so a composite state says the same in a note beside it.

const INDENT = '  ';

function mermaidIds(chart: Chart): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of chart.order) {
    const base = id.replace(/[^A-Za-z0-9_]/g, '_');
    let candidate = base;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}_${n}`;
    taken.add(candidate);
    ids.set(id, candidate);
  }
  return ids;
}

function escapeText(text: string): string {
  return text.replace(/#/g, '#35;').replace(/;/g, '#59;').replace(/\r?\n/g, ' ');
}

function quoted(text: string): string {
  return `"${escapeText(text).replace(/"/g, '#quot;')}"`;
}

function label(transition: ChartTransition): string {
  return escapeText(transition.lines.join(' '));
}

/** The description lines of a simple state, or one note beside a composite one. */
function describe(state: ChartState, id: string, pad: string): string[] {
  const lines = stateDescriptions(state).map(escapeText);
  if (lines.length === 0) return [];
  if (state.children.length === 0) return lines.map((line) => `${pad}${id} : ${line}`);
  return [`${pad}note right of ${id}`, ...lines.map((line) => `${pad}${INDENT}${line}`), `${pad}end note`];
}

function stateDescriptions(state: ChartState): string[] {
  const lines: string[] = [];
  if (state.entry.length > 0) lines.push(`entry / ${state.entry.map((a) => a.label).join(', ')}`);
  if (state.exit.length > 0) lines.push(`exit / ${state.exit.map((a) => a.label).join(', ')}`);
  for (const invoke of state.invoke) lines.push(`invoke ${invoke.src}`);
  if (state.tags.length > 0) lines.push(`tags ${state.tags.join(', ')}`);
  return lines;
}

export function toMermaid(chart: Chart, title: string): string {
  const ids = mermaidIds(chart);
  const mid = (stateId: string) => ids.get(stateId) ?? stateId;
  const parentOf = (stateId: string) => chart.states[stateId]?.parent ?? null;
  const inner = new Map<string, ChartTransition[]>();
  const outer: ChartTransition[] = [];
  for (const transition of chart.transitions) {
    const parent = parentOf(transition.source);
    const siblings = parent !== null && transition.targets.every((t) => parentOf(t) === parent);
    if (siblings && parent !== null) inner.set(parent, [...(inner.get(parent) ?? []), transition]);
    else outer.push(transition);
  }
  const arrows = (transition: ChartTransition) => {
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source];
    return targets.map((target) => `${mid(transition.source)} --> ${mid(target)} : ${label(transition)}`);
  };

  const out: string[] = ['---', `title: ${quoted(title)}`, '---', 'stateDiagram-v2'];
  const writeChildren = (parent: ChartState, depth: number) => {
    const pad = INDENT.repeat(depth);
    const children = parent.children.map((id) => chart.states[id]).filter((s): s is ChartState => !!s);
    for (const initial of parent.initial) out.push(`${pad}[*] --> ${mid(initial)}`);
    children.forEach((child, index) => {
      if (parent.kind === 'parallel' && index > 0) out.push(`${pad}--`);
      const name = child.kind === 'history' ? (child.history === 'deep' ? 'H*' : 'H') : child.key;
      out.push(`${pad}state ${quoted(name)} as ${mid(child.id)}`);
      if (child.children.length > 0) {
        out.push(`${pad}state ${mid(child.id)} {`);
        writeChildren(child, depth + 1);
        out.push(`${pad}}`);
      }
      out.push(...describe(child, mid(child.id), pad));
      if (child.kind === 'final') out.push(`${pad}${mid(child.id)} --> [*]`);
    });
    for (const transition of inner.get(parent.id) ?? []) for (const arrow of arrows(transition)) out.push(`${pad}${arrow}`);
  };
  // The machine itself is a composite state: a parallel root needs a block for its `--` regions, and the
  // root's own invocations, entry actions and transitions need a state to belong to.
  const root = chart.states[chart.id];
  if (root) {
    out.push(`${INDENT}[*] --> ${mid(root.id)}`);
    out.push(`${INDENT}state ${quoted(root.key)} as ${mid(root.id)}`);
    out.push(`${INDENT}state ${mid(root.id)} {`);
    writeChildren(root, 2);
    out.push(`${INDENT}}`);
    out.push(...describe(root, mid(root.id), INDENT));
  }
  for (const transition of outer) for (const arrow of arrows(transition)) out.push(`${INDENT}${arrow}`);
  return `${out.join('\n')}\n`;
}
