import type { Page } from '@playwright/test';
import { closeWelcomeWhenShown, signIn } from './support/app';
import { callAsPageUser } from './support/callable';
import { reloadDemoData } from './support/demoData';
import { expect, test } from './support/test';
import { HOME_URL } from './support/endpoints';

// Billing and the payment pipeline end to end (spec 001 §2 Billing, §4, §5, §8; spec 002 §2) in Chromium against the
// local backend and the card provider's sandbox (its Accept.js and token endpoint,
// functions/src/billing/cardGatewaySandboxPage.ts; test cards and triggers in its header). The demo accounts of seed/billing.ts are loaded
// afresh before and after the spec. First journey: the suspended customer is sent to /update-payment, opens the
// card form, sees each field the provider's script would refuse (E_WC_05, 06, 07, 08, 15, 16, 17) marked on its own
// field before anything is sent, a decline's message (ZIP 46217: AVS mismatch), then the duplicate-transaction
// lockout (card 4000000000000002: declined, reason 2) with its countdown, where the identical retry charges nothing;
// then, in a second tab whose session storage does not know that attempt, the gateway's own duplicate window (the
// same card and amount again within 120 s: reason 11) starts the lockout there too; then pays with a test card — a
// double click on Pay — reaches the hub, and the ledger holds one approved charge. Second journey, in Spanish: the California
// customer's billing page shows the plan, the card's last digits and the next billing date, and the cancellation
// request leaves the processed message in place of the button. Every page visited is checked with axe
// (support/test.ts).

test.beforeAll(async () => reloadDemoData());
// The suspended customer is Current after paying and the CA customer has asked to cancel: both go back.
test.afterAll(async () => reloadDemoData());

interface TestCard {
  name: string;
  number: string;
  month: string;
  year: string;
  code: string;
  zip: string;
}

const FUTURE_YEAR = String(new Date().getFullYear() + 3);
const VISA: TestCard = { name: 'Sam Suspended', number: '4111 1111 1111 1111', month: '12', year: FUTURE_YEAR, code: '123', zip: '85004' };

async function fillCard(page: Page, card: TestCard): Promise<void> {
  await page.getByRole('textbox', { name: 'Cardholder name' }).fill(card.name);
  await page.getByRole('textbox', { name: 'Card number' }).fill(card.number);
  await page.getByRole('textbox', { name: 'Expiration month' }).fill(card.month);
  await page.getByRole('textbox', { name: 'Expiration year' }).fill(card.year);
  await page.getByRole('textbox', { name: 'Security code' }).fill(card.code);
  await page.getByRole('textbox', { name: 'Billing ZIP code' }).fill(card.zip);
}

interface Charge {
  status: 'approved' | 'declined' | 'error';
  amount: number;
}

async function charges(page: Page): Promise<Charge[]> {
  const answer = await callAsPageUser(page, 'getContactPaymentData', null);
  expect(answer.status).toBe(200);
  return (answer.body.result as { charges: Charge[] }).charges;
}

async function signInAs(page: Page, email: string, landing: RegExp): Promise<void> {
  const closeWelcome = closeWelcomeWhenShown(page);
  await signIn(page, email);
  // The first sign-in of a run may wait for the functions emulator's workers.
  await expect(page).toHaveURL(landing, { timeout: 60_000 });
  await closeWelcome();
}

test.describe('billing', () => {
  test('a suspended customer is sent to update payment, meets field errors, a decline and both lockouts, pays once with a double click and gets back in', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const closeWelcome = closeWelcomeWhenShown(page);
    await signIn(page, 'payment.suspended@demo.test');
    await expect(page).toHaveURL(/\/update-payment$/, { timeout: 60_000 });
    // The page shows once the payment data is read; the first calls of a run may wait for the functions emulator's
    // workers.
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('Amount due: $99.00')).toBeVisible();
    await expect(page.getByText(/Your subscription is Suspended\./)).toBeVisible();

    await page.getByRole('button', { name: 'Pay now' }).click();
    const pay = page.getByRole('button', { name: 'Pay $99.00' });
    await expect(pay).toBeEnabled({ timeout: 60_000 });

    // A card number the provider would refuse (E_WC_05) is marked on its field; nothing is sent.
    await fillCard(page, { ...VISA, number: '4111 1111 1111 1112' });
    await pay.click();
    const cardNumber = page.getByRole('textbox', { name: 'Card number' });
    await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a valid card number.')).toBeVisible();
    const before = await charges(page);

    // Every other field the provider's script refuses (its E_WC codes, functions/src/billing/cardGatewaySandbox.ts)
    // lands on its own field: its text is the input's accessible description. The form checks the script's rules
    // before the card goes anywhere (src/domain/paymentAttempt.ts cardFieldErrors, same codes), so these are the
    // form's messages for those codes: the script's token endpoint is never called and nothing is charged.
    const tokenRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/v1\/tokens$/.test(new URL(request.url()).pathname)) tokenRequests.push(request.url());
    });
    const field = (name: string) => page.getByRole('textbox', { name });
    const expectFieldError = async (name: string, message: RegExp) => {
      await expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(name)).toHaveAccessibleDescription(message);
    };
    // Name with a digit (E_WC_17), month 13 (E_WC_06), year 1999 (E_WC_07), a 2-digit code (E_WC_15), a 3-digit ZIP
    // (E_WC_16); the card number is good this time.
    await fillCard(page, { ...VISA, name: 'Sam Suspended 2', month: '13', year: '1999', code: '12', zip: '850' });
    await pay.click();
    await expectFieldError('Cardholder name', /Enter the name as it appears on the card\./);
    await expectFieldError('Expiration month', /Enter a valid expiration month \(01 to 12\)\./);
    await expectFieldError('Expiration year', /Enter a valid expiration year\./);
    await expectFieldError('Security code', /Enter the card's security code\./);
    await expectFieldError('Billing ZIP code', /Enter a valid 5-digit ZIP code\./);
    await expect(cardNumber).not.toHaveAttribute('aria-invalid', 'true');
    // An expiry in the past (E_WC_08; 'card has expired'): the month and the year are both marked, the message is
    // under the year; every other field is good again.
    await fillCard(page, { ...VISA, month: '01', year: String(new Date().getFullYear() - 1) });
    await pay.click();
    await expectFieldError('Expiration year', /The expiration date must be in the future\./);
    await expect(field('Expiration month')).toHaveAttribute('aria-invalid', 'true');
    for (const name of ['Cardholder name', 'Card number', 'Security code', 'Billing ZIP code']) {
      await expect(field(name)).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(tokenRequests).toEqual([]);
    expect((await charges(page)).length).toBe(before.length);

    // A decline that points at no field (ZIP 46217: AVS mismatch) is the form's message.
    await fillCard(page, { ...VISA, name: 'Sam Suspended', number: '5424 0000 0000 0015', zip: '46217' });
    await expect(cardNumber).not.toHaveAttribute('aria-invalid', 'true');
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined: The transaction has been declined because of an AVS mismatch' })).toBeVisible({
      timeout: 60_000,
    });

    // Declined (reason 2): the lockout with its countdown; the identical retry charges nothing.
    await fillCard(page, { ...VISA, number: '4000 0000 0000 0002' });
    await pay.click();
    const timer = page.getByRole('timer');
    await expect(timer).toContainText(/Please try again in [12] Minute \d{1,2} Seconds\./, { timeout: 60_000 });
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '', { timeout: 5_000 });
    const afterDecline = await charges(page);
    expect(afterDecline.length).toBe(before.length + 2);
    await pay.click();
    await expect(timer).toBeVisible();
    expect((await charges(page)).length).toBe(afterDecline.length);

    // The gateway's own duplicate window: a second tab of the same customer (signed in, its session storage knows
    // nothing of the attempt above) tries the same card for the same amount within 120 s. The page's check lets it
    // through; the gateway answers reason 11 (code 3: an 'error' in the ledger, not a decline), and this tab shows the
    // lockout with its countdown; its identical retry is blocked and charges nothing.
    const tab = await page.context().newPage();
    // The width the first tab's /update-payment was checked with (support/accessibility.ts checks a route once a width).
    await tab.setViewportSize({ width: 1280, height: 800 });
    await tab.goto('/update-payment');
    await expect(tab.getByText('Amount due: $99.00')).toBeVisible({ timeout: 60_000 });
    await tab.getByRole('button', { name: 'Pay now' }).click();
    const tabPay = tab.getByRole('button', { name: 'Pay $99.00' });
    await expect(tabPay).toBeEnabled({ timeout: 60_000 });
    await fillCard(tab, { ...VISA, number: '4000 0000 0000 0002' });
    await tabPay.click();
    const tabTimer = tab.getByRole('timer');
    await expect(tabTimer).toContainText(/Please try again in [12] Minute \d{1,2} Seconds\./, { timeout: 60_000 });
    await expect(tab.getByRole('alert').filter({ hasText: 'A duplicate transaction has been submitted.' })).toBeVisible();
    const afterDuplicate = await charges(tab);
    expect(afterDuplicate.length).toBe(afterDecline.length + 1);
    expect(afterDuplicate[0]).toMatchObject({ status: 'error', amount: 9_900 });
    const tabFirst = await tabTimer.textContent();
    await expect(tabTimer).not.toHaveText(tabFirst ?? '', { timeout: 5_000 });
    await tabPay.click();
    await expect(tabTimer).toBeVisible();
    expect((await charges(tab)).length).toBe(afterDuplicate.length);
    await tab.close();

    // A test card, Pay clicked twice: one charge, and the customer is let back in.
    await fillCard(page, VISA);
    await pay.dblclick();
    await expect(page).toHaveURL(HOME_URL, { timeout: 90_000 });
    await closeWelcome();
    const ledger = await charges(page);
    expect(ledger.filter((charge) => charge.status === 'approved')).toEqual([expect.objectContaining({ status: 'approved', amount: 9_900 })]);
    expect(ledger.length).toBe(afterDuplicate.length + 1);

    // The billing page says so: current, the new card on file.
    await page.goto('/settings/billing');
    await expect(page.getByText('Visa ending in 1111')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('table', { name: 'Recent charges' }).getByRole('row')).toHaveCount(ledger.length + 1);
  });

  test('in Spanish: the California customer reads their plan, card and next billing date, and asks to cancel', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'payment.california@demo.test', HOME_URL);
    await page.goto('/settings/billing?lang=es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();

    const summary = page.getByRole('region', { name: 'Su plan' });
    await expect(summary.getByText('Plan premium')).toBeVisible({ timeout: 60_000 });
    await expect(summary.getByText('Visa terminada en 1111')).toBeVisible();
    // The next billing date in the Spanish long format ('1 de diciembre de 2026').
    await expect(summary.getByText(/^\d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();

    await page.getByRole('button', { name: 'Solicitar la cancelación' }).click();
    await expect(page.getByText('Su solicitud de cancelación fue procesada. Nuestro equipo se comunicará con usted para confirmarla.')).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('button', { name: 'Solicitar la cancelación' })).toHaveCount(0);
    // Still so after a reload: the server keeps the request.
    await page.reload();
    await expect(page.getByText('Su solicitud de cancelación fue procesada. Nuestro equipo se comunicará con usted para confirmarla.')).toBeVisible({
      timeout: 60_000,
    });
  });
});
