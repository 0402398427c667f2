import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { loadViewMachine } from '../../../machines/shell/loadView.machine';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('loadView');
if (!entry) throw new Error('loadView is not registered');
runModelPaths(entry);

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(loadViewMachine, { clock, inspect });
  actor.start();
  return { actor, clock };
}

describe('load view (spec 000 §4.2)', () => {
  it("shows 'Loading' for 5 s, then 'loaded momentarily'", () => {
    const { actor, clock } = start();
    clock.increment(4_999);
    expect(actor.getSnapshot().hasTag('slow')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('slow')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('shows the error view 15 s after that, and Try again starts over', () => {
    const { actor, clock } = start();
    const retried: string[] = [];
    actor.on('load.retried', (event) => retried.push(event.type));
    clock.increment(5_000);
    clock.increment(14_999);
    expect(actor.getSnapshot().hasTag('error')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'load.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(retried).toEqual(['load.retried']);
  });

  it('opens the support dialog from the error view for Request assistance', () => {
    const { actor, clock } = start();
    clock.increment(5_000);
    clock.increment(15_000);
    actor.send({ type: 'assistance.request' });
    expect(actor.getSnapshot().hasTag('dialog.support')).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().hasTag('dialog.support')).toBe(false);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
  });

  it('finishes as soon as the data arrives, whatever the timers', () => {
    const { actor, clock } = start();
    clock.increment(6_000);
    actor.send({ type: 'load.complete' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
