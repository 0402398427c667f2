import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateMachineFiles, INDEX_FILE, machineFileNames, STATECHARTS_DIR, statechartIndex } from '../../src/visualizer/export/generate';
import { registeredMachines } from '../../src/visualizer/registry';

// The checked-in statecharts/ must be what `npm run statecharts` writes for the machines as they are now. One test
// per machine: each is short however many machines there are, and a failure names the machine.
const root = join(process.cwd(), STATECHARTS_DIR);

function onDisk(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? onDisk(join(directory, d.name)) : [relative(root, join(directory, d.name)).split('\\').join('/')],
  );
}

function checkedIn(path: string): string | null {
  const file = join(root, path);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

const TABLE_ROW = /^\| .* \| `([^`]+)` \|/;
const indexRows = (checkedIn(INDEX_FILE) ?? '').split('\n').filter((line) => TABLE_ROW.test(line));

describe('statecharts/ is up to date (run `npm run statecharts` when this fails)', () => {
  it.each(registeredMachines.map((entry, position) => [entry.id, entry, position] as const))(
    '%s: its diagram, Mermaid, JSON, layout and paths are what the generator writes, and so is its row in the index',
    async (_id, entry, position) => {
      const { files, row } = await generateMachineFiles(entry);
      const stale = [...files].filter(([path, content]) => checkedIn(path) !== content).map(([path]) => path);
      expect(stale, 'stale or missing files').toEqual([]);
      expect(indexRows[position], `row ${position + 1} of ${INDEX_FILE}`).toBe(row);
    },
  );

  it('has an index with one row per machine in registry order, and no file the generator does not write', () => {
    expect(indexRows.map((line) => TABLE_ROW.exec(line)?.[1])).toEqual(registeredMachines.map((entry) => entry.id));
    expect(checkedIn(INDEX_FILE)).toBe(statechartIndex(indexRows));
    const expected = registeredMachines.flatMap((entry) => Object.values(machineFileNames(entry.id)));
    expect(onDisk(root).sort(), 'files in statecharts/').toEqual([...expected, INDEX_FILE].sort());
  });
});
