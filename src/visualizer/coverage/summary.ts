import type { CoverageRecord, MachineCoverage } from '../../inspect/record';
import { countedStates, type Chart, type ChartTransition } from '../model/chart';
import { SUITE_TITLES, SUITES, type Suite, type SuiteCoverageRecord } from './suites';

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

/** The named machines of the product's shape (ARCHITECTURE.md "Named machines"): `npm test` prints their end-to-end coverage. */
export const NAMED_MACHINES = ['session', 'guardChain', 'passwordReset', 'kba', 'disputeWizard', 'paymentPipeline', 'documentUpload', 'intake', 'contractPolling'] as const;

export interface SuiteFigures {
  states: number;
  transitions: number;
  /** Ids of the transitions this suite took. */
  covered: ReadonlySet<string>;
}

export interface SuiteBreakdown {
  machineId: string;
  totals: { states: number; transitions: number };
  suites: Record<Suite, SuiteFigures>;
  /** Transitions only the model-path replays take: no end-to-end, view, machine or other unit test does. */
  onlyModel: ChartTransition[];
}

/** One machine's coverage by each suite on its own, and what only the model paths reach. */
export function suiteBreakdown(chart: Chart, record: SuiteCoverageRecord): SuiteBreakdown {
  const suites = {} as Record<Suite, SuiteFigures>;
  for (const suite of SUITES) {
    const summary = summarizeCoverage(chart, record.suites?.[suite]?.machines[chart.id]);
    suites[suite] = { states: summary.states.covered.length, transitions: summary.transitions.covered.length, covered: new Set(summary.transitions.covered.map((t) => t.id)) };
  }
  const others = SUITES.filter((suite) => suite !== 'model');
  const onlyModel = chart.transitions.filter((t) => suites.model.covered.has(t.id) && others.every((suite) => !suites[suite].covered.has(t.id)));
  return { machineId: chart.id, totals: { states: countedStates(chart).length, transitions: chart.transitions.length }, suites, onlyModel };
}

const pad = (text: string, width: number) => text.padEnd(width);
const fraction = (covered: number, total: number) => `${covered}/${total} (${percent(covered, total)})`;

/**
 * The per-suite part of the report: each suite's totals over every machine, then each named machine's transitions
 * by suite, its end-to-end figure first, with the transitions only the model paths reach.
 */
export function formatSuiteReport(machines: ReadonlyArray<{ chart: Chart; title: string }>, record: SuiteCoverageRecord, named: readonly string[] = NAMED_MACHINES): string {
  if (!record.suites) return 'No per-suite records (coverage/statecharts/ has no e2e-* or vitest-<suite>-* files).';
  const breakdowns = machines.map(({ chart }) => suiteBreakdown(chart, record));
  const total = (pick: (b: SuiteBreakdown) => number) => breakdowns.reduce((sum, b) => sum + pick(b), 0);
  const allStates = total((b) => b.totals.states);
  const allTransitions = total((b) => b.totals.transitions);
  const lines = ['Statechart coverage by suite (each on its own, all machines):'];
  for (const suite of SUITES) {
    if (!record.suites[suite]) continue;
    lines.push(
      `  ${pad(SUITE_TITLES[suite], 42)} states ${pad(fraction(total((b) => b.suites[suite].states), allStates), 20)} transitions ${fraction(total((b) => b.suites[suite].transitions), allTransitions)}`,
    );
  }
  lines.push(`  transitions only the model paths reach: ${total((b) => b.onlyModel.length)}`);
  lines.push('', 'End-to-end transition coverage of the named machines (then views, machines, model paths; only model = reached by no other suite):');
  for (const id of named) {
    const breakdown = breakdowns.find((b) => b.machineId === id);
    if (!breakdown) continue;
    const of = (suite: Suite) => fraction(breakdown.suites[suite].transitions, breakdown.totals.transitions);
    lines.push(`  ${pad(id, 16)} e2e ${pad(of('e2e'), 16)} views ${pad(of('views'), 16)} machines ${pad(of('machines'), 16)} model ${pad(of('model'), 16)} only model ${breakdown.onlyModel.length}`);
  }
  return lines.join('\n');
}
