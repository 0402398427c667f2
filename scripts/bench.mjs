// `npm run bench`: prints the product's speed figures beside baselines measured in the same run. Nothing here
// asserts; the figures are for people (targets in the README).
//   1. The sign-in route beside a bare Vite + React + Mantine page built now (the app into .bench/app-dist, not dist/):
//      initial JavaScript (gzip), and LCP and total blocking time in Chromium under the same mobile throttling for
//      both (medians of alternating runs); each as a ratio beside its target.
//   2. Time from `npm start` to the first served page, warm (the second of two starts).
//   3. The statechart tools' figures (scripts/bench-statecharts.ts), when present.
//   4. The credit area beside the home hub (scripts/bench-credit.ts, against the local backend): JavaScript
//      downloaded on navigation, and a click on Credit to the combined report visible.
//   5. The dispute wizard with 40 items (scripts/bench-disputes.ts): a click on Next beside a checkbox toggle.
//   6. Document upload (scripts/bench-documents.ts): a 19 MB file through the app's upload beside the Storage SDK
//      alone, and the bytes sent again after an offline pause and resume.
//   7. Payments (scripts/bench-payments.ts, scripts/bench-payment-route.ts): 50 concurrent Pay requests with one
//      idempotency key (charges recorded, target exactly 1) beside distinct keys; the payment route's JavaScript
//      (gzip) downloaded on navigation beside the home hub's.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/emulatorEnv.mjs';

const BIN = path.join(ROOT, 'node_modules', '.bin');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function sh(command, args, opts = {}) {
  const r = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

async function serve(dir, port) {
  const child = spawn(BIN + '/vite', ['preview', '--outDir', dir, '--port', String(port), '--strictPort'], { cwd: ROOT, stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      await sleep(200);
    }
  }
  child.kill();
  throw new Error(`preview of ${dir} did not start`);
}

/**
 * The configuration documents the built page reads before it shows anything (the maintenance flag, spec 001 §2),
 * answered as Firestore's REST API answers them with the demo data (no window set), when nothing else listens on
 * their address: without it the read would fail at once (connection refused), faster than any real answer, and the
 * throttled round trip it costs a real visit would not be measured. Returns a function that stops it.
 */
async function serveStartupDocuments(appDir) {
  const html = readFileSync(path.join(appDir, 'index.html'), 'utf8');
  const urls = JSON.parse(html.match(/"documents":(\[[^\]]*\])/)?.[1] ?? '[]');
  if (urls.length === 0) return () => undefined;
  const { hostname, port } = new URL(urls[0]);
  const server = createServer((request, response) => {
    const known = urls.some((url) => new URL(url).pathname === decodeURIComponent(request.url ?? ''));
    const headers = { 'access-control-allow-origin': '*', 'content-type': 'application/json' };
    if (!known) {
      response.writeHead(404, headers).end('{}');
      return;
    }
    const flag = { booleanValue: false };
    response.writeHead(200, headers).end(JSON.stringify({ fields: { Admin: flag, Self: flag, Partner: flag, Customer: flag } }));
  });
  const listening = await new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(Number(port), hostname, () => resolve(true));
  });
  if (!listening) process.stdout.write(`(${hostname}:${port} is in use: the page's documents are read from what listens there)\n`);
  return () => server.close();
}

/** Sum of the gzip sizes of every script the page downloads until the network is idle. */
async function initialJsGzip(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const buffers = await Promise.all(bodies);
  await context.close();
  return { files: buffers.length, bytes: buffers.reduce((n, b) => n + gzipSync(b).length, 0) };
}

// Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, a CPU 4x slower.
const THROTTLING = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };
const PAGE_LOAD_RUNS = Number(process.env.BENCH_RUNS ?? 5);

/**
 * One cold load (fresh profile, empty cache) under THROTTLING: largest contentful paint, and blocking time, the part
 * of each main-thread task beyond 50 ms. Blocking time is summed over the whole load (from navigation until the page
 * has been quiet for 2 s): Lighthouse's TBT starts at first contentful paint, and a bare page that paints once its
 * only script has run has no task after that (its TBT is 0 ms, and no ratio can be taken against it). TBT is
 * printed too.
 */
async function pageLoadMetrics(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window;
    w.__bench = { lcp: 0, fcp: 0, tasks: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__bench.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') w.__bench.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__bench.tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latency,
    downloadThroughput: THROTTLING.downloadThroughput,
    uploadThroughput: THROTTLING.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.getByRole('button').first().waitFor({ timeout: 60_000 });
  await sleep(2000);
  const { lcp, fcp, tasks } = await page.evaluate(() => window.__bench);
  await context.close();
  const blocking = (list) => list.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { lcp, blocking: blocking(tasks), tbt: blocking(tasks.filter(([start]) => start >= fcp)) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function buildBaseline() {
  // A bare Vite + React + Mantine page, inside the repo so it resolves the same node_modules.
  const dir = path.join(ROOT, '.bench', 'baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  writeFileSync(
    path.join(dir, 'main.tsx'),
    [
      "import '@mantine/core/styles.css';",
      "import { createRoot } from 'react-dom/client';",
      "import { MantineProvider, Button, TextInput, Stack } from '@mantine/core';",
      "createRoot(document.getElementById('root')!).render(",
      '  <MantineProvider><Stack><TextInput label="Email" /><Button>Sign in</Button></Stack></MantineProvider>,',
      ');',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'vite.config.mjs'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
  );
  sh(BIN + '/vite', ['build', dir, '--config', path.join(dir, 'vite.config.mjs'), '--outDir', path.join(ROOT, '.bench', 'baseline-dist'), '--emptyOutDir', '--logLevel', 'error']);
  return path.join(ROOT, '.bench', 'baseline-dist');
}

async function bundleFigures() {
  process.stdout.write('building the app and the baseline page...\n');
  // Its own output directory: dist/ is the e2e suite's emulator build, which this must not replace.
  const appDir = path.join(ROOT, '.bench', 'app-dist');
  sh(BIN + '/vite', ['build', '--outDir', appDir, '--emptyOutDir', '--logLevel', 'error']);
  const baselineDir = buildBaseline();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const app = await serve(appDir, 4181);
  const base = await serve(baselineDir, 4182);
  const stopDocuments = await serveStartupDocuments(appDir);
  try {
    const signIn = await initialJsGzip(browser, 'http://127.0.0.1:4181/sign-in');
    const baseline = await initialJsGzip(browser, 'http://127.0.0.1:4182/');
    const jsRatio = signIn.bytes / baseline.bytes;
    process.stdout.write(
      `\nInitial JavaScript, gzip\n` +
        `  sign-in route                     ${kb(signIn.bytes).padStart(10)}  (${signIn.files} files)\n` +
        `  bare Vite + React + Mantine page  ${kb(baseline.bytes).padStart(10)}  (${baseline.files} files)\n`,
    );
    process.stdout.write(
      `\nCold load under mobile throttling (${THROTTLING.latency} ms RTT, 1.6 Mbit/s, CPU /${THROTTLING.cpuSlowdown}), median of ${PAGE_LOAD_RUNS} runs each, alternating...\n`,
    );
    const runs = { app: [], base: [] };
    for (let i = 0; i < PAGE_LOAD_RUNS; i += 1) {
      runs.base.push(await pageLoadMetrics(browser, 'http://127.0.0.1:4182/'));
      runs.app.push(await pageLoadMetrics(browser, 'http://127.0.0.1:4181/sign-in'));
    }
    const figure = (list, key) => median(list.map((run) => run[key]));
    const both = (key) => ({ app: figure(runs.app, key), base: figure(runs.base, key) });
    const lcp = both('lcp');
    const blocking = both('blocking');
    const tbt = both('tbt');
    const ms = (value) => `${Math.round(value)} ms`.padStart(10);
    const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : a > 0 ? 'n/a' : '1.00x').padStart(10);
    process.stdout.write(
      `                                           LCP    blocking   TBT (after FCP)\n` +
        `  sign-in route                     ${ms(lcp.app)}  ${ms(blocking.app)}  ${ms(tbt.app)}\n` +
        `  bare Vite + React + Mantine page  ${ms(lcp.base)}  ${ms(blocking.base)}  ${ms(tbt.base)}\n` +
        `  ratio                             ${ratio(lcp.app, lcp.base)}  ${ratio(blocking.app, blocking.base)}  ${ratio(tbt.app, tbt.base)}\n`,
    );
    // The three figures with targets, side by side (docs/benchmarks.md §1). TBT has none: it is 0 ms for the bare page.
    const verdict = (value, target) => `${value.toFixed(2)}x  (target <= ${target.toFixed(1)}x: ${value <= target ? 'met' : 'NOT met'})`;
    const over = (a, b) => (b > 0 ? a / b : a > 0 ? Infinity : 1);
    process.stdout.write(
      `\nThe sign-in route against the bare page, same run\n` +
        `  initial JavaScript (gzip)  ${verdict(jsRatio, 2.0)}\n` +
        `  largest contentful paint   ${verdict(over(lcp.app, lcp.base), 1.2)}\n` +
        `  blocking time              ${verdict(over(blocking.app, blocking.base), 1.5)}\n`,
    );
  } finally {
    stopDocuments();
    app.kill();
    base.kill();
    await browser.close();
  }
}

async function startOnce() {
  const began = Date.now();
  const child = spawn('node', ['scripts/start.mjs'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${out}`);
      if (Date.now() - began > 240_000) throw new Error(`npm start did not serve a page in 240 s:\n${out}`);
      try {
        if (out.includes('The app is running') && (await fetch('http://127.0.0.1:5173/sign-in')).ok) return Date.now() - began;
      } catch {
        // not up yet
      }
      await sleep(200);
    }
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

/** Baseline: the same emulators started alone (functions built, no demo data, no app), until they run a command. */
async function emulatorsOnly() {
  const began = Date.now();
  const marker = 'BENCH-EMULATORS-UP';
  const child = spawn('node', ['scripts/emulators.mjs', 'exec', `node -e "console.log('${marker}')"`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let upAt = null;
  child.stdout.on('data', (c) => {
    out += c;
    if (upAt === null && out.includes(marker)) upAt = Date.now();
  });
  child.stderr.on('data', (c) => (out += c));
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0 || upAt === null) throw new Error(`the emulators alone did not start:\n${out}`);
  return upAt - began;
}

async function startFigures() {
  process.stdout.write('\nstarting the product twice (the first start warms caches), then the emulators alone...\n');
  const cold = await startOnce();
  const warm = await startOnce();
  const baseline = await emulatorsOnly();
  process.stdout.write(
    `\nTime from npm start to the first served page\n` +
      `  first start   ${(cold / 1000).toFixed(1).padStart(6)} s\n` +
      `  warm start    ${(warm / 1000).toFixed(1).padStart(6)} s\n` +
      `  baseline, same run: the emulators alone (functions built, no seed, no app) ${(baseline / 1000).toFixed(1).padStart(6)} s; warm start/baseline ${(warm / baseline).toFixed(2)}x\n`,
  );
}

const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);
if (wants('bundle')) await bundleFigures();
if (wants('start')) await startFigures();
if (wants('credit')) {
  process.stdout.write('\nthe credit area against the local backend (emulators, demo data)...\n');
  sh('node', ['scripts/emulators.mjs', 'exec', `${BIN}/tsx scripts/bench-credit.ts`], { stdio: 'inherit' });
}
if (wants('disputes')) {
  process.stdout.write('\nthe dispute wizard against the local backend (emulators, 40 demo items)...\n');
  sh('node', ['scripts/emulators.mjs', 'exec', `${BIN}/tsx scripts/bench-disputes.ts`], { stdio: 'inherit' });
}
if (wants('documents')) {
  process.stdout.write('\nthe documents upload against the local backend (emulators, a 19 MB PDF)...\n');
  sh('node', ['scripts/emulators.mjs', 'exec', `${BIN}/tsx scripts/bench-documents.ts`], { stdio: 'inherit' });
}
if (wants('payments')) {
  process.stdout.write('\nthe idempotent charge against the local backend (emulators, card gateway sandbox)...\n');
  sh('node', ['scripts/emulators.mjs', 'exec', `${BIN}/tsx scripts/bench-payments.ts`], { stdio: 'inherit' });
  process.stdout.write('\nthe payment route\'s JavaScript against the local backend (emulators, demo data)...\n');
  sh('node', ['scripts/emulators.mjs', 'exec', `${BIN}/tsx scripts/bench-payment-route.ts`], { stdio: 'inherit' });
}
if (wants('statecharts') && existsSync(path.join(ROOT, 'scripts', 'bench-statecharts.ts'))) {
  process.stdout.write('\n');
  sh(BIN + '/tsx', ['scripts/bench-statecharts.ts'], { stdio: 'inherit' });
}
