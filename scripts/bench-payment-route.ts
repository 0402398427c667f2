// `npm run bench -- payments` runs this (with tsx) inside `firebase emulators:exec` (scripts/emulators.mjs), after
// scripts/bench-payments.ts: the payment route's JavaScript (gzip) downloaded on navigation, beside the home hub's,
// measured in the same run against the local backend. Nothing here asserts.
//   - the premium customer: signing in to the home hub (the baseline), then the hub → /settings/billing;
//   - the suspended customer: signing in, sent by the guard chain to /update-payment, Pay now, the card form shown (the
//     card provider's script included: it is JavaScript the customer downloads for that page);
//   - and whether the sign-in route had already downloaded any billing chunk (it must not).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../seed/accounts';
import { CHROMIUM, CHROMIUM_ARGS, chunkName, gzipTotal, kb, recordScripts, ROOT, sleep, startPreview, step } from './lib/benchKit';

const PORT = 4184;

step('vite', ['build', '--logLevel', 'error'], { VITE_ENV: 'emulator' });
writeFileSync(path.join(ROOT, 'dist', '.vite-env'), 'emulator\n');
step('tsx', ['seed/load.ts']);
const base = await startPreview(PORT);

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  // The premium customer: sign-in → hub (baseline), hub → billing.
  const context = await browser.newContext();
  const page = await context.newPage();
  const signInScripts = recordScripts(page);
  await page.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
  const atSignIn = await signInScripts();
  const hubScripts = recordScripts(page);
  await signIn(page, 'premium.customer@demo.test');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  await page.getByRole('heading', { name: /Maria/ }).first().waitFor({ timeout: 60_000 });
  await sleep(2_000);
  const toHub = await hubScripts();
  const billingScripts = recordScripts(page);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('link', { name: 'Billing' }).first().click();
  await page.waitForURL(/\/settings\/billing$/);
  await page.getByRole('heading', { name: 'Billing' }).first().waitFor({ timeout: 60_000 });
  await sleep(2_000);
  const toBilling = await billingScripts();
  await context.close();

  // The suspended customer: sign-in → /update-payment with the payment form ready.
  const suspendedContext = await browser.newContext();
  const suspended = await suspendedContext.newPage();
  await suspended.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
  const paymentScripts = recordScripts(suspended);
  await signIn(suspended, 'payment.suspended@demo.test');
  await suspended.waitForURL(/\/update-payment/, { timeout: 60_000 });
  // The payment-failed page shows the card form one click away (Pay now); the provider's script loads with the page.
  await suspended.getByRole('button', { name: 'Pay now' }).click();
  await suspended.getByRole('textbox', { name: 'Card number' }).waitFor({ timeout: 60_000 });
  await sleep(2_000);
  const toPayment = await paymentScripts();
  await suspendedContext.close();

  const billingNames = new Set([...toBilling.keys(), ...toPayment.keys()].filter((url) => !toHub.has(url)).map(chunkName));
  const early = [...atSignIn.keys()].filter((url) => billingNames.has(chunkName(url)));
  process.stdout.write(
    `\nJavaScript downloaded on navigation, gzip\n` +
      `  sign-in route (first load)                 ${kb(gzipTotal(atSignIn)).padStart(10)}  (${atSignIn.size} files)\n` +
      `  sign-in → home hub (baseline)              ${kb(gzipTotal(toHub)).padStart(10)}  (${toHub.size} files)\n` +
      `  home hub → /settings/billing               ${kb(gzipTotal(toBilling)).padStart(10)}  (${toBilling.size} files: ${[...toBilling.keys()].map(chunkName).join(', ')})\n` +
      `  ratio billing/home hub                     ${(gzipTotal(toBilling) / Math.max(1, gzipTotal(toHub))).toFixed(2).padStart(10)}x\n` +
      `  sign-in → /update-payment (payment form)   ${kb(gzipTotal(toPayment)).padStart(10)}  (${toPayment.size} files)\n` +
      `  ratio payment route/home hub               ${(gzipTotal(toPayment) / Math.max(1, gzipTotal(toHub))).toFixed(2).padStart(10)}x\n` +
      `  billing chunks the sign-in route had already downloaded: ${early.length === 0 ? 'none' : early.map(chunkName).join(', ')}\n`,
  );
} finally {
  await browser.close();
}
// The preview server and the Firestore channel of the signed-in pages keep handles open: the figures are printed.
process.exit(0);
