import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { formatStateValue, generatePathsWithTotals, PATH_STRATEGIES, type PathStrategy, type PathTotals } from '../../statecharts/paths';
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

export interface QaPathSet {
  paths: QaPath[];
  totals: PathTotals;
}

/**
 * How a payload is written: the stable JSON by default; the paths report passes a function that names long
 * payloads instead of repeating them.
 */
export type PayloadWriter = (event: EventObject & Record<string, unknown>, json: string) => string;

const asIs: PayloadWriter = (_event, json) => json;

/** What a person (or the clock, or a service) does in one step. */
export function describeEvent(chart: Chart, event: EventObject & Record<string, unknown>, payload: PayloadWriter = asIs): string {
  const transition = chart.transitions.find((t) => t.event === event.type);
  if (transition?.kind === 'after') return `Wait ${transition.delay?.label ?? event.type}`;
  if (transition?.kind === 'done') {
    return `${transition.actor ?? event.type} succeeds${event.output === undefined ? '' : ` with ${payload(event, stableStringify(event.output))}`}`;
  }
  if (transition?.kind === 'error') {
    return `${transition.actor ?? event.type} fails${event.error === undefined ? '' : ` (${payload(event, formatError(event.error))})`}`;
  }
  const json = formatPayload(event);
  return json ? `Send ${event.type} ${payload(event, json)}` : `Send ${event.type}`;
}

export function describeQaStep(chart: Chart, event: EventObject, value: unknown, payload: PayloadWriter = asIs): string {
  return `${describeEvent(chart, event as EventObject & Record<string, unknown>, payload)} → ${formatStateValue(value as Parameters<typeof formatStateValue>[0])}`;
}

export function qaPathSet(entry: MachineEntry, chart: Chart, strategy: Strategy): QaPathSet {
  const { paths, totals } = generatePathsWithTotals(entry, { strategy });
  return {
    totals,
    paths: paths.map((path) => {
      const steps = path.steps.map((step) => ({ event: step.event, value: step.state.value, text: describeQaStep(chart, step.event, step.state.value) }));
      const last = path.steps.at(-1);
      return {
        start: formatStateValue(path.initial.value),
        steps,
        summary: last ? `reaches ${formatStateValue(last.state.value)}` : 'stays in the initial state',
      };
    }),
  };
}

export function qaPaths(entry: MachineEntry, chart: Chart, strategy: Strategy): QaPath[] {
  return qaPathSet(entry, chart, strategy).paths;
}
