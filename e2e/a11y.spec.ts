import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { navigateInApp } from './support/accessibility';
import { closeWelcomeWhenShown, signIn } from './support/app';
import { acceptAuthorizations, chooseGoal, signContract, signInAsNewCustomer } from './support/onboarding';
import { HOME_URL } from './support/endpoints';

// Every page of today's product in both languages and at both widths: Spanish on a phone (390 px: the longest
// labels in the narrowest space, the collapsed navigation) and English on a desktop (1280 px: the full navigation and
// the wide tables). Language and width change different things (text, lang and labels; layout and reflow), so each
// page in these two layouts meets both of each; the other two combinations added four minutes to every test run and
// found nothing these two do not. The checks themselves are the shared accessibility step every spec runs
// (support/accessibility.ts): these tests only show each page in each layout, and the step fails the test on any
// serious or critical axe violation.

// Spanish first, then English; the last is English at the desktop width: the steps that act on a page after it use
// its English labels. Each language is loaded once per run of layouts (`?lang=`, kept for the visit); the pages within
// a language are reached without a new page load.
const LAYOUTS = [
  { language: 'es', width: 390, height: 844 },
  { language: 'en', width: 1280, height: 800 },
] as const;

type Layout = (typeof LAYOUTS)[number];

/**
 * Shows `path` in the layout's language and width, and waits for the page's heading. Within the app and its
 * language the page is reached the way the app's own links reach it (no new page load); a change of language loads
 * the page with `?lang=`, and so does `load` (a page whose state the test changed). The page left behind is checked
 * before it goes, at its own width and language.
 */
async function show(page: Page, path: string, layout: Layout, { load = false } = {}): Promise<void> {
  await page.setViewportSize({ width: layout.width, height: layout.height });
  const address = `${path}${path.includes('?') ? '&' : '?'}lang=${layout.language}`;
  const appOrigin = new URL(test.info().project.use.baseURL ?? page.url()).origin;
  const inApp = !load && page.url().startsWith(appOrigin) && (await page.locator('html').getAttribute('lang')) === layout.language;
  if (inApp) await navigateInApp(page, address);
  else await page.goto(address);
  await expect(page.locator('html')).toHaveAttribute('lang', layout.language);
  await expect(page.getByRole('heading').first()).toBeVisible();
}

/** Signs in and waits for the home hub (the coach's welcome message closed when it shows). */
async function signInToHome(page: Page, email: string): Promise<void> {
  const welcome = closeWelcomeWhenShown(page);
  await signIn(page, email);
  // The first sign-in of a run may wait for the functions emulator's workers.
  await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
  await welcome();
}

/** Every page in every layout, one layout at a time (so a language is loaded once for all the pages). */
async function showInEveryLayout(page: Page, ...paths: string[]): Promise<void> {
  for (const layout of LAYOUTS) for (const path of paths) await show(page, path, layout);
}

const PUBLIC_PAGES = [
  '/sign-in',
  // The earlier app's sign-in address, with its own header (spec 000 §2.2).
  '/v1-sign-in',
  '/sign-up',
  // The 400 page: /handle without a mode.
  '/handle',
  '/handle?mode=verifyEmail&oobCode=not-a-real-code',
  '/handle?mode=resetPassword&oobCode=not-a-real-code&email=casey%40e2e.test',
  '/handle?mode=recoverEmail&oobCode=not-a-real-code',
  '/quick-sign-up',
  '/quick-sign-up?id=003NOSUCHCONTACT',
];

test.describe('accessibility of every page', () => {
  for (const layout of LAYOUTS) {
    test(`the public pages in ${layout.language} at ${layout.width} px`, async ({ page }) => {
      for (const path of PUBLIC_PAGES) await show(page, path, layout);
    });
  }

  test('the not-verified page', async ({ page }) => {
    await signIn(page, 'unverified.customer@demo.test');
    await expect(page).toHaveURL(/\/not-verified$/);
    await showInEveryLayout(page, '/not-verified');
  });

  test('the onboarding gates: contract, authorizations, goal and intake', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsNewCustomer(page, 'a11y');
    await showInEveryLayout(page, '/sign-up/contract');
    await signContract(page);
    await showInEveryLayout(page, '/sign-up/authorizations');
    await acceptAuthorizations(page);
    await showInEveryLayout(page, '/sign-up/select-goal');
    await chooseGoal(page, 'Buy a home');
    await showInEveryLayout(page, '/intake/1');
  });

  test('the home hub and the not-found page of an onboarded customer', async ({ page }) => {
    // Eight page loads with their checks, after the first sign-in of the run.
    test.setTimeout(180_000);
    const welcome = closeWelcomeWhenShown(page);
    await signIn(page, 'premium.customer@demo.test');
    await expect(page).toHaveURL(HOME_URL);
    // The hub itself in every layout: the welcome modal, if it greets the customer first, is closed (once per sign-in).
    await welcome();
    await showInEveryLayout(page, '/', '/no-such-page');
  });

  test('the settings pages', async ({ page }) => {
    test.setTimeout(180_000);
    await signInToHome(page, 'settings.customer@demo.test');
    // Each page with what it shows once its data is read (the first calls of a run start the functions' workers).
    const pages = [
      { path: '/settings/loan-goal', loaded: () => page.locator('form button[type=submit]') },
      { path: '/settings/personal-info', loaded: () => page.getByTestId('field-Email') },
      { path: '/settings/communications', loaded: () => page.getByRole('switch').first() },
      { path: '/settings/security', loaded: () => page.locator('input[type=password]').first() },
    ];
    for (const layout of LAYOUTS) {
      for (const { path, loaded } of pages) {
        await show(page, path, layout);
        await expect(loaded()).toBeVisible({ timeout: 60_000 });
      }
    }
  });

  test('the billing page', async ({ page }) => {
    test.setTimeout(180_000);
    await signInToHome(page, 'payment.card@demo.test');
    for (const layout of LAYOUTS) {
      await show(page, '/settings/billing', layout);
      // The billing details, not their loading state (the first billing call of a run starts the functions' workers).
      await expect(page.getByRole('table')).toBeVisible({ timeout: 60_000 });
    }
  });

  test("the free plan's billing page and its upgrade dialog", async ({ page }) => {
    test.setTimeout(180_000);
    await signInToHome(page, 'free.customer@demo.test');
    for (const layout of LAYOUTS) {
      await show(page, '/settings/billing/upgrade', layout);
      await expect(page.getByRole('dialog')).toBeVisible();
    }
  });

  test('the payment-failed page and its card form', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'payment.suspended@demo.test');
    await expect(page).toHaveURL(/\/update-payment$/, { timeout: 60_000 });
    for (const layout of LAYOUTS) {
      // A new load each time: the card form the previous layout opened stays open within the visit.
      await show(page, '/update-payment', layout, { load: true });
      await page.getByRole('button', { name: layout.language === 'es' ? 'Pagar ahora' : 'Pay now' }).click();
      await expect(page.getByRole('textbox').first()).toBeEnabled({ timeout: 60_000 });
    }
  });

  test('the documents locker and its upload dialog', async ({ page }) => {
    test.setTimeout(180_000);
    await signInToHome(page, 'premium.customer@demo.test');
    for (const layout of LAYOUTS) {
      await show(page, '/documents/all', layout);
      // The documents, not their loading state (the first calls of a run start the functions' workers).
      await expect(page.getByRole('list', { name: layout.language === 'es' ? 'Sus documentos' : 'Your documents' })).toBeVisible({ timeout: 60_000 });
      await show(page, '/documents/all/file/new', layout);
      await expect(page.getByRole('dialog')).toBeVisible();
    }
  });

  test('the money overview', async ({ page }) => {
    test.setTimeout(180_000);
    await signInToHome(page, 'premium.customer@demo.test');
    for (const layout of LAYOUTS) {
      await show(page, '/money', layout);
      // The figures, the simulator and the forecast, not the loading state.
      await expect(page.locator('#paymentSimulator')).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('#savingsForecast svg[role="img"]')).toBeVisible({ timeout: 30_000 });
    }
  });

  test('the debts page, a bank widget page and the link accounts dialog', async ({ page }) => {
    test.setTimeout(240_000);
    await signInToHome(page, 'premium.customer@demo.test');
    for (const layout of LAYOUTS) {
      await show(page, '/money/debts', layout);
      // The accounts (a table on wide screens, cards on narrow ones) and the extra payment field, not the loading state.
      await expect(page.getByRole('switch').first()).toBeVisible({ timeout: 60_000 });
      await show(page, '/money/transactionsWidget', layout);
      await expect(page.locator('iframe')).toBeVisible({ timeout: 60_000 });
      await show(page, '/money/modal/link-accounts', layout);
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('dialog').locator('iframe')).toBeVisible({ timeout: 60_000 });
    }
  });

  test("the free plan's money upgrade banner", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'free.customer@demo.test');
    await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
    await showInEveryLayout(page, '/money');
  });

  test('the identity pages', async ({ page }) => {
    test.setTimeout(180_000);
    await signInToHome(page, 'premium.customer@demo.test');
    for (const layout of LAYOUTS) {
      for (const section of ['alerts', 'monitoring', 'credit-lock']) {
        await show(page, `/identity/${section}`, layout);
        // The widget itself, not its loading state (the first call of a run starts the functions' workers).
        await expect(page.frameLocator('iframe').first().getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
      }
    }
  });

  test('the learning center, the support center and the contact page', async ({ page }) => {
    test.setTimeout(300_000);
    await signInToHome(page, 'premium.customer@demo.test');
    await showInEveryLayout(
      page,
      '/learning-center',
      '/learning-center/home-buying',
      '/learning-center/home-buying/what-is-dti-and-how-can-i-improve-it',
      '/support',
      '/support/my-account-and-login',
      '/support/my-account-and-login/resetting-your-password',
      '/support/not-found',
      '/contact',
    );
  });

  test("the free plan's identity upgrade banner", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'free.customer@demo.test');
    await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
    await showInEveryLayout(page, '/identity');
  });

  test('the developer tools', async ({ page }) => {
    test.setTimeout(180_000);
    await signInToHome(page, 'developer@demo.test');
    for (const layout of LAYOUTS) {
      for (const section of ['actions', 'data', 'test-plans', 'overrides']) {
        await show(page, `/dev-tools/${section}`, layout);
        await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      }
      // The seeded plans, not their loading state (the first devTools call of a run starts the functions' workers).
      await show(page, '/dev-tools/test-plans', layout);
      await expect(page.getByRole('radio').first()).toBeVisible({ timeout: 60_000 });
    }
  });
});
