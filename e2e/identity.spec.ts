import { demoAccount } from '../seed/accounts';
import { closeWelcomeWhenShown, pathOf, signIn } from './support/app';
import { expect, test } from './support/test';
import { HOME_URL } from './support/endpoints';

// Identity protection end to end in Chromium against the local backend and the demo data: the
// premium customer opens Identity from the header and sees their monitoring alerts in the widget's sandboxed frame,
// built from their credit report (the inquiries) and email (a sandbox breach list), locks a bureau in the widget and
// moves between its sections; the free customer reaches Identity too and sees the upgrade banner.

const premium = demoAccount('premiumCustomer');
const free = demoAccount('freeCustomer');

test('the premium customer sees their identity alerts in the widget and locks a bureau', async ({ page }) => {
  test.setTimeout(120_000);
  const welcome = closeWelcomeWhenShown(page);
  await signIn(page, premium.email);
  await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
  await welcome();
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Identity' }).click();
  await expect(page.getByRole('heading', { name: 'Identity protection', level: 1 })).toBeVisible();
  expect(pathOf(page)).toBe('/identity/alerts');

  // The first call of a run may wait for the functions emulator's workers.
  const alerts = page.frameLocator('iframe[title="Identity protection: Alerts"]');
  await expect(alerts.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(alerts.getByRole('heading', { name: 'New inquiry from ROCKET MORTGAGE' })).toBeVisible();
  await expect(alerts.getByRole('heading', { name: 'Your email appeared in a breach list (sandbox)' })).toBeVisible();
  await expect(page.locator('iframe[title="Identity protection: Alerts"]')).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');

  await page.getByRole('navigation', { name: 'Identity protection' }).getByRole('link', { name: 'Credit lock' }).click();
  expect(pathOf(page)).toBe('/identity/credit-lock');
  const lock = page.frameLocator('iframe[title="Identity protection: Credit lock"]');
  // A earlier run may have left Experian locked: unlock it first so the journey starts from the same place.
  const unlock = lock.getByRole('button', { name: 'Unlock Experian' });
  if (await unlock.isVisible({ timeout: 10_000 }).catch(() => false)) {
    await unlock.click();
    await expect(lock.getByRole('status')).toHaveText('Experian is now unlocked.');
  }
  await lock.getByRole('button', { name: 'Lock Experian' }).click();
  await expect(lock.getByRole('status')).toHaveText('Experian is now locked.');
  await lock.getByRole('button', { name: 'Unlock Experian' }).click();
  await expect(lock.getByRole('status')).toHaveText('Experian is now unlocked.');

  await page.getByRole('navigation', { name: 'Identity protection' }).getByRole('link', { name: 'Monitoring' }).click();
  const monitoring = page.frameLocator('iframe[title="Identity protection: Monitoring"]');
  await expect(monitoring.getByRole('heading', { name: 'What we monitor' })).toBeVisible();
  await expect(monitoring.getByText('Equifax, Experian, TransUnion')).toBeVisible();
});

test('the free customer sees the upgrade banner in place of identity protection', async ({ page }) => {
  await signIn(page, free.email);
  await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Identity' }).click();
  await expect(page.getByRole('heading', { name: 'Identity protection, with premium' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See upgrade options' })).toHaveAttribute('href', '/settings/billing/upgrade');
  await expect(page.locator('iframe')).toHaveCount(0);
});
