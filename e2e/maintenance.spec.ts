import { expect, test } from './support/test';
import { setMaintenance } from './support/backend';

test.afterEach(async () => {
  await setMaintenance(false);
});

test('the maintenance screen appears live when the flag is set and goes away when it is cleared', async ({ page }) => {
  await setMaintenance(false);
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  await setMaintenance(true);
  await expect(page.getByRole('heading', { name: 'Planned maintenance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);

  await setMaintenance(false);
  await expect(page.getByRole('heading', { name: 'Planned maintenance' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('an upcoming maintenance window starts by itself when its start time passes', async ({ page }) => {
  await page.goto('/sign-in');
  await setMaintenance({ startTime: new Date(Date.now() + 4_000), endTime: new Date(Date.now() + 3_600_000) });
  await expect(page.getByRole('heading', { name: 'Planned maintenance' })).toHaveCount(0);
  // Upcoming windows are re-checked every 10 s (spec 001 §4).
  await expect(page.getByRole('heading', { name: 'Planned maintenance' })).toBeVisible({ timeout: 20_000 });
});

test('maintenance never replaces the agent sign-in page', async ({ page }) => {
  await setMaintenance(true);
  await page.goto('/agent');
  await expect(page.getByRole('heading', { name: 'Planned maintenance' })).toHaveCount(0);
});
