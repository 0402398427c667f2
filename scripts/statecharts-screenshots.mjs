// The screenshots of docs/statecharts.md, taken in Chromium from the visualizer's static site (npm run
// statecharts:build, which bundles coverage/statecharts.json and coverage/statecharts-diff.json when they exist):
//
//   npm run statecharts:build && npm run statecharts:screenshots
//
// Each shot is one address of the visualizer (everything worth sharing is in its URL), at 1280×900, taken once the
// diagram has stopped moving. Written to docs/images/statecharts-<name>.png.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/emulatorEnv.mjs';

// Not 4190: browsers and fetch() refuse it (a blocked port).
const PORT = Number(process.env.SCREENSHOT_PORT ?? 4195);
const BASE = `http://127.0.0.1:${PORT}/`;
const OUT = path.join(ROOT, 'docs', 'images');

/** name → the visualizer's query (see src/visualizer/useUrlState.ts) and what it shows. */
const SHOTS = [
  ['legible', 'machine=paymentPipeline', 'the payment pipeline as it opens: folded to legible names around its active state'],
  ['focus', 'machine=paymentPipeline&state=paymentPipeline.duplicateTransaction&focus=paymentPipeline.duplicateTransaction&tab=state', 'focus on one state'],
  ['words', 'machine=passwordReset&tab=words', 'the machine in words'],
  ['spec', 'machine=kba&tab=spec&spec=001%20%C2%A74', 'what implements one spec section'],
  ['coverage', 'machine=kba&tab=coverage&coverage=1&suite=e2e', 'the end-to-end suite on its own'],
  ['diff', 'machine=actionCompletion&diff=1', 'what changed since a revision'],
  ['paths', 'machine=passwordReset&tab=paths&path=2&step=2', 'a generated path played to its second step'],
];

const preview = spawn(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['preview', '--config', 'vite.statecharts.config.ts', '--port', String(PORT), '--strictPort'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => preview.exitCode === null && preview.kill('SIGTERM');
process.on('exit', stop);

for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(BASE)).ok) break;
  } catch {
    // Not listening yet.
  }
  if (preview.exitCode !== null || tries > 300) throw new Error(`the visualizer's preview did not start on ${BASE}`);
  await new Promise((resolve) => setTimeout(resolve, 300));
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const [name, query, what] of SHOTS) {
    await page.goto(`${BASE}?${query}`);
    const canvas = page.getByTestId('statechart-canvas');
    await canvas.locator('[data-state-id]').first().waitFor();
    // The fit follows the drawing by a frame: take the picture once two reads of the drawing agree.
    let last = '';
    for (;;) {
      const now = await canvas.evaluate((svg) => svg.innerHTML.length + ':' + (svg.querySelector('g')?.getAttribute('transform') ?? ''));
      if (now === last) break;
      last = now;
      await page.waitForTimeout(200);
    }
    const file = path.join(OUT, `statecharts-${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${path.relative(ROOT, file)}: ${what}`);
  }
} finally {
  await browser.close();
  stop();
}
