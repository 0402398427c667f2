import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPaths, parsePathsArgs } from '../src/visualizer/paths/pathsCli';
import { registeredMachines } from '../src/visualizer/registry';

// npm run paths -- <id> [--strategy shortest|simple] [--format md|json] | --all.
try {
  const { output, files } = runPaths(parsePathsArgs(process.argv.slice(2)), registeredMachines);
  const directory = join(process.cwd(), 'statecharts', 'paths');
  mkdirSync(directory, { recursive: true });
  for (const [id, content] of files) writeFileSync(join(directory, `${id}.md`), content);
  process.stdout.write(output);
  process.stderr.write(`wrote ${[...files.keys()].map((id) => `statecharts/paths/${id}.md`).join(', ')}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
