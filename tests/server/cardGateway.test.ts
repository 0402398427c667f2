// The sandbox card gateway (issue 15 item 4), in process against its in-memory store: the token rules with their
// E_WC codes, every documented charge trigger, single-use and expiring opaque values, the 120 s duplicate window,
// and that the vendor keeps no card number or security code.
import { describe, expect, it, vi } from 'vitest';
import { CardGatewayError, isDefiniteRefusal } from '../../functions/src/providers/cardGateway';
import {
  brandOf,
  CardGatewaySandbox,
  cardFingerprint,
  checkCardData,
  MemoryCardGatewayStore,
  passesLuhn,
  SANDBOX_API_LOGIN_ID,
  SANDBOX_CLIENT_KEY,
  type CardData,
} from '../../functions/src/providers/cardGatewaySandbox';
import { GATEWAY_DUPLICATE_WINDOW_MS, OPAQUE_VALUE_TTL_MS } from '../../src/domain/payments';

vi.hoisted(() => {
  // The HTTP function's module reads the functions' settings when it loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const AUTH = { apiLoginID: SANDBOX_API_LOGIN_ID, clientKey: SANDBOX_CLIENT_KEY };
const VISA: CardData = { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', fullName: 'Ana Lopez', zip: '89509' };
const BILL_TO = { firstName: 'Ana', lastName: 'Lopez', address: '1 Main St', zip: '89509', country: 'US', email: 'ana@test.example', customerId: '003TEST' };
const INVOICE = { invoiceNumber: 'INV-1', description: 'Monthly fee' };

function gateway(clock = { now: NOW }) {
  const store = new MemoryCardGatewayStore();
  const sandbox = new CardGatewaySandbox(store, { latencyMs: 0, now: () => clock.now, secret: 'test-secret' });
  return { store, sandbox, clock };
}

const codes = (card: CardData, now = new Date(NOW)) => {
  const checked = checkCardData(card, now);
  return checked.ok ? [] : checked.messages.map((message) => message.code);
};

async function profileFor(sandbox: CardGatewaySandbox, card: CardData = VISA) {
  const token = await sandbox.createToken({ authData: AUTH, cardData: card });
  if (!token.opaqueData) throw new Error(`no token: ${JSON.stringify(token.messages)}`);
  return sandbox.createCustomerPaymentProfile(token.opaqueData, BILL_TO);
}

describe('card gateway sandbox: token rules', () => {
  it('accepts the documented test cards of every brand', () => {
    const cards = [
      ['4111111111111111', 'Visa', '123'],
      ['4007000000027', 'Visa', '123'],
      ['5424000000000015', 'Mastercard', '123'],
      ['370000000000002', 'AmericanExpress', '1234'],
      ['6011000000000012', 'Discover', '123'],
    ] as const;
    for (const [cardNumber, brand, cardCode] of cards) {
      expect(codes({ ...VISA, cardNumber, cardCode }), cardNumber).toEqual([]);
      expect(brandOf(cardNumber)).toBe(brand);
    }
  });

  it('refuses a number failing Luhn, a wrong length for the brand and an unknown brand with E_WC_05', () => {
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(codes({ ...VISA, cardNumber: '4111111111111112' })).toEqual(['E_WC_05']);
    expect(codes({ ...VISA, cardNumber: '42424242424242' })).toEqual(['E_WC_05']);
    expect(codes({ ...VISA, cardNumber: '9111111111111111' })).toEqual(['E_WC_05']);
    expect(codes({ ...VISA, cardNumber: '' })).toEqual(['E_WC_05']);
    expect(codes({ ...VISA, cardNumber: '4111 1111 1111 1111' })).toEqual([]);
  });

  it('checks the month (E_WC_06), the year (E_WC_07) and an expiry in the past (E_WC_08)', () => {
    expect(codes({ ...VISA, month: '13' })).toEqual(['E_WC_06']);
    expect(codes({ ...VISA, month: '0' })).toEqual(['E_WC_06']);
    expect(codes({ ...VISA, year: '20x0' })).toEqual(['E_WC_07']);
    expect(codes({ ...VISA, year: '2099' })).toEqual(['E_WC_07']);
    expect(codes({ ...VISA, month: '10', year: '2026' })).toEqual(['E_WC_08']);
    expect(codes({ ...VISA, month: '11', year: '26' })).toEqual([]);
  });

  it('checks the security code by brand (E_WC_15), the ZIP (E_WC_16) and the name (E_WC_17), listing every failing field', () => {
    expect(codes({ ...VISA, cardCode: '12' })).toEqual(['E_WC_15']);
    expect(codes({ ...VISA, cardNumber: '370000000000002', cardCode: '123' })).toEqual(['E_WC_15']);
    expect(codes({ ...VISA, zip: '8950' })).toEqual(['E_WC_16']);
    expect(codes({ ...VISA, fullName: ' ' })).toEqual(['E_WC_17']);
    expect(codes({ cardNumber: '1', month: '', year: '', cardCode: '', fullName: '', zip: '' })).toEqual([
      'E_WC_05',
      'E_WC_06',
      'E_WC_07',
      'E_WC_15',
      'E_WC_16',
      'E_WC_17',
    ]);
  });

  it('refuses missing or wrong credentials with E_WC_10, E_WC_19 and E_WC_21', async () => {
    const { sandbox, store } = gateway();
    const code = async (authData: Record<string, string>) => (await sandbox.createToken({ authData, cardData: VISA })).messages.message[0]?.code;
    expect(await code({ clientKey: SANDBOX_CLIENT_KEY })).toBe('E_WC_10');
    expect(await code({ apiLoginID: SANDBOX_API_LOGIN_ID })).toBe('E_WC_19');
    expect(await code({ apiLoginID: 'someone-else', clientKey: SANDBOX_CLIENT_KEY })).toBe('E_WC_21');
    expect(store.opaqueValues.size).toBe(0);
  });

  it('answers an opaque value and keeps only brand, last4, expiry, ZIP, outcome and a keyed fingerprint — never the number or code', async () => {
    const { sandbox, store } = gateway();
    const answer = await sandbox.createToken({ authData: AUTH, cardData: VISA });
    expect(answer.messages).toEqual({ resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] });
    expect(answer.opaqueData?.dataDescriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
    expect(answer.opaqueData?.dataValue).not.toContain('4111');
    const [record] = [...store.opaqueValues.values()];
    expect(Object.keys(record ?? {}).sort()).toEqual(['brand', 'createdAt', 'expMonth', 'expYear', 'expiresAt', 'fingerprint', 'last4', 'outcome', 'used', 'zip']);
    const stored = JSON.stringify([...store.opaqueValues.entries()]);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('"123"');
    expect(stored).not.toContain(answer.opaqueData?.dataValue);
    expect(record?.fingerprint).toBe(cardFingerprint('4111111111111111', 'test-secret'));
    expect(record?.fingerprint).not.toBe(cardFingerprint('4111111111111111', 'another-secret'));
  });
});

describe('card gateway sandbox: opaque values', () => {
  it('saves the card as a profile once: a second use of the same opaque value is refused (E00114)', async () => {
    const { sandbox } = gateway();
    const token = await sandbox.createToken({ authData: AUTH, cardData: VISA });
    const opaque = token.opaqueData ?? { dataDescriptor: '', dataValue: '' };
    const profile = await sandbox.createCustomerPaymentProfile(opaque, BILL_TO);
    expect(profile).toMatchObject({ cardType: 'Visa', last4: '1111' });
    await expect(sandbox.createCustomerPaymentProfile(opaque, BILL_TO)).rejects.toMatchObject({ code: 'E00114' });
  });

  it('refuses an opaque value after 15 minutes, and one it never issued', async () => {
    const { sandbox, clock } = gateway();
    const token = await sandbox.createToken({ authData: AUTH, cardData: VISA });
    clock.now = NOW + OPAQUE_VALUE_TTL_MS;
    await expect(sandbox.createCustomerPaymentProfile(token.opaqueData ?? { dataDescriptor: '', dataValue: '' }, BILL_TO)).rejects.toThrow(
      CardGatewayError,
    );
    await expect(
      sandbox.createCustomerPaymentProfile({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'made-up' }, BILL_TO),
    ).rejects.toMatchObject({ code: 'E00114', text: 'Invalid OTS Token.' });
  });

  it('uses an opaque value just before its 15 minutes are up', async () => {
    const { sandbox, clock } = gateway();
    const token = await sandbox.createToken({ authData: AUTH, cardData: VISA });
    clock.now = NOW + OPAQUE_VALUE_TTL_MS - 1;
    await expect(sandbox.createCustomerPaymentProfile(token.opaqueData ?? { dataDescriptor: '', dataValue: '' }, BILL_TO)).resolves.toMatchObject({
      last4: '1111',
    });
  });
});

describe('card gateway sandbox: charges', () => {
  it('approves a test card with a transaction id', async () => {
    const { sandbox, store } = gateway();
    const profile = await profileFor(sandbox);
    const result = await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
    expect(result).toMatchObject({ code: '1', reasonCode: '1', text: 'This transaction has been approved.' });
    expect(result.transactionId).toMatch(/^\d{11}$/);
    expect(store.transactions.get(result.transactionId ?? '')).toMatchObject({ amount: 9_900, code: '1' });
  });

  const triggers: [string, CardData, string, string, RegExp][] = [
    ['ZIP 46282 declines', { ...VISA, zip: '46282' }, '2', '2', /^This transaction has been declined\.$/],
    ['card 4000000000000002 declines', { ...VISA, cardNumber: '4000000000000002' }, '2', '2', /^This transaction has been declined\.$/],
    ['card 4222222222222 is a card type not accepted', { ...VISA, cardNumber: '4222222222222' }, '3', '17', /does not accept this type/],
    ['security code 901 is a card code mismatch', { ...VISA, cardCode: '901' }, '2', '65', /card code mismatch/],
    ['security code 902 is a card code and AVS mismatch', { ...VISA, cardCode: '902' }, '2', '45', /AVS mismatch/],
    ['ZIP 46217 is an AVS mismatch', { ...VISA, zip: '46217' }, '2', '27', /AVS mismatch/],
  ];
  for (const [name, card, code, reasonCode, textPattern] of triggers) {
    it(`trigger: ${name} (code ${code}, reason ${reasonCode})`, async () => {
      const { sandbox } = gateway();
      const profile = await profileFor(sandbox, card);
      const result = await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
      expect(result).toMatchObject({ code, reasonCode });
      expect(result.text).toMatch(textPattern);
    });
  }

  it('answers code 3 reason 8 for a card on file that has expired since it was saved', async () => {
    const clock = { now: NOW };
    const { sandbox } = gateway(clock);
    const profile = await profileFor(sandbox, { ...VISA, month: '11', year: '2026' });
    clock.now = Date.parse('2026-12-01T00:00:00.000Z');
    expect(await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE)).toMatchObject({
      code: '3',
      reasonCode: '8',
      text: 'The credit card has expired.',
    });
  });

  it('answers the same card and amount within 120 s with code 3 reason 11 and no transaction, even from another profile', async () => {
    const { sandbox, clock, store } = gateway();
    const first = await profileFor(sandbox);
    const second = await profileFor(sandbox);
    expect((await sandbox.chargeCustomerProfile(first.profileId, 9_900, INVOICE)).code).toBe('1');
    clock.now = NOW + GATEWAY_DUPLICATE_WINDOW_MS - 1;
    const duplicate = await sandbox.chargeCustomerProfile(second.profileId, 9_900, INVOICE);
    expect(duplicate).toEqual({ code: '3', reasonCode: '11', text: 'A duplicate transaction has been submitted.', transactionId: null });
    expect(store.transactions.size).toBe(1);
    // Another amount is not a duplicate; after the window the same amount goes through again.
    expect((await sandbox.chargeCustomerProfile(first.profileId, 19_900, INVOICE)).code).toBe('1');
    clock.now = NOW + GATEWAY_DUPLICATE_WINDOW_MS;
    expect((await sandbox.chargeCustomerProfile(first.profileId, 9_900, INVOICE)).code).toBe('1');
  });

  it('counts a declined attempt for the duplicate window, like the gateways', async () => {
    const { sandbox } = gateway();
    const profile = await profileFor(sandbox, { ...VISA, zip: '46282' });
    expect((await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE)).reasonCode).toBe('2');
    expect((await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE)).reasonCode).toBe('11');
  });

  it('refuses a profile it does not have (E00040)', async () => {
    const { sandbox } = gateway();
    await expect(sandbox.chargeCustomerProfile('123456789', 9_900, INVOICE)).rejects.toMatchObject({ code: 'E00040' });
  });
});

describe('card gateway sandbox: transaction lookup', () => {
  it('remembers every charge with a transaction id and finds it by profile and invoice number, oldest first, the same each time', async () => {
    const clock = { now: NOW };
    const { sandbox } = gateway(clock);
    const profile = await profileFor(sandbox);
    const approved = await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
    clock.now += GATEWAY_DUPLICATE_WINDOW_MS;
    const again = await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
    await sandbox.chargeCustomerProfile(profile.profileId, 19_900, { invoiceNumber: 'INV-2', description: 'Initial consultation' });
    const found = await sandbox.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW);
    expect(found).toEqual([
      { transactionId: approved.transactionId, code: '1', reasonCode: '1', text: 'This transaction has been approved.', amount: 9_900, invoiceNumber: 'INV-1', submittedAt: NOW },
      expect.objectContaining({ transactionId: again.transactionId, submittedAt: NOW + GATEWAY_DUPLICATE_WINDOW_MS }),
    ]);
    expect(await sandbox.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW)).toEqual(found);
    // Only from `since` on, only that profile's, and none for an invoice it never charged.
    expect(await sandbox.findTransactions(profile.profileId, INVOICE.invoiceNumber, NOW + 1)).toEqual([found[1]]);
    expect(await sandbox.findTransactions('123456789', INVOICE.invoiceNumber, 0)).toEqual([]);
    expect(await sandbox.findTransactions(profile.profileId, 'INV-NONE', 0)).toEqual([]);
  });

  it('finds a declined charge with its reason, and no transaction for a duplicate-window refusal', async () => {
    const { sandbox } = gateway();
    const profile = await profileFor(sandbox, { ...VISA, zip: '46282' });
    await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
    const duplicate = await sandbox.chargeCustomerProfile(profile.profileId, 9_900, { invoiceNumber: 'INV-DUP', description: 'Monthly fee' });
    expect(duplicate.reasonCode).toBe('11');
    expect(await sandbox.findTransactions(profile.profileId, INVOICE.invoiceNumber, 0)).toEqual([
      expect.objectContaining({ code: '2', reasonCode: '2', text: 'This transaction has been declined.' }),
    ]);
    expect(await sandbox.findTransactions(profile.profileId, 'INV-DUP', 0)).toEqual([]);
  });
});

describe('a failed gateway call', () => {
  it('is a definite refusal only for the gateway’s typed refusals; anything else is an unknown outcome', () => {
    expect(isDefiniteRefusal(new CardGatewayError('E00040', 'The record cannot be found.'))).toBe(true);
    expect(isDefiniteRefusal(new CardGatewayError('E00114', 'Invalid OTS Token.'))).toBe(true);
    expect(isDefiniteRefusal(new CardGatewayError('E00001', 'An error occurred during processing.'))).toBe(false);
    expect(isDefiniteRefusal(new Error('ETIMEDOUT'))).toBe(false);
    expect(isDefiniteRefusal({ code: 'E00040' })).toBe(false);
  });
});

describe('card gateway sandbox: the vendor endpoint', () => {
  it('lets only the app and loopback origins call the token endpoint from a browser', async () => {
    const { isAllowedOrigin } = await import('../../functions/src/http/cardGatewaySandbox');
    const app = 'https://app.example.com';
    expect(isAllowedOrigin('https://app.example.com', app)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:4173', app)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', app)).toBe(true);
    expect(isAllowedOrigin('https://evil.example', app)).toBe(false);
    expect(isAllowedOrigin('https://app.example.com.evil.example', app)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1.evil.example', app)).toBe(false);
    expect(isAllowedOrigin(undefined, app)).toBe(false);
  });

  it('serves a browser script that posts the card fields to the vendor only', async () => {
    const { ACCEPT_JS } = await import('../../functions/src/http/cardGatewaySandbox');
    expect(ACCEPT_JS).toContain("base + '/v1/tokens'");
    expect(ACCEPT_JS).toContain("credentials: 'omit'");
    expect(ACCEPT_JS).not.toMatch(/httpsCallable|cloudfunctions|console\./);
  });
});
