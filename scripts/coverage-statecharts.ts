import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCoverageRecord, type CoverageRecord } from '../src/inspect/record';
import { mergeBySuite, suiteOfRecordFile, type Suite } from '../src/visualizer/coverage/suites';
import { formatCoverageReport, formatSuiteReport } from '../src/visualizer/coverage/summary';
import { toChart } from '../src/visualizer/model/chart';
import { registeredMachines } from '../src/visualizer/registry';

// npm run coverage:statecharts: merges the records of unit, model-based and Playwright runs
// (coverage/statecharts/*.json), prints per machine the states and transitions covered and what is not, then each
// suite on its own (end-to-end, views, machines, model paths) with the named machines' end-to-end transition coverage
// and what only the model paths reach, and writes coverage/statecharts.json (merged, and by suite) for the visualizer. `-- --clean` empties the records first
// (the test runner calls it before a run so old runs do not count).
const directory = join(process.cwd(), 'coverage', 'statecharts');
const output = join(process.cwd(), 'coverage', 'statecharts.json');

if (process.argv.includes('--clean')) {
  rmSync(directory, { recursive: true, force: true });
  rmSync(output, { force: true });
  process.stdout.write('statechart coverage records removed\n');
} else {
  const files = existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.json')).sort() : [];
  const records: Array<{ suite: Suite; record: CoverageRecord }> = [];
  for (const name of files) {
    const path = join(directory, name);
    try {
      records.push({ suite: suiteOfRecordFile(name), record: parseCoverageRecord(JSON.parse(readFileSync(path, 'utf8')), path) });
    } catch (error) {
      process.stderr.write(`skipped ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  const merged = mergeBySuite(records);
  mkdirSync(join(process.cwd(), 'coverage'), { recursive: true });
  writeFileSync(output, `${JSON.stringify(merged)}\n`);
  const machines = registeredMachines.map((entry) => ({ chart: toChart(entry.machine), title: entry.title }));
  process.stdout.write(`Statechart coverage from ${files.length} record files in coverage/statecharts/\n\n`);
  process.stdout.write(`${formatCoverageReport(machines, merged)}\n\n`);
  process.stdout.write(`${formatSuiteReport(machines, merged)}\n\nwrote coverage/statecharts.json\n`);
}
