// Page-level steps shared by the specs, written the way a person uses the app (labels and roles).
import { expect, type Page } from '@playwright/test';
import { latestMail, type Mail } from './backend';

export const DEMO_PASSWORD = 'Demo-Credit-2026!';
const FUNCTIONS = 'http://127.0.0.1:5001/demo-credit-readiness/us-west4';

/**
 * The home hub greets a customer once per sign-in (the welcome flow): with answered disputes they have not seen yet
 * (the resolved-disputes modal; the premium demo customer has some until they are viewed), otherwise with their
 * coach's unseen message (the agent message modal; the premium demo customer has one until it is seen). Call before
 * signing in; the answer, awaited once the hub shows, closes whichever modal the flow opened, so the hub can be used.
 */
export function closeWelcomeWhenShown(page: Page): () => Promise<void> {
  const read = page
    .waitForResponse((response) => /\/(getInvestigationDetails|getAgentMessage)$/.test(new URL(response.url()).pathname), { timeout: 60_000 })
    .catch(() => null);
  return async () => {
    if ((await read) === null) return;
    const dialog = page.getByRole('dialog', { name: /^(Good news: disputes were resolved|A message from your coach)$/ });
    const shown = await dialog.waitFor({ state: 'visible', timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (!shown) return;
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
  };
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/sign-in')) await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Creates an account through the public signUp callable (as the sign-up page does), returning its email. */
export async function createAccount(email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await fetch(`${FUNCTIONS}/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { email, password } }),
  });
  expect(res.ok, `signUp answered ${res.status}: ${await res.text()}`).toBe(true);
}

/**
 * Opens the link of the newest `kind` mail to `email` from the mail outbox, as the customer would from the mail,
 * in the app under test whatever host the link names.
 */
export async function openMailLink(page: Page, email: string, kind: Mail['kind']): Promise<void> {
  const link = new URL((await latestMail(email, kind)).link);
  await page.goto(`${link.pathname}${link.search}`);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
