// Settings (spec 000 §2.5, §7, §8): the full Social Security number on request, the email change request
// and its confirmation, and the security page's flags. The contact fields, the goal and the communication toggles
// travel through contact/callables.ts, userInfoCallables.ts and onboarding/callables.ts.
import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { SECURITY_FLAGS } from '../../../src/contract/settings';
import { isDelegatedSession } from '../../../src/domain/agentSession';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { isRecentSignIn, RECENT_SIGN_IN_REQUIRED_CODE } from '../../../src/domain/recentSignIn';
import { isValidEmail, normalizeEmail } from '../../../src/domain/validation';
import { db } from '../platform/admin';
import { confirmEmailChange as confirmChange, requestEmailChange } from './emailChange';
import { userByEmailOrNull, userByUidOrNull } from '../auth/users';
import { defineCallable } from '../callable/defineCallable';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { customerContactIdOf } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { crm } from '../providers';
import { EMAIL_CHANGE_REQUESTS_PER_ACCOUNT, withinRateLimit } from '../callable/rateLimit';
import { storedUserSchema } from '../platform/storedDocuments';

// ---------------------------------------------------------------------------------------------- SSN

/**
 * Refuses a sign-in older than RECENT_SIGN_IN_MAX_AGE_MS (failed-precondition 'recent-sign-in-required', with the
 * key the page shows while it asks for the password again), before anything is read or written.
 */
function assertRecentSignIn(caller: SignedInCaller): void {
  if (!isRecentSignIn(caller.authTime, Date.now())) {
    throw callableError('failed-precondition', RECENT_SIGN_IN_REQUIRED_CODE, { key: ERROR_KEYS.recentSignInRequired });
  }
}

/**
 * The customer's own full SSN, for the show toggle of the personal-info page (declared customerOnly: an agent
 * session is refused), to a recent sign-in only. Every reveal is recorded (auditLog/{uid}/entries: who, when, which
 * sign-in), never the number; every other response carries the last four digits at most.
 */
export const getSocialSecurityNumber = defineCallable('getSocialSecurityNumber', async (caller) => {
  assertRecentSignIn(caller);
  const contact = await crm().getContact(customerContactIdOf(caller));
  if (!contact) throw callableError('not-found', 'not-found');
  const digits = (contact.Social_Security_Number__c ?? '').replace(/\D/g, '');
  if (!/^\d{9}$/.test(digits)) throw callableError('failed-precondition', 'no-ssn');
  await db()
    .collection(`${COLLECTIONS.auditLog}/${caller.uid}/entries`)
    .add({ action: 'ssn-revealed', at: FieldValue.serverTimestamp(), authTime: caller.authTime, contactId: contact.Id });
  logger.info('getSocialSecurityNumber: the full SSN was shown to the customer', { uid: caller.uid });
  return { ssn: digits };
});

// ---------------------------------------------------------------------------------------------- email change

// spec 000 §8: the settings page shows these keys and reports neither (an HttpsError is never logged here).
const invalidEmail = () => callableError('invalid-argument', 'invalid-email', { key: ERROR_KEYS.settingsEmailInvalid });
const duplicateEmail = () => callableError('failed-precondition', 'duplicate-email', { key: ERROR_KEYS.settingsEmailInUse });

/**
 * Starts an email change (declared customerOnly, a recent sign-in only): the new address gets a verification link, the old one a
 * recover link; the email changes when the new address is verified (confirmEmailChange). Refused before anything
 * is written or mailed: a malformed address, the current one, one another account uses, too many requests.
 */
export const changeEmail = defineCallable('changeEmail', async (caller) => {
  const { uid, data } = caller;
  assertRecentSignIn(caller);
  const newEmail = normalizeEmail(data.newEmail);
  if (!isValidEmail(newEmail)) throw invalidEmail();
  const account = await userByUidOrNull(uid);
  if (!account?.email) throw callableError('failed-precondition', 'no-email');
  if (normalizeEmail(account.email) === newEmail) throw callableError('failed-precondition', 'same-email');
  // Counted before the lookup: the answer says whether an address has an account, so asking is limited.
  if (!(await withinRateLimit(`emailChange:${uid}`, EMAIL_CHANGE_REQUESTS_PER_ACCOUNT, 'emailChange'))) {
    throw callableError('resource-exhausted', 'rate-limited', { key: ERROR_KEYS.tooManyRequests });
  }
  if (await userByEmailOrNull(newEmail)) throw duplicateEmail();
  await requestEmailChange(uid, account.email, newEmail);
  return { ok: true, pendingEmail: newEmail };
});

/** The new address's verification link (public: it may be opened where nobody is signed in). */
export const confirmEmailChange = defineCallable('confirmEmailChange', async ({ data }) => confirmChange(data.oobCode));

// ---------------------------------------------------------------------------------------------- security flags

type SecurityFlag = (typeof SECURITY_FLAGS)[number];

/**
 * Clears one of the caller's user document's security flags; idempotent (nothing is written when it is not set).
 * The flags are the account holder's: a session of an agent or CRM user on the customer's account changes nothing.
 */
async function clearSecurityFlag({ uid, claims }: SignedInCaller, flag: SecurityFlag): Promise<{ ok: true }> {
  if (isDelegatedSession(claims, uid)) return { ok: true };
  const ref = db().collection(COLLECTIONS.users).doc(uid);
  await db().runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw callableError('not-found', 'not-found');
    const user = storedUserSchema.parse(snapshot.data());
    if (user.security?.[flag] === true) transaction.update(ref, { [`security.${flag}`]: false });
  });
  return { ok: true };
}

export const clearWeakPasswordFlag = defineCallable('clearWeakPasswordFlag', (caller) => clearSecurityFlag(caller, 'weakPassword'));
export const clearPasswordReset = defineCallable('clearPasswordReset', (caller) =>
  clearSecurityFlag(caller, 'passwordResetRequired'),
);
