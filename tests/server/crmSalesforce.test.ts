// The CRM port on Salesforce (CRM_PROVIDER=salesforce) against a local Salesforce org over HTTP
// (tests/support/salesforceFake.ts): the port's behaviour suite, the wire rules (JWT bearer flow, token reuse and
// one new token on INVALID_SESSION_ID, query paging, error arrays, REQUEST_LIMIT_EXCEEDED as "unavailable"), the
// field table, and the customer journeys the callables run: sign-up makes or finds the contact (spec 000 §4.1),
// paying the fee files the payment Task (spec 001 §7 selfOnboardCard), a CRM user links in (spec 000 §2.2, §7
// createSalesforceToken).
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CrmUnavailableError } from '../../functions/src/providers/crm';
import { SalesforceCrm } from '../../functions/src/providers/crmSalesforce';
import { SalesforceApiError, SalesforceClient } from '../../functions/src/providers/crmSalesforceClient';
import { readSalesforceConfig, SALESFORCE_SETTING_NAMES, type SalesforceConfig } from '../../functions/src/providers/crmSalesforceConfig';
import { MISSING_LAST_NAME } from '../../functions/src/providers/crmSalesforceFields';
import { describeCrmPort } from '../support/crmBehaviour';
import { caseSafeId, SalesforceFake } from '../support/salesforceFake';

vi.hoisted(() => {
  // crmRecords.ts (the payment task's types) reads the functions' settings when it loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const CONSUMER_KEY = '3MVG9fake.consumer.key';
const USERNAME = 'integration@credit-readiness.test';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_KEY = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const fake = new SalesforceFake({ publicKey: keys.publicKey, consumerKey: CONSUMER_KEY, username: USERNAME, pageSize: 2 });
let config: SalesforceConfig;

/** A new adapter (its own token cache) on the local org. */
const newCrm = (overrides: Partial<SalesforceConfig> = {}) => new SalesforceCrm(new SalesforceClient({ ...config, ...overrides }));

beforeAll(async () => {
  const url = await fake.start();
  config = readSalesforceConfig({
    SALESFORCE_LOGIN_URL: url,
    SALESFORCE_CONSUMER_KEY: CONSUMER_KEY,
    SALESFORCE_USERNAME: USERNAME,
    // As a one-line secret value: the line breaks written as \n.
    SALESFORCE_PRIVATE_KEY: PRIVATE_KEY.replace(/\n/g, '\\n'),
  });
});

afterAll(async () => {
  await fake.stop();
});

const shared = newCrmLazy();

/** One adapter for the behaviour suite, made once the org is up. */
function newCrmLazy() {
  let crm: SalesforceCrm | null = null;
  return () => (crm ??= newCrm());
}

describeCrmPort('Salesforce', () => ({
  crm: shared(),
  addUser: async (profile) => fake.addUser(`User ${profile}`, profile),
  openSession: async (userId) => fake.openSession(userId),
  expiredSession: async (userId) => {
    const session = fake.openSession(userId, 60_000);
    fake.advance(61_000);
    return session;
  },
  setOwner: async (contactId, userId) => {
    fake.record('Contact', contactId)!.OwnerId = userId;
  },
  unknownContactId: caseSafeId('003Fk9999999999'),
}));

describe('Salesforce wire rules', () => {
  it('signs in with a JWT the org verifies against the connected app certificate, and reuses the token', async () => {
    const crm = newCrm();
    const before = fake.tokenGrants;
    await crm.findContactByEmail('first@customer.test');
    await crm.findContactByEmail('second@customer.test');
    expect(fake.tokenGrants - before).toBe(1);
  });

  it('is refused a token when the assertion is signed with another key or names another user', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const wrongKey = newCrm({ privateKeyPem: other });
    const error = await wrongKey.getContact(caseSafeId('003Fk0000000001')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SalesforceApiError);
    expect((error as SalesforceApiError).has('invalid_grant')).toBe(true);
    await expect(newCrm({ username: 'someone@else.test' }).findContactByEmail('x@customer.test')).rejects.toThrow(/approved/);
  });

  it('gets one new token when the org says the session expired, and the call succeeds', async () => {
    const crm = newCrm();
    const contact = await crm.createContact({ Email: 'expiry@customer.test', LastName: 'Expiry' });
    const before = fake.tokenGrants;
    fake.expireAccessTokens();
    expect((await crm.getContact(contact.Id))?.Email).toBe('expiry@customer.test');
    expect(fake.tokenGrants - before).toBe(1);
  });

  it('gives up after one new token when the org keeps refusing it', async () => {
    const crm = newCrm();
    await crm.findContactByEmail('warm@customer.test');
    fake.failNext(2, { status: 401, errors: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] });
    const error = await crm.findContactByEmail('cold@customer.test').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SalesforceApiError);
    expect((error as SalesforceApiError).status).toBe(401);
    expect(await crm.findContactByEmail('cold@customer.test')).toBeNull();
  });

  it("answers 'unavailable' when the org's API request limit is spent, and works again once it is not", async () => {
    const crm = newCrm();
    const contact = await crm.createContact({ Email: 'limit@customer.test', LastName: 'Limit' });
    fake.failNext(1, SalesforceFake.REQUEST_LIMIT);
    const error = await crm.getContact(contact.Id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect((error as CrmUnavailableError).code).toBe('REQUEST_LIMIT_EXCEEDED');
    expect((await crm.getContact(contact.Id))?.Id).toBe(contact.Id);
  });

  it("reports the org's error array (code and fields) for a record it refuses", async () => {
    const crm = newCrm();
    const error = await crm.createContact({ Email: 'long@customer.test', LastName: 'x'.repeat(300) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SalesforceApiError);
    expect((error as SalesforceApiError).status).toBe(400);
    expect((error as SalesforceApiError).errors).toEqual([expect.objectContaining({ errorCode: 'STRING_TOO_LONG', fields: ['LastName'] })]);
  });

  it('reads every page of a query through nextRecordsUrl', async () => {
    const crm = newCrm();
    for (let i = 0; i < 5; i += 1) fake.insertRaw('Task', { Subject: `Paging ${i}`, Type: 'Paging' });
    const rows = await crm.client.query<{ Subject: string }>("SELECT Id, Subject FROM Task WHERE Type = 'Paging' ORDER BY Subject ASC");
    expect(rows.map((row) => row.Subject)).toEqual(['Paging 0', 'Paging 1', 'Paging 2', 'Paging 3', 'Paging 4']);
    expect(fake.requests.filter((request) => /\/query\/01g/.test(request)).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a quote in an email a value, never part of the query', async () => {
    const crm = newCrm();
    const email = "o'hara@customer.test";
    const contact = await crm.createContact({ Email: email, LastName: "O'Hara" });
    expect((await crm.findContactByEmail(email))?.Id).toBe(contact.Id);
    expect(await crm.findContactByEmail("x' OR Email != '")).toBeNull();
  });
});

describe('Salesforce field table', () => {
  it("stores the country as MailingCountryCode, reads the realtor through the contact's Realtor__c, and a missing last name as none", async () => {
    const crm = newCrm();
    const realtor = fake.insertRaw('Contact', { FirstName: 'Rita', LastName: 'Realtor', Email: 'rita@realty.test' });
    const contact = await crm.createContact({ Email: 'table@customer.test' });
    fake.record('Contact', contact.Id)!.Realtor__c = realtor;

    const stored = fake.record('Contact', contact.Id)!;
    expect(stored.MailingCountryCode).toBe('US');
    expect(stored.LastName).toBe(MISSING_LAST_NAME);
    expect(await crm.getContact(contact.Id)).toMatchObject({ LastName: null, MailingCountry: 'US', realtor: { FirstName: 'Rita', LastName: 'Realtor' } });
  });

  it('lists its settings for the production check and names the missing ones', () => {
    expect(SALESFORCE_SETTING_NAMES).toEqual(['SALESFORCE_LOGIN_URL', 'SALESFORCE_CONSUMER_KEY', 'SALESFORCE_USERNAME', 'SALESFORCE_PRIVATE_KEY', 'SALESFORCE_API_VERSION']);
    expect(() => readSalesforceConfig({ SALESFORCE_LOGIN_URL: 'https://login.salesforce.com' })).toThrow(
      /SALESFORCE_CONSUMER_KEY is unset.*SALESFORCE_USERNAME is unset.*SALESFORCE_PRIVATE_KEY is unset/,
    );
  });
});

describe('customer journeys on Salesforce', () => {
  it('sign-up makes a contact for a new email (as signUp does) and the org holds it', async () => {
    const crm = newCrm();
    const email = 'new.customer@customer.test';
    const lead = await crm.findContactByEmail(email);
    const contact = lead ? null : await crm.createContact({ Email: email });
    expect(lead).toBeNull();
    expect(contact?.Email).toBe(email);
    expect(fake.all('Contact').filter((record) => record.Email === email)).toHaveLength(1);
  });

  it("sign-up finds a coach's onboarding contact for the email instead of making a second one", async () => {
    const crm = newCrm();
    const email = 'onboarded@customer.test';
    const existing = fake.insertRaw('Contact', { FirstName: 'Olga', LastName: 'Onboarded', Email: email, Status__c: 'Onboarding' });
    const lead = await crm.findContactByEmail('Onboarded@Customer.test');
    const contact = lead ? null : await crm.createContact({ Email: email });
    expect(lead).toMatchObject({ Id: existing, FirstName: 'Olga', Status__c: 'Onboarding' });
    expect(contact).toBeNull();
    expect(fake.all('Contact').filter((record) => record.Email === email)).toHaveLength(1);
  });

  it('paying the fee files one payment Task on the contact, however often the step is retried', async () => {
    const crm = newCrm();
    const contact = await crm.createContact({ Email: 'payer@customer.test', LastName: 'Payer' });
    const task = {
      contactId: contact.Id,
      idempotencyKey: 'pay-key-0001',
      transactionId: '60212345678',
      amount: 9900,
      itemId: 'INITIAL_FEE',
      cardType: 'Visa',
      last4: '1111',
    };
    const taskId = await crm.createPaymentTask(task);
    expect(await crm.createPaymentTask(task)).toBe(taskId);

    const tasks = fake.all('Task').filter((record) => record.Idempotency_Key__c === 'pay-key-0001');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      Id: taskId,
      WhoId: contact.Id,
      Subject: 'Payment received (self onboarding)',
      Status: 'Completed',
      Type: 'Payment',
      Transaction_Id__c: '60212345678',
      Amount__c: 99,
      Item__c: 'INITIAL_FEE',
      Card_Type__c: 'Visa',
      Card_Last4__c: '1111',
    });
  });

  it('a cancellation request is filed on the contact', async () => {
    const crm = newCrm();
    const contact = await crm.createContact({ Email: 'leaver@customer.test', LastName: 'Leaver' });
    const id = await crm.createCancellationRequest(contact.Id);
    expect(fake.record('Cancellation_Request__c', id)).toMatchObject({ Contact__c: contact.Id, Status__c: 'New', Source__c: 'Customer app' });
  });

  it("a CRM user links in from a contact they own with their current session, and not with another org's session", async () => {
    const crm = newCrm();
    const coach = fake.addUser('Coach Carter', 'Standard User');
    const contact = await crm.createContact({ Email: 'linked@customer.test', LastName: 'Linked' });
    fake.record('Contact', contact.Id)!.OwnerId = coach;
    const session = fake.openSession(coach);

    // As createSalesforceToken: the session first, then whether the CRM lets that user see the contact.
    const checked = await crm.validateSession(session, coach, new Date());
    expect(checked).toEqual({ userId: coach });
    expect(await crm.mayUserAccessContact(checked!.userId, contact.Id)).toBe(true);

    // A 15-character user id (as a Salesforce formula link writes it) names the same user.
    expect(await crm.validateSession(session, coach.slice(0, 15), new Date())).toEqual({ userId: coach.slice(0, 15) });
    const foreign = fake.openSession(coach, 60 * 60 * 1000, caseSafeId('00DFk0000000999'));
    expect(await crm.validateSession(foreign, coach, new Date())).toBeNull();
  });
});
