import { describe, expect, it } from 'vitest';
import { emptyCoverage, mergeCoverage, transitionId, type CoverageRecord } from '../../src/inspect/record';
import { formatCoverageSummary, summarizeCoverage } from '../../src/visualizer/coverage/summary';
import { toChart } from '../../src/visualizer/model/chart';
import { demoMachine } from './fixtures/demoMachine';

const run = (states: string[], transitions: Array<[string, string, number, string[]]>): CoverageRecord => ({
  version: 1,
  machines: {
    demo: {
      states: Object.fromEntries(states.map((s) => [s, 1])),
      transitions: Object.fromEntries(transitions.map(([source, event, index, targets]) => [transitionId(source, event, index), { source, event, index, targets, count: 1 }])),
    },
  },
});

describe('statechart coverage', () => {
  it('merges runs by adding counts', () => {
    const merged = mergeCoverage(mergeCoverage(emptyCoverage(), run(['demo.idle'], [['demo.idle', 'link.open', 0, ['demo.checking']]])), run(['demo.idle', 'demo.checking'], [['demo.idle', 'link.open', 0, ['demo.checking']]]));
    expect(merged.machines.demo?.states).toEqual({ 'demo.idle': 2, 'demo.checking': 1 });
    expect(merged.machines.demo?.transitions[transitionId('demo.idle', 'link.open', 0)]?.count).toBe(2);
  });

  it('gives covered and total figures and names what is uncovered', () => {
    const summary = summarizeCoverage(toChart(demoMachine), run(['demo.idle', 'demo.checking'], [['demo.idle', 'link.open', 0, ['demo.checking']]]).machines.demo);
    expect(summary.states.covered).toEqual(['demo.idle', 'demo.checking']);
    expect(summary.states.total).toBe(12);
    expect(summary.transitions.covered.map((t) => t.id)).toEqual(['demo.idle|link.open|0']);
    expect(summary.transitions.total).toBe(13);

    const text = formatCoverageSummary(summary, 'Demo flow');
    expect(text).toContain('states       2/12 (16.6%)');
    expect(text).toContain('transitions  1/13 (7.6%)');
    expect(text).toContain('uncovered state       demo.saved');
    expect(text).toContain('uncovered transition  demo.checking --after lookupTimeout (15 s)--> demo.failed');
  });

  it('counts a machine nobody ran as wholly uncovered', () => {
    const summary = summarizeCoverage(toChart(demoMachine), undefined);
    expect(summary.states.covered).toEqual([]);
    expect(summary.transitions.uncovered).toHaveLength(13);
  });
});
