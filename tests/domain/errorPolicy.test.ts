import { describe, expect, it } from 'vitest';
import { loadFailureOutcome } from '../../src/domain/errorPolicy';

// spec 000 §8: query and mutation errors show a toast unless their message is null ('errors.general-error' by
// default) and are reported unless disabled; offline errors on loads are not reported.

describe('what a failed query or mutation does', () => {
  it("shows 'errors.general-error' and reports by default", () => {
    expect(loadFailureOutcome({ kind: 'query', code: 'internal', meta: undefined, browserOffline: false })).toEqual({
      toastKey: 'errors.general-error',
      report: true,
    });
    expect(loadFailureOutcome({ kind: 'mutation', code: 'internal', meta: {}, browserOffline: false })).toEqual({
      toastKey: 'errors.general-error',
      report: true,
    });
  });

  it('shows its own message, or none when the message is null, and is still reported', () => {
    expect(loadFailureOutcome({ kind: 'mutation', code: 'internal', meta: { errorMessage: 'authorizations.error' }, browserOffline: false })).toEqual({
      toastKey: 'authorizations.error',
      report: true,
    });
    expect(loadFailureOutcome({ kind: 'query', code: 'internal', meta: { errorMessage: null }, browserOffline: false })).toEqual({
      toastKey: null,
      report: true,
    });
  });

  it('is not reported when reporting is disabled', () => {
    const outcome = loadFailureOutcome({ kind: 'mutation', code: 'duplicate-email', meta: { reportError: false }, browserOffline: false });
    expect(outcome.report).toBe(false);
  });

  it('does not report a load that failed offline (by its code, or the browser being offline), but does report a mutation', () => {
    expect(loadFailureOutcome({ kind: 'query', code: 'unavailable', meta: {}, browserOffline: false }).report).toBe(false);
    expect(loadFailureOutcome({ kind: 'query', code: 'network-request-failed', meta: {}, browserOffline: false }).report).toBe(false);
    expect(loadFailureOutcome({ kind: 'query', code: 'internal', meta: {}, browserOffline: true }).report).toBe(false);
    expect(loadFailureOutcome({ kind: 'mutation', code: 'unavailable', meta: {}, browserOffline: false }).report).toBe(true);
  });
});
