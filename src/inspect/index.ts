import type { InspectionEvent } from 'xstate';
import { COVERAGE_RECORD_VERSION, emptyCoverage, machineCoverage, transitionId, type CoverageRecord } from './record';

// The actor `inspect` hook (ARCHITECTURE.md, "Statechart coverage"): every createActor/useActorRef in the app
// passes `{ inspect }`. It records, per machine, the states entered and the transitions taken, for unit,
// model-based and e2e runs alike; in development it also tells the visualizer's Live view (another tab, same
// origin) which state each running actor is in. Customer pages import it, so it stays small and reads the
// snapshot structurally instead of importing xstate's runtime.

export type { CoverageRecord, MachineCoverage, TransitionCount } from './record';
export { emptyCoverage, mergeCoverage, parseCoverageRecord, transitionId } from './record';

/** BroadcastChannel name the Live view listens on. */
export const LIVE_CHANNEL = 'statecharts-live';

/** What travels on the live channel: only ids and state values, never context or events. */
export type LiveMessage =
  | { kind: 'actor'; actorId: string; machineId: string; value: unknown; status: string }
  | { kind: 'request' };

declare global {
  interface Window {
    /** Read by the e2e harness and dumped to coverage/statecharts/e2e-*.json. */
    __statechartCoverage__?: CoverageRecord;
  }
}

interface StateNodeLike {
  id: string;
  type: string;
  machine: { id: string };
  parent?: StateNodeLike;
  always?: readonly unknown[];
  transitions: Map<string, readonly unknown[]>;
}
interface TransitionLike {
  source: StateNodeLike;
  eventType: string;
  target?: readonly StateNodeLike[];
}
interface MachineSnapshotLike {
  status: string;
  value: unknown;
  machine: { id: string };
  _nodes: readonly StateNodeLike[];
}

/**
 * Set by vite.config.ts when the app is built: false in a production build (prod or restore), which carries no coverage
 * recorder (it is a test instrument; customers' pages do not pay for it). Unset where nothing defines it (Vitest, the
 * scripts), which record.
 */
declare const __RECORD_STATECHART_COVERAGE__: boolean | undefined;
const recording = typeof __RECORD_STATECHART_COVERAGE__ === 'undefined' || __RECORD_STATECHART_COVERAGE__;

const browser = typeof window !== 'undefined';
// A record already on the page is kept: the e2e harness restores the one saved before a full navigation
// (an init script) so a test's record spans page loads.
const existing = browser && recording ? window.__statechartCoverage__ : undefined;
const coverage: CoverageRecord = existing?.version === COVERAGE_RECORD_VERSION && typeof existing.machines === 'object' ? existing : emptyCoverage();
if (browser && recording) window.__statechartCoverage__ = coverage;

function isMachineSnapshot(snapshot: unknown): snapshot is MachineSnapshotLike {
  const candidate = snapshot as Partial<MachineSnapshotLike> | null;
  return typeof candidate === 'object' && candidate !== null && Array.isArray(candidate._nodes) && typeof candidate.machine === 'object';
}

/**
 * The states a step leaves active, plus the sources of the transitions it took (with their ancestors): a state
 * left at once by an eventless transition (an initial state that only decides where to go) was entered too,
 * though no snapshot at rest shows it.
 */
function statesOfStep(snapshot: { machine: { id: string }; _nodes: readonly StateNodeLike[] }, transitions: readonly TransitionLike[] = []): string[] {
  const ids = new Set<string>();
  for (const node of snapshot._nodes) ids.add(node.id);
  for (const { source } of transitions) {
    for (let node: StateNodeLike | undefined = source; node; node = node.parent) ids.add(node.id);
  }
  ids.delete(snapshot.machine.id);
  return [...ids];
}

function recordStates(snapshot: MachineSnapshotLike, transitions: readonly TransitionLike[] = []): void {
  const machine = machineCoverage(coverage, snapshot.machine.id);
  for (const id of statesOfStep(snapshot, transitions)) machine.states[id] = (machine.states[id] ?? 0) + 1;
}

function recordTransition(transition: TransitionLike): void {
  const { source, eventType } = transition;
  const siblings = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const index = Math.max(0, siblings.indexOf(transition));
  const machine = machineCoverage(coverage, source.machine.id);
  const id = transitionId(source.id, eventType, index);
  const existing = machine.transitions[id];
  if (existing) existing.count += 1;
  else machine.transitions[id] = { source: source.id, event: eventType, index, targets: (transition.target ?? []).map((t) => t.id), count: 1 };
}

// Live view feed: development builds in a browser only (Vite replaces import.meta.env.DEV with false in
// production, so this whole branch disappears from customer bundles).
const liveChannel =
  browser && typeof BroadcastChannel !== 'undefined' && import.meta.env !== undefined && import.meta.env.DEV && import.meta.env.MODE !== 'test'
    ? new BroadcastChannel(LIVE_CHANNEL)
    : undefined;
const liveActors = new Map<string, Extract<LiveMessage, { kind: 'actor' }>>();
if (liveChannel) {
  liveChannel.onmessage = (message: MessageEvent<LiveMessage>) => {
    if (message.data.kind === 'request') for (const actor of liveActors.values()) liveChannel.postMessage(actor);
  };
}

function publishLive(actorId: string, snapshot: MachineSnapshotLike): void {
  if (!liveChannel) return;
  const message: LiveMessage = { kind: 'actor', actorId, machineId: snapshot.machine.id, value: snapshot.value, status: snapshot.status };
  if (snapshot.status === 'active') liveActors.set(actorId, message);
  else liveActors.delete(actorId);
  liveChannel.postMessage(message);
}

/** A machine's step as the analytics port reads it (src/app/analytics): the machine and the states it entered. */
export interface MachineStep {
  machineId: string;
  /** The ids of the states the step's transitions targeted ('signIn.signedIn'). */
  entered: readonly string[];
}

const stepListeners = new Set<(step: MachineStep) => void>();

/** Tells `listener` of every machine step of every actor that passes `inspect`; returns the way to stop. */
export function onMachineStep(listener: (step: MachineStep) => void): () => void {
  stepListeners.add(listener);
  return () => stepListeners.delete(listener);
}

// One inspection event reaches every observer of its actor system as the same object: an actor that passes `inspect`
// and is also recorded by the test set-up (`recordEveryActor`) counts its steps once.
const recordedEvents = new WeakSet<InspectionEvent>();

/**
 * Adds an inspection event to the coverage record (a microstep's transitions and states, an actor's initial state),
 * once per event however many observers pass it on. `inspect` calls it; the test set-up's every-actor recorder too.
 */
export function recordInspectionEvent(event: InspectionEvent): void {
  if (!recording) return;
  if (event.type === '@xstate.microstep') {
    if (!isMachineSnapshot(event.snapshot) || recordedEvents.has(event)) return;
    recordedEvents.add(event);
    const transitions = event._transitions as readonly TransitionLike[];
    for (const transition of transitions) recordTransition(transition);
    recordStates(event.snapshot, transitions);
  } else if (event.type === '@xstate.snapshot' && event.event.type === 'xstate.init') {
    // The initial snapshot reaches the inspector only here (no microstep is reported for it).
    if (!isMachineSnapshot(event.snapshot) || recordedEvents.has(event)) return;
    recordedEvents.add(event);
    recordStates(event.snapshot);
  }
}

/** Pass as `createActor(machine, { inspect })`. */
export function inspect(event: InspectionEvent): void {
  recordInspectionEvent(event);
  if (event.type === '@xstate.microstep') {
    if (!isMachineSnapshot(event.snapshot)) return;
    const transitions = event._transitions as readonly TransitionLike[];
    if (stepListeners.size > 0) {
      const step: MachineStep = { machineId: event.snapshot.machine.id, entered: transitions.flatMap((transition) => (transition.target ?? []).map((node) => node.id)) };
      for (const listener of stepListeners) listener(step);
    }
  } else if (event.type === '@xstate.snapshot') {
    if (!isMachineSnapshot(event.snapshot)) return;
    publishLive(event.actorRef.sessionId, event.snapshot);
  }
}

/** The records of this process (node) or page (browser) so far. */
export function recordedCoverage(): CoverageRecord {
  return coverage;
}

export function resetCoverage(): void {
  for (const machineId of Object.keys(coverage.machines)) delete coverage.machines[machineId];
}
