// `npm start`: the whole product on this machine. Starts the Firebase emulators (auth, firestore, functions,
// storage; demo project), loads the demo data from seed/, serves the app, and prints the URL and the demo
// accounts. Ctrl-C stops every process it started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  PROJECT_ID,
  EMULATORS,
  PORTS,
  SetupError,
  emulatorEnvironment,
  buildFunctions,
  assertPortsFree,
  CLIENT_EMULATOR_VARS,
} from './lib/emulatorEnv.mjs';
import { watchMail } from './lib/mailOutbox.mjs';
import { waitForEmulators } from './lib/wait.mjs';

const APP_PORT = Number(process.env.APP_PORT ?? 5173);
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const BIN = path.join(ROOT, 'node_modules', '.bin');
const children = [];
let stopping = false;

function log(message) {
  process.stdout.write(`[start] ${message}\n`);
}

function run(command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`${path.basename(command)} ${args[0] ?? ''} stopped (${signal ?? code}); stopping everything`);
      shutdown(1);
    }
  });
  return child;
}

function shutdown(code) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of alive) child.kill('SIGINT');
  const force = setTimeout(() => {
    for (const child of alive) if (child.exitCode === null) child.kill('SIGKILL');
  }, 10_000);
  Promise.all(alive.map((c) => new Promise((r) => c.once('exit', r)))).then(() => {
    clearTimeout(force);
    process.exit(code);
  });
  if (!alive.length) process.exit(code);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => shutdown(0));

async function main() {
  const started = Date.now();
  if (!existsSync(path.join(ROOT, 'functions', 'node_modules', 'firebase-functions'))) {
    log('installing functions/ dependencies');
    const r = spawnSync('npm', ['ci', '--prefix', 'functions', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new SetupError("'npm ci --prefix functions' failed");
  }
  const env = emulatorEnvironment();
  await assertPortsFree();
  buildFunctions(env);

  log('starting the Firebase emulators (auth, firestore, functions, storage)...');
  const emulators = run(BIN + '/firebase', ['emulators:start', '--only', EMULATORS, '--project', PROJECT_ID], {
    ...env,
    APP_URL,
  });
  const emulatorLog = [];
  const keep = (chunk) => {
    emulatorLog.push(chunk.toString());
    if (emulatorLog.length > 200) emulatorLog.shift();
    if (process.env.VERBOSE) process.stdout.write(chunk);
  };
  emulators.stdout.on('data', keep);
  emulators.stderr.on('data', keep);
  try {
    await waitForEmulators({ timeoutMs: 180_000, isAlive: () => emulators.exitCode === null });
  } catch (error) {
    process.stdout.write(emulatorLog.join(''));
    throw error;
  }
  log(`emulators ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  log('loading demo data from seed/');
  const seed = spawnSync(BIN + '/tsx', ['seed/load.ts'], { cwd: ROOT, env: { ...env, ...CLIENT_EMULATOR_VARS }, encoding: 'utf8' });
  if (seed.status !== 0) {
    process.stdout.write(seed.stdout + seed.stderr);
    throw new SetupError('loading the demo data failed (see above)');
  }

  const vite = run(BIN + '/vite', ['--port', String(APP_PORT), '--strictPort'], { ...env, VITE_USE_EMULATORS: 'true', VITE_ENV: env.VITE_ENV || 'emulator' });
  vite.stderr.on('data', (c) => process.stderr.write(c));
  await new Promise((resolve) => {
    vite.stdout.on('data', (chunk) => {
      if (process.env.VERBOSE) process.stdout.write(chunk);
      if (chunk.toString().includes('Local')) resolve();
    });
  });
  const ready = ((Date.now() - started) / 1000).toFixed(1);

  const accounts = spawnSync(BIN + '/tsx', ['scripts/print-accounts.ts'], { cwd: ROOT, env, encoding: 'utf8' });
  process.stdout.write(
    `\n  The app is running at ${APP_URL}  (ready in ${ready} s)\n` +
      `  Statechart visualizer: ${APP_URL}/statecharts\n` +
      `  Emulators: auth :${PORTS.auth}, firestore :${PORTS.firestore}, functions :${PORTS.functions}, storage :${PORTS.storage}\n\n` +
      `  Demo accounts:\n${accounts.stdout}\n` +
      '  Emails the app sends (verification, password reset) are printed here with their links.\n' +
      '  Press Ctrl-C to stop everything.\n\n',
  );
  const stopWatching = watchMail(APP_URL, (text) => process.stdout.write(text));
  process.once('exit', stopWatching);
}

main().catch((error) => {
  console.error(error instanceof SetupError ? `\n[start] cannot start: ${error.message}\n` : error);
  shutdown(1);
});
