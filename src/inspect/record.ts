// Statechart coverage records (ARCHITECTURE.md, "Statechart coverage"). The same shape is written by the
// vitest set-up, dumped by the e2e harness from `window.__statechartCoverage__`, merged by
// `npm run coverage:statecharts`, and read by the visualizer's overlay. Plain JSON, no xstate objects.

export const COVERAGE_RECORD_VERSION = 1;

/** One transition of a machine definition, counted each time it is taken. */
export interface TransitionCount {
  /** State node id of the transition's source, e.g. `passwordReset.loading`. */
  source: string;
  /** The transition's event descriptor; `''` for an eventless (`always`) transition. */
  event: string;
  /** Position among the source's transitions for that descriptor (guarded alternatives differ by it). */
  index: number;
  /** State node ids of the targets; empty for a targetless transition. */
  targets: string[];
  count: number;
}

export interface MachineCoverage {
  /** State node id → number of steps (initial state, microsteps) it was active in: left active, or left by a transition taken. */
  states: Record<string, number>;
  /** Transition id (see `transitionId`) → the transition and how often it was taken. */
  transitions: Record<string, TransitionCount>;
}

export interface CoverageRecord {
  version: typeof COVERAGE_RECORD_VERSION;
  /** By machine id (the id of the root state node of the actor's logic). */
  machines: Record<string, MachineCoverage>;
}

/** Stable id of a transition of a machine definition: `<source>|<event>|<index>`. */
export function transitionId(source: string, event: string, index: number): string {
  return `${source}|${event}|${index}`;
}

export function emptyCoverage(): CoverageRecord {
  return { version: COVERAGE_RECORD_VERSION, machines: {} };
}

export function machineCoverage(record: CoverageRecord, machineId: string): MachineCoverage {
  const existing = record.machines[machineId];
  if (existing) return existing;
  const created: MachineCoverage = { states: {}, transitions: {} };
  record.machines[machineId] = created;
  return created;
}

/** Adds `from` into `into` (counts summed) and returns `into`. */
export function mergeCoverage(into: CoverageRecord, from: CoverageRecord): CoverageRecord {
  for (const [machineId, machine] of Object.entries(from.machines)) {
    const target = machineCoverage(into, machineId);
    for (const [stateId, count] of Object.entries(machine.states)) {
      target.states[stateId] = (target.states[stateId] ?? 0) + count;
    }
    for (const [id, transition] of Object.entries(machine.transitions)) {
      const existing = target.transitions[id];
      if (existing) existing.count += transition.count;
      else target.transitions[id] = { ...transition, targets: [...transition.targets] };
    }
  }
  return into;
}

/** Narrows parsed JSON to a coverage record; anything else is refused with a message saying why. */
export function parseCoverageRecord(value: unknown, origin: string): CoverageRecord {
  if (typeof value !== 'object' || value === null) throw new Error(`${origin}: not a statechart coverage record`);
  const record = value as Partial<CoverageRecord>;
  if (record.version !== COVERAGE_RECORD_VERSION || typeof record.machines !== 'object' || record.machines === null) {
    throw new Error(`${origin}: expected { version: ${COVERAGE_RECORD_VERSION}, machines: {...} }`);
  }
  return record as CoverageRecord;
}
