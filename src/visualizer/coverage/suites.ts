import { emptyCoverage, mergeCoverage, type CoverageRecord } from '../../inspect/record';

// Statechart coverage by suite (docs/statecharts.md "Statechart coverage"). The model-based tests replay generated
// paths that take every transition by construction, so a figure merged over every suite says little about what the
// other suites exercise: each suite is recorded and shown on its own.

export const SUITES = ['e2e', 'views', 'machines', 'model', 'unit'] as const;
export type Suite = (typeof SUITES)[number];
export type VitestSuite = Exclude<Suite, 'e2e'>;

export const SUITE_TITLES: Record<Suite, string> = {
  e2e: 'end-to-end (Playwright)',
  views: 'views (Vitest, jsdom)',
  machines: 'machines (Vitest, tests/machines)',
  model: 'model paths (generated paths replayed)',
  unit: 'other unit tests',
};

/** The describe block runModelPaths (tests/support/modelPaths.ts) puts a machine's generated paths and random walks in. */
const MODEL_PATHS_BLOCK = /: generated paths$/;

/** The suite of a Vitest test, by its file (relative to the repository) and the names of its describe blocks. */
export function suiteOfTest(file: string, describeNames: readonly string[]): VitestSuite {
  if (file.startsWith('tests/views/')) return 'views';
  if (describeNames.some((name) => MODEL_PATHS_BLOCK.test(name))) return 'model';
  if (file.startsWith('tests/machines/')) return 'machines';
  return 'unit';
}

/**
 * The suite of a record file in coverage/statecharts/: `e2e-*` (the Playwright harness), `vitest-<suite>-*`
 * (coverage.setup.ts); a `vitest-<worker>-<pid>` record from before the split counts as unit tests.
 */
export function suiteOfRecordFile(name: string): Suite {
  if (name.startsWith('e2e-')) return 'e2e';
  const match = /^vitest-([a-z]+)-/.exec(name);
  const suite = match?.[1];
  return suite && (SUITES as readonly string[]).includes(suite) && suite !== 'e2e' ? (suite as Suite) : 'unit';
}

/** coverage/statecharts.json: every suite merged (what the overlay showed before), and each suite on its own. */
export interface SuiteCoverageRecord extends CoverageRecord {
  suites?: Partial<Record<Suite, CoverageRecord>>;
}

export function mergeBySuite(records: ReadonlyArray<{ suite: Suite; record: CoverageRecord }>): SuiteCoverageRecord {
  const merged: SuiteCoverageRecord = emptyCoverage();
  const suites: Partial<Record<Suite, CoverageRecord>> = {};
  for (const { suite, record } of records) {
    mergeCoverage(merged, record);
    mergeCoverage((suites[suite] ??= emptyCoverage()), record);
  }
  return { ...merged, suites };
}
