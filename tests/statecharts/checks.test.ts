import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { deadEndStates, inlineImplementations, isKnownEvent, sentEventTypes, unnamedDelays, unreachableStates } from '../../src/visualizer/model/checks';
import { toChart } from '../../src/visualizer/model/chart';
import { demoMachine } from './fixtures/demoMachine';

describe('static checks', () => {
  it('find nothing wrong in a well-formed machine', () => {
    const chart = toChart(demoMachine);
    expect(unreachableStates(chart)).toEqual([]);
    expect(deadEndStates(chart)).toEqual([]);
    expect(inlineImplementations(chart)).toEqual([]);
    expect(unnamedDelays(chart)).toEqual([]);
  });

  it('report a state no transition leads to and a non-final state nothing leads out of', () => {
    const chart = toChart(
      setup({}).createMachine({
        id: 'broken',
        initial: 'start',
        states: { start: { on: { go: 'stuck' } }, stuck: {}, orphan: { on: { back: 'start' } } },
      }),
    );
    expect(unreachableStates(chart)).toEqual(['broken.orphan']);
    expect(deadEndStates(chart)).toEqual(['broken.stuck']);
  });

  it('do not call a state in a parallel region a dead end while another region can still leave', () => {
    const chart = toChart(
      setup({}).createMachine({
        id: 'regions',
        initial: 'both',
        states: {
          both: {
            type: 'parallel',
            states: { left: { initial: 'waiting', states: { waiting: {} } }, right: { initial: 'on', states: { on: { on: { stop: '#regions.done' } } } } },
          },
          done: { type: 'final' },
        },
      }),
    );
    expect(deadEndStates(chart)).toEqual([]);
  });

  it('report inline implementations and unnamed delays', () => {
    const chart = toChart(
      setup({}).createMachine({
        id: 'inline',
        initial: 'a',
        states: { a: { after: { 1000: 'b' }, on: { go: { target: 'b', guard: () => true } } }, b: { type: 'final' } },
      }),
    );
    expect(inlineImplementations(chart)).toEqual(['inline.a on go: inline guard']);
    expect(unnamedDelays(chart)).toEqual(['inline.a: after 1 s']);
  });

  it('read the event types a view sends', () => {
    const source = `actor.send({ type: 'form.submit' }); send({\n  type: "field.change", value }); other({ type: 'x' })`;
    expect(sentEventTypes(source)).toEqual(['form.submit', 'field.change']);
  });

  it('accept an event a machine handles directly, through a wildcard, or as an xstate internal', () => {
    const known = new Set(['form.submit', 'dialog.*']);
    expect(['form.submit', 'dialog.close', 'xstate.stop'].every((type) => isKnownEvent(type, known))).toBe(true);
    expect(isKnownEvent('form.cancel', known)).toBe(false);
  });
});
