// `npm run seed`: loads the demo data again into the emulators `npm start` (or `node scripts/emulators.mjs start`)
// is running, and removes what the app created for the demo users since (seed/load.ts), so every demo account is
// as seeded. Refuses when the emulators are not running (it never reaches a real project: the demo project only).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CLIENT_EMULATOR_VARS, PORTS, PROJECT_ID, ROOT } from './lib/emulatorEnv.mjs';

async function listening(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

const down = [];
for (const name of ['auth', 'firestore', 'storage']) if (!(await listening(PORTS[name]))) down.push(`${name} (port ${PORTS[name]})`);
if (down.length > 0) {
  console.error(`seed: the emulators are not running: ${down.join(', ')}. Start them with \`npm start\` first.`);
  process.exit(1);
}
const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['seed/load.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, ...CLIENT_EMULATOR_VARS, GCLOUD_PROJECT: PROJECT_ID },
});
process.exit(result.status ?? 1);
