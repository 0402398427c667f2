// Checks that a production build carries none of the developer tools (spec 000 §6, spec 001 §2 "Developer tools"):
// builds the app as production does (VITE_ENV unset, so src/app/config.ts reads prod and
// src/app/devTools/gate.ts folds DEV_TOOLS_IN_BUILD to false) into a temporary folder, then fails if any emitted
// JavaScript holds a marker of the /dev-tools route, the overrides marker or the devTools adapter. It also weighs the
// sign-in page's start-up JavaScript (docs/benchmarks.md §1) and fails when it is over its budget: the page's scripts
// and the sign-in route's chunks its first inline script asks for, gzip, the way `npm run bench -- bundle` counts
// them. Prints one line, `check-prod-build: passed` or `check-prod-build: failed` (with the problems above it); exits
// 0 or 1.
//
//   node scripts/check-prod-build.mjs            build with production settings, then scan
//   node scripts/check-prod-build.mjs --scan DIR scan an existing build only (an emulator build must fail)
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/emulatorEnv.mjs';

/**
 * Strings only the developer tools' modules (and the statechart coverage recorder) hold, kept as literals by
 * the minifier: locale keys, a test id, an exported name read through the dynamic import.
 */
const MARKERS = [
  // src/app/devTools/notify.ts: the /dev-tools page's and the overrides marker's toasts.
  { text: 'devTools:commands.', what: 'the developer tools toasts (src/app/devTools/notify.ts)' },
  // src/views/devTools/TestPlansPanel.tsx, in the /dev-tools route's chunk.
  { text: 'testPlans.stepTimedOut', what: 'the /dev-tools route (src/views/devTools/TestPlansPanel.tsx)' },
  // src/views/devTools/OverridesMarker.tsx.
  { text: 'overrides-marker', what: 'the overrides marker (src/views/devTools/OverridesMarker.tsx)' },
  // src/adapters/firebase/devTools.ts's export, read by src/main.tsx through gate.ts's loadDevToolsAdapter.
  { text: 'createDevToolsPort', what: 'the devTools adapter (src/adapters/firebase/devTools.ts)' },
  // src/inspect/index.ts: the statechart coverage record the e2e suite reads, a test instrument.
  { text: '__statechartCoverage__', what: 'the statechart coverage recorder (src/inspect/index.ts)' },
];

/**
 * The most the sign-in page's start-up JavaScript may weigh, gzip, in KB. The target is 2.0x the bare Vite + React +
 * Mantine page `npm run bench -- bundle` builds (85.0 KB, so 170 KB), and the page is within it (169.0 KB once the
 * shell's routes left the start-up code): the budget is the target, so that a change that adds to every page's
 * start-up code (a component imported by the theme, a library parsed at start) is seen the day it lands rather than in
 * a benchmark run weeks later.
 */
const SIGN_IN_STARTUP_BUDGET_KB = 170;

/** The files the sign-in page downloads before it shows: index.html's scripts and the sign-in route's chunks. */
function signInStartupFiles(dir) {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
  // The plan is the script's first argument; the page's two start-up checks follow it (src/app/shell/startupPreload.ts).
  const plan = /\)\((\{"loadPath".*?\}), window[,)]/.exec(html);
  if (!plan) throw new Error('index.html has no start-up preload plan (vite.config.ts startupPreloadPlugin)');
  const route = JSON.parse(plan[1]).routes['/sign-in'];
  if (!route) throw new Error("the start-up preload plan has no '/sign-in' route");
  return [...new Set([...scripts, ...route])];
}

/** The sign-in page's start-up JavaScript against its budget: a problem line, or none. */
function weighStartup(dir) {
  const files = signInStartupFiles(dir).map((file) => ({ file, kb: gzipSync(readFileSync(path.join(dir, file.replace(/^\//, '')))).length / 1024 }));
  const total = files.reduce((sum, { kb }) => sum + kb, 0);
  const list = files.map(({ file, kb }) => `${path.basename(file)} ${kb.toFixed(1)} KB`).join(', ');
  console.log(`check-prod-build: sign-in start-up JavaScript ${total.toFixed(1)} KB gzip (budget ${SIGN_IN_STARTUP_BUDGET_KB} KB): ${list}`);
  return total > SIGN_IN_STARTUP_BUDGET_KB
    ? [`the sign-in page's start-up JavaScript is ${total.toFixed(1)} KB gzip, over its ${SIGN_IN_STARTUP_BUDGET_KB} KB budget (docs/benchmarks.md §1)`]
    : [];
}

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** The markers found, each with the files holding it. */
function scan(dir) {
  const files = jsFiles(dir);
  if (files.length === 0) throw new Error(`no JavaScript in ${dir}`);
  const found = [];
  for (const marker of MARKERS) {
    const holders = files.filter((file) => readFileSync(file, 'utf8').includes(marker.text));
    if (holders.length > 0) found.push({ ...marker, files: holders.map((file) => path.relative(dir, file)) });
  }
  return found;
}

function build() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'check-prod-build-'));
  const env = { ...process.env };
  delete env.VITE_ENV;
  const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  if (r.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`vite build exited with ${r.status ?? r.signal}`);
  }
  return outDir;
}

function main() {
  const scanAt = process.argv.indexOf('--scan');
  const dir = scanAt >= 0 ? path.resolve(process.argv[scanAt + 1] ?? '') : build();
  try {
    const found = scan(dir);
    for (const marker of found) console.log(`check-prod-build: found ${marker.what} ('${marker.text}') in ${marker.files.join(', ')}`);
    // An emulator build (--scan of dist/) carries what production leaves out; only a production build is weighed.
    const overweight = scanAt < 0 ? weighStartup(dir) : [];
    for (const problem of overweight) console.log(`check-prod-build: ${problem}`);
    return found.length === 0 && overweight.length === 0;
  } finally {
    if (scanAt < 0) rmSync(dir, { recursive: true, force: true });
  }
}

let passed = false;
try {
  passed = main();
} catch (error) {
  console.log(`check-prod-build: ${error instanceof Error ? error.message : String(error)}`);
}
console.log(`check-prod-build: ${passed ? 'passed' : 'failed'}`);
process.exit(passed ? 0 : 1);
