// `node scripts/emulators.mjs exec "<command>"`: runs a command with the local Firebase emulators
// (auth, firestore, functions, storage; demo project) up, then stops them. Used by `npm test`'s emulated
// suites and the Playwright run. `node scripts/emulators.mjs check` only reports what would be used.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, PROJECT_ID, EMULATORS, SetupError, emulatorEnvironment, buildFunctions, assertPortsFree, CLIENT_EMULATOR_VARS } from './lib/emulatorEnv.mjs';

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
  const env = { ...emulatorEnvironment(), ...CLIENT_EMULATOR_VARS };
  if (mode === 'check') return 0;
  if (!command) throw new SetupError('exec needs a command');
  await assertPortsFree();
  buildFunctions(env);
  const verbose = Boolean(process.env.VERBOSE);
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'firebase'),
    // Emulator and function logs drown the test runners' output; VERBOSE=1 shows them.
    ['emulators:exec', '--only', EMULATORS, '--project', PROJECT_ID, ...(verbose ? [] : ['--log-verbosity', 'QUIET']), command],
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
