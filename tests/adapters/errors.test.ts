import { describe, expect, it } from 'vitest';
import { toPortError } from '../../src/adapters/firebase/errors';

const callableError = (code: string, message: string, details?: unknown) => Object.assign(new Error(message), { code, details });

describe('Firebase errors at the adapter boundary', () => {
  it("reads the spec code a callable sent as its message, with firebase 12's status suffix", () => {
    expect(toPortError(callableError('functions/failed-precondition', 'no-customer-contact-id [400]')).code).toBe('no-customer-contact-id');
  });

  it('falls back to the HttpsError code when the message is prose', () => {
    expect(toPortError(callableError('functions/internal', 'Something went wrong. [500]')).code).toBe('internal');
  });

  it('carries the error key and the reference code from the details', () => {
    const error = toPortError(callableError('functions/permission-denied', 'not-permitted [403]', { key: 'coach.toast.not-permitted', reference: 'AB12CD34' }));
    expect(error).toEqual({ code: 'not-permitted', callableCode: 'permission-denied', key: 'coach.toast.not-permitted', reference: 'AB12CD34' });
  });

  it('keeps identity provider codes as they are', () => {
    expect(toPortError(callableError('auth/wrong-password', 'Firebase: Error (auth/wrong-password).')).code).toBe('auth/wrong-password');
  });

  it('reports a failed fetch as a network failure', () => {
    expect(toPortError(new TypeError('Failed to fetch')).code).toBe('network-request-failed');
  });
});
