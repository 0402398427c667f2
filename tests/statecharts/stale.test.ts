import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateStatechartFiles, STATECHARTS_DIR } from '../../src/visualizer/export/generate';
import { registeredMachines } from '../../src/visualizer/registry';

// The checked-in statecharts/ must be what `npm run statecharts` writes for the machines as they are now.
const root = join(process.cwd(), STATECHARTS_DIR);

function onDisk(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? onDisk(join(directory, d.name)) : [relative(root, join(directory, d.name)).split('\\').join('/')],
  );
}

describe('statecharts/ is up to date (run `npm run statecharts` when this fails)', () => {
  it('holds exactly the files the generator writes, with the same content', async () => {
    const generated = await generateStatechartFiles(registeredMachines);
    const present = onDisk(root).sort();
    expect(present, 'files in statecharts/').toEqual([...generated.keys()].sort());
    const stale = [...generated].filter(([path, content]) => readFileSync(join(root, path), 'utf8') !== content).map(([path]) => path);
    expect(stale, 'stale files').toEqual([]);
  }, 60_000);
});
