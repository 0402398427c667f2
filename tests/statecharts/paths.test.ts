import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { defineMachineEntry } from '../../machines/registry';
import { generatePathsWithTotals, type GeneratedPath } from '../../src/statecharts/paths';
import { pathsMarkdown, SIMPLE_PATHS_LISTED } from '../../src/visualizer/paths/pathsReport';
import { qaPathSet } from '../../src/visualizer/paths/qaPaths';
import { toChart } from '../../src/visualizer/model/chart';
import { demoEntry, demoMachine } from './fixtures/demoMachine';

/** (state, event with payload, next state) of every step of every path. */
function movesOf(paths: readonly GeneratedPath[]): Set<string> {
  const moves = new Set<string>();
  for (const path of paths) {
    let from = JSON.stringify(path.initial.value);
    for (const step of path.steps) {
      const to = JSON.stringify(step.state.value);
      moves.add(`${from} ${JSON.stringify(step.event)} ${to}`);
      from = to;
    }
  }
  return moves;
}

function isPrefix(short: GeneratedPath, long: GeneratedPath): boolean {
  return short.steps.length <= long.steps.length && short.steps.every((step, index) => JSON.stringify(step) === JSON.stringify(long.steps[index]));
}

describe('generated test paths', () => {
  it('make every move of the machine with both strategies, the shortest with no more paths than moves', () => {
    const shortest = generatePathsWithTotals(demoEntry, { strategy: 'shortest' });
    const simple = generatePathsWithTotals(demoEntry, { strategy: 'simple' });
    expect(movesOf(simple.paths)).toEqual(movesOf(shortest.paths));
    expect(movesOf(shortest.paths).size).toBeGreaterThanOrEqual(shortest.totals.moves);
    expect(shortest.paths.length).toBeLessThanOrEqual(shortest.totals.moves);
  });

  it('keep no path that only repeats the beginning of another', () => {
    const { paths } = generatePathsWithTotals(demoEntry, { strategy: 'shortest' });
    const repeated = paths.filter((path, index) => paths.some((other, otherIndex) => otherIndex !== index && isPrefix(path, other)));
    expect(repeated).toEqual([]);
  });

  it('list the shortest paths shortest first', () => {
    const lengths = generatePathsWithTotals(demoEntry, { strategy: 'shortest' }).paths.map((path) => path.steps.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });
});

describe('the paths report for QA', () => {
  const longValue = 'x'.repeat(120);
  const manyPaths = defineMachineEntry({
    ...demoEntry,
    testModel: {
      events: {
        ...demoEntry.testModel.events,
        'link.open': Array.from({ length: 30 }, (_, index) => ({ type: 'link.open', token: `${longValue}${index}` }) as EventObject),
      },
    },
  });
  const chart = toChart(demoMachine);

  it('names long payloads in the steps and writes each once at the end', () => {
    const report = pathsMarkdown(manyPaths, { shortest: qaPathSet(manyPaths, chart, 'shortest') });
    expect(report).toContain('1. Send link.open sample 1 → checking');
    expect(report).toContain('## Sample payloads');
    expect(report.split(`"token":"${longValue}0"`)).toHaveLength(2);
  });

  it('lists a sample of the simple paths with their total and the command that prints them all', () => {
    const simple = qaPathSet(manyPaths, chart, 'simple');
    expect(simple.paths.length).toBeGreaterThan(SIMPLE_PATHS_LISTED);
    const report = pathsMarkdown(manyPaths, { simple }, { simpleListed: SIMPLE_PATHS_LISTED });
    expect(report.match(/^### Path \d+:/gm)).toHaveLength(SIMPLE_PATHS_LISTED);
    expect(report).toContain(`| simple | ${simple.paths.length} |`);
    expect(report).toContain('`npm run paths -- demo --strategy simple` prints them all');

    const printed = pathsMarkdown(manyPaths, { simple });
    expect(printed.match(/^### Path \d+:/gm)).toHaveLength(simple.paths.length);
  });
});
