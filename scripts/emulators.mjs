// `node scripts/emulators.mjs exec "<command>"`: runs a command with the local Firebase emulators
// (auth, firestore, functions, storage; demo project) up, then stops them. Used by `npm test`'s emulated
// suites and the Playwright run. `node scripts/emulators.mjs check` only reports what would be used.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, PROJECT_ID, EMULATORS, SetupError, emulatorEnvironment, buildFunctions, assertPortsFree, CLIENT_EMULATOR_VARS } from './lib/emulatorEnv.mjs';

const [mode, command] = process.argv.slice(2);

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
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'firebase'),
    // Function logs drown the test runners' output; VERBOSE=1 shows them.
    ['emulators:exec', '--only', EMULATORS, '--project', PROJECT_ID, ...(process.env.VERBOSE ? [] : ['--log-verbosity', 'QUIET']), command],
    { cwd: ROOT, env, stdio: 'inherit' },
  );
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return await new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof SetupError ? `\n[emulators] cannot start: ${error.message}\n` : error);
    process.exit(1);
  },
);
