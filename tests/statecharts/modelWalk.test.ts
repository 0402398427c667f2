import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup, type EventObject } from 'xstate';
import type { MachineEntry } from '../../machines/registry';
import { DEFAULT_WALK_SEED, formatModelWalkFailure, formatModelWalkSummary, walkModel, walkSettings } from '../support/modelPaths';

// The model-based tests' seeded random walks (tests/support/modelPaths.ts, docs/statecharts.md "Random walks"): the
// real machine walked at random from a seed, checked after every step against the machine's pure transition function,
// a failure shrunk to the shortest failing path.

const ping = { actions: 'ping' as const };
const walkDemo = setup({
  types: {} as { context: { pings: number } },
  actors: { load: fromPromise<string>(async () => 'loaded') },
  actions: { ping: assign({ pings: ({ context }) => context.pings + 1 }) },
}).createMachine({
  id: 'walkDemo',
  context: { pings: 0 },
  initial: 'idle',
  states: {
    idle: { on: { next: 'a', ping } },
    a: { on: { next: 'b', back: 'idle', ping } },
    b: { on: { start: 'loading', back: 'a', ping } },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'ready', onError: 'b' } },
    ready: { on: { back: 'idle' } },
  },
});

/** A sample event with its payload (an actor's output or error), as the registry writes them. */
const sample = (event: { type: string; [payload: string]: unknown }): EventObject => event;

const entry: MachineEntry = {
  id: 'walkDemo',
  title: 'Walk demo',
  purpose: 'A small machine to walk at random.',
  machine: walkDemo,
  testModel: {
    events: {
      next: [{ type: 'next' }],
      back: [{ type: 'back' }],
      ping: [{ type: 'ping' }],
      start: [{ type: 'start' }],
      'xstate.done.actor.load': [sample({ type: 'xstate.done.actor.load', output: 'loaded' })],
      'xstate.error.actor.load': [sample({ type: 'xstate.error.actor.load', error: { code: 'unavailable' } })],
    },
  },
};

describe('random walks in the model-based tests', () => {
  it('takes the seed, the number of walks and their length from the environment, with a fixed default seed', () => {
    expect(walkSettings({}, {})).toEqual({ seed: DEFAULT_WALK_SEED, walks: 3, maxSteps: 20 });
    expect(walkSettings({ walks: 5 }, { STATECHART_SEED: '42', STATECHART_WALK_STEPS: '8' })).toEqual({ seed: 42, walks: 5, maxSteps: 8 });
    expect(walkSettings({}, { STATECHART_WALKS: '200' }).walks).toBe(200);
    expect(() => walkSettings({}, { STATECHART_SEED: 'soon' })).toThrow("STATECHART_SEED must be a whole number, not 'soon'");
  });

  it('walks the real machine the same way for the same seed, within the length bound, and counts transition pairs', async () => {
    const settings = { seed: 7, walks: 12, maxSteps: 10 };
    const first = await walkModel(entry, settings);
    const second = await walkModel(entry, settings);
    expect(first.failure).toBeNull();
    expect([...first.pairs]).toEqual([...second.pairs]);
    expect(first.steps).toBe(second.steps);
    expect(first.steps).toBeLessThanOrEqual(12 * 10);
    // Twelve walks of ten events reach the invoked actor's answers too.
    expect(first.transitions.covered).toBeGreaterThan(6);
    expect(first.transitions.total).toBe(11);
    expect(first.pairs).toContain('walkDemo.b|start|0 → walkDemo.loading|xstate.done.actor.load|0');
    expect(first.pairs.size).toBeLessThanOrEqual(first.possiblePairs);
    expect(formatModelWalkSummary('walkDemo', first)).toMatch(/^walkDemo: 12 random walks from seed 7 \(at most 10 steps\), \d+ steps; transitions \d+\/11; transition pairs \d+ of \d+ that can follow each other$/);
    const other = await walkModel(entry, { ...settings, seed: 8 });
    expect([...other.pairs]).not.toEqual([...first.pairs]);
  });

  it('fails where the machine leaves the model, with the seed and the shortest failing path', async () => {
    // An actor that answers by itself: the machine is ready while the model still waits for the load.
    const options = { actors: { load: fromPromise<string>(async () => 'loaded') } };
    const report = await walkModel(entry, { seed: 3, walks: 30, maxSteps: 15 }, options);
    expect(report.failure?.message).toBe('step 3, Send start: expected loading, the machine is in ready');
    // Whatever the walk did before (pings, going back), the shortest way there is next, next, start.
    expect(report.failure?.steps.map((step) => step.event.type)).toEqual(['next', 'next', 'start']);
    const text = formatModelWalkFailure('walkDemo', report, 'tests/machines/demo.test.ts');
    expect(text).toContain('from seed 3 failed: step 3, Send start: expected loading, the machine is in ready');
    expect(text).toContain('Replay it: STATECHART_SEED=3 STATECHART_WALKS=30 STATECHART_WALK_STEPS=15 npx vitest run --project unit tests/machines/demo.test.ts');
    expect(text).toContain('Shortest failing path (3 steps):\n  1. Send next → a\n  2. Send next → b\n  3. Send start → expected loading, the machine is in ready');
  });
});
