// The sandbox card gateway (spec 001 §4 "Payment flow"), in process against its in-memory store: the token rules
// with their E_WC codes and that the vendor keeps no card number or security code; and the behaviour every card
// gateway shares (./cardGatewayBehaviour.ts: opaque values, the documented charge triggers, the 120 s duplicate
// window, the transaction lookup), which the Authorize.net adapter passes too (./cardGatewayAuthorizeNet.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { CardGatewayError, isDefiniteRefusal } from '../../functions/src/billing/cardGateway';
import { brandOf, CardGatewaySandbox, cardFingerprint, checkCardData, MemoryCardGatewayStore, SANDBOX_API_LOGIN_ID, SANDBOX_CLIENT_KEY, type CardData } from '../../functions/src/billing/cardGatewaySandbox';
import { passesLuhn } from '../../src/domain/paymentAttempt';
import { BILL_TO, describeCardGatewayBehaviour, INVOICE, NOW, VISA } from './cardGatewayBehaviour';

vi.hoisted(() => {
  // The HTTP function's module reads the functions' settings when it loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const AUTH = { apiLoginID: SANDBOX_API_LOGIN_ID, clientKey: SANDBOX_CLIENT_KEY };

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

describeCardGatewayBehaviour('card gateway sandbox', async (now) => {
  const { sandbox, clock } = gateway({ now });
  return {
    gateway: sandbox,
    clock,
    unknownProfileId: '123456789',
    async tokenize(card) {
      const token = await sandbox.createToken({ authData: AUTH, cardData: card });
      if (!token.opaqueData) throw new Error(`no token: ${JSON.stringify(token.messages)}`);
      return token.opaqueData;
    },
    close: async () => undefined,
  };
});

describe('card gateway sandbox: its records', () => {
  it('keeps an approved charge with an 11-digit transaction id, its amount and its answer', async () => {
    const { sandbox, store } = gateway();
    const profile = await profileFor(sandbox);
    const result = await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
    expect(result.transactionId).toMatch(/^\d{11}$/);
    expect(store.transactions.get(result.transactionId ?? '')).toMatchObject({ amount: 9_900, code: '1' });
  });

  it('keeps no transaction for a duplicate-window refusal, even for another invoice number', async () => {
    const { sandbox, store } = gateway();
    const profile = await profileFor(sandbox, { ...VISA, zip: '46282' });
    await sandbox.chargeCustomerProfile(profile.profileId, 9_900, INVOICE);
    const duplicate = await sandbox.chargeCustomerProfile(profile.profileId, 9_900, { invoiceNumber: 'INV-DUP', description: 'Monthly fee' });
    expect(duplicate.reasonCode).toBe('11');
    expect(store.transactions.size).toBe(1);
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
    const { isAllowedOrigin } = await import('../../functions/src/billing/cardGatewaySandboxPage');
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
    const { ACCEPT_JS } = await import('../../functions/src/billing/cardGatewaySandboxPage');
    expect(ACCEPT_JS).toContain("base + '/v1/tokens'");
    expect(ACCEPT_JS).toContain("credentials: 'omit'");
    expect(ACCEPT_JS).not.toMatch(/httpsCallable|cloudfunctions|console\./);
  });
});
