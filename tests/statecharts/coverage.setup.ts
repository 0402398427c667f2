import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { emptyCoverage, mergeCoverage, parseCoverageRecord, recordedCoverage, resetCoverage, type CoverageRecord } from '../../src/inspect';
import { suiteOfTest, type VitestSuite } from '../../src/visualizer/coverage/suites';

// Vitest set-up (setupFiles): records what the tests' actors did through `inspect`, by suite (docs/statecharts.md
// "Statechart coverage"): view tests (tests/views), model paths (the generated-path tests of runModelPaths), the
// other machine tests (tests/machines) and the rest of the unit tests. After each test what was recorded goes to its
// suite; after each file each suite's part is added to coverage/statecharts/vitest-<suite>-<worker>-<pid>.json.
// Files of one worker run one after another and each starts with a fresh module graph, so the worker's files are
// read, merged and rewritten rather than overwritten.
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

let lastFile = '';
afterEach(({ task: current }) => {
  const task = current as unknown as TaskLike;
  lastFile = relativePath(task);
  collect(suiteOfTest(lastFile, describeNames(task)));
});

afterAll(() => {
  const file = lastFile;
  // What ran outside a test (a file's beforeAll, module scope) counts for the file's suite.
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
