// `npm run bench -- disputes` runs this (with tsx) inside `firebase emulators:exec` (scripts/emulators.mjs): the
// dispute wizard's responsiveness with 40 items across the 5 categories, against the local backend. Nothing here
// asserts; the figures are for people (target in the README: interaction under 200 ms on this machine).
//   - Baseline: a click that only toggles an item's checkbox in the wizard.
//   - Measured: a click on Next, which saves the step's reasons (updateInvestigationReasons) and shows the next step.
// For each click: the INP-style figure (the Event Timing API's duration of the click: input delay + handlers +
// the next paint), and the time from the click to the frame that shows its result (the checkbox checked; the
// next step's heading), medians of RUNS clicks each.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccount } from '../seed/accounts';
import { adminFirestore, emulatorAdminApp } from '../seed/admin';
import { BUREAUS } from '../src/domain/creditReportRecords';
import { bureauStatusRecord, DISPUTE_CATEGORIES, type DisputeCategory } from '../src/domain/disputes';
import { CHROMIUM, CHROMIUM_ARGS, median, ROOT, sleep, startPreview, step } from './lib/benchKit';

const PORT = 4184;
const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const ITEMS_PER_CATEGORY = 8;

step('vite', ['build', '--logLevel', 'error'], { VITE_ENV: 'emulator' });
writeFileSync(path.join(ROOT, 'dist', '.vite-env'), 'emulator\n');
step('tsx', ['seed/load.ts']);
const premium = demoAccount('premiumCustomer');
const db = adminFirestore.getFirestore(emulatorAdminApp(process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness'));

const ENTITY: Record<DisputeCategory, string> = {
  COLLECTIONS_TRADELINE: 'account',
  COLLECTIONS_OTHER: 'account',
  PUBLIC_RECORDS: 'publicRecord',
  LATE_PAYMENTS: 'account',
  RECENT_INQUIRY: 'inquiry',
};

/** The premium customer's items replaced by 40 waiting for a decision, 8 in each category (the load). */
async function seedWizardLoad(uid: string): Promise<void> {
  const items = db.collection('investigations').doc(uid).collection('items');
  const existing = await items.get();
  const batch = db.batch();
  for (const doc of existing.docs) batch.delete(doc.ref);
  batch.set(db.collection('investigations').doc(uid), { isPaused: false, clockOffsetDays: 0 });
  const today = new Date().toISOString().slice(0, 10);
  for (const category of DISPUTE_CATEGORIES) {
    for (let i = 0; i < ITEMS_PER_CATEGORY; i += 1) {
      const id = `bench-${category.toLowerCase()}-${i}`;
      batch.set(items.doc(id), {
        id,
        name: `BENCH ${category.replaceAll('_', ' ')} ${i + 1}`,
        type: category,
        entityType: ENTITY[category],
        accountBalance: { amount: ENTITY[category] === 'account' ? 500 + i * 75 : null },
        accountStatus: category === 'RECENT_INQUIRY' ? null : 'Collection',
        challengeReason: null,
        challengeReasonOptions: [],
        challengeReasonSelected: false,
        isSpecialAccount: false,
        waiverAcceptedAt: null,
        itemIds: ['EQUIFAX', 'EXPERIAN', 'TRANSUNION'].map((bureau) => `${bureau}-${id}`),
        disputeIds: [],
        statuses: BUREAUS.map((bureau) => bureauStatusRecord(bureau)),
        inquiryDate: category === 'RECENT_INQUIRY' ? today : null,
        reportDate: today,
        subtype: null,
        viewed: true,
      });
    }
  }
  await batch.commit();
}
await seedWizardLoad(premium.uid);

const base = await startPreview(PORT);

/** Installs the in-page recorders: Event Timing entries of clicks, and the click → result frame time. */
async function installRecorders(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { clicks: number[]; durations: number[]; started: number } };
    w.__bench = { clicks: [], durations: [], started: 0 };
    document.addEventListener('pointerdown', () => (w.__bench.started = performance.now()), { capture: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'click' || entry.name === 'pointerup' || entry.name === 'pointerdown') w.__bench.durations.push(entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

/** Resolves once `selector`'s condition holds, then waits for the frame that shows it; answers ms since the click. */
async function timeToShown(page: Page, condition: string): Promise<number> {
  return page.evaluate(async (source) => {
    const w = window as unknown as { __bench: { started: number } };
    const check = new Function(`return (${source})`) as () => boolean;
    await new Promise<void>((resolve) => {
      const tick = () => (check() ? resolve() : requestAnimationFrame(tick));
      tick();
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - w.__bench.started;
  }, condition);
}

async function takeDurations(page: Page): Promise<number> {
  await sleep(300);
  return page.evaluate(() => {
    const w = window as unknown as { __bench: { durations: number[] } };
    const worst = Math.max(0, ...w.__bench.durations);
    w.__bench.durations = [];
    return worst;
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const toggleShown: number[] = [];
const toggleInp: number[] = [];
const nextShown: number[] = [];
const nextInp: number[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx (esbuild, keepNames) wraps named functions in __name(); the functions handed to page.evaluate need it too.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(premium.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: /Maria/ }).first().waitFor({ timeout: 60_000 });
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${base}/credit/disputes/not-challenged`);
    // Review disputes opens the wizard at its first category (Get started shows the intro first).
    await page.getByRole('button', { name: 'Review disputes' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Review disputes' });
    await dialog
      .getByRole('checkbox', { name: `Select BENCH ${DISPUTE_CATEGORIES[0].replaceAll('_', ' ')} 1`, exact: true })
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(ROOT, 'bench-disputes-failure.png') });
        throw error;
      });
    await installRecorders(page);
    // Each category step: toggle one checkbox (baseline), give every item a reason, then Next (measured).
    for (let index = 0; index < DISPUTE_CATEGORIES.length - 1; index += 1) {
      const category = DISPUTE_CATEGORIES[index]!;
      const first = `BENCH ${category.replaceAll('_', ' ')} 1`;
      const box = dialog.getByRole('checkbox', { name: `Select ${first}`, exact: true });
      await box.click();
      toggleShown.push(await timeToShown(page, `document.querySelector('input[aria-label="Select ${first}"]')?.checked === true`));
      toggleInp.push(await takeDurations(page));
      await dialog.getByRole('checkbox', { name: 'Select all items in this step' }).check();
      await dialog.getByLabel('Reason for the selected items').selectOption('not_mine');
      await dialog.getByRole('button', { name: /Apply to \d+ selected/ }).click();
      await takeDurations(page);
      const nextFirst = `BENCH ${DISPUTE_CATEGORIES[index + 1]!.replaceAll('_', ' ')} 1`;
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      nextShown.push(await timeToShown(page, `!!document.querySelector('input[aria-label="Select ${nextFirst}"]')`));
      nextInp.push(await takeDurations(page));
    }
    await page.keyboard.press('Escape');
    await sleep(300);
    const confirm = page.getByRole('button', { name: /discard|close anyway|leave/i }).first();
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
  }
  await context.close();
} finally {
  await browser.close();
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
process.stdout.write(
  `\nDispute wizard, ${ITEMS_PER_CATEGORY * DISPUTE_CATEGORIES.length} items across ${DISPUTE_CATEGORIES.length} categories, medians of ${toggleShown.length} clicks each\n` +
    `  toggle a checkbox (baseline): click → checked shown       ${ms(median(toggleShown))}   INP-style (Event Timing) ${ms(median(toggleInp))}\n` +
    `  Next: click → next step shown (saves the step's reasons)  ${ms(median(nextShown))}   INP-style (Event Timing) ${ms(median(nextInp))}\n` +
    `  ratio Next/toggle (shown)                                 ${(median(nextShown) / Math.max(1, median(toggleShown))).toFixed(2).padStart(6)}x\n` +
    `  worst INP-style figure of any click                       ${ms(Math.max(...toggleInp, ...nextInp))}   (target < 200 ms)\n`,
);
