// The product-wide error and message catalogue (spec 000 §8; keys from spec 001 §8 and 002 §8 where shared).
// Keys the spec names are used verbatim; for the spec's literal messages we chose stable `auth.*` / `errors.*`
// keys. `ERROR_TEXT_EN` holds the spec's English wording, with i18next `{{placeholders}}`.

export const ERROR_KEYS = {
  // Claims and sessions (spec 000 §4.1, §2.2, §8)
  claimsInvalid: 'auth.errors.claims-invalid',
  crmUserNotFound: 'auth.errors.crm-user-not-found',
  crmViewInAdminConsole: 'auth.errors.crm-view-in-admin-console',
  crmSessionInvalid: 'auth.errors.crm-session-invalid',
  agentLaunchFailed: 'auth.errors.agent-launch-failed',
  sessionNotRegistered: 'auth.errors.session-not-registered',
  sessionExpired: 'auth.errors.session-expired',

  // Sign-in and single sign-on (spec 000 §8)
  wrongPassword: 'auth.errors.wrong-password',
  userDeleted: 'auth.errors.user-deleted',
  signInFailed: 'auth.errors.sign-in-failed',
  ssoOnlyAccount: 'auth.errors.sso-only-account',
  ssoOnlyAccountMany: 'auth.errors.sso-only-account-many',
  tooManyAttempts: 'auth.errors.too-many-attempts',
  ssoUserMismatch: 'auth.errors.sso-user-mismatch',
  ssoSignInFailed: 'auth.errors.sso-sign-in-failed',
  ssoSignUpFailed: 'auth.errors.sso-sign-up-failed',

  // Sign-up (spec 000 §8)
  emailInUse: 'auth.errors.email-in-use',
  createAccountFailed: 'auth.errors.create-account-failed',

  // Password reset request and reset page (spec 000 §4.4, §8)
  resetInvalidEmail: 'auth.errors.reset-invalid-email',
  resetEmailNotFound: 'auth.errors.reset-email-not-found',
  resetRequestFailed: 'auth.errors.reset-request-failed',
  resetLinkSent: 'auth.reset.link-sent',
  resetLinkExpired: 'auth.errors.reset-link-expired',
  resetLinkInvalid: 'auth.errors.reset-link-invalid',
  resetFailed: 'auth.errors.reset-failed',
  resetClickEmailLinkAgain: 'auth.errors.reset-click-email-link-again',
  signInAfterResetFailed: 'auth.errors.sign-in-after-reset-failed',
  passwordInvalidFormat: 'auth.errors.password-invalid-format',
  verificationSent: 'auth.verify.verification-sent',
  verifyLinkExpired: 'auth.errors.verify-link-expired',
  badRequest: 'auth.errors.bad-request',

  // Recover email (spec 000 §4.5, §8)
  recoverEmailInUse: 'auth.errors.recover-email-in-use',
  recoverEmailExpired: 'auth.errors.recover-email-expired',
  recoverEmailNotFound: 'auth.errors.recover-email-not-found',

  // Password change and settings (spec 000 §8)
  passwordRequirements: 'password-requirements',
  passwordUpdated: 'auth.password.updated',
  passwordChangeFailed: 'auth.errors.password-change-failed',
  settingsEmailInUse: 'errors.settings.email-in-use',
  settingsEmailInvalid: 'errors.settings.email-invalid',
  contractNotFound: 'errors.settings.contract-not-found',
  // The full SSN and an email change need a recent sign-in: the page asks for the password again.
  recentSignInRequired: 'errors.settings.recent-sign-in-required',

  // Billing and payments (spec 001 §8, spec 002 §8)
  requestCancellationError: 'errors.request-cancellation-error',
  creditReportDownloadError: 'errors.update-payment.credit-report-download-error',
  paymentProfileUpdateError: 'errors.payment.profile-update-error',
  paymentContactNotFound: 'errors.payment.contact-not-found',
  paymentTaskError: 'errors.payment.task-error',
  paymentDuplicateLockout: 'errors.payment.duplicate-lockout',

  // Field validation (spec 000 §5; spec 001 §5)
  emailInvalid: 'errors.field-validation.email-invalid',
  passwordRequired: 'errors.field-validation.password-required',
  agreementRequired: 'errors.field-validation.agreement-required',
  ssnInvalid: 'errors.field-validation.ssn-invalid',
  phoneInvalid: 'errors.field-validation.phone-invalid',
  zipInvalid: 'errors.field-validation.zip-invalid',
  birthdateInvalid: 'errors.field-validation.birthdate-invalid',
  addressFieldTooLong: 'errors.field-validation.address-field-too-long',
  stateInvalid: 'errors.field-validation.state-invalid',
  supportDescriptionLength: 'errors.field-validation.support-description-length',
  mustBeAmount: 'global.must-be-amount',
  mustBeMoreThanZero: 'global.must-be-more-than-zero',
  mustBePositive: 'global.must-be-positive',
  // Video and translation (spec 001 §8): the walkthrough video did not load; the page was remounted after the
  // browser's translation broke it.
  errorLoadingVideo: 'global.error-loading-video',
  errorBrowserTranslate: 'global.error-browser-translate',

  // Areas (spec 000 §8; spec 001 §8; spec 002 §8)
  identityWidgetFailed: 'errors.unable-to-retrieve-component',
  supportUnableToSend: 'support.unable-to-send',
  errorUpdating: 'intake.errors.error-updating',
  // The Disputes step waited INTAKE_REPORT_WAIT_MS for the credit report (functions/src/onboarding/creditPull.ts restarts it).
  reportWaitTimedOut: 'intake.errors.report-wait-timed-out',
  authorizationsError: 'authorizations.error',
  generalError: 'errors.general-error',
  // A public callable's budget per caller address is spent (functions/src/callable/rateLimit.ts).
  tooManyRequests: 'errors.too-many-requests',
  coachNotPermitted: 'coach.toast.not-permitted',
  coachDisputesNotSubmitted: 'coach.toast.disputes-not-submitted',
  premiumOnly: 'degraded-access.disputes.premium-only',
  coachCantConnect: 'money.coach-cant-connect',
  // Disputes (spec 001 §8).
  disputesStepError: 'errors.disputes-step-error',
  submitDisputesError: 'errors.submit-disputes-error',
  startDisputesChallengeError: 'errors.start-disputes-challenge-error',
  setDniError: 'errors.set-dni-error',
  completeActionError: 'errors.complete-action-error',
  // Documents (spec 001 §8, spec 002 §8).
  filePermissionDenied: 'errors.file-permission-denied',
  createDocumentError: 'errors.create-document-error',
  deleteDocumentError: 'errors.delete-document-error',
  documentProcessing: 'errors.document-processing',
  errorOverflow: 'errors.error-overflow',
  // Developer tools and test plans (spec 001 §2, §3; functions/src/devTools/callables.ts, setUser.ts).
  devToolsNotInProduction: 'errors.dev-tools.not-available-in-production',
  devToolsDeveloperOnly: 'errors.dev-tools.developer-only',
  testPlanNotFound: 'errors.dev-tools.test-plan-not-found',
  testPlanWrongStep: 'errors.dev-tools.wrong-step',
} as const;

export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

const REFERENCE_CODE = 'Record the following reference code and contact us for assistance. Code: {{code}}.';

/** The spec's English wording for each key (the i18n English texts follow it). */
export const ERROR_TEXT_EN: Record<ErrorKey, string> = {
  'auth.errors.claims-invalid': 'Authentication error: custom claims',
  'auth.errors.crm-user-not-found': 'This user has not yet created an account in the app.',
  'auth.errors.crm-view-in-admin-console': 'View in Admin Console',
  'auth.errors.crm-session-invalid':
    'Your session has expired or is invalid. Please link again from salesforce, or sign in with your app account.',
  'auth.errors.agent-launch-failed': `Unable to launch. ${REFERENCE_CODE}`,
  'auth.errors.session-not-registered': 'This user has not yet created an account in the app.',
  'auth.errors.session-expired': 'Your session has expired. Please sign in again.',
  'auth.errors.wrong-password': 'Unable to authenticate. Please check your password and try again.',
  'auth.errors.user-deleted': `Unable to authenticate. This account is no longer active. ${REFERENCE_CODE}`,
  'auth.errors.sign-in-failed': `Unable to authenticate. ${REFERENCE_CODE}`,
  'auth.errors.sso-only-account':
    'Your account has been configured to sign in with {{provider}}. Please use the {{provider}} button to sign in.',
  'auth.errors.sso-only-account-many':
    'Your account has been configured to sign in with {{provider}}. Please use the desired provider button to sign in.',
  'auth.errors.too-many-attempts':
    "You've exceeded the maximum number of sign-in attempts. Please try again momentarily.",
  'auth.errors.sso-user-mismatch':
    'The {{provider}} account you selected is not linked to this app account. Try again with a different account.',
  'auth.errors.sso-sign-in-failed': `Unable to sign in. ${REFERENCE_CODE}`,
  'auth.errors.sso-sign-up-failed': `Unable to sign up. ${REFERENCE_CODE}`,
  'auth.errors.email-in-use': 'This email is already in use. Sign in instead or use a different email address.',
  'auth.errors.create-account-failed': `Unable to create account. ${REFERENCE_CODE}`,
  'auth.errors.reset-invalid-email': 'Provide a valid email address.',
  'auth.errors.reset-email-not-found': 'This email does not exist in the system.',
  'auth.errors.reset-request-failed': `Unable to reset password. ${REFERENCE_CODE}`,
  'auth.reset.link-sent': 'Reset link sent',
  'auth.errors.reset-link-expired': 'The password reset link has expired.',
  'auth.errors.reset-link-invalid': 'This password reset link is no longer valid.',
  'auth.errors.reset-failed': `Unable to reset password. ${REFERENCE_CODE}`,
  'auth.errors.reset-click-email-link-again': 'Something went wrong. Please click the email link again.',
  'auth.errors.sign-in-after-reset-failed': `Unable to authenticate. ${REFERENCE_CODE}`,
  'auth.errors.password-invalid-format': 'Invalid password format.',
  'auth.verify.verification-sent':
    'We sent you an email verification link! If you do not see it in your inbox, please check your spam folder.',
  'auth.errors.verify-link-expired': 'Need a new link?',
  'auth.errors.bad-request': '400 Error - Bad request',
  'auth.errors.recover-email-in-use':
    'The email address you are trying to restore is already in use. Contact us if this is unexpected.',
  'auth.errors.recover-email-expired': 'This link has expired.',
  'auth.errors.recover-email-not-found': 'This link is no longer valid.',
  'password-requirements':
    'Password must contain one lowercase letter, one uppercase letter, one number, one special character ' +
    'and at least eight characters.',
  'auth.password.updated': 'Password updated successfully',
  'auth.errors.password-change-failed': `Unable to set password. ${REFERENCE_CODE}`,
  'errors.settings.email-in-use': 'This email is already in use.',
  'errors.settings.email-invalid': 'Invalid email format',
  'errors.settings.contract-not-found': 'Your contract could not be found.',
  'errors.settings.recent-sign-in-required': 'For your security, please sign in again: enter your password to continue.',
  'errors.request-cancellation-error': 'We could not send your cancellation request. Please try again or call us.',
  'errors.update-payment.credit-report-download-error': 'We could not download your credit reports. Please try again.',
  'errors.payment.profile-update-error': 'error updating payment profile',
  'errors.payment.contact-not-found': 'Contact not found',
  'errors.payment.task-error': 'error creating payment task',
  'errors.payment.duplicate-lockout':
    'To protect your account from fraud, we limit the number of attempts allowed within a certain timeframe. Please try again in {{minutes}} Minute {{seconds}} Seconds.',
  'errors.field-validation.email-invalid': 'Invalid email format',
  'errors.field-validation.password-required': 'Enter your password.',
  'errors.field-validation.agreement-required': 'Please agree to continue.',
  'errors.field-validation.ssn-invalid': 'Enter a valid 9-digit social security number.',
  'errors.field-validation.phone-invalid': 'Phone number must be in the format: 000-000-0000',
  'errors.field-validation.zip-invalid': 'ZIP Code must be in the format: 12345 or 12345-6789',
  'errors.field-validation.birthdate-invalid': 'Birthdate must be between 12 and 120 years ago.',
  'errors.field-validation.address-field-too-long': 'Must be at most 255 characters.',
  'errors.field-validation.state-invalid': 'Select a state.',
  'errors.field-validation.support-description-length': 'Description must be between 4 and 500 characters.',
  'global.must-be-amount': 'must be an amount',
  'global.must-be-more-than-zero': 'must be more than 0',
  'global.must-be-positive': 'must be positive',
  'global.error-loading-video': 'We could not load this video. Check your connection and try again.',
  'global.error-browser-translate':
    "Your browser's translation interfered with this page, so we reloaded it. To read the app in Spanish, use its language switch; for other languages, turn off your browser's translation if something looks wrong.",
  'errors.unable-to-retrieve-component':
    'Unable to retrieve {{name}}. Record the following reference code and contact us for assistance. Code: unable-to-retrieve-component.',
  'support.unable-to-send': 'Unable to send your request. Please try again.',
  'intake.errors.error-updating': 'There was an error updating. Please try again.',
  'intake.errors.report-wait-timed-out': 'Your credit report is taking longer than usual. Please try again.',
  'authorizations.error': 'Unable to update authorizations. Please try again.',
  'errors.general-error': 'Something went wrong. Please try again.',
  'errors.too-many-requests': 'Too many requests from your connection. Please wait a few minutes and try again.',
  'coach.toast.not-permitted': 'Not permitted: client actions are not allowed for this session.',
  'coach.toast.disputes-not-submitted':
    'Disputes were not submitted: client actions are not allowed for this session.',
  'degraded-access.disputes.premium-only': 'Disputes are available with a premium subscription.',
  'money.coach-cant-connect': 'Coaches cannot connect accounts on behalf of a client.',
  'errors.disputes-step-error': 'We could not submit your disputes. Your answers are kept; please review this step and try again.',
  'errors.submit-disputes-error': 'We could not submit your disputes. Please try again.',
  'errors.start-disputes-challenge-error': 'We could not start this challenge. Please try again.',
  'errors.set-dni-error': 'We could not cancel this challenge. Please try again.',
  'errors.complete-action-error': 'We could not complete this action. Please try again.',
  'errors.file-permission-denied': 'We could not read this file. Check that it is not open in another app and that this browser may read it, then choose it again.',
  'errors.create-document-error': 'We could not save your document. Your file is kept; please try again.',
  'errors.delete-document-error': 'We could not delete this document. Please try again.',
  'errors.document-processing': 'This document is still being processed. It can be opened once processing is done, usually within a minute.',
  'errors.error-overflow': 'Too many errors. Some messages were omitted.',
  'errors.dev-tools.not-available-in-production': 'Developer tools are not available in production.',
  'errors.dev-tools.developer-only': 'Only developers can run test plans.',
  'errors.dev-tools.test-plan-not-found': 'This test plan does not exist or is deprecated.',
  'errors.dev-tools.wrong-step': 'This is not the current step of your test plan. Reload the plan and try again.',
};

/**
 * Which message a failure code shows: rows of codes and the key they show, first row that names the code wins.
 * Codes are bare ('not-found', 'auth/user-disabled'): the Firebase adapter strips the 'functions/' prefix.
 */
export type ErrorTable = readonly (readonly [codes: readonly string[], key: ErrorKey])[];

/** The key `table` gives `code`, or `fallback` when no row names it. */
export function errorKeyFor<Fallback extends ErrorKey | null>(
  code: string | null,
  table: ErrorTable,
  fallback: Fallback,
): ErrorKey | Fallback {
  if (code === null) return fallback;
  return table.find(([codes]) => codes.includes(code))?.[1] ?? fallback;
}

/**
 * A failure's message: the key `table` gives `code` (a message of its own, without a code), or `fallback` (a
 * reference-code message, spec 000 §8) with the code.
 */
export function failureMessageFor(code: string, table: ErrorTable, fallback: ErrorKey): { key: ErrorKey; code: string | null } {
  const key = errorKeyFor(code, table, null);
  return key === null ? { key: fallback, code } : { key, code: null };
}

/** Email change error codes from the server and the keys they show (spec 000 §8; neither is reported). */
export const EMAIL_CHANGE_ERROR_KEYS = {
  'duplicate-email': ERROR_KEYS.settingsEmailInUse,
  'invalid-email': ERROR_KEYS.settingsEmailInvalid,
} as const;

/** Query and mutation errors with these codes are not retried (spec 000 §8; ARCHITECTURE.md Data). */
export const NON_RETRYABLE_ERROR_CODES = [
  'no-contact-id',
  'no-customer-contact-id',
  'no-partner-contact-id',
  'invalid-argument',
  'not-found',
  'unimplemented',
] as const;
export type NonRetryableErrorCode = (typeof NON_RETRYABLE_ERROR_CODES)[number];

/**
 * Accepts a bare code ('not-found'), a Firebase-prefixed one ('functions/not-found') or a message that is
 * itself one of the codes (the server sends 'no-customer-contact-id' as a message).
 */
export function isRetryableError(code: string | null | undefined): boolean {
  if (!code) return true;
  const bare = code.trim().replace(/^[a-z]+\//, '');
  return !(NON_RETRYABLE_ERROR_CODES as readonly string[]).includes(bare);
}

/** Appended to an error-report batch that had to drop messages (spec 000 §9). */
export const ERROR_OVERFLOW_MESSAGE = 'Too many errors. Some messages were omitted.';
