import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deadEndStates, inlineImplementations, isKnownEvent, sentEventTypes, unnamedDelays, unreachableStates } from '../../src/visualizer/model/checks';
import { toChart } from '../../src/visualizer/model/chart';
import { registeredMachines } from '../../src/visualizer/registry';

// Static checks over every registered machine (ARCHITECTURE.md "Statecharts").

function sourceFiles(directory: string): string[] {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((d) => (d.isDirectory() ? sourceFiles(join(directory, d.name)) : d.name.endsWith('.tsx') ? [join(directory, d.name)] : []));
}

describe('the machine registry', () => {
  it('registers at least one machine, each under its own machine id', () => {
    expect(registeredMachines.length).toBeGreaterThan(0);
    for (const entry of registeredMachines) expect(entry.machine.id, entry.id).toBe(entry.id);
    expect(new Set(registeredMachines.map((e) => e.id)).size).toBe(registeredMachines.length);
  });
});

describe.each(registeredMachines.map((entry) => [entry.id, entry] as const))('machine %s', (_id, entry) => {
  const chart = toChart(entry.machine);

  it('has every state reachable from the initial state', () => {
    expect(unreachableStates(chart)).toEqual([]);
  });

  it('has no non-final state without a way out', () => {
    expect(deadEndStates(chart)).toEqual([]);
  });

  it('names every guard, action and invoked actor', () => {
    expect(inlineImplementations(chart)).toEqual([]);
  });

  it('names every delay', () => {
    expect(unnamedDelays(chart)).toEqual([]);
  });
});

describe('events sent by views', () => {
  const known = new Set(registeredMachines.flatMap((entry) => toChart(entry.machine).events));
  const files = [...sourceFiles(join(process.cwd(), 'src', 'views')), ...sourceFiles(join(process.cwd(), 'src', 'app'))];

  it('exist in some registered machine', () => {
    const unknown = files.flatMap((file) =>
      sentEventTypes(readFileSync(file, 'utf8'))
        .filter((type) => !isKnownEvent(type, known))
        .map((type) => `${file.slice(process.cwd().length + 1)}: ${type}`),
    );
    expect(unknown).toEqual([]);
  });
});
