import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_ERROR_KEYS, ERROR_KEYS, ERROR_OVERFLOW_MESSAGE, ERROR_TEXT_EN, NON_RETRYABLE_ERROR_CODES, errorKeyFor, failureMessageFor, isRetryableError, type ErrorTable } from '../../src/domain/errors';

describe('retrying errors', () => {
  it('does not retry contact-id, invalid-argument, not-found and unimplemented errors', () => {
    for (const code of NON_RETRYABLE_ERROR_CODES) expect(isRetryableError(code)).toBe(false);
    expect(NON_RETRYABLE_ERROR_CODES).toEqual([
      'no-contact-id',
      'no-customer-contact-id',
      'no-partner-contact-id',
      'invalid-argument',
      'not-found',
      'unimplemented',
    ]);
  });

  it('reads Firebase-prefixed codes', () => {
    expect(isRetryableError('functions/not-found')).toBe(false);
    expect(isRetryableError('functions/unavailable')).toBe(true);
  });

  it('retries everything else, including an unknown error', () => {
    expect(isRetryableError('internal')).toBe(true);
    expect(isRetryableError('deadline-exceeded')).toBe(true);
    expect(isRetryableError(undefined)).toBe(true);
  });
});

describe('error catalogue', () => {
  it('keeps the keys the spec names verbatim', () => {
    expect(ERROR_KEYS).toMatchObject({
      passwordRequirements: 'password-requirements',
      settingsEmailInUse: 'errors.settings.email-in-use',
      settingsEmailInvalid: 'errors.settings.email-invalid',
      contractNotFound: 'errors.settings.contract-not-found',
      ssnInvalid: 'errors.field-validation.ssn-invalid',
      supportUnableToSend: 'support.unable-to-send',
      errorUpdating: 'intake.errors.error-updating',
      authorizationsError: 'authorizations.error',
      generalError: 'errors.general-error',
      coachNotPermitted: 'coach.toast.not-permitted',
    });
  });

  it('has English text for every key, with the spec wording for literal messages', () => {
    expect(Object.values(ERROR_KEYS).every((key) => ERROR_TEXT_EN[key].length > 0)).toBe(true);
    expect(ERROR_TEXT_EN[ERROR_KEYS.claimsInvalid]).toBe('Authentication error: custom claims');
    expect(ERROR_TEXT_EN[ERROR_KEYS.wrongPassword]).toBe(
      'Unable to authenticate. Please check your password and try again.',
    );
    expect(ERROR_TEXT_EN[ERROR_KEYS.agentLaunchFailed]).toBe(
      'Unable to launch. Record the following reference code and contact us for assistance. Code: {{code}}.',
    );
  });

  it('maps the email change codes to their settings keys', () => {
    expect(EMAIL_CHANGE_ERROR_KEYS['duplicate-email']).toBe('errors.settings.email-in-use');
    expect(EMAIL_CHANGE_ERROR_KEYS['invalid-email']).toBe('errors.settings.email-invalid');
  });

  it('words the error-report overflow line as the spec does', () => {
    expect(ERROR_OVERFLOW_MESSAGE).toBe('Too many errors. Some messages were omitted.');
    expect(ERROR_TEXT_EN[ERROR_KEYS.errorOverflow]).toBe(ERROR_OVERFLOW_MESSAGE);
  });
});

describe('error codes to message keys', () => {
  const table: ErrorTable = [
    [['not-found', 'auth/user-not-found'], ERROR_KEYS.resetEmailNotFound],
    [['invalid-argument'], ERROR_KEYS.resetInvalidEmail],
    [['auth/user-not-found'], ERROR_KEYS.userDeleted],
  ];

  it('gives the key of the first row that names the code', () => {
    expect(errorKeyFor('not-found', table, ERROR_KEYS.resetRequestFailed)).toBe(ERROR_KEYS.resetEmailNotFound);
    expect(errorKeyFor('invalid-argument', table, ERROR_KEYS.resetRequestFailed)).toBe(ERROR_KEYS.resetInvalidEmail);
    expect(errorKeyFor('auth/user-not-found', table, ERROR_KEYS.resetRequestFailed)).toBe(ERROR_KEYS.resetEmailNotFound);
  });

  it('falls back for a code no row names, or no code', () => {
    expect(errorKeyFor('internal', table, ERROR_KEYS.resetRequestFailed)).toBe(ERROR_KEYS.resetRequestFailed);
    expect(errorKeyFor('functions/not-found', table, ERROR_KEYS.resetRequestFailed)).toBe(ERROR_KEYS.resetRequestFailed);
    expect(errorKeyFor(null, table, ERROR_KEYS.wrongPassword)).toBe(ERROR_KEYS.wrongPassword);
    expect(errorKeyFor('internal', table, null)).toBeNull();
  });

  it('keeps the code only for the reference-code fallback', () => {
    expect(failureMessageFor('not-found', table, ERROR_KEYS.resetRequestFailed)).toEqual({ key: ERROR_KEYS.resetEmailNotFound, code: null });
    expect(failureMessageFor('internal', table, ERROR_KEYS.resetRequestFailed)).toEqual({ key: ERROR_KEYS.resetRequestFailed, code: 'internal' });
  });
});
