// The onboarding journey's steps (spec 000 §2.3, spec 002 §4), written the way a customer goes through them: labels and roles from
// the onboarding and intake locale files (public/locales/en/onboarding.json, intake.json).
import { expect, type Page } from '@playwright/test';
import { createAccount, openMailLink, signIn } from './app';
import { freshEmail } from './backend';
import { FIRESTORE, HOME_URL } from './endpoints';

const CRM_CONTACTS = `${FIRESTORE}/crm/sandbox/contacts`;

export type GoalName = 'Buy a home' | 'Refinance' | 'Financial wellness' | 'Recreational vehicle';

/** A new, verified account (signUp, then the verification link from the mail outbox), signed in. */
export async function signInAsNewCustomer(page: Page, prefix: string): Promise<string> {
  const email = freshEmail(prefix);
  await createAccount(email);
  await openMailLink(page, email, 'verifyEmail');
  await expect(page.getByText('Your email is verified')).toBeVisible();
  await page.goto('/sign-in');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/sign-up\/contract$/);
  return email;
}

/** Opens the agreement in its new window, signs it there, and waits for contract-complete to move on. */
export async function signContract(page: Page, button = 'Review and sign'): Promise<void> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: button }).click();
  const esign = await opened;
  await esign.waitForLoadState();
  await esign.getByLabel('Type your full name to sign').fill('Casey Customer');
  await esign.getByLabel('I have read and agree to this agreement.').check();
  await esign.getByRole('button', { name: 'Sign agreement' }).click();
  // The e-sign page sends the signer back to the app's contract-complete page.
  await expect(esign).toHaveURL(/\/sign-up\/contract-complete/);
  await esign.close();
  await expect(page).toHaveURL(/\/sign-up\/authorizations$/, { timeout: 20_000 });
}

export async function acceptAuthorizations(page: Page): Promise<void> {
  await page.getByRole('switch', { name: 'Agree to all' }).check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page).toHaveURL(/\/sign-up\/select-goal$/);
}

export async function chooseGoal(page: Page, goal: GoalName): Promise<void> {
  await page.getByRole('button', { name: goal, exact: true }).click();
  await expect(page).toHaveURL(/\/intake\/1$/);
}

// ------------------------------------------------------------------------------------------------ intake steps

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseState(page: Page, state: string): Promise<void> {
  const input = page.getByRole('combobox', { name: 'State', exact: true });
  await input.fill(state);
  await page.getByRole('option', { name: state, exact: true }).click();
}

async function answer(page: Page, question: string, option: string): Promise<void> {
  await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: option, exact: true }).check();
}

async function amount(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).fill(value);
}

/** Each select, in the order given, set to its option (label: option). */
async function chooseEach(page: Page, options: Readonly<Record<string, string>>): Promise<void> {
  for (const [label, option] of Object.entries(options)) await choose(page, label, option);
}

/** Each amount, in the order given, typed into its field (label: value). */
async function amounts(page: Page, values: Readonly<Record<string, string>>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await amount(page, label, value);
}

/** The intake page titled `heading` is showing. */
async function onStep(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

export async function next(page: Page, from: number): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/intake/${from}$`));
}

export async function answerHouseDetails(page: Page): Promise<void> {
  await onStep(page, 'About the home');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Reno');
  await chooseState(page, 'Nevada');
  await chooseEach(page, { 'Property type': 'Single-family home', 'Loan type': 'Conventional' });
}

export async function answerMortgageDetails(page: Page): Promise<void> {
  await onStep(page, 'Your finances');
  await choose(page, 'Current housing', 'Rent');
  await amounts(page, { 'Annual income': '72000', 'Purchase price': '320000', 'Current savings': '18000' });
}

export async function answerRefinanceDetails(page: Page): Promise<void> {
  await onStep(page, 'Your refinance');
  await amounts(page, { 'Annual income': '91000', 'Current home value': '410000' });
}

export async function answerFinancialStatus(page: Page): Promise<void> {
  await onStep(page, 'Your financial picture');
  await choose(page, 'Current housing', 'Rent');
  await amounts(page, { 'Annual income': '48000', 'Current savings': '2500' });
}

export async function answerRVType(page: Page): Promise<void> {
  await onStep(page, 'Your vehicle');
  await choose(page, 'Vehicle type', 'Travel trailer');
  await answer(page, 'New or used?', 'Used');
  await page.getByRole('textbox', { name: 'County', exact: true }).fill('Washoe');
  await chooseState(page, 'Nevada');
}

export async function answerRVFinancing(page: Page): Promise<void> {
  await onStep(page, 'Your budget');
  await amounts(page, { 'Purchase price': '38000', 'Trade-in value': '0', 'Current savings': '6000' });
}

export async function answerUserBackground(page: Page): Promise<void> {
  await onStep(page, 'About you');
  await chooseEach(page, { 'Pay frequency': 'Every two weeks', 'Employment status': 'Employed full time', 'Highest education': "Bachelor's degree" });
  await answer(page, 'Are you a veteran?', 'No');
  await answer(page, 'Are you a U.S. citizen?', 'Yes');
}

/** The Disputes step of a brand-new customer has nothing to review and moves on by itself. */
export async function passDisputes(page: Page, disputesPage: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/intake/${disputesPage + 1}$`));
}

/** The bank step with the opt-out (a new customer links no accounts here). */
export async function optOutOfBankLinking(page: Page, buttonName: 'Next' | 'Finish'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your bank accounts', exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: "I don't want to link my bank accounts" }).check();
  await page.getByRole('button', { name: buttonName }).click();
}

/**
 * The bank step through the bank-link sandbox widget: the dialog's sandboxed frame lists the demo institutions;
 * connecting one links its accounts, closes the dialog and counts them on the step. Returns the count shown.
 */
export async function linkBankAccounts(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your bank accounts', exact: true })).toBeVisible();
  await expect(page.getByText('No accounts linked yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Connect accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your accounts' });
  await expect(dialog).toBeVisible();
  const widget = dialog.frameLocator('iframe[title="Connect your accounts"]');
  await expect(widget.getByRole('heading', { name: 'Connect your accounts', exact: true })).toBeVisible();
  await widget.getByRole('button', { name: /^Connect / }).first().click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(/^Accounts linked: [1-9]\d*$/)).toBeVisible();
}

/** The home hub after intake: the greeting, the goal and the readiness score once generated. */
export async function expectHomeHub(page: Page, goal: GoalName): Promise<void> {
  await expect(page).toHaveURL(HOME_URL, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
  await expect(page.getByText(goal, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Loan readiness score: \d+ out of 100$/ })).toBeVisible({ timeout: 30_000 });
}

/**
 * A lead the CRM just sent a quick sign-up email to (spec 002 §3: the link counts from
 * Quick_Sign_Up_Email_Timestamp__c), written straight into the CRM sandbox. Returns the contact id.
 */
export async function createQuickSignUpLead(email: string): Promise<string> {
  const contactId = `003E2ELEAD${Date.now().toString(36).toUpperCase()}`;
  const fields = {
    FirstName: { stringValue: 'Quinn' },
    LastName: { stringValue: 'Lead' },
    Email: { stringValue: email },
    MailingCountry: { stringValue: 'US' },
    Quick_Sign_Up_Email_Timestamp__c: { stringValue: new Date().toISOString() },
  };
  const res = await fetch(`${CRM_CONTACTS}/${contactId}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ fields }),
  });
  expect(res.ok, `writing the lead answered ${res.status}: ${await res.text()}`).toBe(true);
  return contactId;
}

/** The CRM sends an existing contact the quick sign-up email now (its link is live for 3 days, spec 002 §9). */
export async function sendQuickSignUpEmail(contactId: string): Promise<void> {
  const fields = { Quick_Sign_Up_Email_Timestamp__c: { stringValue: new Date().toISOString() } };
  const res = await fetch(`${CRM_CONTACTS}/${contactId}?updateMask.fieldPaths=Quick_Sign_Up_Email_Timestamp__c`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ fields }),
  });
  expect(res.ok, `writing the send time answered ${res.status}: ${await res.text()}`).toBe(true);
}
