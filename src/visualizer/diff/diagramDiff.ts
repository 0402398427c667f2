import type { MachineDiff, StatechartsDiff, FlatTransition } from './machineDiff';
import { stateName } from './machineDiff';

// What changed, on the diagram (docs/statecharts.md "What changed"): `npm run statecharts:diff -- <ref> --visualizer`
// writes coverage/statecharts-diff.json, the marks of every machine's diff against that revision; the visualizer
// colours added and changed states and transitions on the diagram and lists what was removed (it is no longer drawn),
// with a legend.

export type DiffMark = 'added' | 'changed';

export interface DiagramMarks {
  states: Record<string, DiffMark>;
  /** By chart transition id (`<source>|<event>|<index>`). */
  transitions: Record<string, DiffMark>;
  removed: { states: string[]; transitions: string[] };
}

export interface DiagramDiffFile {
  version: 1;
  ref: string;
  commit: string;
  /** Machines that changed, by id; a machine added since the ref is all `added`. */
  machines: Record<string, DiagramMarks>;
  /** Machines that are new since the ref. */
  added: string[];
}

const idOf = (t: FlatTransition) => `${t.source}|${t.event}|${t.index}`;

function describe(machineId: string, t: FlatTransition): string {
  const targets = t.targets.map((target) => stateName(machineId, target)).join(', ');
  return `${stateName(machineId, t.source)} ${t.trigger}${t.guard ? ` [${t.guard}]` : ''} → ${targets || '(stays)'}`;
}

export function diagramMarks(diff: MachineDiff): DiagramMarks {
  const marks: DiagramMarks = { states: {}, transitions: {}, removed: { states: [], transitions: [] } };
  for (const state of diff.statesAdded) marks.states[state.id] = 'added';
  for (const change of diff.statesChanged) marks.states[change.state] ??= 'changed';
  for (const t of diff.transitionsAdded) marks.transitions[idOf(t)] = 'added';
  for (const change of [...diff.retargeted, ...diff.guardsChanged, ...diff.actionsChanged, ...diff.reentryChanged]) marks.transitions[idOf(change.after)] ??= 'changed';
  for (const group of diff.reordered) for (const t of group.after) marks.transitions[idOf(t)] ??= 'changed';
  for (const text of diff.textsChanged) {
    if ('state' in text.element) marks.states[text.element.state] ??= 'changed';
    else marks.transitions[idOf(text.element.transition)] ??= 'changed';
  }
  marks.removed.states = diff.statesRemoved.map((state) => stateName(diff.id, state.id));
  marks.removed.transitions = diff.transitionsRemoved.map((t) => describe(diff.id, t));
  return marks;
}

export function diagramDiffFile(ref: string, commit: string, diff: StatechartsDiff): DiagramDiffFile {
  const machines: Record<string, DiagramMarks> = {};
  for (const changed of diff.changed) machines[changed.id] = diagramMarks(changed);
  for (const added of diff.added) {
    machines[added.id] = {
      states: Object.fromEntries([...added.states.keys()].filter((id) => id !== added.id).map((id) => [id, 'added' as const])),
      transitions: Object.fromEntries(added.transitions.map((t) => [idOf(t), 'added' as const])),
      removed: { states: [], transitions: [] },
    };
  }
  return { version: 1, ref, commit, machines, added: diff.added.map((m) => m.id) };
}
