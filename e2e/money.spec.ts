import { demoAccount } from '../seed/accounts';
import { closeWelcomeWhenShown, signIn } from './support/app';
import { expect, test } from './support/test';
import { HOME_URL } from './support/endpoints';

// The money overview end to end (spec 002 §2 Money overview, §9; spec 001 §9 simulator) in Chromium against the local
// backend and the demo data: the premium customer opens Money from the header, sees total cash over the linked
// Desert Federal accounts, total debt and DTI from the credit report, moves the mortgage simulator's home-price
// slider with the keyboard and sees the monthly payment change, and reads the savings forecast.

const premium = demoAccount('premiumCustomer');

test('the premium customer sees cash, debts and DTI, moves the mortgage simulator with the keyboard and reads the savings forecast', async ({ page }) => {
  test.setTimeout(180_000);
  const welcome = closeWelcomeWhenShown(page);
  await signIn(page, premium.email);
  // The first sign-in of a run may wait for the functions emulator's workers.
  await expect(page).toHaveURL(HOME_URL, { timeout: 60_000 });
  await welcome();

  await page.getByRole('link', { name: 'Money', exact: true }).first().click();
  await expect(page).toHaveURL(/\/money$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();

  // Desert Federal's checking (3,245.18) and savings (12,880.40); its credit card is a debt, not cash.
  await expect(page.getByTestId('total-cash')).toHaveText('$16,126', { timeout: 60_000 });
  await expect(page.getByTestId('total-debt')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
  await expect(page.getByTestId('dti')).toHaveText(/^\d+%\+?$/);
  await expect(page.locator('#downPaymentMeter')).toContainText('$18,500 of $38,500 saved (48%)');

  // The simulator starts at the goal's purchase price (385,000) and moves 5,000 a step.
  const price = page.getByRole('slider', { name: 'Home price' });
  await expect(page.getByTestId('simulator-value-purchasePrice')).toHaveText('$385K');
  const before = await page.getByTestId('payment-total').textContent();
  await price.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('simulator-value-purchasePrice')).toHaveText('$395K');
  await expect(page.getByTestId('payment-total')).not.toHaveText(before ?? '');

  // A typed income beyond the slider's maximum takes the maximum and says so.
  const income = page.getByRole('textbox', { name: 'Annual income' });
  await income.fill('250000');
  await income.press('Enter');
  await expect(page.getByText('The most this can be is $200K, so we used that.')).toBeVisible();

  // The forecast over the linked accounts' last 90 days, 90 days ahead.
  await expect(page.getByText('From the daily balances of your linked cash accounts.')).toBeVisible();
  await expect(page.getByTestId('forecast-summary')).toContainText("At this pace you'll have about");
  await expect(page.getByRole('img', { name: 'Savings over time with a 90-day forecast' })).toBeVisible();
});
