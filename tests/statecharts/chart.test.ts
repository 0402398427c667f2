import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { activeStateIds, countedStates, toChart } from '../../src/visualizer/model/chart';
import { demoMachine } from './fixtures/demoMachine';

describe('toChart reads a machine as the statechart tools draw it', () => {
  const chart = toChart(demoMachine);
  const byId = (id: string) => chart.transitions.filter((t) => t.id === id)[0];

  it('lists every state node in document order with its kind', () => {
    expect(chart.order.slice(0, 4)).toEqual(['demo', 'demo.idle', 'demo.checking', 'demo.editing']);
    expect(chart.states['demo.editing']?.kind).toBe('parallel');
    expect(chart.states['demo.editing.form.hist']).toMatchObject({ kind: 'history', history: 'shallow' });
    expect(chart.states['demo.saved']?.kind).toBe('final');
  });

  it('counts states without the root and history pseudo-states', () => {
    expect(countedStates(chart).map((s) => s.id)).not.toContain('demo');
    expect(countedStates(chart).map((s) => s.id)).not.toContain('demo.editing.form.hist');
    expect(countedStates(chart)).toHaveLength(12);
  });

  it('keeps eventless transitions, which machine.toJSON() leaves out', () => {
    expect(byId('demo.failed||0')).toMatchObject({ kind: 'always', targets: ['demo.exhausted'], lines: ['always [isOutOfAttempts]'] });
  });

  it('labels a named delay with its duration', () => {
    expect(byId('demo.checking|xstate.after.lookupTimeout.demo.checking|0')?.lines).toEqual(['after lookupTimeout (15 s)']);
  });

  it('labels invoked actors done and error by the actor name, with the actions on a second line', () => {
    expect(byId('demo.checking|xstate.done.actor.validateLink|0')?.lines).toEqual(['done: validateLink']);
    expect(byId('demo.checking|xstate.error.actor.validateLink|0')?.lines).toEqual(['error: validateLink', '/ assignErrorCode']);
  });

  it('keeps guarded alternatives of one event apart, each with its guard', () => {
    const submits = chart.transitions.filter((t) => t.source === 'demo.editing.form.dirty' && t.event === 'form.submit');
    expect(submits.map((t) => t.lines[0])).toEqual(['form.submit [isStrongPassword]', 'form.submit [isShortPassword]', 'form.submit']);
  });

  it('marks inline guards, actions, actors and unnamed delays as inline', () => {
    const inline = toChart(
      setup({}).createMachine({
        id: 'inline',
        initial: 'a',
        states: {
          a: { entry: () => undefined, after: { 500: 'b' }, on: { go: { target: 'b', guard: () => true, actions: () => undefined } } },
          b: {},
        },
      }),
    );
    const go = inline.transitions.find((t) => t.event === 'go');
    expect(go?.guard?.kind).toBe('inline');
    expect(go?.actions[0]?.kind).toBe('inline');
    expect(inline.states['inline.a']?.entry[0]?.kind).toBe('inline');
    expect(inline.transitions.find((t) => t.kind === 'after')?.delay).toMatchObject({ kind: 'inline', label: '500 ms' });
  });

  it('turns a state value into the active state ids', () => {
    expect(activeStateIds(chart, { editing: { form: 'dirty', panel: 'open' } })).toEqual([
      'demo.editing',
      'demo.editing.form',
      'demo.editing.form.dirty',
      'demo.editing.panel',
      'demo.editing.panel.open',
    ]);
  });
});
