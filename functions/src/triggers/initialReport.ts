// The initial credit pull that completeIntake starts (spec 002 §4 completion; §7 initialReportStatus/{userId}):
// when the status document turns to 'processing', ask the credit bureaus for the three-bureau report, store it
// with the items the customer may dispute, then mark the status 'complete' (or 'error').
import { logger } from 'firebase-functions';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { db } from '../admin';
import { COLLECTIONS } from '../collections';
import { attemptOf, claimPullAttempt, pullStatusOf, storedPull } from '../creditPull';
import { creditData, crm, type CreditSubject } from '../providers';
import { storedUserSchema } from '../storedDocuments';

/** The customer as the CRM knows them, with the contact's id when there is a contact. */
async function subjectOf(uid: string): Promise<{ subject: CreditSubject; contactId: string | null }> {
  const user = storedUserSchema.parse((await db().collection(COLLECTIONS.users).doc(uid).get()).data() ?? {});
  const contactId = user.customer?.contactId;
  const contact = contactId !== undefined ? await crm().getContact(contactId) : null;
  const ssn = contact?.Social_Security_Number__c ?? null;
  const subject: CreditSubject = {
    uid,
    firstName: contact?.FirstName ?? user.firstName ?? null,
    middleName: contact?.MiddleName ?? null,
    lastName: contact?.LastName ?? user.lastName ?? null,
    birthdate: contact?.Birthdate ?? null,
    ssnLast4: ssn ? ssn.slice(-4) : null,
    street: contact?.MailingStreet ?? null,
    city: contact?.MailingCity ?? null,
    stateCode: contact?.MailingStateCode ?? null,
    postalCode: contact?.MailingPostalCode ?? null,
  };
  return { subject, contactId: contact ? contact.Id : null };
}

/**
 * Runs one pull for `uid` and records its outcome on the status document. Only the delivery that claims the
 * attempt pulls (claimPullAttempt): a repeated delivery of the same write does not pull twice. The outcome is
 * written only while the attempt is still the current one (the watchdog may have started a newer attempt).
 */
export async function runInitialPull(uid: string): Promise<void> {
  const statusRef = db().collection(COLLECTIONS.initialReportStatus).doc(uid);
  const attempt = await claimPullAttempt(uid);
  if (attempt === null) return;
  const stillCurrent = async () => attemptOf(storedPull((await statusRef.get()).data())) === attempt;
  try {
    const pulledAt = new Date();
    const { subject, contactId } = await subjectOf(uid);
    const { report, investigations } = await creditData().pullInitialReport(subject, pulledAt);
    // spec 001 §3: the contact's Credit_Pull_Date__c drives the report refresh rule.
    if (contactId) await crm().updateContact(contactId, { Credit_Pull_Date__c: pulledAt.toISOString().slice(0, 10) });
    const batch = db().batch();
    batch.set(db().collection(COLLECTIONS.creditReports).doc(uid), report);
    const items = db().collection(COLLECTIONS.investigations).doc(uid).collection('items');
    for (const item of investigations) batch.set(items.doc(item.id), item);
    batch.update(db().collection(COLLECTIONS.users).doc(uid), { 'customer.creditPullDate': Timestamp.fromDate(pulledAt) });
    batch.set(statusRef, { status: 'complete', attempt, updatedAt: Timestamp.now() });
    await batch.commit();
  } catch (error) {
    logger.error('initial credit pull failed', { uid, attempt, error: error instanceof Error ? error.message : String(error) });
    if (await stillCurrent()) await statusRef.set({ status: 'error', attempt, updatedAt: Timestamp.now() });
  }
}

export const pullInitialReport = onDocumentWritten(
  { document: `${COLLECTIONS.initialReportStatus}/{uid}`, region: FUNCTIONS_REGION },
  async (event) => {
    // A write that starts an attempt: 'processing' now, and before another status or another attempt.
    const before = storedPull(event.data?.before.data());
    const after = storedPull(event.data?.after.data());
    if (pullStatusOf(after) !== 'processing') return;
    if (pullStatusOf(before) === 'processing' && before.attempt === after.attempt) return;
    await runInitialPull(event.params.uid);
  },
);
