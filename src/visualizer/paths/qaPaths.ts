import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { formatStateValue, generatePaths, PATH_STRATEGIES, type PathStrategy } from '../../statecharts/paths';
import type { Chart } from '../model/chart';
import { formatError, formatPayload, stableStringify } from '../model/format';

// Generated test paths (src/statecharts/paths.ts) in the words QA reads: each step is the event with its
// payload (a delay by name and duration, an invoked actor's result by actor) and the state it reaches.

export type Strategy = PathStrategy;
export const STRATEGIES: readonly Strategy[] = PATH_STRATEGIES;

export interface QaStep {
  event: EventObject;
  /** State value reached. */
  value: unknown;
  /** `Send form.submit {"password":"…"} → valid.editing` */
  text: string;
}

export interface QaPath {
  /** The initial state, in words. */
  start: string;
  steps: QaStep[];
  /** Where the path ends, in words. */
  summary: string;
}

/** What a person (or the clock, or a service) does in one step. */
export function describeEvent(chart: Chart, event: EventObject & Record<string, unknown>): string {
  const transition = chart.transitions.find((t) => t.event === event.type);
  const payload = formatPayload(event);
  if (transition?.kind === 'after') return `Wait ${transition.delay?.label ?? event.type}`;
  if (transition?.kind === 'done') {
    const output = event.output === undefined ? '' : ` with ${stableStringify(event.output)}`;
    return `${transition.actor ?? event.type} succeeds${output}`;
  }
  if (transition?.kind === 'error') {
    return `${transition.actor ?? event.type} fails${event.error === undefined ? '' : ` (${formatError(event.error)})`}`;
  }
  return payload ? `Send ${event.type} ${payload}` : `Send ${event.type}`;
}

export function qaPaths(entry: MachineEntry, chart: Chart, strategy: Strategy): QaPath[] {
  return generatePaths(entry, { strategy }).map((path) => {
    const steps = path.steps.map((step) => ({
      event: step.event,
      value: step.state.value,
      text: `${describeEvent(chart, step.event)} → ${formatStateValue(step.state.value)}`,
    }));
    const last = steps.at(-1);
    return { start: formatStateValue(path.initial.value), steps, summary: last ? `reaches ${formatStateValue(last.value)}` : 'stays in the initial state' };
  });
}
