import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// The statechart visualizer end to end (ARCHITECTURE.md "Statecharts"): a product manager opens the statechart visualizer, finds the password reset machine,
// simulates the valid-link path to success, plays a generated test path, turns the coverage overlay on and
// exports the diagram as SVG.

async function send(page: Page, name: RegExp) {
  const button = page.getByRole('button', { name });
  await expect(button).toBeEnabled();
  await button.click();
}

test('a product manager reviews, simulates and exports the password reset flow', async ({ page }) => {
  await page.goto('/statecharts');
  await page.getByLabel('Find a machine').fill('password reset');
  await page.getByRole('link', { name: /Password reset page/ }).click();
  await expect(page.getByRole('heading', { name: 'Password reset page' })).toBeVisible();
  await expect(page).toHaveURL(/machine=passwordReset/);
  await expect(page.locator('[data-state-id="passwordReset.loading"]')).toBeVisible();

  // Simulate: the link is valid, a strong password is set, the reset succeeds and the user is signed in.
  await expect(page.getByTestId('simulation-state')).toHaveText('"loading"');
  await send(page, /^done: validateResetCode \{"output":\{"status":"current"\}\}$/);
  await expect(page.getByTestId('simulation-state')).toContainText('"valid"');
  await send(page, /^field\.change \{"field":"password","value":"Secret-123"\}$/);
  await send(page, /^form\.submit$/);
  await expect(page.getByTestId('simulation-state')).toHaveText('"confirming"');
  await send(page, /^done: confirmPasswordReset$/);
  await send(page, /^done: signInWithEmail .*"emailVerified":true/);
  await expect(page.getByTestId('simulation-state')).toHaveText('"done"');
  await expect(page.getByTestId('simulation-status')).toHaveText('done');
  await expect(page.locator('[data-state-id="passwordReset.done"] rect').first()).toHaveAttribute('stroke', '#1971c2');

  // Paths: choose a generated path and play it to its end.
  await page.getByRole('tab', { name: 'Paths' }).click();
  await expect(page.getByTestId('paths-total')).toContainText('paths');
  const list = page.getByRole('list', { name: 'Generated paths' });
  await list.getByRole('button', { name: /reaches valid/ }).first().click();
  const player = page.getByTestId('path-player');
  await expect(player).toContainText(/step 0 of \d+/);
  const next = player.getByRole('button', { name: 'Next step' });
  while (await next.isEnabled()) await next.click();
  await expect(player).toContainText(/step (\d+) of \1/);
  await expect(page).toHaveURL(/path=\d+/);

  // Coverage overlay: from the last coverage run, or from a coverage file when this build has none.
  await page.getByRole('tab', { name: 'Coverage' }).click();
  const overlay = page.getByRole('switch', { name: 'Show coverage overlay' });
  if (await overlay.isDisabled()) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Load a coverage file…' }).click();
    const record = {
      version: 1,
      machines: {
        passwordReset: {
          states: { 'passwordReset.loading': 1 },
          transitions: {},
        },
      },
    };
    await (await chooser).setFiles({ name: 'statecharts.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  }
  await overlay.check({ force: true });
  await expect(page.getByTestId('coverage-states')).toContainText(/\d+\/\d+/);
  const transitions = page.getByTestId('coverage-transitions');
  await expect(transitions).toContainText(/\d+\/\d+/);
  // The diagram shows what the figures say: some transition uncovered, or all of them covered.
  const [, covered, total] = /(\d+)\/(\d+)/.exec((await transitions.textContent()) ?? '') ?? [];
  const tone = Number(covered) < Number(total) ? 'uncovered' : 'covered';
  await expect(page.locator(`[data-transition-id][data-tone="${tone}"]`).first()).toBeAttached();

  // Export the diagram as SVG.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('passwordReset.svg');
  const svg = await readFile(await file.path(), 'utf8');
  expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('data-state-id="passwordReset.valid"');
});

test('collapsing a compound state of the largest machine from the keyboard folds its children away, and expanding brings them back', async ({
  page,
}) => {
  await page.goto('/statecharts?machine=intake');
  await expect(page.getByRole('heading', { name: 'Intake', exact: true })).toBeVisible();
  const child = page.locator('[data-state-id="intake.active.resume.shown"]');
  await expect(child).toBeVisible();

  // elk lays the folded diagram out in the page (in its worker), not from the generated layout. The toggles are
  // keyboard buttons; the keyboard reaches one that the fitted drawing puts outside this window.
  const toggle = (action: 'collapse' | 'expand') => page.getByRole('button', { name: `${action} intake.active.resume`, exact: true });
  await toggle('collapse').focus();
  await page.keyboard.press('Enter');
  await expect(toggle('expand')).toBeAttached();
  await expect(child).toHaveCount(0);
  await expect(page.locator('[data-layout-engine="elk"]').first()).toBeAttached();

  await toggle('expand').focus();
  await page.keyboard.press('Enter');
  await expect(toggle('collapse')).toBeAttached();
  await expect(child).toBeVisible();
});
