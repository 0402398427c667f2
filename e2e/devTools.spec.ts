import type { Page } from '@playwright/test';
import { demoAccount } from '../seed/accounts';
import { closeWelcomeWhenShown, signIn } from './support/app';
import { reloadDemoData } from './support/demoData';
import { expect, test } from './support/test';

// The developer tools end to end in Chromium against the local backend and the demo
// data: the developer demo account opens Dev tools from the header, starts the seeded three-bureau plan, completes
// its first step (the server pulls the report) and sees the step advance and the credit report appear; then
// overrides its product line with Freemium (the app reads the new claims without reloading the page: the marker shows
// on every page and the credit area shows the upgrade banner) and restores it from the marker, again without a reload. Every page visited is checked with axe.

const developer = demoAccount('developer');
const PLAN = 'Dispute round from a fresh three-bureau report';

test.beforeAll(async () => reloadDemoData());
test.afterAll(async () => reloadDemoData());

async function signInAsDeveloper(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  const closeWelcome = closeWelcomeWhenShown(page);
  await signIn(page, developer.email);
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening)/ })).toBeVisible({ timeout: 60_000 });
  await closeWelcome();
}

const marker = (page: Page) => page.getByTestId('overrides-marker');

/** Marks the loaded page, so a later check can tell it was not loaded again. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test('a developer runs the first step of a seeded test plan, then overrides the product line and restores it', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAsDeveloper(page);

  // The header's Dev tools button opens the developer tools (their Actions section first).
  await page.getByRole('link', { name: 'Dev tools' }).click();
  await expect(page).toHaveURL(/\/dev-tools\/actions$/);
  await expect(page.getByRole('heading', { name: 'Developer tools', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the statechart visualizer' })).toHaveAttribute('href', '/statecharts');

  // Test plans: pick the seeded plan and start it.
  await page.getByRole('tab', { name: 'Test plans' }).click();
  await expect(page).toHaveURL(/\/dev-tools\/test-plans$/);
  // The first devTools call of a run starts the functions emulator's workers.
  await page.getByRole('radio', { name: PLAN }).check({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Start this plan' }).click();
  const steps = page.getByRole('list', { name: `Steps of ${PLAN}` });
  await expect(steps).toBeVisible({ timeout: 60_000 });
  const first = steps.getByRole('listitem').nth(0);
  const second = steps.getByRole('listitem').nth(1);
  await expect(first.getByRole('heading', { name: 'Step 1 of 4: Pull the three-bureau report' })).toBeVisible();
  await expect(first.getByText('Status: idle')).toBeVisible();

  // Complete step: the server pulls the report; the step is done and the next one is current.
  await first.getByRole('button', { name: 'Complete step' }).click();
  await expect(first.getByText('Done')).toBeVisible({ timeout: 120_000 });
  await expect(second).toHaveAttribute('aria-current', 'step');
  await expect(second.getByText('Status: idle')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Complete step' })).toBeVisible();

  // The app's data changed: the credit report the step pulled is there.
  await page.goto('/credit/report');
  await expect(page.getByText(/^Report date: /).first()).toBeVisible({ timeout: 60_000 });

  // Overrides: the Freemium product line. The app follows the new claims; the marker shows on every page.
  await page.goto('/dev-tools/overrides');
  await expect(marker(page)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Product line' }).selectOption('Freemium');
  await markPage(page);
  await page.getByRole('button', { name: 'Apply overrides' }).click();
  await expect(marker(page)).toBeVisible({ timeout: 60_000 });
  await expectNotReloaded(page);
  await expect(marker(page)).toHaveAttribute('role', 'status');
  await expect(marker(page)).toContainText('Developer overrides active');
  await page.goto('/credit');
  await expect(page.getByRole('heading', { name: 'Your credit, with premium' })).toBeVisible({ timeout: 60_000 });
  await expect(marker(page)).toBeVisible();

  // Restore from the marker: the account's own product line is back, and the marker goes.
  await markPage(page);
  await marker(page).getByRole('button', { name: 'Restore' }).click();
  await expect(marker(page)).toHaveCount(0, { timeout: 60_000 });
  await expectNotReloaded(page);
  await page.goto('/credit');
  await expect(page.getByRole('heading', { name: 'Your credit, with premium' })).toHaveCount(0);
  await expect(page.getByRole('heading').first()).toBeVisible();
});
