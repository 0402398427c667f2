import type { CoverageRecord, MachineCoverage } from '../../inspect/record';
import { countedStates, type Chart, type ChartTransition } from '../model/chart';

// Statechart coverage of one machine: which of its states and transitions some recorded run went through.
// Shared by `npm run coverage:statecharts` and the visualizer's overlay so both give the same figures.

export interface CoverageSummary {
  machineId: string;
  states: { covered: string[]; uncovered: string[]; total: number };
  transitions: { covered: ChartTransition[]; uncovered: ChartTransition[]; total: number };
}

export function summarizeCoverage(chart: Chart, record: MachineCoverage | undefined): CoverageSummary {
  const states = countedStates(chart).map((s) => s.id);
  const coveredStates = states.filter((id) => (record?.states[id] ?? 0) > 0);
  const coveredTransitions = chart.transitions.filter((t) => (record?.transitions[t.id]?.count ?? 0) > 0);
  return {
    machineId: chart.id,
    states: { covered: coveredStates, uncovered: states.filter((id) => !coveredStates.includes(id)), total: states.length },
    transitions: {
      covered: coveredTransitions,
      uncovered: chart.transitions.filter((t) => !coveredTransitions.includes(t)),
      total: chart.transitions.length,
    },
  };
}

export function percent(covered: number, total: number): string {
  return total === 0 ? '100%' : `${Math.floor((covered / total) * 1000) / 10}%`;
}

/** How a transition reads in a report: `source --label--> targets`. */
export function describeTransition(transition: ChartTransition): string {
  const targets = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays)';
  return `${transition.source} --${transition.lines.join(' ')}--> ${targets}`;
}

export function formatCoverageSummary(summary: CoverageSummary, title: string): string {
  const { states, transitions } = summary;
  const lines = [
    `${summary.machineId} — ${title}`,
    `  states       ${states.covered.length}/${states.total} (${percent(states.covered.length, states.total)})`,
    `  transitions  ${transitions.covered.length}/${transitions.total} (${percent(transitions.covered.length, transitions.total)})`,
  ];
  for (const id of states.uncovered) lines.push(`  uncovered state       ${id}`);
  for (const transition of transitions.uncovered) lines.push(`  uncovered transition  ${describeTransition(transition)}`);
  return lines.join('\n');
}

/** The whole report of `npm run coverage:statecharts`: every registered machine, then the totals. */
export function formatCoverageReport(machines: ReadonlyArray<{ chart: Chart; title: string }>, record: CoverageRecord): string {
  const summaries = machines.map(({ chart, title }) => ({ title, summary: summarizeCoverage(chart, record.machines[chart.id]) }));
  const sum = (pick: (s: CoverageSummary) => { covered: unknown[]; total: number }) =>
    summaries.reduce((acc, { summary }) => ({ covered: acc.covered + pick(summary).covered.length, total: acc.total + pick(summary).total }), { covered: 0, total: 0 });
  const states = sum((s) => s.states);
  const transitions = sum((s) => s.transitions);
  return [
    ...summaries.map(({ summary, title }) => formatCoverageSummary(summary, title)),
    '',
    `All ${machines.length} machines: states ${states.covered}/${states.total} (${percent(states.covered, states.total)}), ` +
      `transitions ${transitions.covered}/${transitions.total} (${percent(transitions.covered, transitions.total)})`,
  ].join('\n');
}
