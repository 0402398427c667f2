import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../machines/registry';
import { generatePaths, type GeneratedPath } from '../../src/statecharts/paths';
import { allStateNodes, allTransitionIds, replayPath, type PathCoverage } from './modelPaths';

// Model-based tests for machines whose input decides some branches (who the person is, a flag, whether a contact
// id exists): the registry's model runs as registered, then once per further input, each with the registry's
// sample events or a subset of them; every state and transition must appear in the paths of some run. Built on
// tests/support/modelPaths.ts (same replay, same coverage recording).

export type SampleEvents = Record<string, ReadonlyArray<EventObject>>;

export interface ModelVariant {
  name: string;
  input: unknown;
  /** The sample events of this run, chosen from the registry's (all of them when absent). */
  events?: (registered: SampleEvents) => SampleEvents;
}

function variantEntry(entry: MachineEntry, variant: ModelVariant): MachineEntry {
  const events = variant.events ? variant.events(entry.testModel.events) : entry.testModel.events;
  return { ...entry, testModel: { ...entry.testModel, input: variant.input, events } };
}

/** The registered sample events of the given types. */
export function pickEvents(registered: SampleEvents, types: readonly string[]): SampleEvents {
  return Object.fromEntries(types.map((type) => [type, registered[type] ?? []]));
}

function title(path: GeneratedPath, index: number): string {
  const names = path.steps.map(({ event: { type } }) => type.replace(/^xstate\.(done|error)\.actor\./, '$1 ').replace(/^xstate\.after\.([^.]+).*/, 'after $1'));
  return `path ${index + 1} (${path.steps.length} steps) ${names.join(' → ')}`;
}

/** Declares one test per generated path of each run, and one that the runs together cover the whole machine. */
export function runModelPathsWithVariants(entry: MachineEntry, variants: readonly ModelVariant[]): void {
  const runs = [{ name: 'as registered', entry }, ...variants.map((variant) => ({ name: variant.name, entry: variantEntry(entry, variant) }))];
  const planned = runs.map((run) => ({ ...run, paths: generatePaths(run.entry, { strategy: 'shortest' }) }));
  const replays = new Map<string, Promise<PathCoverage>>();
  const replay = (runIndex: number, pathIndex: number) => {
    const id = `${runIndex}:${pathIndex}`;
    const existing = replays.get(id);
    if (existing) return existing;
    const run = planned[runIndex];
    const path = run?.paths[pathIndex];
    if (!run || !path) throw new Error(`no path ${id}`);
    const started = replayPath(run.entry, path);
    replays.set(id, started);
    return started;
  };

  describe(`${entry.id}: generated paths`, () => {
    planned.forEach((run, runIndex) => {
      describe(run.name, () => {
        run.paths.forEach((path, pathIndex) => {
          it(title(path, pathIndex), async () => {
            await replay(runIndex, pathIndex);
          });
        });
      });
    });

    it(`covers every state and transition of ${entry.id}`, async () => {
      const states = new Set<string>();
      const transitions = new Set<string>();
      for (const [runIndex, run] of planned.entries()) {
        for (const pathIndex of run.paths.keys()) {
          const covered = await replay(runIndex, pathIndex).catch(() => null);
          covered?.states.forEach((id) => states.add(id));
          covered?.transitions.forEach((id) => transitions.add(id));
        }
      }
      const missingStates = allStateNodes(entry.machine)
        .map((node) => node.id)
        .filter((id) => !states.has(id));
      const missingTransitions = allTransitionIds(entry.machine).filter((id) => !transitions.has(id));
      expect({ missingStates, missingTransitions }).toEqual({ missingStates: [], missingTransitions: [] });
    });
  });
}
