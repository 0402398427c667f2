import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { countedStates, toChart } from '../src/visualizer/model/chart';
import { qaPaths, STRATEGIES } from '../src/visualizer/paths/qaPaths';
import { registeredMachines } from '../src/visualizer/registry';

// Statechart benchmarks (issue 3 "Targets"), printed, never asserted:
//   1. generating the test paths (shortest and simple) of every registered machine: target under 5 s;
//   2. layout plus first drawing of the largest machine in Chromium, on a fresh page of the built static
//      site: target under 500 ms (the visualizer's own performance measure `statecharts:drawn:<id>`).
// `-- --skip-build` reuses dist-statecharts/ instead of building it first.

const PATHS_TARGET_MS = 5_000;
const DRAW_TARGET_MS = 500;
const FRESH_PAGES = 3;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const siteDir = join(process.cwd(), 'dist-statecharts');

const verdict = (ms: number, target: number) => `${ms < target ? 'within' : 'OVER'} target < ${target} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function benchPaths(): void {
  process.stdout.write('Generated test paths (shortest + simple)\n');
  let total = 0;
  for (const entry of registeredMachines) {
    const started = performance.now();
    const chart = toChart(entry.machine);
    const counts = STRATEGIES.map((strategy) => qaPaths(entry, chart, strategy).length);
    const elapsed = performance.now() - started;
    total += elapsed;
    process.stdout.write(`  ${entry.id.padEnd(24)} ${counts.join(' + ').padStart(11)} paths  ${elapsed.toFixed(0).padStart(6)} ms\n`);
  }
  process.stdout.write(`  all ${registeredMachines.length} machines: ${total.toFixed(0)} ms (${verdict(total, PATHS_TARGET_MS)})\n\n`);
}

function serve(root: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    response.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

async function benchDrawing(): Promise<void> {
  if (!process.argv.includes('--skip-build') || !existsSync(join(siteDir, 'index.html'))) {
    process.stdout.write('building the static site (npm run statecharts:build)…\n');
    execFileSync(join(process.cwd(), 'node_modules', '.bin', 'vite'), ['build', '--config', 'vite.statecharts.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const sized = registeredMachines.map((entry) => {
    const chart = toChart(entry.machine);
    return { id: entry.id, states: countedStates(chart).length, transitions: chart.transitions.length };
  });
  const largest = sized.sort((a, b) => b.states + b.transitions - (a.states + a.transitions))[0];
  if (!largest) return;
  const server = await serve(siteDir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const timings: number[] = [];
    for (let run = 0; run < FRESH_PAGES; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}?machine=${encodeURIComponent(largest.id)}`);
      const name = `statecharts:drawn:${largest.id}`;
      await page.waitForFunction((measure) => performance.getEntriesByName(measure, 'measure').length > 0, name, { timeout: 60_000 });
      timings.push(await page.evaluate((measure) => performance.getEntriesByName(measure, 'measure')[0]?.duration ?? NaN, name));
      await context.close();
    }
    const typical = median(timings);
    process.stdout.write(`Layout + first drawing in Chromium, largest machine ${largest.id} (${largest.states} states, ${largest.transitions} transitions)\n`);
    process.stdout.write(`  fresh pages: ${timings.map((t) => `${t.toFixed(0)} ms`).join(', ')}; median ${typical.toFixed(0)} ms (${verdict(typical, DRAW_TARGET_MS)})\n`);
  } finally {
    await browser.close();
    server.close();
  }
}

benchPaths();
await benchDrawing();
