// Accounts before and around sign-in (spec 000 §4.3-§4.5, §7, §8).
import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { HttpsError } from 'firebase-functions/v2/https';
import { singleSignOnProviderSchema } from '../../../src/contract/callables';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { singleSignOnProviders } from '../../../src/domain/flags';
import { normalizeEmail } from '../../../src/domain/validation';
import { auth, db } from '../platform/admin';
import { appActionLink, isUsableDocumentId, oobCodeFromLink } from '../auth/actionLinks';
import { lookUpResetCode, resetRecordId } from './resetCodes';
import { hasAuthCode, userByEmailOrNull, userByUidOrNull } from '../auth/users';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { setClaims } from '../auth/claims';
import { COLLECTIONS } from '../platform/collections';
import { DEFAULT_PRODUCT_LINE, EMAIL_RECOVERY_LINK_TTL_MS, PASSWORD_RESET_LINK_TTL_MS, SITE_ID, TENANT_ID } from '../platform/config';
import { crm, mail } from '../providers';
import { budgetKeys, RESET_MAILS_PER_EMAIL, RESET_MAILS_PER_REQUESTER_AND_ACCOUNT, withinRateLimits } from '../callable/rateLimit';
import { storedEmailRecoverySchema, storedPasswordResetSchema, storedUserSchema } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';
import { serverFlags } from '../platform/featureFlags';
import { bindVerifiedContact } from '../shell/contactBinding';

async function sendVerificationEmail(email: string): Promise<void> {
  const oobCode = oobCodeFromLink(await auth().generateEmailVerificationLink(email));
  await mail().send({ to: email, kind: 'verifyEmail', oobCode, link: appActionLink('verifyEmail', oobCode, email) });
}

/** How long after the provider sign-in its token is still taken (the page sends it at once). */
const SSO_TOKEN_MAX_AGE_MS = 5 * 60 * 1_000;

/** Firestore's ALREADY_EXISTS (gRPC code 6): the document was created by another attempt. */
function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 6 || error.code === 'already-exists');
}

const emailInUse = () => callableError('already-exists', 'already-exists', { key: ERROR_KEYS.emailInUse });

/** The customer's user document, as a sign-up makes it (spec 000 §3). */
function newCustomerDocument(uid: string, email: string) {
  const now = Timestamp.now();
  return {
    id: uid,
    siteId: SITE_ID,
    tenantId: TENANT_ID,
    role: 'customer' as const,
    email,
    enrollmentDate: now.toMillis(),
    emailVerificationSent: false,
    setupComplete: false,
    customer: { productLine: DEFAULT_PRODUCT_LINE, dateOnboarding: now },
  };
}

/**
 * Creates the account of someone the CRM knows (a lead an onboarding portal or the sales team enrolled), its user
 * document and claims, then sends the verification email. Returns false: a new email must be verified before sign-in
 * (spec 000 §4.3).
 *
 * An email the CRM holds no contact for answers not-found and makes nothing (spec 000 §8, 002 §8: on a customer site
 * the page opens the onboard modal 'You're Almost There!' with its link to onboarding). An email that already has an
 * account answers already-exists either way, as it always has. So the answer tells only what the spec has it tell:
 * whether the email is enrolled; it is counted against the same budgets as every sign-up (per caller address and per
 * email, functions/src/callable/rateLimit.ts) before anything is looked up.
 */
export const signUp = defineCallable('signUp', async ({ data }) => {
  const { email, password } = data;
  // The lead's contact becomes the customer's contact only once the email is verified (resyncCustomClaims,
  // functions/src/shell/contactBinding.ts); until then the account has none and sees none of the lead's data.
  const lead = await crm().findContactByEmail(email);
  if (!lead) {
    if (await userByEmailOrNull(email)) throw callableError('already-exists', 'already-exists', { key: ERROR_KEYS.emailInUse });
    throw callableError('not-found', 'not-found');
  }
  let uid: string;
  try {
    uid = (await auth().createUser({ email, password, emailVerified: false })).uid;
  } catch (error) {
    if (hasAuthCode(error, 'auth/email-already-exists')) {
      throw callableError('already-exists', 'already-exists', { key: ERROR_KEYS.emailInUse });
    }
    throw error;
  }
  const userRef = db().collection(COLLECTIONS.users).doc(uid);
  try {
    // No language yet: settings.ui.lang is the customer's choice (setUILang), followed on every device once made.
    // A default here would switch someone who signed up in Spanish to English at their first sign-in.
    await userRef.create(newCustomerDocument(uid, email));
    await setClaims(uid, { role: 'customer' });
    await sendVerificationEmail(email);
    await userRef.update({ emailVerificationSent: true });
  } catch (error) {
    // Leave nothing half made, so the same sign-up can be tried again.
    await Promise.allSettled([auth().deleteUser(uid), userRef.delete()]);
    throw error;
  }
  return false;
});

/**
 * The ID token of a single sign-on identity the page holds apart from the app's session (spec 000 §4.3): only a token
 * from a single sign-on provider the flags allow (the buttons the page shows, spec 000 §6), and only a fresh one
 * (signed in within SSO_TOKEN_MAX_AGE_MS): an old token lying about neither signs up nor discards.
 */
async function providerToken(idToken: string): Promise<DecodedIdToken> {
  const token = await auth()
    .verifyIdToken(idToken, true)
    .catch(() => {
      throw callableError('unauthenticated', 'invalid-id-token');
    });
  const provider = singleSignOnProviderSchema.safeParse(token.firebase.sign_in_provider);
  if (!provider.success) throw callableError('invalid-argument', 'not-single-sign-on');
  if (!singleSignOnProviders(await serverFlags(), { adminSite: false }).includes(provider.data)) {
    throw callableError('failed-precondition', 'single-sign-on-off');
  }
  if (Date.now() - token.auth_time * 1_000 > SSO_TOKEN_MAX_AGE_MS) throw callableError('unauthenticated', 'stale-id-token');
  return token;
}

/**
 * Deletes the identity a provider sign-in just made when it is no account: no user document, no custom claims, no
 * password, and made within SSO_TOKEN_MAX_AGE_MS. An older identity without a document (an account made for the
 * person by the CRM or an admin, which a provider sign-in joined) is kept. True when the identity is gone.
 */
async function deleteBareIdentity(uid: string): Promise<boolean> {
  const identity = await userByUidOrNull(uid);
  if (!identity) return true;
  const made = Date.parse(identity.metadata.creationTime);
  const bare =
    Object.keys(identity.customClaims ?? {}).length === 0 &&
    !identity.providerData.some((info) => info.providerId === 'password') &&
    Date.now() - made <= SSO_TOKEN_MAX_AGE_MS &&
    !(await db().collection(COLLECTIONS.users).doc(uid).get()).exists;
  if (bare) await auth().deleteUser(uid);
  return bare;
}

/**
 * Sign-up by single sign-on (spec 000 §4.3 "single sign-on through a popup or redirect", §8 sign-up messages): the
 * page signs in with the provider apart from the app's session and sends the provider's ID token here. The same rule
 * as signUp: only an email the CRM holds gets an account, so a provider's email the CRM does not hold answers
 * not-found (the onboard modal on a customer site), and the identity the provider sign-in made is deleted, leaving no
 * account; an email with an account answers already-exists and changes nothing. The provider has verified the email,
 * so the lead's contact is bound at once and the call answers true: the page signs in directly.
 */
export const signUpWithProvider = defineCallable('signUpWithProvider', async ({ data }) => {
  const token = await providerToken(data.idToken);
  if (!token.email || token.email_verified !== true) throw callableError('failed-precondition', 'email-unverified');
  const email = normalizeEmail(token.email);
  const uid = token.uid;
  const userRef = db().collection(COLLECTIONS.users).doc(uid);
  if ((await userRef.get()).exists) throw emailInUse();
  const holder = await userByEmailOrNull(email);
  if (holder && holder.uid !== uid) throw emailInUse();

  const lead = await crm().findContactByEmail(email);
  if (!lead) {
    // No account for an email the CRM does not hold: the identity the provider sign-in made goes too, so the same
    // sign-up works once the email is enrolled.
    await deleteBareIdentity(uid);
    throw callableError('not-found', 'not-found');
  }
  try {
    await userRef.create(newCustomerDocument(uid, email));
  } catch (error) {
    // Two sign-ups of the same identity at once: the first one made the account.
    if (isAlreadyExists(error)) throw emailInUse();
    throw error;
  }
  try {
    const contactId = await bindVerifiedContact(uid, email).catch((error: unknown) => {
      // Another account holds the lead's contact: this email's person already has an account.
      throw error instanceof HttpsError && error.code === 'failed-precondition' ? emailInUse() : error;
    });
    await setClaims(uid, { role: 'customer', customerContactId: contactId });
  } catch (error) {
    // Leave nothing made: no user document and no claims, so the sign-up can be tried again.
    await Promise.allSettled([userRef.delete(), auth().setCustomUserClaims(uid, null)]);
    throw error;
  }
  return true;
});

/**
 * A provider sign-in on the sign-in page is no sign-up (spec 000 §4.3; sign-up by provider is signUpWithProvider's,
 * with the CRM's rule): when it made a new identity, the page sends its token here and the identity is deleted if it
 * is no account (deleteBareIdentity), so nobody is left with a bare Auth account; the page then says the account does
 * not exist. An account's identity (a user document, claims, a password, or made before this sign-in) is kept:
 * discarded false, and the page signs in.
 */
export const discardProviderIdentity = defineCallable('discardProviderIdentity', async ({ data }) => {
  const token = await providerToken(data.idToken);
  return { discarded: await deleteBareIdentity(token.uid) };
});

/**
 * Why a sign-in failed, for the welcome migration modal and SSO-only accounts (spec 000 §4.1: "for single sign-on
 * accounts lists provider ids"). Provider ids go out only for a single-sign-on account, which the page must name;
 * a password account and an unknown email get the same answer, so the call does not tell who has an account.
 */
export const checkSignInFailureReason = defineCallable('checkSignInFailureReason', async ({ data }) => {
  const other = { reason: 'other' as const, providerIds: [] };
  const user = await userByEmailOrNull(data.email);
  if (!user) return other;
  const providerIds = user.providerData.map((provider) => provider.providerId);
  if (user.customClaims?.showMigrationModal === true) return { reason: 'migration', providerIds: [] };
  if (providerIds.length === 0) return { reason: 'newViaApi', providerIds: [] };
  if (!providerIds.includes('password')) return { reason: 'sso', providerIds };
  return other;
});

/**
 * Sends a password reset link (spec 000 §8: not-found when no such account). The code's issue time is kept, under
 * the code's hash, so it expires after PASSWORD_RESET_LINK_TTL_MS, and earlier codes of the account are recorded as
 * expired. Since a new mail expires the earlier links, mails are counted per requester and account (a stranger who
 * knows the address spends only their own budget, not the customer's) and per account; a refused request mails
 * nothing and expires nothing.
 */
export const resetPasswordByEmail = defineCallable('resetPasswordByEmail', async ({ data, callerAddress }) => {
  const user = await userByEmailOrNull(data.email);
  if (!user?.email) throw callableError('not-found', 'not-found', { key: ERROR_KEYS.resetEmailNotFound });
  const email = user.email;
  const budgets = [
    { key: budgetKeys.resetMailOfRequester(user.uid, callerAddress), limit: RESET_MAILS_PER_REQUESTER_AND_ACCOUNT, label: 'resetMail:requester' },
    { key: budgetKeys.resetMailOfAccount(user.uid), limit: RESET_MAILS_PER_EMAIL, label: 'resetMail' },
  ];
  if (!(await withinRateLimits(budgets))) {
    throw callableError('resource-exhausted', 'rate-limited', { key: ERROR_KEYS.tooManyRequests });
  }
  const oobCode = oobCodeFromLink(await auth().generatePasswordResetLink(email));
  const resets = db().collection(COLLECTIONS.passwordResets);
  const earlier = await resets.where('uid', '==', user.uid).where('status', '==', 'issued').get();
  const batch = db().batch();
  earlier.docs.forEach((doc) => batch.update(doc.ref, { status: 'expired' }));
  batch.set(resets.doc(resetRecordId(oobCode)), { uid: user.uid, email, issuedAt: Timestamp.now(), status: 'issued' });
  await batch.commit();
  await mail().send({ to: email, kind: 'resetPassword', oobCode, link: appActionLink('resetPassword', oobCode, email) });
  return { sent: true };
});

/** The reset page's lookup (spec 000 §4.4): current, expired, or invalid (unknown, wrong email, already used). */
export const validateResetPassword = defineCallable('validateResetPassword', async ({ data }) => {
  const lookup = await lookUpResetCode(data.oobCode);
  if (lookup.kind !== 'valid') return { status: lookup.kind };
  if (normalizeEmail(lookup.email) !== data.email) return { status: 'invalid' };
  const stored = (await db().collection(COLLECTIONS.passwordResets).doc(resetRecordId(data.oobCode)).get()).data();
  if (!stored) return { status: 'current' };
  const record = storedPasswordResetSchema.parse(stored);
  const issuedAt = millisOf(record.issuedAt);
  if (record.status === 'expired' || issuedAt === null || Date.now() - issuedAt > PASSWORD_RESET_LINK_TTL_MS) {
    return { status: 'expired' };
  }
  return { status: 'current' };
});

/**
 * Restores the email an account had before an email change (spec 000 §4.5). `id` is the recovery code that the
 * email change request mailed to the previous address (emailRecoveries/{id}).
 */
export const recoverEmail = defineCallable('recoverEmail', async ({ data }) => {
  if (!isUsableDocumentId(data.id)) return { result: 'not-found' };
  const ref = db().collection(COLLECTIONS.emailRecoveries).doc(data.id);
  const parsed = storedEmailRecoverySchema.safeParse((await ref.get()).data());
  if (!parsed.success || parsed.data.usedAt) return { result: 'not-found' };
  const record = parsed.data;
  const createdAt = millisOf(record.createdAt);
  if (createdAt === null || Date.now() - createdAt > EMAIL_RECOVERY_LINK_TTL_MS) return { result: 'expired' };
  const user = await userByUidOrNull(record.uid);
  if (!user) return { result: 'not-found' };
  const previousEmail = record.previousEmail;
  const holder = await userByEmailOrNull(previousEmail);
  if (holder && holder.uid !== user.uid) return { result: 'email-in-use' };

  await auth().updateUser(user.uid, { email: previousEmail, emailVerified: true });
  // Whoever changed the email may still be signed in: every session of the account ends (the owner signs in again).
  await auth().revokeRefreshTokens(user.uid);
  const userSnapshot = await db().collection(COLLECTIONS.users).doc(user.uid).get();
  const contactId = storedUserSchema.parse(userSnapshot.data() ?? {}).customer?.contactId;
  await Promise.all([
    userSnapshot.exists ? userSnapshot.ref.update({ email: previousEmail }) : Promise.resolve(),
    contactId !== undefined ? crm().updateContact(contactId, { Email: previousEmail }) : Promise.resolve(),
    ref.update({ usedAt: Timestamp.now() }),
  ]);
  return { result: 'success', email: previousEmail };
});
