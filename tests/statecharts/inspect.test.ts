import { afterEach, describe, expect, it } from 'vitest';
import { Actor, createActor, fromPromise, getNextSnapshot, initialTransition, setup, transition } from 'xstate';
import { TestModel } from 'xstate/graph';
import { inspect, recordedCoverage, resetCoverage, transitionId } from '../../src/inspect';
import { recordEveryActor } from '../../src/inspect/everyActor';
import { demoMachine } from './fixtures/demoMachine';

function run(): ReturnType<typeof createActor<typeof demoMachine>> {
  const machine = demoMachine.provide({ actors: { validateLink: fromPromise<{ valid: boolean }, { token: string }>(async () => ({ valid: true })) } });
  return createActor(machine, { inspect }).start();
}

describe('inspect records statechart coverage', () => {
  afterEach(() => resetCoverage());

  it('records the initial state of a started actor under its machine id', () => {
    run();
    expect(recordedCoverage().machines.demo?.states).toEqual({ 'demo.idle': 1 });
  });

  it('records each transition taken with its source, event and targets', async () => {
    const actor = run();
    actor.send({ type: 'link.open', token: 'abc' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'form.edit' });
    actor.send({ type: 'form.submit', password: 'abc' });

    const machine = recordedCoverage().machines.demo;
    expect(machine?.transitions[transitionId('demo.idle', 'link.open', 0)]).toEqual({
      source: 'demo.idle',
      event: 'link.open',
      index: 0,
      targets: ['demo.checking'],
      count: 1,
    });
    expect(machine?.transitions[transitionId('demo.checking', 'xstate.done.actor.validateLink', 0)]?.targets).toEqual(['demo.editing']);
    // The short password takes the second guarded alternative, not the first or third.
    expect(machine?.transitions[transitionId('demo.editing.form.dirty', 'form.submit', 1)]?.count).toBe(1);
    expect(machine?.transitions[transitionId('demo.editing.form.dirty', 'form.submit', 0)]).toBeUndefined();
    expect(Object.keys(machine?.states ?? {})).toEqual(
      expect.arrayContaining(['demo.checking', 'demo.editing', 'demo.editing.form', 'demo.editing.form.dirty', 'demo.editing.panel.closed']),
    );
  });

  it('records an eventless transition with an empty event after the error transition that led to it', async () => {
    const machine = demoMachine.provide({
      actors: { validateLink: fromPromise<{ valid: boolean }, { token: string }>(async () => Promise.reject(new Error('expired'))) },
      guards: { isOutOfAttempts: () => true },
    });
    const actor = createActor(machine, { inspect }).start();
    actor.send({ type: 'link.open', token: 'abc' });
    await new Promise((resolve) => setTimeout(resolve, 0));

    const transitions = recordedCoverage().machines.demo?.transitions ?? {};
    expect(actor.getSnapshot().value).toBe('exhausted');
    expect(transitions[transitionId('demo.checking', 'xstate.error.actor.validateLink', 0)]?.count).toBe(1);
    expect(transitions[transitionId('demo.failed', '', 0)]).toMatchObject({ event: '', targets: ['demo.exhausted'] });
  });

  it('records a state left at once by an eventless transition, the initial state included', () => {
    const machine = setup({}).createMachine({
      id: 'eventlessStart',
      initial: 'deciding',
      states: { deciding: { always: 'ready' }, ready: { on: { next: 'routing' } }, routing: { always: 'done' }, done: { type: 'final' } },
    });
    const actor = createActor(machine, { inspect }).start();
    actor.send({ type: 'next' });

    const states = recordedCoverage().machines.eventlessStart?.states ?? {};
    expect(Object.keys(states).sort()).toEqual(['eventlessStart.deciding', 'eventlessStart.done', 'eventlessStart.ready', 'eventlessStart.routing']);
  });

  it('records an actor a test creates without inspect, and an actor that passes it too only once', () => {
    // The coverage set-up has done this already; doing it again changes nothing.
    recordEveryActor(Actor);
    const machine = setup({}).createMachine({
      id: 'createdByATest',
      initial: 'deciding',
      states: { deciding: { always: 'ready' }, ready: { on: { next: 'done' } }, done: { type: 'final' } },
    });
    createActor(machine, { inspect }).start().send({ type: 'next' });
    const withInspect = structuredClone(recordedCoverage().machines.createdByATest);
    expect(withInspect?.transitions[transitionId('createdByATest.deciding', '', 0)]?.count).toBe(1);
    expect(withInspect?.transitions[transitionId('createdByATest.ready', 'next', 0)]?.count).toBe(1);
    expect(withInspect?.states['createdByATest.deciding']).toBe(1);

    resetCoverage();
    createActor(machine).start().send({ type: 'next' });
    expect(recordedCoverage().machines.createdByATest).toEqual(withInspect);
  });

  it("records nothing for XState's pure functions or the graph traversal, nor for an actor never started", () => {
    recordEveryActor(Actor);
    const machine = setup({}).createMachine({
      id: 'computedOnly',
      initial: 'deciding',
      states: { deciding: { always: 'ready' }, ready: { on: { next: 'done' } }, done: { type: 'final' } },
    });
    const [initial] = initialTransition(machine);
    transition(machine, initial, { type: 'next' });
    getNextSnapshot(machine, initial, { type: 'next' });
    new TestModel(machine, { events: [{ type: 'next' }] }).getAdjacencyMap();
    createActor(machine);
    expect(recordedCoverage().machines.computedOnly).toBeUndefined();
  });

  it('forgets everything on reset', () => {
    run();
    resetCoverage();
    expect(recordedCoverage().machines).toEqual({});
  });
});
