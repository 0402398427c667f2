import type { PortError } from '../../../machines/ports';

// Firebase errors become plain PortErrors at the adapter boundary (machines/ports.ts), once: `call` maps a
// callable's failure here and every port passes that error on as it is (ARCHITECTURE.md "Data": errors are mapped
// once, in `call`). From the SDK's FunctionsError it keeps:
// - `code`: the spec code the server sent as the message ('no-customer-contact-id', spec 000 §8), else the
//   HttpsError code without the 'functions/' prefix; an identity provider's code as is ('auth/wrong-password');
// - `callableCode`: the HttpsError code itself ('failed-precondition', 'unavailable');
// - from the details: `key`, `reference`, `retryAfterSeconds` (a throttled call, spec 001 §5), `reasonCode` (a card
//   provider's reason) and `detailsMessage` (details.message, or the server's message when it is a sentence, not a
//   code: the text that overrides the profile update's, spec 001 §8).
// Mapping a PortError again changes nothing.

const SPEC_CODE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;
const CALLABLE_PREFIX = 'functions/';

interface FirebaseErrorLike {
  code: string;
  message?: unknown;
  details?: unknown;
}

function isFirebaseErrorLike(error: unknown): error is FirebaseErrorLike {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null && name in source ? (source as Record<string, unknown>)[name] : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A provider's reason code travels as a number or a string ('8', 8); the port keeps a string. */
function reasonCodeText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return text(value);
}

function wholeSeconds(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

/** The optional fields of a PortError read from `source` (an HttpsError's details, or a PortError itself). */
function portErrorFields(source: unknown): Omit<PortError, 'code'> {
  const fields: Omit<PortError, 'code'> = {};
  const key = text(field(source, 'key'));
  if (key !== undefined) fields.key = key;
  const reference = text(field(source, 'reference'));
  if (reference !== undefined) fields.reference = reference;
  const retryAfterSeconds = wholeSeconds(field(source, 'retryAfterSeconds'));
  if (retryAfterSeconds !== undefined) fields.retryAfterSeconds = retryAfterSeconds;
  const reasonCode = reasonCodeText(field(source, 'reasonCode'));
  if (reasonCode !== undefined) fields.reasonCode = reasonCode;
  return fields;
}

/** The SDK's message of a server's answer: the server's message, then the HTTP status ('amount-mismatch [400]'). */
const SERVER_MESSAGE = /^(.*?)\s*\[\d{3}\]$/s;

function fromCallable(error: FirebaseErrorLike): PortError {
  const callableCode = error.code.slice(CALLABLE_PREFIX.length);
  const raw = typeof error.message === 'string' ? error.message.trim() : '';
  const fromServer = SERVER_MESSAGE.exec(raw);
  const message = (fromServer?.[1] ?? raw).trim();
  const specCode = SPEC_CODE.test(message) ? message : undefined;
  const result: PortError = { code: specCode ?? callableCode, callableCode, ...portErrorFields(error.details) };
  // A sentence the server sent (not a code, not the SDK's stand-in when the answer named none). The SDK's own
  // failures ('Response is not valid JSON object.', a timeout) carry no HTTP status and are never shown as one.
  const sentence =
    fromServer && specCode === undefined && message !== '' && message.toLowerCase() !== callableCode && !/backend error status/i.test(message)
      ? message
      : undefined;
  const detailsMessage = text(field(error.details, 'message')) ?? sentence;
  if (detailsMessage !== undefined) result.detailsMessage = detailsMessage;
  return result;
}

export function toPortError(error: unknown): PortError {
  if (!isFirebaseErrorLike(error)) {
    return { code: error instanceof TypeError ? 'network-request-failed' : 'unknown' };
  }
  if (error.code.startsWith(CALLABLE_PREFIX)) return fromCallable(error);
  // An identity provider's error carries none of these; a PortError mapped before keeps all of them.
  const result: PortError = { code: error.code, ...portErrorFields(error) };
  const callableCode = text(field(error, 'callableCode'));
  if (callableCode !== undefined) result.callableCode = callableCode;
  const detailsMessage = text(field(error, 'detailsMessage'));
  if (detailsMessage !== undefined) result.detailsMessage = detailsMessage;
  return result;
}

/** Runs an SDK call and turns its failure into a PortError. */
export async function withPortErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPortError(error);
  }
}

/** The adapters' name for the one PortError (machines/ports.ts): the same type, no fields of its own. */
export type AdapterError = PortError;
