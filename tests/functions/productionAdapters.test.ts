// The customer journeys on the production adapters (docs/deploy.md §8, §6 "The card gateway"): the functions run in
// this process with CRM_PROVIDER=salesforce, MAIL_PROVIDER=smtp and CARD_GATEWAY_PROVIDER=authorizenet, each adapter
// pointed with its own settings at a local fake of its vendor over HTTP/SMTP (tests/support/salesforceFake.ts,
// smtpReceiver.ts, authorizeNetFake.ts), the Firestore and Auth emulators holding the app's data. The other
// providers stay sandboxes (a demo project is not production). Journeys: a CRM lead signs up, verifies the emailed
// link and reaches the hub with the contract signed and the authorizations accepted (spec 000 §4.1, §4.3, spec 002
// §3-§6); a suspended customer pays the monthly fee once whatever the retries (spec 001 §4, §7); a CRM user links in
// from the contact's record (spec 000 §2.2, §7 createSalesforceToken).
//
// The callables are served over HTTP from this process (productionAdapters.support.ts, as fuzzCallables.support.ts
// does): the Functions emulator's workers read the emulators' settings (every provider a sandbox), not these.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { applyActionCode, getAuth } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { adminApp, requireStorageEmulator } from '../../seed/admin';
import { loadSeed } from '../../seed/load';
import { readMessage, SmtpReceiver } from '../support/smtpReceiver';
import { AuthorizeNetFake } from '../support/authorizeNetFake';
import { SalesforceFake } from '../support/salesforceFake';
import { adminAuthClient, adminDb, clientApp, closeClientApps, createCustomerAccount, mergeFeatureFlags, PROJECT_ID, TEST_PASSWORD } from '../support/emulator';
import { captureConsole, idTokenOf, PII_PATTERNS, postCallable, type CallAnswer } from './fuzzCallables.support';
import { claimsOf, idTokenOfCustomToken, serveFunctions } from './productionAdapters.support';
import { VISA } from './cardGateway.support';

// ------------------------------------------------------------------------------------------- the vendors' fakes

const CONSUMER_KEY = '3MVG9local.consumer.key';
const INTEGRATION_USER = 'integration@credit-readiness.test';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const salesforce = new SalesforceFake({ publicKey: keys.publicKey, consumerKey: CONSUMER_KEY, username: INTEGRATION_USER });
const MERCHANT = { apiLoginId: 'LocalLogin42', transactionKey: 'LocalTransKey016' };
const authorizeNet = new AuthorizeNetFake(MERCHANT);
const SMTP_AUTH = { user: 'mailer', pass: 'local-smtp-pass' };
const smtp = new SmtpReceiver({ auth: SMTP_AUTH });
const MAIL_FROM = 'Credit Readiness <no-reply@app.test>';

const salesforceUrl = await salesforce.start();
await authorizeNet.start();
const smtpPort = await smtp.start();

// The settings each adapter reads (crmSalesforceConfig.ts, mailSmtpConfig.ts, cardGatewayAuthorizeNet.ts); the
// secrets are the environment variables Secret Manager binds. platform/environment.ts reads the providers once, when
// the functions load: set before the import below (this file's own module graph).
const SETTINGS: Record<string, string> = {
  CRM_PROVIDER: 'salesforce',
  SALESFORCE_LOGIN_URL: salesforceUrl,
  SALESFORCE_CONSUMER_KEY: CONSUMER_KEY,
  SALESFORCE_USERNAME: INTEGRATION_USER,
  SALESFORCE_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
  MAIL_PROVIDER: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  SMTP_TLS: 'none',
  SMTP_USER: SMTP_AUTH.user,
  SMTP_PASSWORD: SMTP_AUTH.pass,
  MAIL_FROM,
  CARD_GATEWAY_PROVIDER: 'authorizenet',
  AUTHORIZE_NET_API_LOGIN_ID: MERCHANT.apiLoginId,
  AUTHORIZE_NET_TRANSACTION_KEY: MERCHANT.transactionKey,
  AUTHORIZE_NET_API_URL: authorizeNet.url,
};
for (const [name, value] of Object.entries(SETTINGS)) vi.stubEnv(name, value);
vi.stubEnv('GCLOUD_PROJECT', process.env.GCLOUD_PROJECT ?? PROJECT_ID);

// The functions' logger keeps the console it finds when it loads: captured before the import (each journey's lines are
// checked for personal data below, and the DEBUG lines of every call stay out of the runner's output).
const capture = captureConsole();

// The functions use the first admin app there is (platform/admin.ts): the default one, with the app's bucket.
if (!adminApp.getApps().some((app) => app.name === '[DEFAULT]')) {
  adminApp.initializeApp({ projectId: PROJECT_ID, storageBucket: requireStorageEmulator(PROJECT_ID).bucket });
}
type HttpFunction = Parameters<typeof serveFunctions>[0][string];
const functions = (await import('../../functions/src/index')) as unknown as Record<string, HttpFunction | undefined>;
const { environment } = await import('../../functions/src/platform/environment');
const { renderAccountMail } = await import('../../functions/src/providers/mailTemplates');

// The e-sign sandbox's page is served beside the callables (its links name SANDBOX_PAGES_ORIGIN).
const served = await serveFunctions(functions);
vi.stubEnv('SANDBOX_PAGES_ORIGIN', served.origin);

afterAll(async () => {
  capture.restore();
  await closeClientApps();
  await served.close();
  await Promise.all([salesforce.stop(), authorizeNet.close(), smtp.stop()]);
  vi.unstubAllEnvs();
});

// ------------------------------------------------------------------------------------------- helpers

/** Calls a callable as the page does; the answer's result, or the test fails with the refusal. */
async function call<T = Record<string, unknown>>(name: string, data: unknown, idToken: string | null): Promise<T> {
  const answer = await postCallable(served.url(name), data ?? null, idToken);
  if (answer.code !== 'ok') throw new Error(`${name} answered ${answer.status} ${answer.code}: ${answer.raw.slice(0, 400)}`);
  return answer.result as T;
}

const refusal = (name: string, data: unknown, idToken: string | null): Promise<CallAnswer> => postCallable(served.url(name), data ?? null, idToken);

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@customer.test`;

/** SOQL queries the org answered since `mark` (the fake's request log), decoded. */
const queriesSince = (mark: number) =>
  salesforce.requests.slice(mark).flatMap((request) => {
    const query = /^GET \/services\/data\/v[\d.]+\/query\?q=(.*)$/.exec(request)?.[1];
    return query ? [decodeURIComponent(query.replace(/\+/g, ' '))] : [];
  });

/** A customer whose account is bound to a contact of the org (as a verified sign-up leaves it). */
async function customerOnSalesforce(contact: Record<string, string | boolean | null> = {}) {
  const email = uniqueEmail('customer');
  const contactId = salesforce.insertRaw('Contact', { FirstName: 'Casey', LastName: 'Customer', Email: email, MailingCountryCode: 'US', ...contact });
  const uid = await createCustomerAccount(email, contactId);
  return { uid, email, contactId, idToken: await idTokenOf(email, TEST_PASSWORD) };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  await loadSeed({ projectId: PROJECT_ID });
});

// ------------------------------------------------------------------------------------------- the journeys

describe('customer journeys on the production adapters', () => {
  // The adapters never log personal data (docs/deploy.md §7): no line a journey's functions wrote holds an email
  // address, a card number or a social security number.
  let logMark = 0;
  beforeEach(() => {
    logMark = capture.lines.length;
  });
  afterEach(() => {
    for (const line of capture.since(logMark)) {
      for (const [what, pattern] of PII_PATTERNS) expect(pattern.test(line), `a log line holds ${what}: ${line.slice(0, 400)}`).toBe(false);
    }
  });

  it('runs the functions with the Salesforce, SMTP and Authorize.net adapters chosen, the other providers sandboxes', () => {
    expect(environment.production).toBe(false);
    expect(environment.providers).toMatchObject({ CRM_PROVIDER: 'salesforce', MAIL_PROVIDER: 'smtp', CARD_GATEWAY_PROVIDER: 'authorizenet', ESIGN_PROVIDER: 'sandbox' });
  });

  it('a lead the CRM holds signs up, gets the verification email over SMTP, verifies, accepts, signs and reaches the hub with their Salesforce contact', async () => {
    const email = uniqueEmail('lead');
    const leadId = salesforce.insertRaw('Contact', { FirstName: 'Lena', LastName: 'Lead', Email: email, MailingCountryCode: 'US', MobilePhone: '7025550100' });
    const contactsBefore = salesforce.all('Contact').length;

    // Sign-up: the lead is found in the org by email (no second contact is made), and the verification email goes out.
    const mark = salesforce.requests.length;
    const mailsBefore = smtp.received.length;
    expect(await call('signUp', { email: `  ${email.toUpperCase()} `, password: TEST_PASSWORD }, null)).toBe(false);
    const lookups = queriesSince(mark);
    expect(lookups).toEqual([expect.stringMatching(new RegExp(`^SELECT .*\\bEmail\\b.* FROM Contact WHERE Email = '${email.replace(/[.]/g, '\\.')}'`))]);
    expect(salesforce.all('Contact')).toHaveLength(contactsBefore);
    const user = await adminAuthClient().getUserByEmail(email);
    expect([user.emailVerified, user.customClaims]).toEqual([false, { role: 'customer' }]);

    const delivered = smtp.received.slice(mailsBefore);
    expect(delivered.map((mail) => [mail.from, mail.to])).toEqual([['no-reply@app.test', [email]]]);
    const message = readMessage(delivered[0]!.raw);
    const link = /https?:\/\/\S+\/handle\?\S+/.exec(message.text ?? '')?.[0] ?? '';
    const rendered = renderAccountMail({ kind: 'verifyEmail', link });
    expect(message.headers.subject).toBe('Verify your email');
    expect(message.headers.from).toBe(MAIL_FROM);
    expect(message.text?.trim()).toBe(rendered.text.trim());
    expect(message.html?.trim()).toBe(rendered.html.trim());
    const linkParams = Object.fromEntries(new URL(link).searchParams);
    expect(linkParams).toMatchObject({ mode: 'verifyEmail', email, siteId: 'APP' });

    // The emailed code is the Auth emulator's own: applying it verifies the email; then the lead's contact is bound.
    await applyActionCode(getAuth(clientApp()), linkParams.oobCode ?? '');
    expect((await adminAuthClient().getUser(user.uid)).emailVerified).toBe(true);
    expect(await call('resyncCustomClaims', null, await idTokenOf(email, TEST_PASSWORD))).toEqual({ ok: true });
    expect((await adminAuthClient().getUser(user.uid)).customClaims).toEqual({ role: 'customer', customerContactId: leadId });
    const idToken = await idTokenOf(email, TEST_PASSWORD);

    // The contact the hub shows is the org's record.
    expect(await call('getCustomerContact', null, idToken)).toMatchObject({ Id: leadId, Email: email, FirstName: 'Lena', LastName: 'Lead' });

    // Authorizations: the boxes are written on the org's contact; the PII agreement's date on the customer.
    expect(await call('getAuthorizations', null, idToken)).toMatchObject({ DoNotCall: false, Allow_Referral_Update__c: false, hasMobilePhone: true, agreedToPIIAt: null });
    const accepted = await call('updateAuthorizations', { DoNotCall: false, Allow_Referral_Update__c: true, agreedToPII: true, Round_Opt_In__c: true, SMS_Opt_out__c: false }, idToken);
    expect(accepted).toMatchObject({ Allow_Referral_Update__c: true, Round_Opt_In__c: true, SMS_Opt_out__c: false, agreedToPIIAt: expect.any(String) });
    expect(salesforce.record('Contact', leadId)).toMatchObject({ DoNotCall: false, Allow_Referral_Update__c: true, Round_Opt_In__c: true, SMS_Opt_out__c: false });

    // The contract: signed on the e-sign sandbox's page (which names the contact from the org); the released link is
    // written on the org's contact.
    expect(await call('getContractLink', null, idToken)).toEqual({ link: null });
    const { url } = await call<{ url: string }>('getContractSigningUrl', null, idToken);
    expect(url.startsWith(served.origin)).toBe(true);
    expect(await (await fetch(url)).text()).toContain('Prepared for Lena Lead');
    const signingUrl = new URL(url);
    const signed = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ agreement: signingUrl.searchParams.get('agreement') ?? '', flow: signingUrl.searchParams.get('flow') ?? '', signerName: 'Lena Lead', agree: 'yes' }),
      redirect: 'manual',
    });
    expect(signed.status).toBe(303);
    const released = await waitFor(() => call<{ link: string | null }>('getContractLink', null, idToken), (answer) => answer.link !== null);
    expect(released.link).toMatch(/esignSandbox\?document=/);
    expect(salesforce.record('Contact', leadId)?.SF_External_Echosign_URL__c).toBe(released.link);

    // The goal, and the hub's data.
    const goal = await call<{ id: string; type: string }>('createGoal', { type: 'financial_wellness' }, idToken);
    expect(goal.type).toBe('financial_wellness');
    const info = await call<{ goal?: { id: string } | null; personalInfo?: { id: string } | null }>('getUserInfo', null, idToken);
    expect(info.personalInfo?.id).toBe(`personal-info-${goal.id}`);
    // No credit report yet: no readiness score until the intake's credit pull.
    expect(await call('getReadinessScore', null, idToken)).toBeNull();
    expect(salesforce.all('Contact')).toHaveLength(contactsBefore);
  });

  it('an email the org does not hold is refused sign-up with not-found, and no account, contact or mail is made', async () => {
    const email = uniqueEmail('stranger');
    const mailsBefore = smtp.received.length;
    const contactsBefore = salesforce.all('Contact').length;
    const answer = await refusal('signUp', { email, password: TEST_PASSWORD }, null);
    expect(answer.code).toBe('not-found');
    expect((await adminAuthClient().getUsers([{ email }])).users).toEqual([]);
    expect(salesforce.all('Contact')).toHaveLength(contactsBefore);
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it('a suspended customer saves a card at Authorize.net and pays the monthly fee once, however often the call is repeated with its key; the payment task is filed once on the contact', async () => {
    const customer = await customerOnSalesforce({ MailingStreet: '1 Main St', MailingPostalCode: '89509', MailingStateCode: 'NV', Status__c: 'Suspended' });
    await adminDb().doc(`users/${customer.uid}`).set({ customer: { subscriptionStatus: 'Suspended' } }, { merge: true });
    await adminDb().doc(`payments/${customer.uid}`).set({ initialFeePaid: true, nextPaymentDate: '2026-11-01' });

    // The card on file: Accept.js's opaque value spent on a customer profile made for the contact.
    const opaqueValue = authorizeNet.issueOpaqueValue(VISA);
    const saved = await call(
      'updateCustomerPaymentProfile',
      { siteId: 'APP', email: customer.email, opaqueValue, sfContactId: customer.contactId, firstName: 'Casey', lastName: 'Customer', address: '1 Main St', zip: '89509', country: 'US' },
      customer.idToken,
    );
    expect(saved).toEqual({ ok: true, profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' } });
    const profiles = [...authorizeNet.customerProfiles.entries()].filter(([, profile]) => profile.merchantCustomerId === customer.contactId);
    expect(profiles).toHaveLength(1);
    const [customerProfileId, profile] = profiles[0]!;
    const [paymentProfileId] = [...profile.paymentProfiles.keys()];

    const due = await call<{ amountDue: number; amountDueItem: string }>('getContactPaymentData', null, customer.idToken);
    expect(due).toMatchObject({ amountDue: 9_900, amountDueItem: 'RECURRING_FEE', subscriptionStatus: 'Suspended' });

    // Outside the Functions emulator the flags are production's, where charging starts off: switched on as staff do.
    expect(due).toMatchObject({ chargingEnabled: false });
    const restoreFlags = await mergeFeatureFlags({ charging: true });
    onTestFinished(async () => {
      await restoreFlags();
    });
    const request = { siteId: 'APP', idempotencyKey: randomUUID(), itemId: 'RECURRING_FEE', amount: 9_900 };
    const chargesBefore = authorizeNet.requests.filter((sent) => sent.name === 'createTransactionRequest').length;
    const first = await call<{ status: string; transactionId: string; replayed: boolean }>('chargePayment', request, customer.idToken);
    const again = await call<{ status: string; transactionId: string; replayed: boolean }>('chargePayment', request, customer.idToken);
    expect(first).toMatchObject({ status: 'approved', replayed: false });
    expect(again).toMatchObject({ status: 'approved', transactionId: first.transactionId, replayed: true });

    // The vendor was asked to charge once: the profile, $99.00, our invoice number, the product's duplicate window.
    const charges = authorizeNet.requests.filter((sent) => sent.name === 'createTransactionRequest').slice(chargesBefore);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.body.merchantAuthentication).toEqual({ name: MERCHANT.apiLoginId, transactionKey: MERCHANT.transactionKey });
    expect(charges[0]!.body.transactionRequest).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '99.00',
      profile: { customerProfileId, paymentProfile: { paymentProfileId } },
      order: { invoiceNumber: expect.any(String) },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '120' }] },
    });
    const transaction = authorizeNet.transactions.get(first.transactionId);
    expect(transaction).toMatchObject({ amount: '99.00', responseCode: 1, customerProfileId, customerPaymentProfileId: paymentProfileId });
    expect([...authorizeNet.transactions.values()].filter((sent) => sent.customerProfileId === customerProfileId)).toHaveLength(1);

    // What the customer and the CRM see: one approved charge, the subscription Current in the app and on the contact.
    const after = await call<{ amountDue: number; charges: unknown[]; subscriptionStatus: string }>('getContactPaymentData', null, customer.idToken);
    expect(after).toMatchObject({ amountDue: 0, subscriptionStatus: 'Current' });
    expect(after.charges).toEqual([expect.objectContaining({ id: request.idempotencyKey, amount: 9_900, status: 'approved', transactionId: first.transactionId, last4: '1111' })]);
    expect(salesforce.record('Contact', customer.contactId)?.Status__c).toBe('Current');

    // The payment task: one Task on the contact for the transaction, whatever the retries.
    const task = { siteId: 'APP', idempotencyKey: request.idempotencyKey, transactionId: first.transactionId };
    const filed = await call<{ taskId: string }>('selfOnboardCard', task, customer.idToken);
    expect(await call('selfOnboardCard', task, customer.idToken)).toEqual(filed);
    const tasks = salesforce.all('Task').filter((record) => record.WhoId === customer.contactId);
    expect(tasks).toEqual([expect.objectContaining({ Id: filed.taskId, Transaction_Id__c: first.transactionId, Amount__c: 99, Card_Last4__c: '1111' })]);
    expect(JSON.stringify(tasks)).not.toContain(VISA.cardNumber);
  });

  it("a CRM user links in from a contact they own with their org session, and gets the customer's session as a CRM agent; a session of another org user or an expired one is refused", async () => {
    const customer = await customerOnSalesforce();
    const coach = salesforce.addUser('Cora Coach', 'Standard User');
    salesforce.record('Contact', customer.contactId)!.OwnerId = coach;
    const session = salesforce.openSession(coach);

    const mark = salesforce.requests.length;
    const { token } = await call<{ token: string }>('createSalesforceToken', { userId: coach, sessionId: session, contactId: customer.contactId }, null);
    expect(queriesSince(mark)).toEqual([expect.stringMatching(new RegExp(`FROM UserRecordAccess WHERE UserId = '${coach}' AND RecordId = '${customer.contactId}'`))]);
    const idToken = await idTokenOfCustomToken(token);
    expect(claimsOf(idToken)).toMatchObject({ user_id: customer.uid, isSalesforceSession: true, isAgent: true, allowClientActions: false, customerContactId: customer.contactId, role: 'customer' });
    expect(await call('getCustomerContact', null, idToken)).toMatchObject({ Id: customer.contactId, FirstName: 'Casey' });
    // The agent session names the org's user acting for the customer, and logs the call under that user.
    const record = adminDb().doc(`agentSessions/${String(claimsOf(idToken).agentSessionId)}`);
    expect((await record.get()).data()).toMatchObject({ crmUserId: coach, agentUid: null, customerUid: customer.uid, contactId: customer.contactId, allowClientActions: false });
    expect((await record.collection('calls').get()).docs.map((doc) => doc.data())).toEqual([expect.objectContaining({ callable: 'getCustomerContact', crmUserId: coach })]);

    // Another CRM user who does not own the contact, a session that is not the user's, and an expired session.
    const stranger = salesforce.addUser('Sam Stranger', 'Standard User');
    const expired = salesforce.openSession(coach, 1_000);
    salesforce.advance(2_000);
    const refusals = await Promise.all([
      refusal('createSalesforceToken', { userId: stranger, sessionId: salesforce.openSession(stranger), contactId: customer.contactId }, null),
      refusal('createSalesforceToken', { userId: stranger, sessionId: session, contactId: customer.contactId }, null),
      refusal('createSalesforceToken', { userId: coach, sessionId: expired, contactId: customer.contactId }, null),
    ]);
    expect(refusals.map((answer) => [answer.code, answer.message])).toEqual(Array(3).fill(['permission-denied', 'crm-session-invalid']));
    // A contact the user may see and no account holds: not-found.
    const lead = salesforce.insertRaw('Contact', { LastName: 'Lead', Email: uniqueEmail('no-account'), OwnerId: coach });
    expect((await refusal('createSalesforceToken', { userId: coach, sessionId: session, contactId: lead }, null)).code).toBe('not-found');
  });
});
