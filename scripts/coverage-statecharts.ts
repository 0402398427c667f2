import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyCoverage, mergeCoverage, parseCoverageRecord } from '../src/inspect/record';
import { formatCoverageReport } from '../src/visualizer/coverage/summary';
import { toChart } from '../src/visualizer/model/chart';
import { registeredMachines } from '../src/visualizer/registry';

// npm run coverage:statecharts: merges the records of unit, model-based and Playwright runs
// (coverage/statecharts/*.json), prints per machine the states and transitions covered and what is not, and
// writes coverage/statecharts.json for the visualizer's overlay. `-- --clean` empties the records first
// (the test runner calls it before a run so old runs do not count).
const directory = join(process.cwd(), 'coverage', 'statecharts');
const output = join(process.cwd(), 'coverage', 'statecharts.json');

if (process.argv.includes('--clean')) {
  rmSync(directory, { recursive: true, force: true });
  rmSync(output, { force: true });
  process.stdout.write('statechart coverage records removed\n');
} else {
  const files = existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.json')).sort() : [];
  const merged = emptyCoverage();
  for (const name of files) {
    const path = join(directory, name);
    try {
      mergeCoverage(merged, parseCoverageRecord(JSON.parse(readFileSync(path, 'utf8')), path));
    } catch (error) {
      process.stderr.write(`skipped ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  mkdirSync(join(process.cwd(), 'coverage'), { recursive: true });
  writeFileSync(output, `${JSON.stringify(merged, null, 2)}\n`);
  const machines = registeredMachines.map((entry) => ({ chart: toChart(entry.machine), title: entry.title }));
  process.stdout.write(`Statechart coverage from ${files.length} record files in coverage/statecharts/\n\n`);
  process.stdout.write(`${formatCoverageReport(machines, merged)}\n\nwrote coverage/statecharts.json\n`);
}
