// Runs inside `firebase emulators:exec` (see scripts/emulators.mjs): starts the demo data service (seed/serve.ts,
// which loads the demo data and reloads them on request), serves the built app with `vite preview`, runs the
// Playwright suite, and stops both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/emulatorEnv.mjs';

const BIN = path.join(ROOT, 'node_modules', '.bin');
const PORT = 4173;
const SEED_PORT = 4174;

function step(command, args, extraEnv = {}) {
  const r = spawnSync(BIN + '/' + command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return r.status ?? 1;
}

// A build without VITE_ENV is a production build (src/app/config.ts): the suite needs the emulator build, which
// leaves dist/.vite-env saying so (scripts/test.mjs builds it the same way). Any other dist, or one older than the
// sources, is rebuilt.
const BUILD_ENV = 'emulator';
const stamp = path.join(ROOT, 'dist', '.vite-env');
/** The newest modification time under the app's sources (a dist older than them is stale). */
function newestSource() {
  let newest = 0;
  const visit = (entry) => {
    const stats = statSync(entry, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
    else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const entry of ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']) visit(path.join(ROOT, entry));
  return newest;
}
const built =
  existsSync(path.join(ROOT, 'dist', 'index.html')) &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8').trim() === BUILD_ENV &&
  statSync(stamp).mtimeMs >= newestSource();
if (!built) {
  if (step('vite', ['build'], { VITE_ENV: BUILD_ENV }) !== 0) process.exit(1);
  writeFileSync(stamp, `${BUILD_ENV}\n`);
}
// The demo data service (seed/serve.ts) loads the demo data, then reloads them for the specs that change them.
const seed = spawn(BIN + '/tsx', ['seed/serve.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SEED_PORT: String(SEED_PORT) } });
const preview = spawn(BIN + '/vite', ['preview', '--port', String(PORT), '--strictPort'], { cwd: ROOT, stdio: 'ignore' });
const stopServices = () => {
  if (preview.exitCode === null) preview.kill('SIGTERM');
  if (seed.exitCode === null) seed.kill('SIGTERM');
};
process.on('exit', stopServices);

/** Waits for a local service to answer, for at most `seconds` (a limit for a service that failed to start). */
async function waitFor(name, url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      console.error(`[e2e] ${name} did not start`);
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
await waitFor('vite preview', `http://127.0.0.1:${PORT}/`, preview, 30);
await waitFor('the demo data service', `http://127.0.0.1:${SEED_PORT}/`, seed, 180);
const code = step('playwright', ['test', ...process.argv.slice(2)], {
  E2E_BASE_URL: `http://127.0.0.1:${PORT}`,
  E2E_SEED_URL: `http://127.0.0.1:${SEED_PORT}`,
});
stopServices();
process.exit(code);
