// Card data sent to a payment callable: refused, and never logged. The callables are loaded in
// the test process and called as the Functions runtime calls them (their `run`), with everything the process writes
// (the functions' logger writes structured lines to stdout and stderr) captured: neither the refusal nor any log line
// carries the card number or the security code. The refusal happens before anything is read or written.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // The functions' environment check reads the project when the module loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const CARD_NUMBER = '4111111111111111';
const SECURITY_CODE = '9876';
const OPAQUE = { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque' };
const KEY = '0b5f3f0e-8a4b-4b7a-9d1e-2a1f3c4d5e6f';

function requestOf(data: unknown) {
  return {
    data,
    auth: {
      uid: 'card-data-customer',
      token: { role: 'customer', customerContactId: '003CARDDATA00001', email_verified: true, auth_time: Math.floor(Date.now() / 1000) },
      rawToken: 'test',
    },
    rawRequest: { headers: {}, socket: { remoteAddress: '127.0.0.1' } },
    acceptsStreaming: false,
  } as never;
}

let output: string[] = [];
beforeEach(() => {
  output = [];
  const capture = (chunk: unknown) => {
    output.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; details: unknown };
  }
  throw new Error('expected a refusal');
}

describe('card data sent to the payment callables', () => {
  it('is refused as invalid-argument by every one of them, and neither the refusal nor the log carries the number or the code', async () => {
    const billing = await import('../../functions/src/billing/callables');
    const cases: [keyof typeof billing, unknown][] = [
      ['getContactPaymentData', { cardNumber: CARD_NUMBER }],
      [
        'updateCustomerPaymentProfile',
        {
          siteId: 'APP',
          email: 'card.data@test.example',
          opaqueValue: OPAQUE,
          sfContactId: '003CARDDATA00001',
          firstName: 'Card',
          lastName: 'Data',
          address: '1 Main St',
          zip: '89509',
          country: 'US',
          cardNumber: CARD_NUMBER,
          cardCode: SECURITY_CODE,
        },
      ],
      ['updateCustomerPaymentProfile', { opaqueValue: { ...OPAQUE, cardNumber: CARD_NUMBER, securityCode: SECURITY_CODE } }],
      ['chargePayment', { siteId: 'APP', idempotencyKey: KEY, itemId: 'RECURRING_FEE', amount: 9_900, cardNumber: CARD_NUMBER, cvv: SECURITY_CODE }],
      ['selfOnboardCard', { siteId: 'APP', idempotencyKey: KEY, transactionId: null, cardNumber: CARD_NUMBER, month: '12', year: '2030', cvv: SECURITY_CODE, fullName: 'Card Data' }],
      ['requestCancellation', { pan: CARD_NUMBER, cvc: SECURITY_CODE }],
      ['getSecureSFURL', { request: 'getSecureProcessPaymentURL', returnPath: '/update-payment', cardNumber: CARD_NUMBER, expirationDate: '12/30' }],
    ];
    for (const [name, data] of cases) {
      const callable = billing[name] as { run: (request: never) => unknown };
      const error = await refusal(Promise.resolve(callable.run(requestOf(data))));
      expect(error.code, name).toBe('invalid-argument');
      const refusalText = JSON.stringify({ message: error.message, details: error.details });
      expect(refusalText, name).not.toContain(CARD_NUMBER);
      expect(refusalText, name).not.toContain(SECURITY_CODE);
      // The refusal names the key it refused, so the client can say what was wrong.
      expect(refusalText, name).toMatch(/cardNumber|pan|opaqueValue/);
    }
    const logged = output.join('\n');
    expect(logged).not.toContain(CARD_NUMBER);
    expect(logged).not.toContain(SECURITY_CODE);
  });

  it('refuses each of FORBIDDEN_CARD_DATA_KEYS by its name, on the charge and on the card-on-file update, never carrying the value', async () => {
    const billing = await import('../../functions/src/billing/callables');
    const { FORBIDDEN_CARD_DATA_KEYS } = await import('../../src/domain/payments');
    const charge = { siteId: 'APP', idempotencyKey: KEY, itemId: 'RECURRING_FEE', amount: 9_900 };
    const profile = { siteId: 'APP', email: 'card.data@test.example', opaqueValue: OPAQUE, sfContactId: '003CARDDATA00001', firstName: 'Card', lastName: 'Data', address: '1 Main St', zip: '89509', country: 'US' };
    for (const key of FORBIDDEN_CARD_DATA_KEYS) {
      for (const [name, data] of [
        ['chargePayment', { ...charge, [key]: CARD_NUMBER }],
        ['updateCustomerPaymentProfile', { ...profile, [key]: SECURITY_CODE }],
      ] as const) {
        const callable = billing[name] as { run: (request: never) => unknown };
        const error = await refusal(Promise.resolve(callable.run(requestOf(data))));
        expect(error.code, `${name} ${key}`).toBe('invalid-argument');
        const refusalText = JSON.stringify({ message: error.message, details: error.details });
        expect(refusalText, `${name} ${key}`).toContain(key);
        expect(refusalText, `${name} ${key}`).not.toContain(CARD_NUMBER);
        expect(refusalText, `${name} ${key}`).not.toContain(SECURITY_CODE);
      }
    }
    const logged = output.join('\n');
    expect(logged).not.toContain(CARD_NUMBER);
    expect(logged).not.toContain(SECURITY_CODE);
  });
});
