import type { Browser, Page, Route } from '@playwright/test';
import { demoAccount } from '../seed/accounts';
import { closeWelcomeWhenShown, DEMO_PASSWORD, signIn } from './support/app';
import { freshEmail, latestMail } from './support/backend';
import { callAsPageUser } from './support/callable';
import { reloadDemoData } from './support/demoData';
import { expect, test } from './support/test';
import { FUNCTIONS, HOME_URL } from './support/endpoints';

// The settings pages end to end (spec 000 §2.5, §4.6-§4.8, §8) in Chromium against the local
// backend, on the settings demo customer (seed/settings.ts; every run starts from a fresh seed of it). First journey:
// the header's Settings link opens the loan goal; a goal change is saved and the readiness score recomputed; a
// contact field whose save fails shows its old value again, then saves and stays after a reload; the full SSN shows
// on request; a communication toggle is turned off and on, each kept after a reload; the language chosen on the
// communications page is the one another device opens in after signing in. Second journey: the password changed
// through the re-authentication dialog (the identity provider's "login too old" answer is forced once: the Auth
// emulator never gives it), then signing in with it elsewhere; an email change requested and undone from the link
// mailed to the old address, after which the new address's link changes nothing. Every page visited is checked with axe (support/test.ts).

const customer = demoAccount('settingsCustomer');
const NEW_PASSWORD = 'Harbor-Lights-2027!';

test.beforeAll(async () => reloadDemoData());
// The password and the stored choices go back for the next run and for the other specs.
test.afterAll(async () => reloadDemoData());

async function signInToHome(page: Page, password = DEMO_PASSWORD): Promise<void> {
  const closeWelcome = closeWelcomeWhenShown(page);
  await signIn(page, customer.email, password);
  // The first sign-in of a run may wait for the functions emulator's workers.
  await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
  await closeWelcome();
}

/** Answers the next `method` request to `url` with `answer` (a failure the page must live with); later ones pass. */
async function failOnce(page: Page, url: string, answer: { status: number; body: unknown }, method = 'POST'): Promise<() => boolean> {
  let failed = false;
  await page.route(url, async (route: Route) => {
    const request = route.request();
    if (failed || request.method() !== method) return route.fallback();
    failed = true;
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': request.headers()['origin'] ?? '*', vary: 'Origin' },
      body: JSON.stringify(answer.body),
    });
  });
  return () => failed;
}

/** Another device: a browser of its own, in English. */
async function anotherDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  return context.newPage();
}

test.describe('settings', () => {
  test('a customer updates their goal, contact details and communication choices, and their language follows them', async ({ page, browser }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInToHome(page);

    // The header's Settings link (a 404 before) opens the loan goal.
    await page.getByRole('banner').getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/loan-goal$/);
    await expect(page.getByRole('heading', { name: 'Loan goal', level: 1 })).toBeVisible();

    // The goal: more savings, saved, and the readiness score worked out again from it.
    const before = (await callAsPageUser(page, 'getReadinessScore', null)).body.result as { createdAt: string } | null;
    const savings = page.getByRole('textbox', { name: 'Current savings' });
    await expect(savings).toBeVisible({ timeout: 60_000 });
    await savings.fill('30000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Your goal is saved.' });
    await expect(saved).toContainText(/Your loan readiness score is now \d+\./, { timeout: 60_000 });
    const after = (await callAsPageUser(page, 'getReadinessScore', null)).body.result as { createdAt: string; score: { displayScore: number } };
    expect(Date.parse(after.createdAt)).toBeGreaterThan(before ? Date.parse(before.createdAt) : 0);
    await expect(saved).toContainText(`Your loan readiness score is now ${after.score.displayScore}.`);

    // A contact field: the first save fails (the server's answer is cut off), the old value comes back; the second
    // save stays, also after a reload.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Personal info' }).click();
    await expect(page).toHaveURL(/\/settings\/personal-info$/);
    const city = page.getByTestId('field-MailingCity');
    await expect(city).toContainText('Reno', { timeout: 60_000 });
    const failedOnce = await failOnce(page, `${FUNCTIONS}/updateCustomerContact`, { status: 500, body: { error: { status: 'INTERNAL', message: 'INTERNAL' } } });
    await city.getByRole('button', { name: 'Edit City' }).click();
    await city.getByRole('textbox', { name: 'City' }).fill('Sparks');
    await city.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('There was an error updating. Please try again.')).toBeVisible({ timeout: 30_000 });
    expect(failedOnce()).toBe(true);
    await expect(city).toContainText('Reno');
    await expect(city).not.toContainText('Sparks');
    await city.getByRole('button', { name: 'Edit City' }).click();
    await city.getByRole('textbox', { name: 'City' }).fill('Sparks');
    await city.getByRole('button', { name: 'Save' }).click();
    // The field shows the typed value while it saves (its Edit button disabled): the save is done once it is
    // enabled again.
    await expect(city.getByRole('button', { name: 'Edit City' })).toBeEnabled({ timeout: 30_000 });
    await expect(city).toHaveAttribute('aria-busy', 'false');
    await expect(city).toContainText('Sparks');
    await page.reload();
    await expect(page.getByTestId('field-MailingCity')).toContainText('Sparks', { timeout: 60_000 });

    // The SSN is masked until asked for, then shown 3-2-4.
    const ssn = page.getByTestId('field-Social_Security_Number__c');
    await expect(ssn).toContainText('***-**-6789');
    await ssn.getByRole('button', { name: 'Show number' }).click();
    await expect(ssn).toContainText('666-45-6789');

    // A communication toggle off, then on again: each kept after a reload.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Communications' }).click();
    const partners = () => page.getByRole('switch', { name: 'Share my progress with trusted partners' });
    // A toggle being saved stays enabled (it keeps the focus) with "Saving…" under it: the save is done once that
    // status is gone.
    const saving = page.getByRole('status').filter({ hasText: 'Saving…' });
    await expect(partners()).toBeChecked({ timeout: 60_000 });
    await partners().click({ force: true });
    await expect(partners()).not.toBeChecked();
    await expect(saving).toHaveCount(0, { timeout: 30_000 });
    await page.reload();
    await expect(partners()).not.toBeChecked({ timeout: 60_000 });
    await partners().click({ force: true });
    await expect(partners()).toBeChecked();
    await expect(saving).toHaveCount(0, { timeout: 30_000 });
    await page.reload();
    await expect(partners()).toBeChecked({ timeout: 60_000 });

    // The language: Spanish at once here, and on another device after signing in there.
    const stored = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/setUILang'));
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comunicaciones');
    expect((await stored).ok()).toBe(true);

    const elsewhere = await anotherDevice(browser);
    await elsewhere.goto('/sign-in');
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
    await signInToHome(elsewhere);
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'es', { timeout: 30_000 });
    await elsewhere.goto('/settings/communications');
    const language = elsewhere.getByRole('combobox', { name: 'Idioma' });
    await expect(language).toHaveValue('es', { timeout: 60_000 });
    // Back to English from there, for the next sign-in.
    const storedBack = elsewhere.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/setUILang'));
    await language.selectOption('en');
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
    expect((await storedBack).ok()).toBe(true);
    await elsewhere.context().close();
  });

  test('a customer changes their password through re-authentication and undoes an email change from the old address', async ({ page, browser }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToHome(page);
    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
    // The account was flagged for a weak password: the page says why it asks.
    const weakNotice = page.getByText('Your password does not meet our requirements any more. Please choose a new one.');
    await expect(weakNotice).toBeVisible({ timeout: 30_000 });

    // The identity provider answers the first change "login too old" (the Auth emulator never does by itself).
    const tooOld = await failOnce(page, '**/identitytoolkit.googleapis.com/v1/accounts:update?**', {
      status: 400,
      body: { error: { code: 400, message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN', errors: [{ message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN', domain: 'global', reason: 'invalid' }] } },
    });
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    expect(tooOld()).toBe(true);
    await expect(page).toHaveURL(/\/settings\/security\/auth$/);
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password updated successfully' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/settings\/security$/);
    await expect(dialog).toHaveCount(0);
    // The weak-password flag is cleared on the account.
    await expect(weakNotice).toHaveCount(0, { timeout: 30_000 });

    // The new password signs in on another device.
    const elsewhere = await anotherDevice(browser);
    await signInToHome(elsewhere, NEW_PASSWORD);
    await elsewhere.context().close();

    // An email change request: the new address gets its confirmation link, the old one a link that undoes it.
    await page.goto('/settings/personal-info');
    const requestedAt = Date.now();
    await page.getByRole('button', { name: 'Change email' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Change your email' });
    const newEmail = freshEmail('settings.new');
    await emailDialog.getByLabel('New email').fill(newEmail);
    await emailDialog.getByRole('button', { name: 'Send confirmation link' }).click();
    // Once sent, the dialog is titled for the new inbox.
    const sentDialog = page.getByRole('dialog', { name: 'Check your new inbox' });
    await expect(sentDialog.getByText(`We sent a confirmation link to ${newEmail}.`, { exact: false })).toBeVisible({ timeout: 30_000 });
    await sentDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('field-Email')).toContainText(customer.email);
    await expect(page.getByTestId('field-Email')).toContainText(`Waiting for you to confirm ${newEmail}.`);
    const confirm = new URL((await latestMail(newEmail, 'verifyAndChangeEmail', requestedAt)).link);
    expect(confirm.searchParams.get('mode')).toBe('verifyAndChangeEmail');

    const undo = new URL((await latestMail(customer.email, 'recoverEmail', requestedAt)).link);
    await page.goto(`${undo.pathname}${undo.search}`);
    await expect(page.getByRole('heading', { name: 'Your email was restored' })).toBeVisible({ timeout: 30_000 });
    // Undone: the new address's link no longer changes anything.
    await page.goto(`${confirm.pathname}${confirm.search}`);
    await expect(page.getByRole('heading', { name: 'We could not change your email' })).toBeVisible({ timeout: 30_000 });
  });
});
