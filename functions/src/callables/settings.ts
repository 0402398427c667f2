// Settings (spec 000 §2.5, §7, §8; issue 14): the full Social Security number on request, the email change request
// and its confirmation, and the security page's flags. The contact fields, the goal and the communication toggles
// travel through ./contact.ts, ./userInfo.ts and ./onboarding.ts.
import type { SECURITY_FLAGS } from '../../../src/contract/settings';
import { isDelegatedSession } from '../../../src/domain/agentSession';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { isValidEmail, normalizeEmail } from '../../../src/domain/validation';
import { db } from '../admin';
import { confirmEmailChange as confirmChange, requestEmailChange } from '../auth/emailChange';
import { userByEmailOrNull, userByUidOrNull } from '../auth/users';
import { callableError, defineCallable, type SignedInCaller } from '../callable';
import { customerContactIdOf } from '../client';
import { COLLECTIONS } from '../collections';
import { crm } from '../providers';
import { EMAIL_CHANGE_REQUESTS_PER_ACCOUNT, withinRateLimit } from '../rateLimit';
import { storedUserSchema } from '../storedDocuments';

// ---------------------------------------------------------------------------------------------- SSN

/**
 * The customer's own full SSN, for the show toggle of the personal-info page (declared customerOnly: an agent
 * session is refused). Never logged; every other response carries the last four digits at most.
 */
export const getSocialSecurityNumber = defineCallable('getSocialSecurityNumber', async (caller) => {
  const contact = await crm().getContact(customerContactIdOf(caller));
  if (!contact) throw callableError('not-found', 'not-found');
  const digits = (contact.Social_Security_Number__c ?? '').replace(/\D/g, '');
  if (!/^\d{9}$/.test(digits)) throw callableError('failed-precondition', 'no-ssn');
  return { ssn: digits };
});

// ---------------------------------------------------------------------------------------------- email change

// spec 000 §8: the settings page shows these keys and reports neither (an HttpsError is never logged here).
const invalidEmail = () => callableError('invalid-argument', 'invalid-email', { key: ERROR_KEYS.settingsEmailInvalid });
const duplicateEmail = () => callableError('failed-precondition', 'duplicate-email', { key: ERROR_KEYS.settingsEmailInUse });

/**
 * Starts an email change (declared customerOnly): the new address gets a verification link, the old one a
 * recover link; the email changes when the new address is verified (confirmEmailChange). Refused before anything
 * is written or mailed: a malformed address, the current one, one another account uses, too many requests.
 */
export const changeEmail = defineCallable('changeEmail', async ({ uid, data }) => {
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
