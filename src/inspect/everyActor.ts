import type { InspectionEvent } from 'xstate';
import { recordInspectionEvent } from './index';

// Statechart coverage of every actor a test creates (docs/statecharts.md "Statechart coverage"), for the Vitest
// set-up only: no customer page imports this file. A machine test that calls `createActor(machine)` without
// `{ inspect }` (or through a helper that does not pass it) took transitions the report would not see; the set-up
// hands XState's `Actor` class here, and each root actor's system is then inspected by the recorder from the moment it
// is created, before its initial state is computed (an initial state that decides at once is a microstep already).
// An actor that passes `inspect` as well is counted once (`recordInspectionEvent` skips an event it has seen).

interface ActorSystemLike {
  inspect(observer: (event: InspectionEvent) => void): unknown;
}
interface ActorLike {
  _parent?: unknown;
  system?: ActorSystemLike;
  logic?: { getTransitionData?: unknown };
}
interface ActorClassLike {
  prototype: object;
}

const PATCHED = Symbol.for('statecharts.recordEveryActor');
// The recorder of the latest call: a test that resets the module graph (`vi.resetModules()`) gets a new coverage
// record, and the set-up of the next file hands the new recorder over; the patch itself stays (XState is loaded once).
const RECORDER = Symbol.for('statecharts.recordEveryActor.recorder');

/**
 * Makes every root machine actor of `ActorClass` (XState's `Actor`) report through the coverage recorder once it is
 * started. Idempotent: the set-up runs again for each test file of a worker. Children share their root's system, so
 * they are recorded too.
 *
 * Only started actors count: XState's pure functions (`initialTransition`, `transition`, `getNextSnapshot`, the
 * `xstate/graph` traversal the path generator and the random walks' model use) build an actor they never start to
 * compute a snapshot, and what they compute was not taken by anything the test ran. What an actor reports before it
 * starts (its initial state, computed when it is created) is kept until `start()` and dropped if it never starts.
 */
export function recordEveryActor(ActorClass: ActorClassLike): void {
  const prototype = ActorClass.prototype as Record<PropertyKey, unknown>;
  prototype[RECORDER] = recordInspectionEvent;
  if (prototype[PATCHED]) return;
  const record = (event: InspectionEvent) => (prototype[RECORDER] as typeof recordInspectionEvent)(event);
  /** Root machine actors created but not started yet: what their system reported so far waits here. */
  const notStarted = new WeakMap<object, () => void>();
  // `_initState` is the step of the constructor that computes the initial snapshot, right after the actor has its
  // system: the earliest point a recorder can join without replacing `createActor`.
  const initState = prototype._initState;
  const start = prototype.start;
  if (typeof initState !== 'function' || typeof start !== 'function') {
    throw new Error('recordEveryActor: this XState Actor has no _initState and start to follow');
  }
  prototype._initState = function recordedInitState(this: ActorLike, ...args: unknown[]): unknown {
    if (this._parent === undefined && this.system && typeof this.logic?.getTransitionData === 'function') {
      let waiting: InspectionEvent[] | null = [];
      this.system.inspect((event) => {
        if (waiting) waiting.push(event);
        else record(event);
      });
      notStarted.set(this, () => {
        const reported = waiting ?? [];
        waiting = null;
        reported.forEach(record);
      });
    }
    return (initState as (...a: unknown[]) => unknown).apply(this, args);
  };
  prototype.start = function recordedStart(this: object, ...args: unknown[]): unknown {
    const starting = notStarted.get(this);
    if (starting) {
      notStarted.delete(this);
      starting();
    }
    return (start as (...a: unknown[]) => unknown).apply(this, args);
  };
  prototype[PATCHED] = true;
}
