import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import type { Chart } from '../model/chart';
import { eventOptions, startSimulation, stepSimulation, type SimulationStep } from '../simulate/simulator';

// Seeded random walks (docs/statecharts.md "Random walks"): from a seed, walks a machine with its registry's sample
// events (pure transitions: invoked actors answer and delays run out as events), each walk at most `maxSteps` long,
// and reports the transition pairs (one transition, then the next) the walks took. A check that fails on a step
// stops the walk; the failing walk is shrunk to the shortest sequence of events that still fails, printed with the
// seed that replays it. The model-based tests walk the real machines the same way (tests/support/modelPaths.ts,
// `STATECHART_SEED`), with the shrinking and pair counting below.

/** mulberry32: small, fast, and the same sequence for a seed on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type WalkCheck = (step: SimulationStep, previous: SimulationStep) => void;

export interface WalkOptions {
  seed: number;
  /** Walks to take. */
  walks: number;
  /** The longest walk, in events. */
  maxSteps: number;
  /** Throws when a step is wrong (an invariant of the machine); the walk fails there. */
  check?: WalkCheck;
}

export interface WalkFailure {
  seed: number;
  walk: number;
  message: string;
  /** The shortest sequence of events found that still fails. */
  events: EventObject[];
}

export interface WalkReport {
  seed: number;
  walks: number;
  steps: number;
  transitions: { covered: number; total: number };
  /** Pairs `<transition id> → <transition id>`: a transition, then the next one taken (eventless ones included). */
  pairs: Set<string>;
  /** Pairs that can follow each other: a transition into a state, then one out of a state active there. */
  possiblePairs: number;
  failure: WalkFailure | null;
}

function run(entry: MachineEntry, chart: Chart, events: readonly EventObject[], check?: WalkCheck): { error: string | null; steps: SimulationStep[] } {
  const steps = [startSimulation(entry, chart)];
  for (const event of events) {
    const previous = steps[steps.length - 1] as SimulationStep;
    let next: SimulationStep;
    try {
      next = stepSimulation(entry, chart, previous, event);
      steps.push(next);
      check?.(next, previous);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error), steps };
    }
  }
  return { error: null, steps };
}

/**
 * The shrinking steps: yields candidate sequences and is told whether each still fails; returns the shortest failing
 * one found: the shortest failing prefix, then each event dropped (last first) while the rest still fails.
 */
function* shrinking<T>(events: readonly T[]): Generator<T[], T[], boolean> {
  let current = [...events];
  for (let length = 1; length <= current.length; length += 1) {
    if (yield current.slice(0, length)) {
      current = current.slice(0, length);
      break;
    }
  }
  for (let index = current.length - 1; index >= 0; index -= 1) {
    const without = [...current.slice(0, index), ...current.slice(index + 1)];
    if (without.length > 0 && (yield without)) current = without;
  }
  return current;
}

/** Shrinks a failing sequence with a check that answers at once (see `shrinking`). */
export function shrinkEvents<T>(events: readonly T[], fails: (candidate: T[]) => boolean): T[] {
  const steps = shrinking(events);
  let next = steps.next();
  while (!next.done) next = steps.next(fails(next.value));
  return next.value;
}

/** Shrinks a failing sequence with a check that replays it on a running actor (see `shrinking`). */
export async function shrinkEventsAsync<T>(events: readonly T[], fails: (candidate: T[]) => Promise<boolean>): Promise<T[]> {
  const steps = shrinking(events);
  let next = steps.next();
  while (!next.done) next = steps.next(await fails(next.value));
  return next.value;
}

/** The shortest failing sequence found: the prefix up to the failure, then each event dropped while it still fails. */
export function shrink(entry: MachineEntry, chart: Chart, events: readonly EventObject[], check?: WalkCheck): EventObject[] {
  return shrinkEvents(events, (candidate) => run(entry, chart, candidate, check).error !== null);
}

/**
 * Pairs of transitions that can follow each other: the second leaves a state that can be active right after the first
 * (an ancestor of a state the first enters, one of their descendants, or any state of a parallel state the first
 * stays inside; the source itself for a transition without a target). Walks count the pairs they take against this.
 */
export function possibleTransitionPairs(chart: Chart): number {
  const ancestors = (id: string) => {
    const list: string[] = [];
    for (let current: string | null = id; current !== null; current = chart.states[current]?.parent ?? null) list.push(current);
    return list;
  };
  const descendants = (id: string, into: Set<string>) => {
    into.add(id);
    for (const child of chart.states[id]?.children ?? []) descendants(child, into);
  };
  let possible = 0;
  for (const first of chart.transitions) {
    const active = new Set<string>();
    for (const target of first.targets.length > 0 ? first.targets : [first.source]) {
      descendants(target, active);
      for (const ancestor of ancestors(target)) {
        if (chart.states[ancestor]?.kind === 'parallel') descendants(ancestor, active);
        else active.add(ancestor);
      }
    }
    possible += chart.transitions.filter((second) => active.has(second.source)).length;
  }
  return possible;
}

/**
 * Adds to `pairs` each transition followed by the next one taken (`<id> → <id>`): `previous` (the last transition
 * taken before, or null), then `taken` in the order the machine took them. Returns the last transition taken.
 */
export function addTransitionPairs(pairs: Set<string>, previous: string | null, taken: readonly string[]): string | null {
  let last = previous;
  for (const id of taken) {
    if (last !== null) pairs.add(`${last} → ${id}`);
    last = id;
  }
  return last;
}

export function randomWalks(entry: MachineEntry, chart: Chart, options: WalkOptions): WalkReport {
  const random = seededRandom(options.seed);
  const covered = new Set<string>();
  const pairs = new Set<string>();
  let steps = 0;
  let failure: WalkFailure | null = null;
  for (let walk = 0; walk < options.walks && !failure; walk += 1) {
    let step = startSimulation(entry, chart);
    let last: string | null = null;
    const events: EventObject[] = [];
    for (let n = 0; n < options.maxSteps; n += 1) {
      const enabled = eventOptions(entry, chart, step).filter((option) => option.enabled);
      if (enabled.length === 0) break;
      const event = (enabled[Math.floor(random() * enabled.length)] as (typeof enabled)[number]).event;
      events.push(event);
      const previous = step;
      try {
        step = stepSimulation(entry, chart, previous, event);
        options.check?.(step, previous);
      } catch (error) {
        failure = { seed: options.seed, walk: walk + 1, message: error instanceof Error ? error.message : String(error), events: shrink(entry, chart, events, options.check) };
        break;
      }
      steps += 1;
      for (const id of step.taken) covered.add(id);
      last = addTransitionPairs(pairs, last, step.taken);
    }
  }
  return { seed: options.seed, walks: options.walks, steps, transitions: { covered: covered.size, total: chart.transitions.length }, pairs, possiblePairs: possibleTransitionPairs(chart), failure };
}

export function formatWalkReport(machineId: string, report: WalkReport): string {
  const lines = [
    `${machineId}: ${report.walks} walks from seed ${report.seed}, ${report.steps} steps`,
    `  transitions       ${report.transitions.covered}/${report.transitions.total}`,
    `  transition pairs  ${report.pairs.size} taken of ${report.possiblePairs} that can follow each other`,
  ];
  if (report.failure) {
    lines.push(`  FAILED on walk ${report.failure.walk} (seed ${report.failure.seed}): ${report.failure.message}`);
    lines.push(`  shortest failing path (${report.failure.events.length} events):`);
    report.failure.events.forEach((event, index) => lines.push(`    ${index + 1}. ${JSON.stringify(event)}`));
  }
  return lines.join('\n');
}
