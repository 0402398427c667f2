// Runs inside `firebase emulators:exec` (see scripts/emulators.mjs): starts the demo data service (seed/serve.ts,
// which loads the demo data and reloads them on request), serves the built app with `vite preview`, runs the
// Playwright suite, and stops both. Everything listens on the backend's loopback address (E2E_BACKEND_HOST, which
// scripts/emulators.mjs sets: 127.0.0.1, or another loopback address for a second backend, e.g. to run the suite
// while `npm start` holds 127.0.0.1; docs/local-backend.md). Its arguments go to Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { ROOT } from './lib/emulatorEnv.mjs';
import { appBuildDir, buildApp, isAppBuilt } from './lib/appBuild.mjs';

const BIN = path.join(ROOT, 'node_modules', '.bin');
const PORT = 4173;
const SEED_PORT = 4174;
const HOST = process.env.E2E_BACKEND_HOST || '127.0.0.1';
const DEFAULT_HOST = HOST === '127.0.0.1';
const OUT_DIR = appBuildDir(HOST);

const playwrightArgs = process.argv.slice(2);

function step(command, args, extraEnv = {}) {
  const r = spawnSync(BIN + '/' + command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return r.status ?? 1;
}

/** Whether something already listens at host:port (a connection is accepted). */
function listening(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// The suite must run against the services started here: another server on their ports (a preview or `npm start`
// left running) would answer in their place, with another build or other data.
for (const [name, port] of [
  ['vite preview', PORT],
  ['the demo data service', SEED_PORT],
]) {
  if (await listening(HOST, port)) {
    console.error(`[e2e] ${HOST}:${port} is already in use, so ${name} cannot start there: stop what listens on it (ss -ltnp) and run again`);
    process.exit(1);
  }
}

// The app built for this backend (scripts/lib/appBuild.mjs), built again when missing or older than the sources.
if (!isAppBuilt(HOST) && buildApp(HOST) !== 0) process.exit(1);
// The demo data service (seed/serve.ts) loads the demo data, then reloads them for the specs that change them.
const seed = spawn(BIN + '/tsx', ['seed/serve.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SEED_PORT: String(SEED_PORT), SEED_HOST: HOST } });
const preview = spawn(BIN + '/vite', ['preview', '--outDir', OUT_DIR, '--host', HOST, '--port', String(PORT), '--strictPort'], { cwd: ROOT, stdio: 'ignore' });
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
await waitFor('vite preview', `http://${HOST}:${PORT}/`, preview, 30);
await waitFor('the demo data service', `http://${HOST}:${SEED_PORT}/`, seed, 180);
const code = step('playwright', ['test', ...playwrightArgs], {
  E2E_BASE_URL: `http://${HOST}:${PORT}`,
  E2E_SEED_URL: `http://${HOST}:${SEED_PORT}`,
  // A second backend's run has its own report and output folder (Playwright empties its folder when it starts).
  E2E_REPORT: DEFAULT_HOST ? 'test-reports/e2e.json' : `test-reports/e2e-${HOST}.json`,
  E2E_OUTPUT_DIR: DEFAULT_HOST ? 'test-results' : `test-results/${HOST}`,
});
stopServices();
process.exit(code);
