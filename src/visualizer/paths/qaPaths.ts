import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { generatePaths } from '../../statecharts/paths';
import type { Chart } from '../model/chart';
import { formatPayload } from '../model/format';

// Generated test paths (src/statecharts/paths.ts) in the words QA reads: each step is the event with its
// payload (a delay by name and duration, an invoked actor's result by actor) and the state it reaches.

export type Strategy = 'shortest' | 'simple';
export const STRATEGIES: readonly Strategy[] = ['shortest', 'simple'];

export interface QaStep {
  event: EventObject;
  /** State value reached. */
  value: unknown;
  /** `Send form.submit {"password":"…"} → valid.editing` */
  text: string;
}

export interface QaPath {
  steps: QaStep[];
  /** Where the path ends, in words. */
  summary: string;
}

/** `{ editing: { form: 'dirty', panel: 'open' } }` → `editing.form.dirty + editing.panel.open` */
export function formatStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  const leaves: string[] = [];
  const walk = (prefix: string, part: unknown) => {
    if (typeof part === 'string') leaves.push(`${prefix}${part}`);
    else if (typeof part === 'object' && part !== null && Object.keys(part).length > 0) {
      for (const [key, rest] of Object.entries(part)) walk(`${prefix}${key}.`, rest);
    } else leaves.push(prefix.replace(/\.$/, ''));
  };
  walk('', value);
  return leaves.join(' + ');
}

/** What a person (or the clock, or a service) does in one step. */
export function describeEvent(chart: Chart, event: EventObject & Record<string, unknown>): string {
  const transition = chart.transitions.find((t) => t.event === event.type);
  const payload = formatPayload(event);
  if (transition?.kind === 'after') return `Wait ${transition.delay?.label ?? event.type}`;
  if (transition?.kind === 'done') {
    const output = event.output === undefined ? '' : ` with ${formatPayload({ type: '', output: event.output }).replace(/^\{"output":(.*)\}$/, '$1')}`;
    return `${transition.actor ?? event.type} succeeds${output}`;
  }
  if (transition?.kind === 'error') {
    const reason = event.error instanceof Error ? ` (${event.error.message})` : event.error === undefined ? '' : ` (${String(event.error)})`;
    return `${transition.actor ?? event.type} fails${reason}`;
  }
  return payload ? `Send ${event.type} ${payload}` : `Send ${event.type}`;
}

export function qaPaths(entry: MachineEntry, chart: Chart, strategy: Strategy): QaPath[] {
  return generatePaths(entry, { strategy }).map((path) => {
    const steps = path.steps
      .filter((step) => step.event.type !== 'xstate.init')
      .map((step) => {
        const value: unknown = step.state.value;
        return { event: step.event, value, text: `${describeEvent(chart, step.event)} → ${formatStateValue(value)}` };
      });
    const last = steps.at(-1);
    return { steps, summary: last ? `reaches ${formatStateValue(last.value)}` : 'stays in the initial state' };
  });
}
