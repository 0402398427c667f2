// What the backend benchmarks (scripts/bench-credit.ts, bench-disputes.ts, bench-documents.ts, bench-payment-route.ts) share: where the tools
// are, Debian's Chromium and its flags, a build or seed step that must succeed, and a `vite preview` of a build that
// stops with the script. Nothing here measures.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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

type ScriptResponse = { url(): string; request(): { resourceType(): string }; body(): Promise<Buffer> };
type ResponsePage = { on(event: 'response', handler: (response: ScriptResponse) => void): unknown; off(event: 'response', handler: (response: ScriptResponse) => void): unknown };

/** Records the scripts a page downloads (URL → body) from now on; the returned function stops and collects. */
export function recordScripts(page: ResponsePage): () => Promise<Map<string, Buffer>> {
  const scripts = new Map<string, Promise<Buffer>>();
  const handler = (response: ScriptResponse) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', handler);
  return async () => {
    page.off('response', handler);
    const entries = await Promise.all([...scripts].map(async ([url, body]) => [url, await body] as const));
    return new Map<string, Buffer>(entries);
  };
}

/** The scripts' total size, each gzipped as a server would send it. */
export const gzipTotal = (scripts: Map<string, Buffer>): number => [...scripts.values()].reduce((n, body) => n + gzipSync(body).length, 0);
/** A script's file name (the chunk's name). */
export const chunkName = (url: string): string | undefined => new URL(url).pathname.split('/').pop();
/** Bytes as kilobytes with one decimal. */
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
