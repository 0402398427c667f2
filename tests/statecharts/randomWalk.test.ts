import { describe, expect, it } from 'vitest';
import { machineEntries } from '../../machines';
import { toChart } from '../../src/visualizer/model/chart';
import { formatWalkReport, randomWalks, seededRandom } from '../../src/visualizer/paths/randomWalk';

// Seeded random walks (docs/statecharts.md "Random walks").

const entry = machineEntries.find((e) => e.id === 'passwordReset');
if (!entry) throw new Error('no passwordReset');
const chart = toChart(entry.machine);

describe('seeded random walks', () => {
  it('walks the same way for the same seed, within the length bound, and counts transition pairs', () => {
    const draws = (seed: number) => {
      const random = seededRandom(seed);
      return [random(), random(), random()];
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const a = randomWalks(entry, chart, { seed: 42, walks: 20, maxSteps: 6 });
    const b = randomWalks(entry, chart, { seed: 42, walks: 20, maxSteps: 6 });
    expect([...a.pairs]).toEqual([...b.pairs]);
    expect(a.steps).toBeLessThanOrEqual(20 * 6);
    expect(a.transitions.covered).toBeGreaterThan(0);
    expect(a.pairs.size).toBeGreaterThan(0);
    expect(a.pairs.size).toBeLessThanOrEqual(a.possiblePairs);
    expect(a.failure).toBeNull();
  });

  it('prints the seed and the shortest failing path when a check fails', () => {
    const report = randomWalks(entry, chart, {
      seed: 3,
      walks: 50,
      maxSteps: 12,
      check: (step) => {
        if (step.active.includes('passwordReset.badRequest')) throw new Error('reached badRequest');
      },
    });
    expect(report.failure?.message).toBe('reached badRequest');
    // The lookup timeout from the initial state is the one event that reaches badRequest.
    expect(report.failure?.events).toEqual([expect.objectContaining({ type: expect.stringMatching(/^xstate\.after\./) })]);
    const text = formatWalkReport('passwordReset', report);
    expect(text).toContain('(seed 3)');
    expect(text).toContain('shortest failing path (1 events)');
  });
});
