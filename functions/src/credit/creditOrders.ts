// Pulling a customer's three-bureau report and keeping it (spec 001 §3, §4 "Report ordering"; spec 002 §4, §7):
// the initial pull that completeIntake starts (onboarding/initialReportTrigger.ts) and every later order (the orderReport
// callable, or a passed KBA check that an order waited for) store the report the same way: creditReports/{uid}
// with a new reportKey (and a copy kept under creditReports/{uid}/pulls/{reportKey}, spec 002 §7 getReport), a score
// history point per bureau, the pull date on the CRM contact (Credit_Pull_Date__c, which the refresh rule reads)
// and on the user document.
import { createHash, randomBytes } from 'node:crypto';
import { Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { isoDay, scoreHistoryItemId } from '../../../src/domain/creditReportRecords';
import { recalculateActionsAfter } from '../hub/actionRules';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { creditData, crm, type CreditSubject } from '../providers';
import type { CreditReportRecords, InitialCreditPull, ScoreHistoryPoint } from './creditData';
import { parseStored, storedCreditReportDocumentSchema, storedUserSchema, type StoredCreditReportDocument } from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';

/** The customer as the CRM knows them, with the contact's id when there is a contact. */
export async function creditSubjectOf(uid: string): Promise<{ subject: CreditSubject; contactId: string | null }> {
  const userPath = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, userPath, (await db().doc(userPath).get()).data() ?? {});
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

/** A new report's key: the display tokens and the simulator widget name the report they show by it. */
export function newReportKey(): string {
  return randomBytes(12).toString('hex');
}

/** A stored time as an ISO instant, or null when it is missing or not a time. */
export function storedInstantOf(value: unknown): string | null {
  const iso = toIso(value);
  return iso !== null && !Number.isNaN(Date.parse(iso)) ? new Date(iso).toISOString() : null;
}

/** When the report was pulled: its createdAt, else its report day (a report written without one), else never. */
export function pulledAtOf(report: StoredCreditReportDocument): string {
  const createdAt = storedInstantOf(report.createdAt);
  if (createdAt !== null) return createdAt;
  const day = report.reportSummary.bureauSummary.find((summary) => summary.reportDate !== null)?.reportDate;
  return day ? `${day}T00:00:00.000Z` : new Date(0).toISOString();
}

/** The report's key: the stored one, or (a report written before keys) one derived from the customer and pull time. */
export function reportKeyOf(uid: string, report: StoredCreditReportDocument): string {
  return report.reportKey ?? createHash('sha256').update(`${uid}|${pulledAtOf(report)}`).digest('hex').slice(0, 24);
}

/** The stored report of `uid`, parsed (platform/storedDocuments.ts), or null when there is none. */
export async function storedCreditReport(uid: string): Promise<StoredCreditReportDocument | null> {
  const path = `${COLLECTIONS.creditReports}/${uid}`;
  const snapshot = await db().doc(path).get();
  return snapshot.exists ? parseStored(storedCreditReportDocumentSchema, path, snapshot.data()) : null;
}

/**
 * creditReports/{uid}/pulls/{reportKey}: every pull as it was pulled, kept after a later pull replaces it, so an
 * earlier report can be read again by its key (spec 002 §7 getReport). creditReports/{uid} stays the current one.
 */
export function keptPullsOf(uid: string) {
  return db().collection(COLLECTIONS.creditReports).doc(uid).collection(CREDIT_REPORT_PULLS);
}
export const CREDIT_REPORT_PULLS = 'pulls';

/** The pull `reportKey` of `uid` as it was kept, parsed, or null when there is no such pull. */
export async function keptPull(uid: string, reportKey: string): Promise<StoredCreditReportDocument | null> {
  const ref = keptPullsOf(uid).doc(reportKey);
  const snapshot = await ref.get();
  return snapshot.exists ? parseStored(storedCreditReportDocumentSchema, ref.path, snapshot.data()) : null;
}

/** Adds the report (current, and kept among the pulls), its history points and the user's pull date to `batch`. */
export function writeCreditReport(
  batch: WriteBatch,
  uid: string,
  pull: { report: CreditReportRecords; scoreHistory: readonly ScoreHistoryPoint[] },
  pulledAt: Date,
): void {
  const reportKey = newReportKey();
  const stored = { ...pull.report, userId: uid, createdAt: Timestamp.fromDate(pulledAt), reportKey };
  batch.set(db().collection(COLLECTIONS.creditReports).doc(uid), stored);
  batch.set(keptPullsOf(uid).doc(reportKey), stored);
  const history = db().collection(COLLECTIONS.creditScoreHistory).doc(uid).collection('items');
  // One point per bureau and day: a second order on a day replaces that day's point.
  for (const point of pull.scoreHistory) batch.set(history.doc(scoreHistoryItemId(point)), point);
  batch.update(db().collection(COLLECTIONS.users).doc(uid), { 'customer.creditPullDate': Timestamp.fromDate(pulledAt) });
}

/** Adds the pull's dispute items that the customer does not have yet (an item they decided on stays as it is). */
export async function addNewInvestigations(batch: WriteBatch, uid: string, investigations: InitialCreditPull['investigations']) {
  const items = db().collection(COLLECTIONS.investigations).doc(uid).collection('items');
  const existing = new Set((await items.select().get()).docs.map((doc) => doc.id));
  for (const item of investigations) if (!existing.has(item.id)) batch.set(items.doc(item.id), item);
}

/** spec 001 §3: the contact's Credit_Pull_Date__c drives the report refresh rule. */
export async function recordPullDate(contactId: string | null, pulledAt: Date): Promise<void> {
  if (contactId) await crm().updateContact(contactId, { Credit_Pull_Date__c: isoDay(pulledAt) });
}

/**
 * The initial pull (spec 002 §4): the report, its history and the dispute items. `extra` lets the caller add its
 * own writes (the status document) to the same batch.
 */
export async function pullAndStoreInitialReport(uid: string, pulledAt: Date, extra?: (batch: WriteBatch) => void): Promise<void> {
  const { subject, contactId } = await creditSubjectOf(uid);
  const pull = await creditData().pullInitialReport(subject, pulledAt);
  await recordPullDate(contactId, pulledAt);
  const batch = db().batch();
  writeCreditReport(batch, uid, pull, pulledAt);
  await addNewInvestigations(batch, uid, pull.investigations);
  extra?.(batch);
  await batch.commit();
  // The report's items wait for the customer's review: their action follows (spec 001 §7 calculateActions).
  await recalculateActionsAfter(uid, 'credit report pulled');
}

/**
 * An order (spec 001 §4 "Report ordering"): a new report dated `now` through the credit data provider, a history
 * point per bureau, the pull date on the contact and the user document. The investigations stay as they are (the
 * disputes work on them); a customer without a report gets the initial pull. The caller has checked the refresh
 * rule, the throttle and KBA.
 */
export async function orderNewReport(uid: string, now: Date): Promise<{ creditPullDate: string }> {
  const previous = await storedCreditReport(uid);
  if (!previous) {
    await pullAndStoreInitialReport(uid, now);
    return { creditPullDate: isoDay(now) };
  }
  const { subject, contactId } = await creditSubjectOf(uid);
  const { createdAt: _createdAt, reportKey: _reportKey, publicRecords, ...records } = previous;
  const pull = await creditData().refreshReport(subject, { ...records, publicRecords: publicRecords ?? [] }, now);
  await recordPullDate(contactId, now);
  const batch = db().batch();
  // The report being replaced stays readable by its key (spec 002 §7 getReport), also one pulled before pulls were
  // kept or written by the demo data, as the customer last saw it.
  const previousKey = reportKeyOf(uid, previous);
  const { publicRecords: previousPublicRecords, ...kept } = previous;
  batch.set(keptPullsOf(uid).doc(previousKey), {
    ...kept,
    ...(previousPublicRecords ? { publicRecords: previousPublicRecords } : {}),
    userId: uid,
    createdAt: new Date(pulledAtOf(previous)),
    reportKey: previousKey,
  });
  writeCreditReport(batch, uid, pull, now);
  await batch.commit();
  return { creditPullDate: isoDay(now) };
}
