import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Actor } from 'xstate';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { emptyCoverage, mergeCoverage, parseCoverageRecord, recordedCoverage, resetCoverage, type CoverageRecord } from '../../src/inspect';
import { recordEveryActor } from '../../src/inspect/everyActor';
import { suiteOfTest, type VitestSuite } from '../../src/visualizer/coverage/suites';

// Vitest set-up (setupFiles of the unit and views projects, listed in vitest.config.ts itself: Vitest runs a setup
// file again for each test file, but not the modules it imports, so hooks registered by an imported module would
// only be registered for a worker's first file). Records what the tests' actors did, by suite (docs/statecharts.md
// "Statechart coverage"): view tests (tests/views), model paths (the generated-path tests of runModelPaths), the
// other machine tests (tests/machines) and the rest of the unit tests. Every actor reports: the app's through the
// `inspect` they pass, and any a test creates itself (`createActor(machine)`, the machine-test kit's `run`) through
// `recordEveryActor`. After each test what was recorded goes to its suite; after each file each suite's part is
// added to coverage/statecharts/vitest-<suite>-<worker>-<pid>.json. The files of one worker run one after another
// and this set-up starts afresh for each, so the worker's record files are read, merged and rewritten rather than
// overwritten.
recordEveryActor(Actor);
const directory = join(process.cwd(), 'coverage', 'statecharts');
const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
const bySuite = new Map<VitestSuite, CoverageRecord>();

interface TaskLike {
  name: string;
  suite?: TaskLike;
  filepath?: string;
  file?: { filepath?: string };
}

function relativePath(task: TaskLike | undefined): string {
  const path = task?.filepath ?? task?.file?.filepath ?? '';
  return path ? relative(process.cwd(), path).split(sep).join('/') : '';
}

function describeNames(task: TaskLike): string[] {
  const names: string[] = [];
  for (let suite = task.suite; suite; suite = suite.suite) names.push(suite.name);
  return names;
}

function collect(suite: VitestSuite): void {
  const recorded = recordedCoverage();
  if (Object.keys(recorded.machines).length === 0) return;
  const into = bySuite.get(suite) ?? emptyCoverage();
  bySuite.set(suite, mergeCoverage(into, recorded));
  resetCoverage();
}

let file = '';
// eslint-disable-next-line no-empty-pattern -- Vitest reads the first argument's pattern (its fixtures) and refuses any other
beforeAll(({}, suite) => {
  file = relativePath(suite as unknown as TaskLike);
  // What ran while the file was collected (its module scope) counts for the file's suite.
  collect(suiteOfTest(file, []));
});

afterEach(({ task: current }) => {
  const task = current as unknown as TaskLike;
  collect(suiteOfTest(relativePath(task) || file, describeNames(task)));
});

afterAll(() => {
  // What ran outside a test (a file's beforeAll and afterAll hooks) counts for the file's suite.
  collect(suiteOfTest(file, []));
  for (const [name, recorded] of bySuite) {
    if (Object.keys(recorded.machines).length === 0) continue;
    mkdirSync(directory, { recursive: true });
    const path = join(directory, `vitest-${name}-${worker}-${process.pid}.json`);
    const previous = existsSync(path) ? parseCoverageRecord(JSON.parse(readFileSync(path, 'utf8')), path) : undefined;
    writeFileSync(path, `${JSON.stringify(previous ? mergeCoverage(previous, recorded) : recorded)}\n`);
  }
  bySuite.clear();
});
