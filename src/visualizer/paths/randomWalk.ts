import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import type { Chart } from '../model/chart';
import { eventOptions, startSimulation, stepSimulation, type SimulationStep } from '../simulate/simulator';

// Seeded random walks (docs/statecharts.md "Random walks"): from a seed, walks a machine with its registry's sample
// events (pure transitions: invoked actors answer and delays run out as events), each walk at most `maxSteps` long,
// and reports the transition pairs (one transition, then the next) the walks took. A check that fails on a step
// stops the walk; the failing walk is shrunk to the shortest sequence of events that still fails, printed with the
// seed that replays it.

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
  /** Pairs `<transition id> → <transition id>` taken one after the other. */
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

/** The shortest failing sequence found: the prefix up to the failure, then each event dropped while it still fails. */
export function shrink(entry: MachineEntry, chart: Chart, events: readonly EventObject[], check?: WalkCheck): EventObject[] {
  let current = [...events];
  for (let length = 1; length <= current.length; length += 1) {
    if (run(entry, chart, current.slice(0, length), check).error !== null) {
      current = current.slice(0, length);
      break;
    }
  }
  for (let index = current.length - 1; index >= 0; index -= 1) {
    const without = [...current.slice(0, index), ...current.slice(index + 1)];
    if (without.length > 0 && run(entry, chart, without, check).error !== null) current = without;
  }
  return current;
}

export function randomWalks(entry: MachineEntry, chart: Chart, options: WalkOptions): WalkReport {
  const random = seededRandom(options.seed);
  const covered = new Set<string>();
  const pairs = new Set<string>();
  let steps = 0;
  let failure: WalkFailure | null = null;
  for (let walk = 0; walk < options.walks && !failure; walk += 1) {
    let step = startSimulation(entry, chart);
    let last: string[] = [];
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
      for (const before of last) for (const after of step.taken) pairs.add(`${before} → ${after}`);
      if (step.taken.length > 0) last = step.taken;
    }
  }
  // Pairs that can happen: t1 then t2 where t2 leaves a state t1 enters (or one of its ancestors).
  const ancestors = (id: string) => {
    const list: string[] = [];
    for (let current: string | null = id; current !== null; current = chart.states[current]?.parent ?? null) list.push(current);
    return list;
  };
  let possiblePairs = 0;
  for (const first of chart.transitions) {
    const reachable = new Set((first.targets.length > 0 ? first.targets : [first.source]).flatMap(ancestors));
    possiblePairs += chart.transitions.filter((second) => reachable.has(second.source)).length;
  }
  return { seed: options.seed, walks: options.walks, steps, transitions: { covered: covered.size, total: chart.transitions.length }, pairs, possiblePairs, failure };
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
