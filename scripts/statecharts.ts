import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { generateStatechartFiles, STATECHARTS_DIR } from '../src/visualizer/export/generate';
import { registeredMachines } from '../src/visualizer/registry';

// npm run statecharts: regenerates statecharts/ from machines/index.ts (JSON, Mermaid, SVG, paths, index) and
// removes files of machines no longer registered. tests/statecharts/stale.test.ts fails when this would change
// anything that is checked in.
const root = join(process.cwd(), STATECHARTS_DIR);

function existing(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name));
  } catch {
    return [];
  }
  return names.flatMap((name) => (name.endsWith('/') ? existing(join(directory, name)) : [relative(root, join(directory, name))]));
}

const started = performance.now();
const files = await generateStatechartFiles(registeredMachines);
for (const [path, content] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}
const removed = existing(root).filter((path) => !files.has(path.split('\\').join('/')));
for (const path of removed) rmSync(join(root, path));
process.stdout.write(
  `statecharts/: ${registeredMachines.length} machines, ${files.size} files written` +
    `${removed.length > 0 ? `, removed ${removed.join(', ')}` : ''} in ${Math.round(performance.now() - started)} ms\n`,
);
