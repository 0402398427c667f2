// Page-level steps shared by the specs, written the way a person uses the app (labels and roles).
import { expect, type Page } from '@playwright/test';
import { latestMail, type Mail } from './backend';
import { FIRESTORE, FUNCTIONS } from './endpoints';

export const DEMO_PASSWORD = 'Demo-Credit-2026!';

/** The welcome flow's states that end its decision: one of its two dialogs, or nothing to show. */
const WELCOME_DIALOG_STATES = ['welcomeFlow.resolvedDisputes', 'welcomeFlow.agentMessage'];
const WELCOME_DONE_STATE = 'welcomeFlow.done';

/**
 * How often the page's welcome flow has reached each decision so far in this test: from the statechart record the
 * app's actors keep (src/inspect; support/test.ts carries it across page loads). Null while the page is between
 * documents.
 */
async function welcomeDecisions(page: Page): Promise<{ dialogs: number; done: number } | null> {
  return page
    .evaluate(
      ({ dialogStates, doneState }) => {
        const record = (window as { __statechartCoverage__?: { machines: Record<string, { states: Record<string, number> }> } }).__statechartCoverage__;
        const states = record?.machines.welcomeFlow?.states ?? {};
        return { dialogs: dialogStates.reduce((n, id) => n + (states[id] ?? 0), 0), done: states[doneState] ?? 0 };
      },
      { dialogStates: WELCOME_DIALOG_STATES, doneState: WELCOME_DONE_STATE },
    )
    .catch(() => null);
}

/**
 * The welcome flow's next decision on this page: call before the sign-in or load that starts it; the answer resolves,
 * once the flow has decided, to whether it chose one of its dialogs (true) or had nothing to show (false).
 */
export function welcomeDecision(page: Page): () => Promise<boolean> {
  const before = welcomeDecisions(page).then((counts) => counts ?? { dialogs: 0, done: 0 });
  return async () => {
    const baseline = await before;
    let decided = baseline;
    await expect
      .poll(
        async () => {
          decided = (await welcomeDecisions(page)) ?? baseline;
          return decided.dialogs + decided.done;
        },
        { message: 'the welcome flow decided whether to greet', timeout: 60_000 },
      )
      .toBeGreaterThan(baseline.dialogs + baseline.done);
    return decided.dialogs > baseline.dialogs;
  };
}

/**
 * The home hub greets a customer once per sign-in (the welcome flow): with answered disputes they have not seen yet
 * (the resolved-disputes modal; the premium demo customer has some until they are viewed), otherwise with their
 * coach's unseen message (the agent message modal; the premium demo customer has one until it is seen). Call before
 * signing in; the answer, awaited once the hub shows, waits for the flow's decision and closes the dialog it opened,
 * so the hub can be used.
 */
export function closeWelcomeWhenShown(page: Page): () => Promise<void> {
  const decision = welcomeDecision(page);
  return async () => {
    if (!(await decision())) return;
    const dialog = page.getByRole('dialog', { name: /^(Good news: disputes were resolved|A message from your coach)$/ });
    await expect(dialog).toBeVisible();
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

/**
 * The CRM contact an onboarding portal makes for a new customer (the sandbox CRM's lead): sign-up takes only an email
 * the CRM holds (spec 000 §8; any other opens the onboard modal).
 */
export async function enrolLead(email: string): Promise<void> {
  const contactId = `003E2ENEW${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const fields = { Email: { stringValue: email }, MailingCountry: { stringValue: 'US' }, Status__c: { stringValue: 'Lead' } };
  const res = await fetch(`${FIRESTORE}/crm/sandbox/contacts/${contactId}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ fields }),
  });
  expect(res.ok, `writing the lead answered ${res.status}: ${await res.text()}`).toBe(true);
}

/** Creates an enrolled lead's account through the public signUp callable (as the sign-up page does). */
export async function createAccount(email: string, password = DEMO_PASSWORD): Promise<void> {
  await enrolLead(email);
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
