import type { PortError } from '../../../machines/ports';

// Firebase errors become plain PortErrors at the adapter boundary (machines/ports.ts): the identity provider's
// code as is ('auth/wrong-password'), a callable's HttpsError code without the 'functions/' prefix, or the spec
// code the server sent as the message ('no-customer-contact-id', spec 000 §8), plus details.key when present and
// details.retryAfterSeconds of a throttled call (orderReport's resource-exhausted, spec 001 §5).

const SPEC_CODE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;

interface FirebaseErrorLike {
  code: string;
  message?: unknown;
  details?: unknown;
}

function isFirebaseErrorLike(error: unknown): error is FirebaseErrorLike {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

function detailString(details: unknown, field: 'key' | 'reference'): string | undefined {
  if (typeof details !== 'object' || details === null || !(field in details)) return undefined;
  const value = (details as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

export interface AdapterError extends PortError {
  /** The server's reference code for an internal failure, shown in 'Code: {code}' messages when present. */
  reference?: string;
  /** A throttled call: whole seconds until the server accepts it again. */
  retryAfterSeconds?: number;
}

function detailSeconds(details: unknown): number | undefined {
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return undefined;
  const value = (details as Record<string, unknown>).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

export function toPortError(error: unknown): AdapterError {
  if (!isFirebaseErrorLike(error)) {
    return { code: error instanceof TypeError ? 'network-request-failed' : 'unknown' };
  }
  const result: AdapterError = { code: error.code };
  if (error.code.startsWith('functions/')) {
    const bare = error.code.slice('functions/'.length);
    // firebase 12 appends the HTTP status to a callable's message ('no-customer-contact-id [412]').
    const message = typeof error.message === 'string' ? error.message.replace(/\s*\[\d{3}\]$/, '') : '';
    result.code = SPEC_CODE.test(message) ? message : bare;
    const key = detailString(error.details, 'key');
    if (key) result.key = key;
    const reference = detailString(error.details, 'reference');
    if (reference) result.reference = reference;
    const retryAfterSeconds = detailSeconds(error.details);
    if (retryAfterSeconds !== undefined) result.retryAfterSeconds = retryAfterSeconds;
  }
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
