import { getMicrosteps, initialTransition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { transitionId } from '../../inspect/record';
import { activeStateIds, type Chart, type ChartTransition } from '../model/chart';
import { formatError, formatPayload } from '../model/format';

// Simulation with the machine's pure functions (`initialTransition`, `getMicrosteps`): no actor runs, so the
// stubbed actors never start and nothing is sent anywhere. Delays and invoked actors' results are ordinary
// events here (`xstate.after.*`, `xstate.done.actor.*`, `xstate.error.actor.*`), fired by the person
// simulating, with the registry's sample payloads.

export interface SimulationStep {
  snapshot: AnyMachineSnapshot;
  /** The event that led here; null for the initial state. */
  event: EventObject | null;
  /** Ids of the transitions taken by that event (eventless follow-ups included). */
  taken: string[];
  /** Active state ids (root excluded). */
  active: string[];
}

export interface EventOption {
  event: EventObject;
  kind: ChartTransition['kind'];
  /** Button text: the event (or delay, or actor result) and its payload. */
  label: string;
  enabled: boolean;
}

type AnyEvent = EventObject & Record<string, unknown>;

interface TransitionDefinitionLike {
  eventType: string;
  source: { id: string; always?: readonly unknown[]; transitions: Map<string, readonly unknown[]> };
}

function takenIds(definitions: readonly TransitionDefinitionLike[]): string[] {
  return definitions.map((t) => {
    const siblings = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
    return transitionId(t.source.id, t.eventType, Math.max(0, siblings.indexOf(t)));
  });
}

function eventlessTaken(chart: Chart, before: readonly string[], after: readonly string[]): string[] {
  const wasActive = new Set(before);
  const isActive = new Set(after);
  return chart.transitions
    .filter((t) => t.kind === 'always' && wasActive.has(t.source) && t.targets.length > 0 && t.targets.every((target) => isActive.has(target)) && !isActive.has(t.source))
    .map((t) => t.id);
}

export function startSimulation(entry: MachineEntry, chart: Chart): SimulationStep {
  const machine: AnyStateMachine = entry.machine;
  const [snapshot] = initialTransition(machine, entry.testModel.input);
  return { snapshot, event: null, taken: [], active: activeStateIds(chart, snapshot.value) };
}

export function stepSimulation(entry: MachineEntry, chart: Chart, step: SimulationStep, event: EventObject): SimulationStep {
  const machine: AnyStateMachine = entry.machine;
  const primary = takenIds(machine.getTransitionData(step.snapshot, event) as unknown as TransitionDefinitionLike[]);
  const microsteps = getMicrosteps(machine, step.snapshot, event);
  const last = microsteps.at(-1)?.[0] ?? step.snapshot;
  const snapshots = [step.snapshot, ...microsteps.map(([s]) => s)];
  const followUps = snapshots.slice(1).flatMap((s, index) => eventlessTaken(chart, activeStateIds(chart, snapshots[index]?.value), activeStateIds(chart, s.value)));
  return { snapshot: last, event, taken: [...new Set([...primary, ...followUps])], active: activeStateIds(chart, last.value) };
}

function optionLabel(transition: ChartTransition, event: AnyEvent): string {
  const payload = formatPayload(event);
  const withPayload = (text: string) => (payload ? `${text} ${payload}` : text);
  switch (transition.kind) {
    case 'after':
      return `after ${transition.delay?.label ?? event.type}`;
    case 'done':
      return withPayload(`done: ${transition.actor ?? ''}`);
    case 'error':
      return `error: ${transition.actor ?? ''}${event.error === undefined ? '' : ` (${formatError(event.error)})`}`;
    default:
      return withPayload(event.type);
  }
}

function defaultEvent(transition: ChartTransition): AnyEvent {
  if (transition.kind === 'error') return { type: transition.event, error: new Error('simulated failure') };
  if (transition.kind === 'done') return { type: transition.event, output: undefined };
  return { type: transition.event };
}

/**
 * The events the active states listen to now, each with the registry's sample payloads (a bare event
 * when there is none), marked enabled when some transition would be taken.
 */
export function eventOptions(entry: MachineEntry, chart: Chart, step: SimulationStep): EventOption[] {
  if (step.snapshot.status !== 'active') return [];
  const active = new Set([chart.id, ...step.active]);
  const options: EventOption[] = [];
  const seen = new Set<string>();
  for (const transition of chart.transitions) {
    if (!active.has(transition.source) || transition.kind === 'always' || transition.kind === 'done.state') continue;
    if (transition.event.includes('*')) continue;
    const samples = (entry.testModel.events[transition.event] as readonly AnyEvent[] | undefined) ?? [defaultEvent(transition)];
    for (const event of samples) {
      const key = `${event.type}:${formatPayload(event)}:${formatError(event.error)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      options.push({ event, kind: transition.kind, label: optionLabel(transition, event), enabled: step.snapshot.can(event) });
    }
  }
  return options;
}
