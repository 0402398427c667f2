import type { AnyStateMachine } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { compareSpecSections, specSectionsOf } from '../../../machines/spec';
import { SPEC_SECTIONS, specSectionProblem } from '../../../machines/specSections';
import { transitionId } from '../../inspect/record';

// Traced to the spec (docs/statecharts.md "Traced to the spec"): which spec sections each machine element names in
// its `meta`, which states a user can see, and the report per section. Read from the live state nodes, like
// model/chart.ts, so transition ids match the diagram's and coverage's (`transitionId`).

export interface TracedState {
  machineId: string;
  /** The state node id, as the diagram and the URL's `state` name it. */
  id: string;
  /** The path from the machine's root (`open.flow.form`); `''` for the root. */
  path: string;
  /** The sections the state names itself (valid ones). */
  sections: string[];
  /** Seen by a user: not the root, not a history pseudo-state, not listed as internal (nor inside one that is). */
  userFacing: boolean;
}

export interface TracedTransition {
  machineId: string;
  /** `source|event|index`, the diagram's and coverage's id. */
  id: string;
  source: string;
  event: string;
  targets: string[];
  /** Its own sections, or else those of its source state (or the nearest ancestor that names some). */
  sections: string[];
  /** The sections are the transition's own `meta.spec`. */
  own: boolean;
}

export interface MachineTrace {
  machineId: string;
  title: string;
  /** The sections the machine as a whole names (its root's `meta.spec`). */
  sections: string[];
  /** Its states no user sees, by path, as the machine lists them. */
  internal: string[];
  states: TracedState[];
  transitions: TracedTransition[];
  /** User-facing states that name no section. */
  unnamed: string[];
  /** Sections that are no heading, internal entries that are no state, a machine naming no section. */
  problems: string[];
}

interface NodeLike {
  id: string;
  key: string;
  type: string;
  meta?: unknown;
  tags: readonly string[];
  invoke: readonly unknown[];
  parent?: NodeLike;
  states: Record<string, NodeLike>;
  always?: readonly TransitionLike[];
  transitions: Map<string, readonly TransitionLike[]>;
}

interface TransitionLike {
  target?: readonly NodeLike[];
  actions: readonly unknown[];
  reenter?: boolean;
  meta?: unknown;
}

function isDecision(node: NodeLike): boolean {
  return (node.always?.length ?? 0) > 0 && node.transitions.size === 0 && node.tags.length === 0 && node.invoke.length === 0 && Object.keys(node.states).length === 0;
}

export function traceMachine(machine: AnyStateMachine, title = machine.id): MachineTrace {
  const root = machine.root as unknown as NodeLike;
  const machineId = root.id;
  const problems: string[] = [];
  const valid = (meta: unknown, where: string): string[] => {
    const named = specSectionsOf(meta);
    const kept: string[] = [];
    for (const section of named) {
      const problem = specSectionProblem(section);
      if (problem) problems.push(`${where}: ${problem}`);
      else if (!kept.includes(section)) kept.push(section);
    }
    return kept;
  };
  const rootMeta = root.meta as { internal?: unknown } | undefined;
  const internal = Array.isArray(rootMeta?.internal) ? rootMeta.internal.map(String) : [];
  const sections = valid(root.meta, `machine ${machineId}`);
  if (sections.length === 0) problems.push(`machine ${machineId} names no spec section in its meta (machineSpec([...]))`);

  const states: TracedState[] = [];
  const transitions: TracedTransition[] = [];
  const own = new Map<string, string[]>();
  const paths = new Set<string>();

  const visit = (node: NodeLike, path: string, insideInternal: boolean) => {
    const isInternal = insideInternal || internal.includes(path);
    // Only a decision can be listed: a state left in the step it is entered, which shows nothing of its own.
    if (path !== '' && internal.includes(path) && !isDecision(node)) {
      problems.push(`machine ${machineId} lists "${path}" as internal, but a user can see it: only a state with eventless transitions and no tags, events, delays or invoked actors is internal`);
    }
    const stateSections = path === '' ? sections : valid(node.meta, `state ${node.id}`);
    own.set(node.id, stateSections);
    if (path !== '') paths.add(path);
    states.push({
      machineId,
      id: node.id,
      path,
      sections: stateSections,
      userFacing: path !== '' && node.type !== 'history' && !isInternal,
    });
    const inherited = (): string[] => {
      for (let at: NodeLike | undefined = node; at; at = at.parent) {
        const named = at === root ? sections : (own.get(at.id) ?? []);
        if (named.length > 0) return named;
      }
      return [];
    };
    const add = (event: string, list: readonly TransitionLike[]) => {
      list.forEach((transition, index) => {
        // Like the diagram: a transition that neither moves nor acts only stops the event from bubbling.
        if (!transition.target?.length && transition.actions.length === 0 && !transition.reenter) return;
        const id = transitionId(node.id, event, index);
        const mine = valid(transition.meta, `transition ${id}`);
        transitions.push({
          machineId,
          id,
          source: node.id,
          event,
          targets: (transition.target ?? []).map((target) => target.id),
          sections: mine.length > 0 ? mine : inherited(),
          own: mine.length > 0,
        });
      });
    };
    if (node.always) add('', node.always);
    for (const [event, list] of node.transitions) add(event, list);
    for (const child of Object.values(node.states)) visit(child, path === '' ? child.key : `${path}.${child.key}`, isInternal);
  };
  visit(root, '', false);

  for (const path of internal) if (!paths.has(path)) problems.push(`machine ${machineId} lists "${path}" as internal, but has no such state`);
  const unnamed = states.filter((state) => state.userFacing && state.sections.length === 0).map((state) => state.id);
  return { machineId, title, sections, internal, states, transitions, unnamed, problems };
}

export type SpecElementKind = 'machine' | 'state' | 'transition';

export interface SpecElement {
  machineId: string;
  kind: SpecElementKind;
  /** The machine id, the state node id, or the transition id. */
  id: string;
  /** For transitions: the section is its source state's, not its own. */
  inherited: boolean;
}

export interface SpecSectionReport {
  section: string;
  title: string;
  machines: string[];
  elements: SpecElement[];
}

export interface SpecReport {
  sections: SpecSectionReport[];
  /** Spec headings no machine names. */
  unreferenced: string[];
  /** User-facing states that name no section, by machine. */
  unnamed: Array<{ machineId: string; stateId: string }>;
  problems: string[];
  totals: { machines: number; userFacingStates: number; namedStates: number; transitions: number; ownTransitions: number };
}

export function traceEntries(entries: readonly MachineEntry[]): MachineTrace[] {
  return entries.map((entry) => traceMachine(entry.machine, entry.title));
}

export function specReport(traces: readonly MachineTrace[]): SpecReport {
  const bySection = new Map<string, SpecElement[]>();
  const add = (section: string, element: SpecElement) => {
    const list = bySection.get(section) ?? [];
    list.push(element);
    bySection.set(section, list);
  };
  for (const trace of traces) {
    for (const section of trace.sections) add(section, { machineId: trace.machineId, kind: 'machine', id: trace.machineId, inherited: false });
    for (const state of trace.states) {
      if (state.path === '') continue;
      for (const section of state.sections) add(section, { machineId: trace.machineId, kind: 'state', id: state.id, inherited: false });
    }
    for (const transition of trace.transitions) {
      for (const section of transition.sections) add(section, { machineId: trace.machineId, kind: 'transition', id: transition.id, inherited: !transition.own });
    }
  }
  const sections = [...bySection.keys()].sort(compareSpecSections).map((section) => {
    const elements = bySection.get(section) ?? [];
    return {
      section,
      title: SPEC_SECTIONS[section as keyof typeof SPEC_SECTIONS] ?? '',
      machines: [...new Set(elements.map((element) => element.machineId))],
      elements,
    };
  });
  const userFacing = traces.flatMap((trace) => trace.states.filter((state) => state.userFacing));
  return {
    sections,
    unreferenced: Object.keys(SPEC_SECTIONS).filter((section) => !bySection.has(section)),
    unnamed: traces.flatMap((trace) => trace.unnamed.map((stateId) => ({ machineId: trace.machineId, stateId }))),
    problems: traces.flatMap((trace) => trace.problems),
    totals: {
      machines: traces.length,
      userFacingStates: userFacing.length,
      namedStates: userFacing.filter((state) => state.sections.length > 0).length,
      transitions: traces.reduce((sum, trace) => sum + trace.transitions.length, 0),
      ownTransitions: traces.reduce((sum, trace) => sum + trace.transitions.filter((transition) => transition.own).length, 0),
    },
  };
}

/** The states and transitions of one machine that implement a section (for the diagram's filter). */
export function sectionElements(trace: MachineTrace, section: string): { states: Set<string>; transitions: Set<string> } {
  return {
    states: new Set(trace.states.filter((state) => state.path !== '' && state.sections.includes(section)).map((state) => state.id)),
    transitions: new Set(trace.transitions.filter((transition) => transition.sections.includes(section)).map((transition) => transition.id)),
  };
}

/** The sections a machine names anywhere (its own, its states', its transitions'), in spec order. */
export function machineSections(trace: MachineTrace): string[] {
  const all = new Set<string>([...trace.sections, ...trace.states.flatMap((state) => state.sections), ...trace.transitions.flatMap((t) => t.sections)]);
  return [...all].sort(compareSpecSections);
}

/** A transition as the report writes it: `source on event → target`. */
export function describeTransition(transition: TracedTransition): string {
  const event = transition.event === '' ? 'always' : transition.event;
  const targets = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays)';
  return `${transition.source} on ${event} → ${targets}`;
}

export interface ReportOptions {
  /** Only this machine's elements. */
  machine?: string;
  /** Only this section. */
  section?: string;
  /** List the transitions that take their section from their state too (long). */
  inherited?: boolean;
}

/** The report in Markdown: per section, the machines and their states and transitions; then the states naming none. */
export function formatSpecReport(traces: readonly MachineTrace[], options: ReportOptions = {}): string {
  const chosen = options.machine ? traces.filter((trace) => trace.machineId === options.machine) : traces;
  const report = specReport(chosen);
  const byId = new Map(chosen.flatMap((trace) => trace.transitions.map((transition) => [`${trace.machineId} ${transition.id}`, transition] as const)));
  const lines: string[] = ['# Machines traced to the spec', ''];
  const { totals } = report;
  lines.push(
    `${totals.machines} machines; ${totals.namedStates} of ${totals.userFacingStates} user-facing states name a section; ` +
      `${totals.transitions} transitions (${totals.ownTransitions} name their own, the others their state's).`,
    '',
  );
  for (const entry of report.sections) {
    if (options.section && entry.section !== options.section) continue;
    lines.push(`## ${entry.section} ${entry.title}`, '');
    for (const machineId of entry.machines) {
      const elements = entry.elements.filter((element) => element.machineId === machineId);
      const states = elements.filter((element) => element.kind === 'state').map((element) => `\`${element.id}\``);
      const own = elements.filter((element) => element.kind === 'transition' && !element.inherited);
      const inherited = elements.filter((element) => element.kind === 'transition' && element.inherited);
      const whole = elements.some((element) => element.kind === 'machine') ? ' (the machine as a whole)' : '';
      lines.push(`- **${machineId}**${whole}: ${states.length} states, ${own.length + inherited.length} transitions`);
      if (states.length > 0) lines.push(`  - states: ${states.join(', ')}`);
      const listed = options.inherited ? [...own, ...inherited] : own;
      for (const element of listed) {
        const transition = byId.get(`${machineId} ${element.id}`);
        if (transition) lines.push(`  - transition: \`${describeTransition(transition)}\`${element.inherited ? ' (its state’s section)' : ''}`);
      }
    }
    lines.push('');
  }
  lines.push('## User-facing states that name no section', '');
  if (report.unnamed.length === 0) lines.push('None.');
  else for (const { machineId, stateId } of report.unnamed) lines.push(`- ${machineId}: \`${stateId}\``);
  lines.push('');
  if (report.problems.length > 0) {
    lines.push('## Problems', '');
    for (const problem of report.problems) lines.push(`- ${problem}`);
    lines.push('');
  }
  if (!options.machine && !options.section && report.unreferenced.length > 0) {
    lines.push('## Spec headings no machine names', '', report.unreferenced.map((section) => `${section} ${SPEC_SECTIONS[section as keyof typeof SPEC_SECTIONS]}`).join('; '), '');
  }
  return lines.join('\n');
}
