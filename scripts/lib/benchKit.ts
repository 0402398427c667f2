// What the backend benchmarks (scripts/bench-credit.ts, bench-disputes.ts, bench-documents.ts) share: where the tools
// are, Debian's Chromium and its flags, a build or seed step that must succeed, and a `vite preview` of a build that
// stops with the script. Nothing here measures.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
// @ts-expect-error: a plain ES module of the scripts, without types.
import { ROOT as ROOT_DIR } from './emulatorEnv.mjs';

export const ROOT: string = ROOT_DIR;
export const BIN = path.join(ROOT, 'node_modules', '.bin');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs a tool of node_modules/.bin in the repository; a failure stops the benchmark. */
export function step(command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const result = spawnSync(path.join(BIN, command), args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * Serves a build with `vite preview` on `port` (dist/, or `outDir`) until the script exits, and answers its address
 * once it answers.
 */
export async function startPreview(port: number, outDir?: string): Promise<string> {
  const args = ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', ...(outDir ? ['--outDir', outDir] : [])];
  const preview = spawn(path.join(BIN, 'vite'), args, { cwd: ROOT, stdio: 'ignore' });
  process.on('exit', () => preview.exitCode === null && preview.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/`)).ok) return base;
    } catch {
      if (attempt > 150) throw new Error('vite preview did not start');
      await sleep(200);
    }
  }
}
