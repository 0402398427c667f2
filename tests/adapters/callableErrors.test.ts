import { createRequire } from 'node:module';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortError } from '../../machines/ports';
import { HTTP_STATUS, sdkCallableError, type CallableCode } from '../support/callableFailures';
import { functionsSdk as sdk, resetFunctionsSdk, serverThrows } from '../support/functionsSdkFake';
import { OFFLINE_FIREBASE_CONFIG } from '../support/offlineFirebase';

// A callable's failure through the real `call` (src/adapters/firebase/callables.ts), with the Functions SDK's
// httpsCallable faked to throw what the SDK throws: a FunctionsError 'functions/<code>' with the server's message and
// HTTP status and the server's details. Each kind of failure reaches the ports as ONE PortError with everything the
// machines read (ARCHITECTURE.md "Data": errors are mapped once, in `call`), and the billing port passes it on as is.
// What the settings machines then show of a refusal: tests/adapters/settingsCallables.test.ts.

vi.mock('firebase/functions', async (importOriginal) =>
  (await import('../support/functionsSdkFake')).fakeFunctionsModule(await importOriginal<typeof import('firebase/functions')>()),
);

const { call } = await import('../../src/adapters/firebase/callables');
const { toPortError } = await import('../../src/adapters/firebase/errors');
const { createBillingPort } = await import('../../src/adapters/firebase/billing');
const { configureFirebase } = await import('../../src/adapters/firebase/firebaseSettings');

beforeAll(() => configureFirebase(OFFLINE_FIREBASE_CONFIG));

beforeEach(() => resetFunctionsSdk());

const CHARGE = { siteId: 'APP', idempotencyKey: '2f1c0b9e-8a7d-4c3b-9e2f-1a0b9c8d7e6f', itemId: 'RECURRING_FEE' as const, amount: 9_900 };

async function failureOf(promise: Promise<unknown>): Promise<PortError> {
  try {
    await promise;
  } catch (error) {
    return error as PortError;
  }
  throw new Error('the call did not fail');
}

describe('a callable refusal through call', () => {
  it('named by a spec code: the spec code, and the HttpsError code beside it', async () => {
    serverThrows(sdkCallableError('failed-precondition', 'amount-mismatch'));
    expect(await failureOf(call('chargePayment', CHARGE))).toEqual({ code: 'amount-mismatch', callableCode: 'failed-precondition' });
  });

  it('while the charge is reconciled: unavailable, named charge-result-being-checked', async () => {
    serverThrows(sdkCallableError('unavailable', 'charge-result-being-checked'));
    expect(await failureOf(call('chargePayment', CHARGE))).toEqual({ code: 'charge-result-being-checked', callableCode: 'unavailable' });
  });

  it('with a domain key in the details: the key', async () => {
    serverThrows(sdkCallableError('failed-precondition', 'opaque-value-invalid', { key: 'errors.payment.profile-update-error' }));
    expect(await failureOf(call('getContactPaymentData', null))).toEqual({
      code: 'opaque-value-invalid',
      callableCode: 'failed-precondition',
      key: 'errors.payment.profile-update-error',
    });
  });

  it('with a sentence for a message: the HttpsError code, the key, and the sentence as the details message', async () => {
    serverThrows(sdkCallableError('not-found', 'Contact not found', { key: 'errors.payment.contact-not-found' }));
    expect(await failureOf(call('getContactPaymentData', null))).toEqual({
      code: 'not-found',
      callableCode: 'not-found',
      key: 'errors.payment.contact-not-found',
      detailsMessage: 'Contact not found',
    });
  });

  it("passing a card provider's refusal on: details.message and the reason code (a number on the wire) as text", async () => {
    serverThrows(sdkCallableError('failed-precondition', 'card-refused', { message: 'The credit card has expired.', reasonCode: 8 }));
    expect(await failureOf(call('getContactPaymentData', null))).toEqual({
      code: 'card-refused',
      callableCode: 'failed-precondition',
      detailsMessage: 'The credit card has expired.',
      reasonCode: '8',
    });
  });

  it('throttled: the seconds left, whole and rounded up, with the key', async () => {
    serverThrows(sdkCallableError('resource-exhausted', 'order-throttled', { key: 'credit.order-throttled', retryAfterSeconds: 10.2 }));
    expect(await failureOf(call('orderReport', null))).toEqual({
      code: 'order-throttled',
      callableCode: 'resource-exhausted',
      key: 'credit.order-throttled',
      retryAfterSeconds: 11,
    });
  });

  it('an internal failure: its reference code, and no message for the customer', async () => {
    serverThrows(sdkCallableError('internal', 'internal', { reference: 'ab12cd34' }));
    expect(await failureOf(call('getContactPaymentData', null))).toEqual({ code: 'internal', callableCode: 'internal', reference: 'ab12cd34' });
  });

  it('a request the server found malformed: invalid-argument (the issues stay on the server side of the port)', async () => {
    serverThrows(sdkCallableError('invalid-argument', 'invalid-argument', { issues: [{ path: ['amount'], code: 'too_small', message: 'Too small' }] }));
    expect(await failureOf(call('chargePayment', CHARGE))).toEqual({ code: 'invalid-argument', callableCode: 'invalid-argument' });
  });
});

describe("the SDK's own failures through call", () => {
  it('a timeout is deadline-exceeded, and the SDK’s words are never a message for the customer', async () => {
    const { FunctionsError } = await import('firebase/functions');
    serverThrows(new FunctionsError('deadline-exceeded', 'deadline-exceeded'));
    expect(await failureOf(call('chargePayment', CHARGE))).toEqual({ code: 'deadline-exceeded', callableCode: 'deadline-exceeded' });
    serverThrows(new FunctionsError('internal', 'Response is not valid JSON object.'));
    expect(await failureOf(call('chargePayment', CHARGE))).toEqual({ code: 'internal', callableCode: 'internal' });
  });

  it('no answer at all (the SDK reads HTTP status 0) is internal', async () => {
    const { FunctionsError } = await import('firebase/functions');
    serverThrows(new FunctionsError('internal', 'internal [0]'));
    expect(await failureOf(call('chargePayment', CHARGE))).toEqual({ code: 'internal', callableCode: 'internal' });
  });

  it('a response outside the contract is invalid-response; a request outside it is invalid-argument and is not sent', async () => {
    sdk.answer = async () => ({ unexpected: true });
    expect(await failureOf(call('chargePayment', CHARGE))).toEqual({ code: 'invalid-response' });
    sdk.calls.length = 0;
    expect(await failureOf(call('chargePayment', { ...CHARGE, amount: -1 }))).toEqual({ code: 'invalid-argument' });
    expect(sdk.calls).toEqual([]);
  });
});

describe('a port over call', () => {
  it('rejects with the error call made, not mapped a second time (the billing port)', async () => {
    serverThrows(sdkCallableError('unavailable', 'charge-result-being-checked'));
    const viaCall = await failureOf(call('chargePayment', CHARGE));
    const viaPort = await failureOf(createBillingPort().chargePayment(CHARGE));
    expect(viaPort).toEqual(viaCall);
    expect(sdk.calls.map(([name]) => name)).toEqual(['chargePayment', 'chargePayment']);
  });

  it('mapping a PortError again changes nothing', async () => {
    serverThrows(sdkCallableError('failed-precondition', 'card-refused', { message: 'The credit card has expired.', reasonCode: '8', key: 'k', reference: 'r1' }));
    const once = await failureOf(call('getContactPaymentData', null));
    expect(toPortError(once)).toEqual(once);
    expect(toPortError({ code: 'order-throttled', callableCode: 'resource-exhausted', retryAfterSeconds: 3 })).toEqual({
      code: 'order-throttled',
      callableCode: 'resource-exhausted',
      retryAfterSeconds: 3,
    });
  });
});

describe("the SDK error these tests throw is the one firebase-functions' HttpsError becomes on the wire", () => {
  // The functions package's own firebase-functions (the server's HttpsError): its status and JSON body are what the
  // SDK reads back into a FunctionsError.
  const requireFromFunctions = createRequire(new URL('../../functions/package.json', import.meta.url));
  const { HttpsError } = requireFromFunctions('firebase-functions/https') as {
    HttpsError: new (code: string, message: string, details?: unknown) => { httpErrorCode: { status: number }; toJSON(): { status: string; message: string; details?: unknown } };
  };

  it.each(Object.keys(HTTP_STATUS) as Exclude<CallableCode, 'ok'>[])('%s', (code) => {
    const thrown = new HttpsError(code, 'amount-mismatch', { key: 'errors.payment.profile-update-error' });
    const wire = thrown.toJSON();
    const error = sdkCallableError(code, 'amount-mismatch', { key: 'errors.payment.profile-update-error' });
    expect([error.code, error.message, error.details]).toEqual([
      `functions/${wire.status.toLowerCase().replace(/_/g, '-')}`,
      `${wire.message} [${thrown.httpErrorCode.status}]`,
      wire.details,
    ]);
  });
});
