import { demoAccount } from '../seed/accounts';
import { closeWelcomeWhenShown, signIn } from './support/app';
import { expect, test } from './support/test';
import { FIRESTORE, HOME_URL } from './support/endpoints';

// The debts page and the bank widgets end to end (spec 002 §2, §4) in Chromium against the
// local backend and the demo data: the premium customer opens Debts, hides a debt and sees the payoff plan change,
// enters an extra monthly payment (a negative one first: its message, nothing saved), opens Link accounts and links
// Canyon National Bank in the sandbox's frame, and opens the transactions widget (its address without the suffix).
// What the journey changes for the shared demo customer is put back afterwards (other specs read its cash).

const premium = demoAccount('premiumCustomer');

async function restorePremiumCustomer(): Promise<void> {
  for (const path of [`connectedInstitutions/${premium.uid}/items/sbx-canyon-national`, `debtSettings/${premium.uid}`]) {
    await fetch(`${FIRESTORE}/${path}`, { method: 'DELETE', headers: { Authorization: 'Bearer owner' } });
  }
}

test.afterEach(restorePremiumCustomer);

test('the premium customer hides a debt, adds an extra payment, links a bank in the widget and opens the transactions widget', async ({ page }) => {
  test.setTimeout(240_000);
  await restorePremiumCustomer();
  const welcome = closeWelcomeWhenShown(page);
  await signIn(page, premium.email);
  // The first sign-in of a run may wait for the functions emulator's workers.
  await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
  await welcome();

  await page.getByRole('link', { name: 'Money', exact: true }).first().click();
  await page.getByRole('main').getByRole('link', { name: 'Debts', exact: true }).click();
  await expect(page).toHaveURL(/\/money\/debts$/);
  const table = page.getByRole('table', { name: 'Your debts in payoff order' });
  await expect(table).toBeVisible({ timeout: 60_000 });

  // Hiding the first (lowest balance) account moves it last and lowers the total the plan counts.
  const total = page.getByRole('status').filter({ hasText: 'Total balance shown' });
  const totalBefore = await total.textContent();
  const firstName = (await table.getByRole('rowheader').first().textContent()) ?? '';
  await page.getByRole('switch', { name: `Include ${firstName} in the payoff plan` }).click({ force: true });
  await expect(table.getByRole('rowheader').last()).toHaveText(firstName);
  await expect(total).not.toHaveText(totalBefore ?? '');

  // A negative extra payment is refused with its message; a positive one goes to the first shown account.
  const extra = page.getByRole('textbox', { name: /Extra monthly payment/ });
  await extra.fill('-40');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Enter an amount of $0 or more.')).toBeVisible();
  await extra.fill('150');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Extra monthly payment saved.')).toBeVisible({ timeout: 30_000 });
  // The first shown account takes what it can of the 150 (capped at its balance), the next the rest.
  await expect(table.getByText(/^includes \$\d+ extra$/).first()).toBeVisible();

  // Link accounts: the connect widget in a dialog, Canyon National Bank linked in the sandbox's frame.
  await page.getByRole('link', { name: 'Link accounts', exact: true }).click();
  await expect(page).toHaveURL(/\/money\/modal\/link-accounts$/);
  const dialog = page.getByRole('dialog', { name: 'Link accounts' });
  const frame = page.frameLocator('iframe[title="Link your bank accounts"]');
  await frame.getByRole('button', { name: 'Connect Canyon National Bank' }).click({ timeout: 60_000 });
  await expect(frame.getByText('Connected Canyon National Bank.')).toBeVisible();
  await expect(dialog.getByText('1 institution linked')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/money$/);

  // The transactions widget: the name without its suffix gets it; the frame lists the linked accounts' transactions.
  await page.goto('/money/transactions');
  await expect(page).toHaveURL(/\/money\/transactionsWidget$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const widget = page.frameLocator('iframe[title="Transactions from your linked accounts"]');
  await expect(widget.getByRole('table', { name: 'Last 90 days' })).toBeVisible({ timeout: 60_000 });
  await expect(widget.getByRole('cell', { name: 'Premier Checking ••0183' }).first()).toBeVisible();

  // An unknown widget name goes to the money overview.
  await page.goto('/money/transfers');
  await expect(page).toHaveURL(/\/money$/);
});
