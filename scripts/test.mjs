// `npm test`: everything, in order: typecheck, lint, the production build check (scripts/check-prod-build.mjs),
// vitest (domain, machines, statecharts, views), the functions and Firestore rules suites and the Playwright suite
// under the Firebase emulators. Ends with one plain line `N passed, N failed` adding up every suite it ran
// (typecheck, lint and the production build check count as one check each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/emulatorEnv.mjs';

const BIN = path.join(ROOT, 'node_modules', '.bin');
// Not test-results/: Playwright empties that folder when it starts.
const RESULTS = path.join(ROOT, 'test-reports');
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const rows = [];
const testStarted = performance.now();

/** Seconds the last `run` took (each suite's time is printed beside its counts). */
let lastSeconds = 0;

function run(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = performance.now();
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  lastSeconds = (performance.now() - started) / 1000;
  process.stdout.write(`=== ${name}: ${formatSeconds(lastSeconds)} ===\n`);
  return r.status ?? 1;
}

function formatSeconds(seconds) {
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;
}

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const failed = json.numFailedTests ?? 0;
  // A suite that failed to load reports no failed test but success false: count it as one failure.
  return { passed: json.numPassedTests ?? 0, failed: failed === 0 && json.success === false ? 1 : failed };
}

/** The suite's own time: from its start to the end of its last test file. */
function vitestSeconds(file) {
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const ends = (json.testResults ?? []).map((result) => result.endTime ?? 0);
  return ends.length && json.startTime ? (Math.max(...ends) - json.startTime) / 1000 : null;
}

/** Counts, the suite's time and the retries it used (a test that passed only on its retry is "flaky"). */
function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    seconds: (stats.duration ?? 0) / 1000,
    note: `${stats.flaky ?? 0} passed only on a retry`,
  };
}

function record(name, status, counts, seconds = lastSeconds) {
  // A step that failed without reporting any failed test (crash, config error) still counts as one failure.
  const c = counts ?? { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
  if (status !== 0 && c.failed === 0) c.failed = 1;
  rows.push({ seconds, ...c, name });
}

const wants = (step) => only.length === 0 || only.includes(step);

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
// Statechart coverage records of this run only (unit, model-based and e2e runs add to coverage/statecharts/).
rmSync(path.join(ROOT, 'coverage', 'statecharts'), { recursive: true, force: true });

if (wants('typecheck')) record('typecheck', run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
if (wants('lint')) record('lint', run('lint', BIN + '/eslint', ['.', '--max-warnings=0']));
// A production build (VITE_ENV unset) into a temporary folder must hold none of the developer tools (one check).
if (wants('prod-build')) record('production build', run('production build without developer tools', 'node', ['scripts/check-prod-build.mjs']));

if (wants('unit')) {
  const file = path.join(RESULTS, 'vitest-unit.json');
  const status = run('vitest: domain, machines, statecharts, views', BIN + '/vitest', [
    'run', '--project', 'unit', '--project', 'views', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`,
  ]);
  record('vitest unit + views', status, vitestCounts(file));
}

if (wants('build')) {
  // The e2e suite's build: against the emulators, VITE_ENV=emulator (a build without it is prod); scripts/e2e.mjs
  // reuses dist only with this stamp.
  const status = run('build the app', BIN + '/vite', ['build'], { VITE_ENV: 'emulator' });
  if (status === 0) writeFileSync(path.join(ROOT, 'dist', '.vite-env'), 'emulator\n');
  record('build', status);
}

if (wants('emulated') || wants('e2e')) {
  const file = path.join(RESULTS, 'vitest-emulated.json');
  const suites = [];
  if (wants('emulated')) suites.push(`vitest run --project emulated --reporter=default --reporter=json --outputFile.json=${file}`);
  if (wants('e2e')) suites.push('node scripts/e2e.mjs');
  // One emulator start for both suites; `;` keeps the e2e run going when a functions test fails, and the
  // exit code of the whole command reflects the last suite, so each suite's counts come from its own report.
  // Links in emails and the e-sign sandbox's return address point at the app the e2e suite serves.
  const status = run('functions, rules and e2e under the emulators', 'node', ['scripts/emulators.mjs', 'exec', suites.join(' ; ')], {
    APP_URL: 'http://127.0.0.1:4173',
  });
  const whole = lastSeconds;
  if (wants('emulated')) record('vitest functions + rules', vitestCounts(file) ? 0 : status, vitestCounts(file), vitestSeconds(file) ?? whole);
  if (wants('e2e')) {
    const counts = playwrightCounts(path.join(RESULTS, 'e2e.json'));
    record('playwright e2e', counts ? 0 : status, counts, counts?.seconds ?? whole);
  }
  // What the emulators' start, the demo data and the preview server cost around the two suites.
  const suiteSeconds = rows.slice(-(Number(wants('emulated')) + Number(wants('e2e')))).reduce((n, r) => n + r.seconds, 0);
  process.stdout.write(`=== emulators, functions build, demo data and preview around the suites: ${formatSeconds(Math.max(0, whole - suiteSeconds))} ===\n`);
}

if (existsSync(path.join(ROOT, 'scripts', 'coverage-statecharts.ts')) && existsSync(path.join(ROOT, 'coverage', 'statecharts'))) {
  run('statechart coverage (states and transitions the suites took)', BIN + '/tsx', ['scripts/coverage-statecharts.ts']);
}

// Each suite's counts and time (a slow suite shows the day it becomes slow), then the whole run's, then the one
// plain line CI reads. The same lines go to test-reports/summary.txt.
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);
const summary = [
  ...rows.map((r) => `${r.name.padEnd(28)} ${`${r.passed} passed, ${r.failed} failed`.padEnd(26)} ${formatSeconds(r.seconds).padStart(12)}${r.note ? `  (${r.note})` : ''}`),
  `${'npm test'.padEnd(28)} ${''.padEnd(26)} ${formatSeconds((performance.now() - testStarted) / 1000).padStart(12)}`,
  `${passed} passed, ${failed} failed`,
];
writeFileSync(path.join(RESULTS, 'summary.txt'), `${summary.join('\n')}\n`);
process.stdout.write(`\n=== summary ===\n${summary.join('\n')}\n`);
process.exit(failed === 0 ? 0 : 1);
