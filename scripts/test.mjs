// `npm test`: everything: the emulator build of the app; then the functions and Firestore rules suites under the
// Firebase emulators, side by side with typecheck, lint, the production build check (scripts/check-prod-build.mjs)
// and vitest (domain, machines, statecharts, views); then the Playwright suite under the same emulators. Ends with one plain line `N passed, N failed` adding up every suite it ran
// (the two typechecks, lint and the production build check count as one check each). Each suite's time is printed
// beside its counts.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs steps side by side (each is single-threaded, or mostly waits), printing each one's output in one piece when
 * it ends, with its own time. Resolves to each step's exit status and seconds, in the order given.
 */
async function runTogether(steps) {
  process.stdout.write(`\n=== ${steps.map((step) => step.name).join(', ')}: side by side ===\n`);
  return Promise.all(
    steps.map(
      (step) =>
        new Promise((resolve) => {
          const started = performance.now();
          const child = spawn(step.command, step.args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const finish = (status) => {
            const seconds = (performance.now() - started) / 1000;
            process.stdout.write(`\n=== ${step.name} ===\n${Buffer.concat(output).toString()}=== ${step.name}: ${formatSeconds(seconds)} ===\n`);
            resolve({ status, seconds });
          };
          child.on('error', () => finish(1));
          child.on('close', (code) => finish(code ?? 1));
        }),
    ),
  );
}

/** Runs a command with its output shown as it comes; resolves to its exit status and seconds when it ends. */
function runInBackground(command, args, env = {}) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    const finish = (status) => resolve({ status, seconds: (performance.now() - started) / 1000 });
    child.on('error', () => finish(1));
    child.on('close', (code) => finish(code ?? 1));
  });
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

if (wants('build')) {
  // The e2e suite's build: against the emulators, VITE_ENV=emulator (a build without it is prod); scripts/e2e.mjs
  // reuses dist only with this stamp. Built first: Vitest's security-headers suite also reads dist/index.html.
  const status = run('build the app', BIN + '/vite', ['build'], { VITE_ENV: 'emulator' });
  if (status === 0) writeFileSync(path.join(ROOT, 'dist', '.vite-env'), 'emulator\n');
  record('build', status);
}

// The emulators' suites start first and run beside the static checks and the Vitest unit and view suites: the
// functions suite runs one call at a time (mostly one core, waiting on the emulators), so the other core does the
// checks that need no emulator meanwhile. The Playwright suite, which needs both cores (Chromium, the preview server
// and the emulators), waits until those are done: the marker file below says so.
const READY_FOR_E2E = path.join(RESULTS, '.e2e-may-start');
const emulatorSuites = [];
let emulated = null;
if (wants('emulated') || wants('e2e')) {
  const file = path.join(RESULTS, 'vitest-emulated.json');
  if (wants('emulated')) emulatorSuites.push(`vitest run --project emulated --reporter=default --reporter=json --outputFile.json=${file}`);
  if (wants('e2e')) emulatorSuites.push(`node scripts/lib/waitForFile.mjs ${JSON.stringify(READY_FOR_E2E)}`, 'node scripts/e2e.mjs');
  process.stdout.write('\n=== functions, rules and e2e under the emulators (beside the checks below) ===\n');
  // `;` keeps the e2e run going when a functions test fails; each suite's counts come from its own report.
  // Links in emails and the e-sign sandbox's return address point at the app the e2e suite serves.
  emulated = runInBackground('node', ['scripts/emulators.mjs', 'exec', emulatorSuites.join(' ; ')], { APP_URL: 'http://127.0.0.1:4173' });
}

// The static checks run side by side: tsc and ESLint use one core each, and the production build check (a production
// build, VITE_ENV unset, into a temporary folder, that must hold none of the developer tools) mostly the other.
const staticChecks = [
  wants('typecheck') && { row: 'typecheck (app)', name: 'typecheck: the app, machines, tests, e2e, scripts', command: BIN + '/tsc', args: ['-p', 'tsconfig.json', '--noEmit'] },
  wants('typecheck') && { row: 'typecheck (functions)', name: 'typecheck: functions', command: BIN + '/tsc', args: ['-p', 'functions/tsconfig.json', '--noEmit'] },
  wants('lint') && { row: 'lint', name: 'lint', command: BIN + '/eslint', args: ['.', '--max-warnings=0'] },
  wants('prod-build') && { row: 'production build', name: 'production build without developer tools', command: 'node', args: ['scripts/check-prod-build.mjs'] },
].filter(Boolean);
if (staticChecks.length > 0) {
  const results = await runTogether(staticChecks);
  staticChecks.forEach((step, index) => record(step.row, results[index].status, null, results[index].seconds));
}

if (wants('unit')) {
  const file = path.join(RESULTS, 'vitest-unit.json');
  const [result] = await runTogether([
    {
      name: 'vitest: domain, machines, statecharts, views',
      command: BIN + '/vitest',
      args: ['run', '--project', 'unit', '--project', 'views', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    },
  ]);
  record('vitest unit + views', result.status, vitestCounts(file), result.seconds);
}
writeFileSync(READY_FOR_E2E, 'the checks beside the emulators are done\n');

if (emulated) {
  const { status, seconds: whole } = await emulated;
  const file = path.join(RESULTS, 'vitest-emulated.json');
  if (wants('emulated')) record('vitest functions + rules', vitestCounts(file) ? 0 : status, vitestCounts(file), vitestSeconds(file) ?? whole);
  if (wants('e2e')) {
    const counts = playwrightCounts(path.join(RESULTS, 'e2e.json'));
    record('playwright e2e', counts ? 0 : status, counts, counts?.seconds ?? whole);
  }
  // What the emulators' start, the demo data, the wait for the checks and the preview server cost around the suites.
  const suiteSeconds = rows.slice(-(Number(wants('emulated')) + Number(wants('e2e')))).reduce((n, r) => n + r.seconds, 0);
  process.stdout.write(`=== emulators, functions build, demo data, preview and the wait for the checks around the suites: ${formatSeconds(Math.max(0, whole - suiteSeconds))} ===\n`);
}

if (existsSync(path.join(ROOT, 'scripts', 'coverage-statecharts.ts')) && existsSync(path.join(ROOT, 'coverage', 'statecharts'))) {
  run('statechart coverage (states and transitions the suites took)', BIN + '/tsx', ['scripts/coverage-statecharts.ts']);
}

/** The failed tests of the JSON reports, each with the first line of its failure: CI shows only the end of the log. */
function failedTests() {
  const lines = [];
  for (const name of ['vitest-unit.json', 'vitest-emulated.json']) {
    const file = path.join(RESULTS, name);
    if (!existsSync(file)) continue;
    for (const result of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      const where = path.relative(ROOT, result.name ?? '');
      const failures = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failures) lines.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      if (failures.length === 0 && result.status === 'failed') lines.push(`${where}: ${firstLine(result.message)}`);
    }
  }
  const e2e = path.join(RESULTS, 'e2e.json');
  if (existsSync(e2e)) {
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const results = test.results ?? [];
          const last = results[results.length - 1];
          if (test.status === 'unexpected' || test.status === 'flaky') {
            const label = test.status === 'flaky' ? 'passed on a retry' : 'failed';
            lines.push(`e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${label}): ${firstLine((test.status === 'flaky' ? results[0] : last)?.error?.message)}`);
          }
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title].filter((t) => t && !t.endsWith('.ts')));
    };
    for (const suite of JSON.parse(readFileSync(e2e, 'utf8')).suites ?? []) visit(suite, []);
  }
  return lines;
}

function firstLine(message) {
  // eslint-disable-next-line no-control-regex
  return String(message ?? 'no message').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 400) ?? '';
}

const failures = failedTests();
if (failures.length > 0) process.stdout.write(`\n=== failed or retried tests ===\n${failures.join('\n')}\n`);

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
