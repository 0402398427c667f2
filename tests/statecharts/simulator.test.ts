import { describe, expect, it } from 'vitest';
import { toChart } from '../../src/visualizer/model/chart';
import { eventOptions, startSimulation, stepSimulation } from '../../src/visualizer/simulate/simulator';
import { demoEntry } from './fixtures/demoMachine';

const chart = toChart(demoEntry.machine);

describe('the simulator', () => {
  it('starts in the initial state with its events offered', () => {
    const start = startSimulation(demoEntry, chart);
    expect(start.active).toEqual(['demo.idle']);
    expect(eventOptions(demoEntry, chart, start).map((o) => [o.label, o.enabled])).toEqual([['link.open {"token":"abc"}', true]]);
  });

  it('offers delays and the invoked actor results as buttons', () => {
    const checking = stepSimulation(demoEntry, chart, startSimulation(demoEntry, chart), { type: 'link.open' });
    expect(checking.taken).toEqual(['demo.idle|link.open|0']);
    expect(eventOptions(demoEntry, chart, checking).map((o) => o.label)).toEqual([
      'done: validateLink {"output":{"valid":true}}',
      'error: validateLink (expired)',
      'after lookupTimeout (15 s)',
    ]);
  });

  it('shows which sample payload a guard lets through', () => {
    let step = startSimulation(demoEntry, chart);
    for (const event of [{ type: 'link.open' }, { type: 'xstate.done.actor.validateLink', output: { valid: true } }, { type: 'form.edit' }]) {
      step = stepSimulation(demoEntry, chart, step, event);
    }
    const submits = eventOptions(demoEntry, chart, step).filter((o) => o.event.type === 'form.submit');
    expect(submits.map((o) => o.enabled)).toEqual([true, true, true]);
    const saved = stepSimulation(demoEntry, chart, step, submits[0]!.event);
    expect(saved.active).toEqual(['demo.saved']);
    expect(saved.taken).toEqual(['demo.editing.form.dirty|form.submit|0']);
    expect(eventOptions(demoEntry, chart, saved)).toEqual([]);
  });

  it('fires a delay by its event and follows the eventless transition after it', () => {
    const outOfAttempts = { ...demoEntry, machine: demoEntry.machine.provide({ guards: { isOutOfAttempts: () => true } }) };
    let step = startSimulation(outOfAttempts, chart);
    step = stepSimulation(outOfAttempts, chart, step, { type: 'link.open' });
    step = stepSimulation(outOfAttempts, chart, step, { type: 'xstate.after.lookupTimeout.demo.checking' });
    expect(step.active).toEqual(['demo.exhausted']);
    expect(step.taken).toEqual(['demo.checking|xstate.after.lookupTimeout.demo.checking|0', 'demo.failed||0']);
  });
});
