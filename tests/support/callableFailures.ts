import { FunctionsError, type FunctionsErrorCode } from 'firebase/functions';
import type { PortError } from '../../machines/ports';
import { toPortError } from '../../src/adapters/firebase/errors';

// A callable's refusal as the client meets it. The server throws `new HttpsError(code, message, details)`
// (functions/src/callable/errors.ts callableError); firebase-functions answers the HTTP status of the code with
// { error: { status: 'FAILED_PRECONDITION', message, details } }; the Functions SDK (firebase/functions
// _errorForResponse) turns that into a FunctionsError whose code is 'functions/<code>', whose message is the server's
// message followed by the status ('amount-mismatch [400]') and whose details are the server's details.
// tests/functions/billing*.test.ts see these very errors from the emulators; tests/adapters/callableErrors.test.ts
// checks the statuses below against firebase-functions' own table.

export type CallableCode = FunctionsErrorCode extends `functions/${infer Code}` ? Code : never;

/** firebase-functions' HttpsError status per code (google/rpc/code.proto). */
export const HTTP_STATUS: Record<Exclude<CallableCode, 'ok'>, number> = {
  cancelled: 499,
  unknown: 500,
  'invalid-argument': 400,
  'deadline-exceeded': 504,
  'not-found': 404,
  'already-exists': 409,
  'permission-denied': 403,
  unauthenticated: 401,
  'resource-exhausted': 429,
  'failed-precondition': 400,
  aborted: 409,
  'out-of-range': 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  'data-loss': 500,
};

/** What the SDK throws when the server threw `new HttpsError(code, message, details)`. */
export function sdkCallableError(code: Exclude<CallableCode, 'ok'>, message: string, details?: Record<string, unknown>): FunctionsError {
  return new FunctionsError(code, `${message} [${HTTP_STATUS[code]}]`, details);
}

/** The PortError `call` rejects with for that refusal (what a machine's actor sees). */
export function callableRefusal(code: Exclude<CallableCode, 'ok'>, message: string, details?: Record<string, unknown>): PortError {
  return toPortError(sdkCallableError(code, message, details));
}

/**
 * The billing refusals as the server throws them (spec 001 §4 "Payment flow", §8):
 * - functions/src/billing/charge.ts: the card gateway's answer was lost and the charge is being reconciled
 *   (`beingChecked`); what is due is not what the page asked to pay (chargeOnce's claim transaction);
 * - functions/src/billing/profile.ts: the gateway refused the card's opaque value (saveCardOnFile);
 * - functions/src/billing/callables.ts: the CRM has no such contact (updateCustomerPaymentProfile).
 */
export const SERVER_BILLING_REFUSALS = {
  chargeResultBeingChecked: ['unavailable', 'charge-result-being-checked'],
  chargeInProgress: ['aborted', 'charge-in-progress'],
  amountMismatch: ['failed-precondition', 'amount-mismatch'],
  nothingDue: ['failed-precondition', 'nothing-due'],
  opaqueValueInvalid: ['failed-precondition', 'opaque-value-invalid', { key: 'errors.payment.profile-update-error' }],
  contactNotFound: ['not-found', 'Contact not found', { key: 'errors.payment.contact-not-found' }],
} as const satisfies Record<string, readonly [Exclude<CallableCode, 'ok'>, string, Record<string, unknown>?]>;

export type ServerBillingRefusal = keyof typeof SERVER_BILLING_REFUSALS;

export function sdkBillingError(refusal: ServerBillingRefusal): FunctionsError {
  const [code, message, details] = SERVER_BILLING_REFUSALS[refusal] as readonly [Exclude<CallableCode, 'ok'>, string, Record<string, unknown>?];
  return sdkCallableError(code, message, details);
}

export function billingRefusal(refusal: ServerBillingRefusal): PortError {
  return toPortError(sdkBillingError(refusal));
}
