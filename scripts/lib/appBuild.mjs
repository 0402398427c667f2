// The app as the Playwright suite serves it: the emulator build (VITE_ENV=emulator; a build without it is a
// production build, src/app/config.ts) for one local backend. The emulators' loopback address is part of a build (its
// settings, its start-up requests and its Content-Security-Policy), so the default backend's build is dist/ and a
// second backend's (127.0.0.2) is dist-127.0.0.2/. Each build leaves a stamp saying what it was built for; a build
// without the right stamp, or older than the sources, is built again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_HOST, ROOT } from './emulatorEnv.mjs';

const BUILD_ENV = 'emulator';

/** The folder of the app built for the backend on `host`. */
export function appBuildDir(host = DEFAULT_HOST) {
  return host === DEFAULT_HOST ? 'dist' : `dist-${host}`;
}

function stampText(host) {
  return host === DEFAULT_HOST ? BUILD_ENV : `${BUILD_ENV} ${host}`;
}

/** The newest modification time under the app's sources (a build older than them is stale). */
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

/** Whether the build for `host` is there, for that backend, and newer than the sources. */
export function isAppBuilt(host = DEFAULT_HOST) {
  const dir = path.join(ROOT, appBuildDir(host));
  const stamp = path.join(dir, '.vite-env');
  return (
    existsSync(path.join(dir, 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === stampText(host) &&
    statSync(stamp).mtimeMs >= newestSource()
  );
}

/** Builds the app for the backend on `host` (output shown); returns the exit status. */
export function buildApp(host = DEFAULT_HOST) {
  const env = { ...process.env, VITE_ENV: BUILD_ENV, ...(host === DEFAULT_HOST ? {} : { VITE_EMULATOR_HOST: host }) };
  const dir = appBuildDir(host);
  const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', dir, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit', env });
  const status = r.status ?? 1;
  if (status === 0) writeFileSync(path.join(ROOT, dir, '.vite-env'), `${stampText(host)}\n`);
  return status;
}
