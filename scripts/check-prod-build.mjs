// Checks that a production build carries none of the developer tools (spec 000 §6, spec 001 §2 "Developer tools"):
// builds the app as production does (VITE_ENV unset, so src/app/config.ts reads prod and
// src/app/devTools/gate.ts folds DEV_TOOLS_IN_BUILD to false) into a temporary folder, then fails if any emitted
// JavaScript holds a marker of the /dev-tools route, the overrides marker or the devTools adapter. Prints one line,
// `check-prod-build: passed` or `check-prod-build: failed` (with the markers found above it); exits 0 or 1.
//
//   node scripts/check-prod-build.mjs            build with production settings, then scan
//   node scripts/check-prod-build.mjs --scan DIR scan an existing build only (an emulator build must fail)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/emulatorEnv.mjs';

/**
 * Strings only the developer tools' modules hold (each checked absent from src/ outside them), kept as literals by
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
];

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
    return found.length === 0;
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
