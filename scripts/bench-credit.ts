// `npm run bench -- credit` runs this (with tsx) inside `firebase emulators:exec` (scripts/emulators.mjs): the credit area's
// figures beside the home hub's, measured in the same run against the local backend. Nothing here asserts.
//   1. JavaScript (gzip) downloaded on navigation: signing in to the home hub, then the home hub to the combined
//      credit report; and whether the sign-in route already downloaded any of the credit chunks (it must not).
//   2. Time from a click on Credit to the combined report visible, with the premium demo customer's report grown
//      to 60+ tradelines at each of the three bureaus, beside the home hub's first render (a warm session opening /),
//      medians of alternating runs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccount } from '../seed/accounts';
import { adminFirestore, emulatorAdminApp } from '../seed/admin';
import { CHROMIUM, CHROMIUM_ARGS, chunkName, gzipTotal, kb, recordScripts, median, ROOT, sleep, startPreview, step } from './lib/benchKit';

const PORT = 4183;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Tradelines per bureau the grown report has (the target load: 60+ accounts at each of three bureaus). */
const TRADELINES = 64;

// The emulator build, as the e2e suite uses it (scripts/e2e.mjs), always fresh: the figures are of these sources.
step('vite', ['build', '--logLevel', 'error'], { VITE_ENV: 'emulator' });
writeFileSync(path.join(ROOT, 'dist', '.vite-env'), 'emulator\n');
step('tsx', ['seed/load.ts']);
const premium = demoAccount('premiumCustomer');
await growReport(premium.uid, TRADELINES);

const base = await startPreview(PORT);

/**
 * The seeded report with its tradelines repeated under other creditor names until each bureau has `perBureau`
 * accounts (the same record shape, so the page does the work it does for a customer with a thick file).
 */
async function growReport(uid: string, perBureau: number) {
  const db = adminFirestore.getFirestore(emulatorAdminApp(process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness'));
  const ref = db.collection('creditReports').doc(uid);
  const report = (await ref.get()).data();
  if (!report) throw new Error(`no credit report for ${uid}`);
  const accounts = report.accounts as Array<Record<string, unknown> & { id: string; bureau: string; creditorName: string }>;
  const grown = [];
  for (const bureau of ['EQUIFAX', 'EXPERIAN', 'TRANSUNION']) {
    const own = accounts.filter((account) => account.bureau === bureau);
    for (let i = 0; i < perBureau; i += 1) {
      const source = own[i % own.length]!;
      const copy = Math.floor(i / own.length);
      grown.push(copy === 0 ? source : { ...source, id: `${source.id}-bench${copy}`, creditorName: `${source.creditorName} ${copy + 1}`, accountNumber: `${String(source.accountNumber)}-${copy}` });
    }
  }
  await ref.update({ accounts: grown });
}

/**
 * A click on Credit, then the overview's report link (the legacy address, which opens the Equifax report, spec
 * 002 §2), then the report's "All three bureaus" tab: the customer's way to the combined report.
 */
async function clickThroughToCombinedReport(page: Page) {
  await page.getByRole('link', { name: /^Credit(\s+(\d+|9\+)\s+ready for review)?$/ }).first().click();
  await page.getByRole('link', { name: 'View your credit report' }).click();
  await page.getByRole('link', { name: 'All three bureaus' }).click();
  await page.waitForURL(/\/credit\/report$/);
  await reportVisible(page);
}
const hubVisible = (page: Page) => page.getByRole('heading', { name: /Maria/ }).first().waitFor({ timeout: 60_000 });
/** The combined report is visible once its accounts section shows the bureaus side by side. */
const reportVisible = (page: Page) => page.getByRole('heading', { name: 'Accounts', exact: true }).first().waitFor({ timeout: 60_000 });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  // 1. JavaScript per navigation, on a cold cache.
  const context = await browser.newContext();
  const page = await context.newPage();
  const signInScripts = recordScripts(page);
  await page.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
  const atSignIn = await signInScripts();
  const hubScripts = recordScripts(page);
  await page.getByLabel('Email').fill(premium.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await hubVisible(page);
  // The signed-in page keeps a Firestore channel open (never network-idle): trailing chunks get a moment instead.
  await sleep(2_000);
  const toHub = await hubScripts();
  const creditScripts = recordScripts(page);
  await clickThroughToCombinedReport(page);
  await sleep(2_000);
  const toCredit = await creditScripts();
  const reused = [...toCredit.keys()].filter((url) => atSignIn.has(url));
  process.stdout.write(
    `\nJavaScript downloaded on navigation, gzip\n` +
      `  sign-in route (first load)             ${kb(gzipTotal(atSignIn)).padStart(10)}  (${atSignIn.size} files)\n` +
      `  sign-in → home hub (baseline)          ${kb(gzipTotal(toHub)).padStart(10)}  (${toHub.size} files)\n` +
      `  home hub → combined credit report      ${kb(gzipTotal(toCredit)).padStart(10)}  (${toCredit.size} files: ${[...toCredit.keys()].map(chunkName).join(', ')})\n` +
      `  ratio credit/home hub                  ${(gzipTotal(toCredit) / Math.max(1, gzipTotal(toHub))).toFixed(2).padStart(10)}x\n` +
      `  credit chunks the sign-in route had already downloaded: ${reused.length === 0 ? 'none' : reused.map(chunkName).join(', ')}\n`,
  );

  // 2. Click on Credit → combined report visible, beside the home hub's first render, warm session.
  const hub: number[] = [];
  const credit: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const began = Date.now();
    await page.goto(`${base}/`);
    await hubVisible(page);
    hub.push(Date.now() - began);
    await sleep(1_000);
    const clicked = Date.now();
    await clickThroughToCombinedReport(page);
    credit.push(Date.now() - clicked);
  }
  const accounts = await page.evaluate(() => document.querySelectorAll('[data-tone]').length);
  const hubMs = median(hub);
  const creditMs = median(credit);
  process.stdout.write(
    `\nWarm session, median of ${RUNS} runs (report: ${TRADELINES} tradelines × 3 bureaus; ${accounts} account rows on the page)\n` +
      `  home hub first render (open /)                                ${String(hubMs).padStart(6)} ms\n` +
      `  click on Credit → overview → report → combined report visible ${String(creditMs).padStart(6)} ms\n` +
      `  ratio                                                         ${(creditMs / hubMs).toFixed(2).padStart(6)}x   (target <= 2x)\n`,
  );
  await context.close();
} finally {
  await browser.close();
}
