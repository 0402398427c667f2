import { describe, expect, it } from 'vitest';
import { machineEntries } from '../../machines';
import { emptyCoverage, transitionId, type CoverageRecord } from '../../src/inspect/record';
import { formatSuiteReport, suiteBreakdown } from '../../src/visualizer/coverage/summary';
import { mergeBySuite, suiteOfRecordFile, suiteOfTest } from '../../src/visualizer/coverage/suites';
import { toChart } from '../../src/visualizer/model/chart';

// Statechart coverage by suite (docs/statecharts.md "Statechart coverage").

const entry = machineEntries.find((e) => e.id === 'passwordReset');
if (!entry) throw new Error('no passwordReset');
const chart = toChart(entry.machine);
const [first, second] = chart.transitions;

function took(...transitions: Array<typeof first>): CoverageRecord {
  const record = emptyCoverage();
  record.machines.passwordReset = {
    states: { 'passwordReset.loading': 1 },
    transitions: Object.fromEntries(
      transitions.map((t) => [transitionId(t!.source, t!.event, t!.index), { source: t!.source, event: t!.event, index: t!.index, targets: t!.targets, count: 1 }]),
    ),
  };
  return record;
}

describe('statechart coverage by suite', () => {
  it('tells the suites apart by test file and by the generated-paths block', () => {
    expect(suiteOfTest('tests/views/account/passwordReset.test.tsx', [])).toBe('views');
    expect(suiteOfTest('tests/machines/account/passwordReset.test.ts', ['passwordReset: generated paths'])).toBe('model');
    expect(suiteOfTest('tests/machines/account/passwordReset.test.ts', ['password reset page (spec 000 §4.4, §8)'])).toBe('machines');
    expect(suiteOfTest('tests/domain/x.test.ts', [])).toBe('unit');
    expect(suiteOfRecordFile('e2e-0-abc.json')).toBe('e2e');
    expect(suiteOfRecordFile('vitest-model-3-123.json')).toBe('model');
    expect(suiteOfRecordFile('vitest-1-10519.json')).toBe('unit');
  });

  it('counts each suite on its own and names the transitions only the model paths reach', () => {
    const record = mergeBySuite([
      { suite: 'model', record: took(first, second) },
      { suite: 'e2e', record: took(first) },
    ]);
    expect(record.machines.passwordReset?.transitions[first!.id]?.count).toBe(2);
    const breakdown = suiteBreakdown(chart, record);
    expect(breakdown.suites.e2e.transitions).toBe(1);
    expect(breakdown.suites.model.transitions).toBe(2);
    expect(breakdown.suites.views.transitions).toBe(0);
    expect(breakdown.onlyModel.map((t) => t.id)).toEqual([second!.id]);

    const report = formatSuiteReport([{ chart, title: entry.title }], record, ['passwordReset']);
    expect(report).toContain('transitions only the model paths reach: 1');
    expect(report).toMatch(new RegExp(`passwordReset +e2e 1/${chart.transitions.length} `));
  });
});
