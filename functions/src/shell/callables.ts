// Session upkeep (spec 000 §4.1, §4.8, §7).
import { Timestamp } from 'firebase-admin/firestore';
import { isDelegatedSession } from '../../../src/domain/agentSession';
import type { ClaimsInput } from '../../../src/domain/claims';
import { LAST_SIGN_IN_INTERVAL_MS } from '../../../src/domain/constants';
import { normalizeEmail } from '../../../src/domain/validation';
import { auth, db } from '../platform/admin';
import { bindVerifiedContact } from './contactBinding';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { setClaims, storedClaims } from '../auth/claims';
import { COLLECTIONS } from '../platform/collections';
import { ownClaims, setOwnClaims } from '../devTools/devOverrides';
import { crm } from '../providers';
import { parseStored, storedUserRoleSchema, storedUserSchema } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';

function userRef(uid: string) {
  return db().collection(COLLECTIONS.users).doc(uid);
}

/** The user document (platform/storedDocuments.ts); 'not-found' when there is none. */
async function userDocument(uid: string) {
  const snapshot = await userRef(uid).get();
  if (!snapshot.exists) throw callableError('not-found', 'not-found');
  return { snapshot, user: storedUserSchema.parse(snapshot.data()) };
}

/** After the welcome migration modal the claim goes, then the client refreshes its claims (spec 002 §4). */
export const removeMigrationClaim = defineCallable('removeMigrationClaim', async ({ uid, claims }) => {
  // A coach or CRM user signed in as the customer dismisses the notice for this session only: the customer still
  // gets to see it.
  if (isDelegatedSession(claims, uid)) return { ok: true };
  const { showMigrationModal: _shown, ...rest } = (await storedClaims(uid)) ?? {};
  await setClaims(uid, rest);
  return { ok: true };
});

/**
 * Recomputes the claims from the user document and the CRM (spec 000 §4.1: on no-customer-contact-id /
 * no-partner-contact-id), keeping active developer overrides on top. Session flags (agent, developer, CRM session) are kept as they are. A customer account
 * without a contact of its own is bound here to the CRM contact of its email: defineCallable has refused the call
 * unless that email is verified, and a contact another account holds is never bound (contactBinding.ts).
 */
export const resyncCustomClaims = defineCallable('resyncCustomClaims', async ({ uid, email }) => {
  const { snapshot, user } = await userDocument(uid);
  // A role the claims do not know is corrupt data: setClaims would refuse it.
  const role = parseStored(storedUserRoleSchema, `users/${uid} role`, snapshot.get('role') ?? undefined);
  // Started from the account's own claims, and set keeping active developer overrides (devTools/devOverrides.ts): a
  // resync must not undo an override (a role override especially, since the role is read from the user document).
  const next: ClaimsInput = { ...(await ownClaims(uid)), role };

  if (role === 'customer') {
    const stored = user.customer?.contactId;
    try {
      next.customerContactId =
        stored !== undefined && (await crm().getContact(stored))
          ? stored
          : await bindVerifiedContact(uid, normalizeEmail(email ?? ''));
    } catch (error) {
      delete next.customerContactId;
      await setOwnClaims(uid, next);
      throw error;
    }
  }
  if (role === 'partner') {
    const contactId = user.partner?.contactId;
    if (contactId === undefined) {
      throw callableError('failed-precondition', 'no-partner-contact-id', { key: 'no-partner-contact-id' });
    }
    next.partnerContactId = contactId;
  }
  await setOwnClaims(uid, next);
  return { ok: true };
});

/**
 * A partner session is elevated once (spec 000 §4.1): the partner claims are set and a custom token returned,
 * with which the client signs in again.
 */
export const elevatePermissions = defineCallable('elevatePermissions', async ({ uid, claims }) => {
  if (claims.role !== 'partner') throw callableError('permission-denied', 'not-a-partner');
  const { user } = await userDocument(uid);
  const contactId = user.partner?.contactId;
  if (contactId === undefined) {
    throw callableError('failed-precondition', 'no-partner-contact-id', { key: 'no-partner-contact-id' });
  }
  const accepted = user.partner?.termsAndConditions?.dateAccepted != null;
  await setClaims(uid, {
    ...((await storedClaims(uid)) ?? {}),
    role: 'partner',
    partnerContactId: contactId,
    partnerOnboardingComplete: accepted,
    canViewLeadsOfContactIds: [contactId],
    canSubmitLeadsForContactIds: [contactId],
  });
  return { token: await auth().createCustomToken(uid) };
});

/** At most once per hour per user, never for agent or CRM sessions (spec 000 §4.1, §9). */
export const storeLastSignIn = defineCallable('storeLastSignIn', async ({ uid, claims }) => {
  if (claims.isAgent === true || claims.isSalesforceSession === true) return { stored: false };
  const ref = userRef(uid);
  const stored = await db().runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return false;
    const last = millisOf(storedUserSchema.parse(snapshot.data()).lastSignIn);
    const now = Timestamp.now();
    if (last !== null && now.toMillis() - last < LAST_SIGN_IN_INTERVAL_MS) return false;
    transaction.update(ref, { lastSignIn: now });
    return true;
  });
  return { stored };
});

/** The language choice lives on the user as settings.ui.lang (spec 000 §1, §4.8). */
export const setUILang = defineCallable('setUILang', async ({ uid, claims, data }) => {
  // An agent's language is the agent's: a session on the customer's account does not change the customer's.
  if (isDelegatedSession(claims, uid)) return { ok: true };
  await userDocument(uid);
  await userRef(uid).update({ 'settings.ui.lang': data.lang });
  return { ok: true };
});
