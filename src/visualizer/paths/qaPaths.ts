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
  /** The same, in parts, for the visualizer to word in the reader's language. */
  words: StepWords;
}

/** One step in parts: who acts (a person sends, the clock runs out, an invoked actor answers), with what, where to. */
export interface StepWords {
  kind: 'send' | 'wait' | 'done' | 'error';
  /** The event type, the delay (`contractPoll (1 s)`) or the invoked actor. */
  name: string;
  /** The payload, output or error; null when there is none. */
  detail: string | null;
  /** The state reached, in words. */
  state: string;
}

export interface QaPath {
  /** The initial state, in words. */
  start: string;
  steps: QaStep[];
  /** Where the path ends, in words: `reaches done`. */
  summary: string;
  /** The state the last step reaches, in words; null for a path without steps. */
  end: string | null;
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

/** What a person (or the clock, or a service) does in one step, in parts. */
export function stepWords(chart: Chart, event: EventObject & Record<string, unknown>, value: unknown, payload: PayloadWriter = asIs): StepWords {
  const transition = chart.transitions.find((t) => t.event === event.type);
  const state = value === undefined ? '' : formatStateValue(value as Parameters<typeof formatStateValue>[0]);
  if (transition?.kind === 'after') return { kind: 'wait', name: transition.delay?.label ?? event.type, detail: null, state };
  if (transition?.kind === 'done') {
    return { kind: 'done', name: transition.actor ?? event.type, detail: event.output === undefined ? null : payload(event, stableStringify(event.output)), state };
  }
  if (transition?.kind === 'error') {
    return { kind: 'error', name: transition.actor ?? event.type, detail: event.error === undefined ? null : payload(event, formatError(event.error)), state };
  }
  const json = formatPayload(event);
  return { kind: 'send', name: event.type, detail: json ? payload(event, json) : null, state };
}

/** The step's action in English (the paths report's words). */
function englishAction({ kind, name, detail }: StepWords): string {
  switch (kind) {
    case 'wait':
      return `Wait ${name}`;
    case 'done':
      return detail === null ? `${name} succeeds` : `${name} succeeds with ${detail}`;
    case 'error':
      return detail === null ? `${name} fails` : `${name} fails (${detail})`;
    case 'send':
      return detail === null ? `Send ${name}` : `Send ${name} ${detail}`;
  }
}

/** What a person (or the clock, or a service) does in one step. */
export function describeEvent(chart: Chart, event: EventObject & Record<string, unknown>, payload: PayloadWriter = asIs): string {
  return englishAction(stepWords(chart, event, undefined, payload));
}

export function describeQaStep(chart: Chart, event: EventObject, value: unknown, payload: PayloadWriter = asIs): string {
  const words = stepWords(chart, event as EventObject & Record<string, unknown>, value, payload);
  return `${englishAction(words)} → ${words.state}`;
}

export function qaPathSet(entry: MachineEntry, chart: Chart, strategy: Strategy): QaPathSet {
  const { paths, totals } = generatePathsWithTotals(entry, { strategy });
  return {
    totals,
    paths: paths.map((path) => {
      const steps = path.steps.map((step) => ({
        event: step.event,
        value: step.state.value,
        text: describeQaStep(chart, step.event, step.state.value),
        words: stepWords(chart, step.event, step.state.value),
      }));
      const last = path.steps.at(-1);
      const end = last ? formatStateValue(last.state.value) : null;
      return { start: formatStateValue(path.initial.value), steps, summary: end === null ? 'stays in the initial state' : `reaches ${end}`, end };
    }),
  };
}

export function qaPaths(entry: MachineEntry, chart: Chart, strategy: Strategy): QaPath[] {
  return qaPathSet(entry, chart, strategy).paths;
}
