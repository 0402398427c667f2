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

// Legible at a glance (docs/statecharts.md): each of the five largest machines opens in a 1280×900 window with every
// state name on the canvas at least 11 px high on screen and no two names overlapping; a state folded to make the
// machine fit expands on click.
const LARGEST_MACHINES = ['documentUpload', 'intake', 'session', 'paymentPipeline', 'disputeWizard'];

interface DrawnName {
  id: string;
  px: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The state names drawn inside the canvas's visible area, with their on-screen font size and box. */
async function visibleStateNames(page: Page): Promise<DrawnName[]> {
  return page.getByTestId('statechart-canvas').evaluate((svg) => {
    const canvas = svg.getBoundingClientRect();
    return [...svg.querySelectorAll<SVGTextElement>('[data-state-id] > text[font-weight="600"]')]
      .map((text) => {
        const box = text.getBoundingClientRect();
        const px = Number(text.getAttribute('font-size')) * (text.getScreenCTM()?.a ?? 0);
        const id = text.closest('[data-state-id]')?.getAttribute('data-state-id') ?? '';
        return { id, px, left: box.left, top: box.top, right: box.right, bottom: box.bottom };
      })
      .filter((name) => name.right > canvas.left && name.left < canvas.right && name.bottom > canvas.top && name.top < canvas.bottom);
  });
}

test('the five largest machines open legible in a 1280×900 window, and a folded state expands on click', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const id of LARGEST_MACHINES) {
    await page.goto(`/statecharts?machine=${id}`);
    const canvas = page.getByTestId('statechart-canvas');
    await expect(canvas.locator(`[data-state-id^="${id}."]`).first()).toBeAttached();
    // The fit follows the drawing by a frame; read the names once two reads agree.
    let names: DrawnName[] = [];
    await expect
      .poll(async () => {
        const before = JSON.stringify(names);
        names = await visibleStateNames(page);
        return names.length > 0 && JSON.stringify(names) === before;
      })
      .toBe(true);
    // A machine too large to fit even folded opens around its active state, whose name is then on screen.
    expect(names.length, `${id}: state names on screen`).toBeGreaterThanOrEqual(1);
    for (const name of names) expect(name.px, `${id}: ${name.id}'s name on screen, in px`).toBeGreaterThanOrEqual(11);
    for (const [index, a] of names.entries()) {
      for (const b of names.slice(index + 1)) {
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap, `${id}: ${a.id} and ${b.id} overlap`).toBe(false);
      }
    }
  }

  // intake opens folded; a folded state expands from its + button (here from the keyboard) and shows its children.
  await page.goto('/statecharts?machine=intake');
  const expand = page.locator('[data-toggle][aria-expanded="false"]').first();
  await expect(expand).toBeAttached();
  const folded = (await expand.getAttribute('data-toggle')) ?? '';
  await expand.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `collapse ${folded}`, exact: true })).toBeAttached();
  await expect(page.locator(`[data-state-id^="${folded}."]`).first()).toBeAttached();
});
