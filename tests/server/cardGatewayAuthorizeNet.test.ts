// The Authorize.net card gateway (functions/src/billing/cardGatewayAuthorizeNet.ts) against a local fake of the
// vendor's JSON API over real HTTP (tests/support/authorizeNetFake.ts): the behaviour every gateway shares
// (./cardGatewayBehaviour.ts, the same suite the sandbox passes), then what is particular to the vendor's wire: the
// requests it sends, a lost answer found again through the reporting API, the failures that leave a charge's outcome
// unknown, the refusals that charge nothing, and the settings production accepts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDefiniteRefusal } from '../../functions/src/billing/cardGateway';
import { AUTHORIZE_NET_ENDPOINTS, AuthorizeNetCardGateway, authorizeNetOptionsFrom, dollarsOf, withoutBom, type AuthorizeNetOptions } from '../../functions/src/billing/cardGatewayAuthorizeNet';
import { AuthorizeNetFake, startAuthorizeNetFake } from '../support/authorizeNetFake';
import { BILL_TO, describeCardGatewayBehaviour, INVOICE, NOW, VISA } from './cardGatewayBehaviour';

vi.hoisted(() => {
  // functions/src/billing/gateway.ts reads the functions' settings when it loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const LOGIN = 'Fake5KzQ2';
const KEY = '7Zq4fake8Hm3Kt9P';

async function started(now = NOW, options: Partial<AuthorizeNetOptions> = {}) {
  const clock = { now };
  const fake = await startAuthorizeNetFake({ apiLoginId: LOGIN, transactionKey: KEY, now: () => clock.now, delayMs: 1_000 });
  const gateway = new AuthorizeNetCardGateway({ apiLoginId: LOGIN, transactionKey: KEY, endpoint: fake.url, ...options });
  return { fake, gateway, clock };
}

describeCardGatewayBehaviour('Authorize.net', async (now) => {
  const { fake, gateway, clock } = await started(now);
  return {
    gateway,
    clock,
    unknownProfileId: '900000001-900000002',
    tokenize: async (card) => fake.issueOpaqueValue(card),
    close: () => fake.close(),
  };
});

describe('Authorize.net: on the wire', () => {
  let fake: AuthorizeNetFake | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function setUp(options: Partial<AuthorizeNetOptions> = {}) {
    const made = await started(NOW, options);
    fake = made.fake;
    return made;
  }

  it('answers with a byte order mark before the JSON, which the gateway strips before parsing', async () => {
    const made = await setUp();
    const bytes = new Uint8Array(await (await fetch(made.fake.url, { method: 'POST', body: JSON.stringify({ getCustomerProfileRequest: {} }) })).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(() => JSON.parse(decoded)).toThrow();
    expect(JSON.parse(withoutBom(decoded))).toMatchObject({ messages: { resultCode: 'Error' } });
  });

  it('saves a first card as a new customer profile with its payment profile, spending the opaque value, and sends no card data', async () => {
    const { fake, gateway } = await setUp();
    const opaque = fake.issueOpaqueValue(VISA);
    const profile = await gateway.createCustomerPaymentProfile(opaque, BILL_TO);
    expect(profile).toEqual({ profileId: expect.stringMatching(/^\d+-\d+$/), cardType: 'Visa', last4: '1111' });
    expect(fake.requests.map((request) => request.name)).toEqual(['getCustomerProfileRequest', 'createCustomerProfileRequest', 'getCustomerProfileRequest']);
    expect(fake.requests[1]?.body).toEqual({
      merchantAuthentication: { name: LOGIN, transactionKey: KEY },
      profile: {
        merchantCustomerId: '003TEST',
        email: 'ana@test.example',
        paymentProfiles: [
          {
            customerType: 'individual',
            billTo: { firstName: 'Ana', lastName: 'Lopez', address: '1 Main St', zip: '89509', country: 'US' },
            payment: { opaqueData: opaque },
          },
        ],
      },
      validationMode: 'none',
    });
    expect(JSON.stringify(fake.requests)).not.toContain('4111111111111111');
  });

  it('adds a later card to the customer’s existing profile, which stays one profile', async () => {
    const { fake, gateway } = await setUp();
    const first = await gateway.createCustomerPaymentProfile(fake.issueOpaqueValue(VISA), BILL_TO);
    const second = await gateway.createCustomerPaymentProfile(fake.issueOpaqueValue({ ...VISA, cardNumber: '5424000000000015' }), BILL_TO);
    expect(second).toMatchObject({ cardType: 'Mastercard', last4: '0015' });
    expect(second.profileId.split('-')[0]).toBe(first.profileId.split('-')[0]);
    expect(second.profileId).not.toBe(first.profileId);
    expect(fake.customerProfiles.size).toBe(1);
    expect(fake.requests.filter((request) => request.name === 'createCustomerPaymentProfileRequest')).toHaveLength(1);
  });

  it('adds the card to the profile another save made in between (E00039 names it)', async () => {
    const { fake, gateway } = await setUp();
    let existing = '';
    fake.beforeAnswer = (name) => {
      if (name === 'createCustomerProfileRequest' && !existing) existing = fake.addCustomerProfile('003TEST');
    };
    const profile = await gateway.createCustomerPaymentProfile(fake.issueOpaqueValue(VISA), BILL_TO);
    expect(profile.profileId.split('-')[0]).toBe(existing);
    expect(profile).toMatchObject({ cardType: 'Visa', last4: '1111' });
    expect(fake.customerProfiles.size).toBe(1);
  });

  it('charges the profile with authCaptureTransaction in dollars, our invoice number and a 120 s duplicate window', async () => {
    const { fake, gateway } = await setUp();
    const profile = await gateway.createCustomerPaymentProfile(fake.issueOpaqueValue(VISA), BILL_TO);
    await gateway.chargeCustomerProfile(profile.profileId, 9_905, INVOICE);
    const [customerProfileId, paymentProfileId] = profile.profileId.split('-');
    expect(fake.requests.find((request) => request.name === 'createTransactionRequest')?.body).toEqual({
      merchantAuthentication: { name: LOGIN, transactionKey: KEY },
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        amount: '99.05',
        profile: { customerProfileId, paymentProfile: { paymentProfileId } },
        order: { invoiceNumber: 'INV-1', description: 'Monthly fee' },
        transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '120' }] },
      },
    });
    expect(dollarsOf(1)).toBe('0.01');
    expect(dollarsOf(19_900)).toBe('199.00');
  });

  it('finds a charge whose answer was lost, first among the unsettled transactions, then once settled, and only once', async () => {
    const { fake, gateway } = await setUp();
    const profile = await gateway.createCustomerPaymentProfile(fake.issueOpaqueValue(VISA), BILL_TO);
    fake.failNext('createTransactionRequest', 'drop-after-processing');
    const lost = await gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(Error);
    expect(isDefiniteRefusal(lost)).toBe(false);
    const [charged] = [...fake.transactions.values()];
    const expected = [{ transactionId: charged?.transId, code: '1', reasonCode: '1', text: 'This transaction has been approved.', amount: 9_900, invoiceNumber: 'INV-1', submittedAt: NOW }];
    expect(await gateway.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW - 300_000)).toEqual(expected);
    fake.settle();
    expect(await gateway.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW - 300_000)).toEqual(expected);
  });

  it('leaves the outcome unknown (not a refusal) when the gateway answers an HTTP error or too late', async () => {
    const { fake, gateway } = await setUp({ timeoutMs: 200 });
    const profile = await gateway.createCustomerPaymentProfile(fake.issueOpaqueValue(VISA), BILL_TO);
    fake.failNext('createTransactionRequest', 'http-500');
    const serverError = await gateway.chargeCustomerProfile(profile.profileId, 9_900, INVOICE).catch((error: unknown) => error);
    expect(serverError).toBeInstanceOf(Error);
    expect(isDefiniteRefusal(serverError)).toBe(false);
    fake.failNext('createTransactionRequest', 'delay');
    const late = await gateway.chargeCustomerProfile(profile.profileId, 19_900, INVOICE).catch((error: unknown) => error);
    expect(isDefiniteRefusal(late)).toBe(false);
    expect((late as Error).name).toMatch(/TimeoutError|AbortError/);
  });

  it('is refused as a whole with E00007 for wrong credentials: a definite refusal, nothing charged', async () => {
    const { fake, gateway } = await setUp();
    const profile = await gateway.createCustomerPaymentProfile(fake.issueOpaqueValue(VISA), BILL_TO);
    const wrong = new AuthorizeNetCardGateway({ apiLoginId: LOGIN, transactionKey: 'WrongKey12345678', endpoint: fake.url });
    const refused = await wrong.chargeCustomerProfile(profile.profileId, 9_900, INVOICE).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'E00007', text: 'User authentication failed due to invalid authentication values.' });
    expect(isDefiniteRefusal(refused)).toBe(true);
    expect(fake.transactions.size).toBe(0);
  });

  it('with liveMode validation refuses to save a card the vendor declines (E00027)', async () => {
    const { fake, gateway } = await setUp({ validationMode: 'liveMode' });
    await expect(gateway.createCustomerPaymentProfile(fake.issueOpaqueValue({ ...VISA, zip: '46282' }), BILL_TO)).rejects.toMatchObject({ code: 'E00027' });
    await expect(gateway.createCustomerPaymentProfile(fake.issueOpaqueValue(VISA), BILL_TO)).resolves.toMatchObject({ last4: '1111' });
  });

  it('is refused with E00040 for a profile id that is not one of its own, without a call', async () => {
    const { fake, gateway } = await setUp();
    await expect(gateway.chargeCustomerProfile('123456789', 9_900, INVOICE)).rejects.toMatchObject({ code: 'E00040' });
    expect(await gateway.findTransactions('123456789', 'INV-1', 0)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('Authorize.net: settings', () => {
  const secrets = { AUTHORIZE_NET_API_LOGIN_ID: 'Abc123Login', AUTHORIZE_NET_TRANSACTION_KEY: '9aB8cD7eF6gH5iJ4' };

  it('uses the production endpoint unless the vendor’s sandbox is asked for, and saves cards without validation by default', () => {
    expect(authorizeNetOptionsFrom(secrets, true)).toEqual({
      ok: true,
      options: { apiLoginId: 'Abc123Login', transactionKey: '9aB8cD7eF6gH5iJ4', endpoint: AUTHORIZE_NET_ENDPOINTS.production, validationMode: 'none' },
    });
    expect(authorizeNetOptionsFrom({ ...secrets, AUTHORIZE_NET_ENVIRONMENT: 'sandbox' }, false)).toMatchObject({
      ok: true,
      options: { endpoint: 'https://apitest.authorize.net/xml/v1/request.api' },
    });
  });

  it('names every missing or malformed secret, the sandbox’s own values included', () => {
    expect(authorizeNetOptionsFrom({}, false)).toEqual({ ok: false, problems: ['AUTHORIZE_NET_API_LOGIN_ID is unset', 'AUTHORIZE_NET_TRANSACTION_KEY is unset'] });
    const sandboxValues = authorizeNetOptionsFrom({ AUTHORIZE_NET_API_LOGIN_ID: 'sandbox-login', AUTHORIZE_NET_TRANSACTION_KEY: 'short' }, false);
    expect(sandboxValues.ok).toBe(false);
    expect(!sandboxValues.ok && sandboxValues.problems).toEqual([
      expect.stringMatching(/^AUTHORIZE_NET_API_LOGIN_ID must be/),
      expect.stringMatching(/^AUTHORIZE_NET_TRANSACTION_KEY must be/),
    ]);
  });

  it('refuses the vendor’s test endpoint and any other address in production', () => {
    expect(authorizeNetOptionsFrom({ ...secrets, AUTHORIZE_NET_ENVIRONMENT: 'sandbox', AUTHORIZE_NET_API_URL: 'http://127.0.0.1:9/x' }, true)).toEqual({
      ok: false,
      problems: ["AUTHORIZE_NET_ENVIRONMENT is 'sandbox' (the vendor's test endpoint)", 'AUTHORIZE_NET_API_URL is set (only the local fake of the tests uses another endpoint)'],
    });
  });

  it('is the gateway CARD_GATEWAY_PROVIDER=authorizenet chooses, refusing to start a charge without its credentials', async () => {
    const { authorizeNetCardGateway, CARD_GATEWAY_IMPLEMENTATIONS } = await import('../../functions/src/billing/gateway');
    expect(Object.keys(CARD_GATEWAY_IMPLEMENTATIONS)).toEqual(['sandbox', 'authorizenet']);
    expect(authorizeNetCardGateway(secrets, true)).toBeInstanceOf(AuthorizeNetCardGateway);
    expect(() => authorizeNetCardGateway({}, true)).toThrow(/AUTHORIZE_NET_API_LOGIN_ID is unset; AUTHORIZE_NET_TRANSACTION_KEY is unset/);
  });
});
