// The email change request (spec 000 §2.5, §7 changeEmail, §8). The account's email changes only
// once the new address proves it is reachable: the request keeps an emailChanges/{id} record and mails the new
// address a verification link (/handle?mode=verifyAndChangeEmail&oobCode={id}); the old address gets a recover
// link (/handle?mode=recoverEmail&oobCode={id}) backed by the emailRecoveries/{id} record that recoverEmail honours.
// Recovering, before or after the confirmation, puts the old address back and cancels a change still pending.
// Ids are 128 random bits: the links are the only credential, like Firebase's own action codes.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { auth, db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { EMAIL_RECOVERY_LINK_TTL_MS } from '../platform/config';
import { crm, mail } from '../providers';
import { storedEmailChangeSchema, storedEmailRecoverySchema, storedUserSchema } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';
import { appActionLink, isUsableDocumentId } from '../auth/actionLinks';
import { hasAuthCode, userByEmailOrNull, userByUidOrNull } from '../auth/users';
import { normalizeEmail } from '../../../src/domain/validation';

/** The verification link is good for as long as the recover link (three days), and once. */
export const EMAIL_CHANGE_LINK_TTL_MS = EMAIL_RECOVERY_LINK_TTL_MS;

function newLinkId(): string {
  return randomBytes(16).toString('hex');
}

function changes() {
  return db().collection(COLLECTIONS.emailChanges);
}

function recoveries() {
  return db().collection(COLLECTIONS.emailRecoveries);
}

/**
 * Records the request and mails both addresses. Earlier requests of the account still pending are superseded:
 * only the newest verification link changes the email.
 */
export async function requestEmailChange(uid: string, previousEmail: string, newEmail: string): Promise<void> {
  const changeId = newLinkId();
  const recoveryId = newLinkId();
  const earlier = await changes().where('uid', '==', uid).where('status', '==', 'pending').get();
  const now = Timestamp.now();
  const batch = db().batch();
  earlier.docs.forEach((doc) => batch.update(doc.ref, { status: 'superseded' }));
  batch.create(changes().doc(changeId), { uid, previousEmail, newEmail, recoveryId, status: 'pending', createdAt: now });
  batch.create(recoveries().doc(recoveryId), { uid, previousEmail, createdAt: now });
  await batch.commit();
  try {
    await mail().send({
      to: newEmail,
      kind: 'verifyAndChangeEmail',
      oobCode: changeId,
      link: appActionLink('verifyAndChangeEmail', changeId, newEmail),
    });
    await mail().send({
      to: previousEmail,
      kind: 'recoverEmail',
      oobCode: recoveryId,
      link: appActionLink('recoverEmail', recoveryId, previousEmail),
    });
  } catch (error) {
    // The mail server refused or timed out: the request is taken back (its records removed, the earlier requests
    // pending again), so the account is as before and the customer can simply ask again. A link already mailed
    // then answers not-found.
    const undo = db().batch();
    earlier.docs.forEach((doc) => undo.update(doc.ref, { status: 'pending' }));
    undo.delete(changes().doc(changeId));
    undo.delete(recoveries().doc(recoveryId));
    await undo.commit();
    throw error;
  }
}

export type EmailChangeResult = { result: 'success'; email: string } | { result: 'expired' | 'email-in-use' | 'not-found' };

/**
 * The new address's link: the sign-in email becomes the new address (verified), and the user document and the CRM
 * contact follow. Not found when unknown, used, superseded, cancelled from the old address, or when the account's
 * email is no longer the one the request was made from.
 */
export async function confirmEmailChange(id: string): Promise<EmailChangeResult> {
  if (!isUsableDocumentId(id)) return { result: 'not-found' };
  const ref = changes().doc(id);
  const parsed = storedEmailChangeSchema.safeParse((await ref.get()).data());
  if (!parsed.success || parsed.data.status !== 'pending') return { result: 'not-found' };
  const record = parsed.data;
  const createdAt = millisOf(record.createdAt);
  if (createdAt === null || Date.now() - createdAt > EMAIL_CHANGE_LINK_TTL_MS) return { result: 'expired' };
  const recovery = storedEmailRecoverySchema.safeParse((await recoveries().doc(record.recoveryId).get()).data());
  if (!recovery.success || recovery.data.usedAt) return { result: 'not-found' };
  const user = await userByUidOrNull(record.uid);
  if (!user?.email || normalizeEmail(user.email) !== normalizeEmail(record.previousEmail)) return { result: 'not-found' };
  const holder = await userByEmailOrNull(record.newEmail);
  if (holder && holder.uid !== user.uid) return { result: 'email-in-use' };

  // Claimed once: two clicks on the link change the email once.
  const claimed = await db().runTransaction(async (transaction) => {
    const current = storedEmailChangeSchema.safeParse((await transaction.get(ref)).data());
    if (!current.success || current.data.status !== 'pending') return false;
    transaction.update(ref, { status: 'confirmed', confirmedAt: Timestamp.now() });
    return true;
  });
  if (!claimed) return { result: 'not-found' };
  try {
    await auth().updateUser(user.uid, { email: record.newEmail, emailVerified: true });
  } catch (error) {
    if (!hasAuthCode(error, 'auth/email-already-exists')) throw error;
    await ref.update({ status: 'pending' });
    return { result: 'email-in-use' };
  }
  const userSnapshot = await db().collection(COLLECTIONS.users).doc(user.uid).get();
  const contactId = storedUserSchema.parse(userSnapshot.data() ?? {}).customer?.contactId;
  await Promise.all([
    userSnapshot.exists ? userSnapshot.ref.update({ email: record.newEmail }) : Promise.resolve(),
    contactId !== undefined ? crm().updateContact(contactId, { Email: record.newEmail }) : Promise.resolve(),
  ]);
  return { result: 'success', email: record.newEmail };
}
