import { closeWelcomeWhenShown, signIn } from './support/app';
import { expect, test } from './support/test';
import { HOME_URL } from './support/endpoints';

// The learning center, the support center and the contact page end to end in Chromium against
// the local backend and the content sandbox's seeded articles: the premium demo customer opens the learning center
// from the header, reads the DTI article and follows an in-app link inside it (the router, no reload), searches the
// support center in Spanish and opens a result, reaches /support/not-found for an unknown category, and sends a
// contact request from /contact. Every page visited is checked with axe (support/test.ts).

test('a customer reads, searches and asks for help', async ({ page }) => {
  test.setTimeout(180_000);
  const welcome = closeWelcomeWhenShown(page);
  await signIn(page, 'premium.customer@demo.test');
  // The first sign-in of a run may wait for the functions emulator's workers.
  await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
  await welcome();

  // The learning center from the header, then the fixed DTI article.
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Learning Center' }).click();
  await expect(page.getByRole('heading', { name: 'Learning Center', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
  await page.goto('/learning-center/home-buying/what-is-dti-and-how-can-i-improve-it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/DTI/, { timeout: 60_000 });
  await expect(page.getByText(/min read/).first()).toBeVisible();

  // An in-app link inside the body goes through the router: the page is not loaded again.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('a[href="/support/money/understanding-the-money-overview"]').first().click();
  await expect(page).toHaveURL(/\/support\/money\/understanding-the-money-overview$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The support center in Spanish: a search, then its first result.
  await page.goto('/support?lang=es');
  await expect(page.getByRole('heading', { name: 'Centro de ayuda', level: 1 })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('searchbox', { name: 'Buscar artículos' }).fill('contraseña');
  const results = page.getByRole('list', { name: /resultados? para «contraseña»/ });
  await expect(results).toBeVisible({ timeout: 30_000 });
  const first = results.getByRole('link').first();
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '¿Todavía necesita ayuda?' })).toBeVisible();

  // An unknown support category.
  await page.goto('/support/no-such-category?lang=en');
  await expect(page).toHaveURL(/\/support\/not-found$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: "We couldn't find that page", level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report an issue' })).toBeVisible();

  // The contact page: its own header, the phone and the form.
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expect(page.getByLabel('Email')).toHaveValue('premium.customer@demo.test');
  await page.getByLabel('How can we help?').fill('I would like to talk about my action plan.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your message was sent. We will get back to you soon.')).toBeVisible({ timeout: 60_000 });
});
