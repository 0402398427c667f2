// `node scripts/emulators.mjs exec "<command>"`: runs a command with the local Firebase emulators
// (auth, firestore, functions, storage; demo project) up, then stops them. Used by `npm test`'s emulated
// suites and the Playwright run. `node scripts/emulators.mjs check` only reports what would be used.
// EMULATORS_HOST=127.0.0.2 runs a second, separate backend on that loopback address (same ports; see
// emulatorConfigFor): the command gets that backend's addresses, and the app served from that address uses it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, PROJECT_ID, EMULATORS, SetupError, emulatorEnvironment, buildFunctions, assertPortsFree, clientEmulatorVars, emulatorConfigFor, DEFAULT_HOST } from './lib/emulatorEnv.mjs';

const [mode, command] = process.argv.slice(2);

/**
 * A structured function log line below WARNING (`>  {..."severity":"DEBUG"...}`): every callable logs its request
 * check at DEBUG, hundreds of lines that bury the test runners' output. Warnings and errors still show.
 */
function isQuietFunctionLog(line) {
  return /^>\s+\{.*"severity":"(DEBUG|INFO)"/.test(line);
}

async function main() {
  if (mode !== 'exec' && mode !== 'check') {
    console.error('usage: node scripts/emulators.mjs exec "<command>" | check');
    return 2;
  }
  const host = process.env.EMULATORS_HOST || DEFAULT_HOST;
  const env = { ...emulatorEnvironment(), ...clientEmulatorVars(host), E2E_BACKEND_HOST: host };
  // Widget and e-sign pages name this backend's Functions address, and links in mails the app served beside it.
  if (host !== DEFAULT_HOST) {
    env.SANDBOX_PAGES_ORIGIN ??= `http://${host}:5001`;
    if (env.APP_URL) env.APP_URL = env.APP_URL.replace(/\/\/127\.0\.0\.1(?=[:/]|$)/, `//${host}`);
  }
  if (mode === 'check') return 0;
  if (!command) throw new SetupError('exec needs a command');
  // EMULATORS_PORTS_WAIT=<seconds>: a suite that is still stopping may hold the ports that long.
  await assertPortsFree(host, Number(process.env.EMULATORS_PORTS_WAIT ?? 0));
  const config = emulatorConfigFor(host);
  // Two backends at once share one functions build: the second one reuses the first's (EMULATORS_SKIP_BUILD=1).
  if (process.env.EMULATORS_SKIP_BUILD !== '1') buildFunctions(env);
  const verbose = Boolean(process.env.VERBOSE);
  // The Functions emulator keeps one worker process per function called (and one more per concurrent call), each with
  // its own Node heap; a young generation of 1 MB semi-spaces keeps an idle worker about 35 MB smaller (about 160 MB
  // instead of 195 MB resident), which two backends side by side need. The workers inherit the emulators' NODE_OPTIONS;
  // the command gets back the caller's own.
  const callerNodeOptions = process.env.NODE_OPTIONS ?? '';
  env.NODE_OPTIONS = [callerNodeOptions, '--max-semi-space-size=1'].filter(Boolean).join(' ');
  const script = `export NODE_OPTIONS='${callerNodeOptions.replaceAll("'", "'\\''")}'; ${command}`;
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'firebase'),
    // Emulator and function logs drown the test runners' output; VERBOSE=1 shows them.
    ['emulators:exec', ...(config ? ['--config', config] : []), '--only', EMULATORS, '--project', PROJECT_ID, ...(verbose ? [] : ['--log-verbosity', 'QUIET']), script],
    {
      cwd: ROOT,
      // The command's output passes through the filter below: keep the runners' colours on a terminal.
      env: verbose || !process.stdout.isTTY ? env : { FORCE_COLOR: '1', ...env },
      stdio: ['inherit', verbose ? 'inherit' : 'pipe', 'inherit'],
    },
  );
  let drained = Promise.resolve();
  if (child.stdout) {
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (!isQuietFunctionLog(line)) process.stdout.write(`${line}\n`);
    });
    // The last lines (the runners' summaries) may still be in the pipe when the process exits; a process the
    // emulators left behind could hold the pipe open, so the wait is bounded.
    drained = new Promise((resolve) => {
      lines.once('close', resolve);
      child.once('exit', () => setTimeout(resolve, 2_000));
    });
  }
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  await drained;
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof SetupError ? `\n[emulators] cannot start: ${error.message}\n` : error);
    process.exit(1);
  },
);
