import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { demoAccount } from '../seed/accounts';
import { openAgentSession } from './support/agent';
import { signIn } from './support/app';
import { callAsPageUser } from './support/callable';
import { reloadDemoData } from './support/demoData';
import { expect, test } from './support/test';
import { FIRESTORE } from './support/endpoints';

// The disputes end to end (spec 001 §2-§5, §7) in Chromium against the local backend and the demo
// data: the premium customer reviews the items waiting for a decision across every category (a special account
// with the waiver, secondary reasons), submits, sees each bureau's due date, downloads a letter (a real PDF), and
// the sandbox's bureaus answer as days pass until the items are corrected and listed under results; a failed submit
// rolls back and goes back a step; a coach without client actions is refused on the page and by the server;
// cancelling a challenge returns the item to not challenged; and the dashboard in Spanish. Every page visited is
// checked with axe (support/test.ts).

const premium = demoAccount('premiumCustomer');

/** Sets a flag in config/featureFlags, as an operator would (the app reads it live). */
async function setFlag(name: string, on: boolean): Promise<void> {
  const res = await fetch(`${FIRESTORE}/config/featureFlags?updateMask.fieldPaths=${name}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ fields: { [name]: { booleanValue: on } } }),
  });
  if (!res.ok) throw new Error(`setting the ${name} flag failed: ${res.status} ${await res.text()}`);
}

/** Signs in and opens the disputes dashboard (the first callables of a run wake the functions emulator up). */
async function openDisputes(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening)/ })).toBeVisible({ timeout: 45_000 });
  // The welcome flow shows the demo's answered disputes not seen yet (the demo data has some), once per sign-in.
  const resolved = page.getByRole('dialog', { name: 'Good news: disputes were resolved' });
  await expect(resolved).toBeVisible({ timeout: 45_000 });
  await resolved.getByRole('button', { name: 'Close' }).last().click();
  await expect(resolved).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Credit/ }).click();
  await page.getByRole('navigation', { name: 'Credit pages' }).getByRole('link', { name: /^Disputes/ }).click();
  // The first dispute calls of a run start the functions emulator's workers for them.
  await expect(page).toHaveURL(/\/credit\/disputes\/not-challenged$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Disputes', level: 1 })).toBeVisible();
}

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Review disputes' });

async function chooseReason(page: Page, item: string, reason: string): Promise<void> {
  await wizard(page).getByLabel(`Reason for ${item}`, { exact: true }).selectOption({ label: reason });
}

async function next(page: Page, heading: string): Promise<void> {
  await wizard(page).getByRole('button', { name: 'Next' }).click();
  await expect(wizard(page).getByRole('heading', { name: heading })).toBeVisible();
}

/** Through the wizard to its summary: every category, the special account's waiver, secondary reasons. */
async function reviewEveryCategory(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Review disputes' }).click();
  await expect(wizard(page).getByRole('heading', { name: 'Collection accounts' })).toBeVisible();
  // 'Some information is wrong' needs at least one detail: Save stays off until one is chosen.
  await chooseReason(page, 'MIDLAND CREDIT MANAGEMENT', 'Some information is wrong');
  const details = page.getByRole('dialog', { name: 'Tell us what is wrong' });
  await expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
  await details.getByRole('checkbox', { name: 'The balance' }).check();
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(wizard(page).getByText('Details: The balance')).toBeVisible();
  await next(page, 'Other collections');
  await chooseReason(page, 'PORTFOLIO RECOVERY ASSOCIATES', 'Paid in full');
  await next(page, 'Public records');
  await chooseReason(page, 'SMALL CLAIMS JUDGMENT - HENDERSON JUSTICE COURT', 'This is not mine');
  await next(page, 'Late payments');
  // The special account starts at 'Do not challenge'; another reason needs the waiver.
  await expect(wizard(page).getByLabel('Reason for DISCOVER BANK', { exact: true })).toHaveValue('do_not_challenge');
  await chooseReason(page, 'DISCOVER BANK', 'I was never late');
  const waiver = page.getByRole('dialog', { name: 'Before you dispute this account' });
  await waiver.getByRole('button', { name: 'Accept and dispute' }).click();
  await expect(wizard(page).getByText('Waiver accepted')).toBeVisible();
  await next(page, 'Recent inquiries');
  // Next without a reason: 'please select all', and nothing moves.
  await wizard(page).getByRole('button', { name: 'Next' }).click();
  await expect(wizard(page).getByText('Please choose a reason for every item. The first item without one is highlighted.')).toBeVisible();
  await chooseReason(page, 'VERIZON WIRELESS', 'I did not authorize this inquiry');
  await next(page, 'Summary');
}

test.describe.configure({ mode: 'serial', timeout: 150_000 });

test.beforeEach(async () => reloadDemoData());

test('the premium customer reviews every category, submits, follows each bureau to the results and downloads a letter', async ({ page }) => {
  await setFlag('disputeResults', false);
  await openDisputes(page, premium.email);
  await reviewEveryCategory(page);
  await wizard(page).getByRole('button', { name: 'Submit disputes' }).click();
  await expect(page.getByText('Your disputes were sent to the bureaus. Your letters are ready to download.')).toBeVisible();
  await expect(wizard(page)).toHaveCount(0);

  // Under review, each bureau with its due date.
  await expect(page).toHaveURL(/\/credit\/disputes\/under-review$/);
  await page.getByRole('button', { name: /^Collection accounts/ }).click();
  await page.getByRole('button', { name: 'View details for MIDLAND CREDIT MANAGEMENT' }).click();
  await expect(page).toHaveURL(/\/credit\/disputes\/under-review\/collections-tradeline\/account-details-midland-credit-management$/);
  const details = page.getByRole('dialog', { name: 'MIDLAND CREDIT MANAGEMENT' });
  const bureaus = details.getByRole('table', { name: 'Status at each bureau' });
  await expect(bureaus.getByRole('columnheader', { name: 'Answer due' })).toBeVisible();
  await expect(bureaus.getByRole('row')).toHaveCount(4);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/credit\/disputes\/under-review\/collections-tradeline$/);

  // The letters: one per bureau; a download is a PDF that opens.
  const letter = page.getByRole('button', { name: /^Download the Equifax letter of / }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), letter.click()]);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  expect(text).toContain('MIDLAND CREDIT MANAGEMENT');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // The sandbox's bureaus: receipt, then answers; items move to corrected as every bureau on them answers.
  const stages = page.getByRole('navigation', { name: 'Dispute stages' });
  const correctedCount = async () => Number((await stages.getByRole('link', { name: /^Corrected/ }).textContent())?.match(/(\d+) items?/)?.[1] ?? NaN);
  const before = await correctedCount();
  await page.getByRole('button', { name: 'Advance 10 days' }).click();
  await expect(page.getByText(/^The bureaus' clock is now /)).toBeVisible();
  await page.getByRole('button', { name: 'Advance 30 days' }).click();
  await expect(page.getByText(/^The bureaus' clock is now /).nth(1)).toBeVisible();
  await expect.poll(correctedCount).toBeGreaterThan(before);
  await stages.getByRole('link', { name: /^Corrected/ }).click();
  await expect(page).toHaveURL(/\/credit\/disputes\/corrected$/);
  await expect(page.getByRole('region', { name: 'Corrected' }).getByRole('button').first()).toBeVisible();

  // Results behind their flag.
  await setFlag('disputeResults', true);
  await expect(page.getByRole('navigation', { name: 'Dispute stages' }).getByRole('link', { name: /^Results/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Dispute stages' }).getByRole('link', { name: /^Results/ }).click();
  await expect(page.getByRole('heading', { name: 'Results', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^(Removed|Modified|Verified as accurate) \(\d+\)$/ }).first()).toBeVisible();
  await setFlag('disputeResults', false);
});

test('a submit the server fails rolls back and goes back a step', async ({ page }) => {
  await openDisputes(page, premium.email);
  await page.route('**/challengeAllInvestigations', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { status: 'INTERNAL', message: 'INTERNAL' } }) }),
  );
  await reviewEveryCategory(page);
  await wizard(page).getByRole('button', { name: 'Submit disputes' }).click();
  await expect(page.getByText('We could not submit your disputes. Your answers are kept; please review this step and try again.').first()).toBeVisible();
  // Back at the last category, with the answers kept.
  await expect(wizard(page).getByRole('heading', { name: 'Recent inquiries' })).toBeVisible();
  await expect(wizard(page).getByLabel('Reason for VERIZON WIRELESS', { exact: true })).toHaveValue('not_authorized');
  await page.unroute('**/challengeAllInvestigations');
});

test('a coach without client actions is refused on the page and by the server', async ({ page }) => {
  await openAgentSession(page, 'coach', premium.uid);
  // A dispute whose letter is still in the mail (not yet received by the bureaus) can be cancelled.
  await page.goto('/credit/disputes/under-review');
  await page.getByRole('button', { name: /^Recent inquiries/ }).click();
  await page.getByRole('button', { name: 'View details for ROCKET MORTGAGE' }).click();
  const details = page.getByRole('dialog', { name: 'ROCKET MORTGAGE' });
  await details.getByRole('button', { name: 'Cancel challenge' }).click();
  await expect(page.getByText('Not permitted: client actions are not allowed for this session.')).toBeVisible();
  // The server refuses the same session's submit.
  const answer = await callAsPageUser(page, 'challengeAllInvestigations', { v2: true });
  expect(answer.status).toBe(403);
  expect(answer.body.error?.details?.key).toBe('coach.toast.disputes-not-submitted');
});

test('cancelling a challenge returns the item to not challenged', async ({ page }) => {
  await openDisputes(page, premium.email);
  await page.goto('/credit/disputes/under-review/recent-inquiry/account-details-rocket-mortgage');
  const details = page.getByRole('dialog', { name: 'ROCKET MORTGAGE' });
  await details.getByRole('button', { name: 'Cancel challenge' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this challenge?' });
  await confirm.getByRole('button', { name: 'Cancel challenge' }).click();
  await expect(page.getByText('Challenge cancelled. The item is back under Not challenged.')).toBeVisible();
  await page.goto('/credit/disputes/not-challenged/recent-inquiry');
  await expect(page.getByText('ROCKET MORTGAGE')).toBeVisible();
});

test('the dashboard reads in Spanish', async ({ page }) => {
  await openDisputes(page, premium.email);
  // The language the customer chose last (the language toggle stores it the same way).
  await page.evaluate(() => window.localStorage.setItem('lang', 'es'));
  await page.goto('/credit/disputes/under-review');
  await expect(page.getByRole('heading', { name: 'Disputas', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Etapas de las disputas' }).getByRole('link', { name: /^En revisión/ })).toHaveAttribute('aria-current', 'page');
});
