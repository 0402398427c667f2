// The credit area's callables (spec 001 §2, §3, §4 "Report ordering", §5, §7; spec 002 §3 "Credit display"):
// the stored three-bureau report, per bureau or combined; the score history; the credit display the overview and
// the money area read; the simulator widget's display tokens; and report orders. Every one works on the customer
// whose data the session reads (clientUid: the customer, or the customer an agent acts for) and refuses the free
// product line (creditAccess.ts).
import { createHash, randomBytes } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  LISTED_REPORTS_MAX,
  type CreditReport,
  type OrderReportResponse,
  type ReportListItem,
  type ReportSource,
  type ScoreHistoryItem,
} from '../../../src/contract/credit';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { BUREAUS, isoDay, type Bureau } from '../../../src/domain/creditReportRecords';
import { reportRefreshEligibility, throttleSecondsLeft } from '../../../src/domain/reportRefresh';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { requireCreditAccess } from './creditAccess';
import { keptPull, keptPullsOf, orderNewReport, pulledAtOf, reportKeyOf, storedCreditReport, storedInstantOf } from './creditOrders';
import { renderCreditReportPdf } from './creditReportPdf';
import { letterIdentityOf } from '../disputes/disputeLetters';
import { serverFlags } from '../platform/featureFlags';
import { openKbaSession } from './kbaSessions';
import { creditDisplayOf } from './creditDisplay';
import { creditData, crm } from '../providers';
import {
  parseStored,
  storedPullTimeSchema,
  storedKbaSessionOwnerSchema,
  storedReportOrderSchema,
  storedScoreHistoryItemSchema,
  storedUserSchema,
  type StoredCreditReportDocument,
} from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';

/** Message keys of the credit callables' refusals (details.key). */
export const CREDIT_ERROR_KEYS = {
  noReport: 'no-report',
  orderInProgress: 'order-in-progress',
  orderThrottled: 'order-throttled',
  refreshNotAllowed: 'refresh-not-allowed',
} as const;

/** How long a display token lets the simulator widget read the report. */
export const DISPLAY_TOKEN_TTL_MS = 15 * 60 * 1_000;

/** The customer whose credit data the session reads, once the product line allows credit pages. */
async function creditCustomer(caller: SignedInCaller): Promise<string> {
  const uid = await clientUid(caller);
  await requireCreditAccess(uid);
  return uid;
}

/**
 * A kbaLinkId names a KBA session this customer passed (the /kba page reads the report right after the check);
 * any other id reads as no such session, so an id cannot be used to learn about another customer's checks.
 */
async function assertPassedKbaSession(uid: string, kbaLinkId: string | undefined): Promise<void> {
  if (kbaLinkId === undefined) return;
  const path = `${COLLECTIONS.kbaSessions}/${kbaLinkId}`;
  const snapshot = await db().doc(path).get();
  const session = snapshot.exists ? parseStored(storedKbaSessionOwnerSchema, path, snapshot.data()) : null;
  if (!session || session.uid !== uid || session.status !== 'passed') {
    throw callableError('not-found', 'kba-session-not-found');
  }
}

async function requireReport(uid: string): Promise<StoredCreditReportDocument> {
  const report = await storedCreditReport(uid);
  if (!report) throw callableError('not-found', CREDIT_ERROR_KEYS.noReport, { key: CREDIT_ERROR_KEYS.noReport });
  return report;
}

/** The last four digits of a stored SSN (spec 001 §3: shown masked); anything shorter is no SSN. */
function ssnLast4(ssn: string | null): string | null {
  const digits = (ssn ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

const bureauOf = (source: Exclude<ReportSource, 'combined'>): Bureau => source.toUpperCase() as Bureau;

/** The report as the contract answers it: one bureau's records, or every bureau's for the combined report. */
export function reportForSource(report: StoredCreditReportDocument, source: ReportSource): CreditReport {
  const shows = (bureau: Bureau) => source === 'combined' || bureau === bureauOf(source);
  return {
    source,
    pulledAt: pulledAtOf(report),
    reportSummary: { bureauSummary: report.reportSummary.bureauSummary.filter((summary) => shows(summary.bureau)) },
    accounts: report.accounts.filter((account) => shows(account.bureau)),
    inquiries: report.inquiries.filter((inquiry) => shows(inquiry.bureau)),
    publicRecords: (report.publicRecords ?? []).filter((record) => shows(record.bureau)),
    personalInfo: report.personalInfo.filter((info) => shows(info.bureau)).map((info) => ({ ...info, ssn: ssnLast4(info.ssn) })),
  };
}

export const getCreditReport = defineCallable('getCreditReport', async (caller) => {
  const uid = await creditCustomer(caller);
  await assertPassedKbaSession(uid, caller.data.kbaLinkId);
  return reportForSource(await requireReport(uid), caller.data.source);
});

/**
 * The customer's pulls the report page offers (spec 002 §7 getReport), the latest first: the current report, then
 * the earlier pulls kept under it (creditOrders.ts). A current report written before pulls were kept is listed by
 * its derived key; none before the first pull.
 */
export const listCreditReports = defineCallable('listCreditReports', async (caller) => {
  const uid = await creditCustomer(caller);
  const current = await storedCreditReport(uid);
  if (!current) return { userId: uid, reports: [] };
  const currentKey = reportKeyOf(uid, current);
  // Only the pull times are read: a kept pull is always written with its createdAt (creditOrders.ts).
  const kept = await keptPullsOf(uid).orderBy('createdAt', 'desc').select('createdAt').limit(LISTED_REPORTS_MAX).get();
  const earlier: ReportListItem[] = kept.docs.flatMap((doc) => {
    const pulledAt = storedInstantOf(parseStored(storedPullTimeSchema, doc.ref.path, doc.data()).createdAt);
    return doc.id === currentKey || pulledAt === null ? [] : [{ id: doc.id, pulledAt, current: false }];
  });
  return { userId: uid, reports: [{ id: currentKey, pulledAt: pulledAtOf(current), current: true }, ...earlier].slice(0, LISTED_REPORTS_MAX) };
});

/**
 * spec 002 §7 getReport {id, userId, source}: a pulled report by its id, answered as getCreditReport answers the
 * current one (the current one itself when the id is its key, with the corrections the disputes made to it). The
 * userId must be the customer the session reads (the caller, or the customer an agent acts for); another user's id,
 * an unknown id and an id of another user's pull all answer the same not-found 'no-report', so nothing about
 * another customer's reports can be learnt.
 */
export const getReport = defineCallable('getReport', async (caller) => {
  const uid = await creditCustomer(caller);
  const { id, userId, source } = caller.data;
  const noReport = () => callableError('not-found', CREDIT_ERROR_KEYS.noReport, { key: CREDIT_ERROR_KEYS.noReport });
  if (userId !== uid) throw noReport();
  const current = await storedCreditReport(uid);
  if (!current) throw noReport();
  if (reportKeyOf(uid, current) === id) return reportForSource(current, source);
  const pull = await keptPull(uid, id);
  if (!pull) throw noReport();
  return reportForSource(pull, source);
});

/** Every bureau's scores, oldest first (a day's bureaus in bureau order); none before the first pull. */
export const getCreditScoreHistory = defineCallable('getCreditScoreHistory', async (caller) => {
  const uid = await creditCustomer(caller);
  await assertPassedKbaSession(uid, caller.data?.kbaLinkId);
  const items = await db().collection(COLLECTIONS.creditScoreHistory).doc(uid).collection('items').get();
  const history: ScoreHistoryItem[] = items.docs.map((doc) => parseStored(storedScoreHistoryItemSchema, doc.ref.path, doc.data()));
  return history.sort((a, b) => a.reportdate.localeCompare(b.reportdate) || BUREAUS.indexOf(a.bureau) - BUREAUS.indexOf(b.bureau));
});

export const getCreditDisplay = defineCallable('getCreditDisplay', async (caller) => {
  const uid = await creditCustomer(caller);
  return creditDisplayOf(uid, await requireReport(uid));
});

/** The customer as the simulator's vendor knows them: stable, and not the uid (the vendor never learns our ids). */
export function vendorUserToken(uid: string): string {
  return createHash('sha256').update(`credit-simulator-user|${uid}`).digest('hex').slice(0, 40);
}

/**
 * A fresh display token for the simulator widget (spec 001 §2 "Simulator", §3 "Display tokens"): random, good for
 * 15 minutes, bound to the current report; the widget's page reads creditDisplayTokens/{displayToken} to know
 * whose report it shows.
 */
export const getCreditDisplayTokens = defineCallable('getCreditDisplayTokens', async (caller) => {
  const uid = await creditCustomer(caller);
  const report = await requireReport(uid);
  const reportKey = reportKeyOf(uid, report);
  const displayToken = randomBytes(24).toString('base64url');
  const userToken = vendorUserToken(uid);
  const expiresAt = new Date(Date.now() + DISPLAY_TOKEN_TTL_MS);
  await db()
    .collection(COLLECTIONS.creditDisplayTokens)
    .doc(displayToken)
    .set({ uid, reportKey, userToken, expiresAt: Timestamp.fromDate(expiresAt), createdAt: Timestamp.now() });
  return { reportKey, displayToken, userToken, widgetUrl: creditData().simulatorWidgetUrl(), expiresAt: expiresAt.toISOString() };
});

/** The contact's refresh facts (spec 001 §5): its pull date and KBA status, as the CRM holds them. */
async function refreshFactsOf(uid: string) {
  const userPath = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, userPath, (await db().doc(userPath).get()).data() ?? {});
  const contactId = user.customer?.contactId;
  const contact = contactId !== undefined ? await crm().getContact(contactId) : null;
  return { creditPullDate: contact?.Credit_Pull_Date__c ?? null, kbaStatus: contact?.KBA_Status__c ?? null };
}

/**
 * An order still running this long after it started is taken as lost (an instance that died mid-pull): the next
 * order goes ahead. Longer than a callable may run.
 */
export const ORDER_IN_PROGRESS_STALE_MS = 2 * 60 * 1_000;

/**
 * spec 001 §4 "Report ordering", §5, §8; spec 002 §7 (throttled and aborted): the throttle first (a second order
 * within 15 s: resource-exhausted with the seconds left), then an earlier order of this customer still being pulled
 * (aborted, 'order-in-progress': the browser says an order is under way), then the refresh rule
 * (failed-precondition), all inside the transaction that records the accepted order's time and marks it in
 * progress, so a refused order writes nothing and two orders at once cannot both pass. Then, with the KBA flag on
 * and the customer's KBA not passed, the order waits for the identity check (a KBA session to answer at
 * /kba?id=…); otherwise the new report is pulled now. Either way the in-progress mark is cleared.
 */
export const orderReport = defineCallable('orderReport', async (caller): Promise<OrderReportResponse> => {
  const uid = await creditCustomer(caller);
  const now = new Date();
  const facts = await refreshFactsOf(uid);
  const orderRef = db().collection(COLLECTIONS.reportOrders).doc(uid);
  let orderBefore: Record<string, unknown> | undefined;
  await db().runTransaction(async (transaction) => {
    const snapshot = await transaction.get(orderRef);
    orderBefore = snapshot.data();
    const order = parseStored(storedReportOrderSchema, orderRef.path, snapshot.data() ?? {});
    const lastOrderMs = millisOf(order.lastOrderAt);
    const secondsLeft = lastOrderMs === null ? 0 : throttleSecondsLeft(lastOrderMs, now.getTime());
    if (secondsLeft > 0) {
      throw callableError('resource-exhausted', CREDIT_ERROR_KEYS.orderThrottled, {
        key: CREDIT_ERROR_KEYS.orderThrottled,
        retryAfterSeconds: secondsLeft,
      });
    }
    const inProgressMs = millisOf(order.inProgressSince);
    if (inProgressMs !== null && now.getTime() - inProgressMs < ORDER_IN_PROGRESS_STALE_MS) {
      throw callableError('aborted', CREDIT_ERROR_KEYS.orderInProgress, { key: CREDIT_ERROR_KEYS.orderInProgress });
    }
    const eligibility = reportRefreshEligibility(
      { ...facts, isAgent: caller.claims.isAgent === true, allowClientActions: caller.claims.allowClientActions === true },
      isoDay(now),
    );
    if (eligibility.kind === 'notPermitted') {
      throw callableError('permission-denied', 'not-permitted', { key: ERROR_KEYS.coachNotPermitted });
    }
    if (eligibility.kind === 'disabled') {
      throw callableError('failed-precondition', CREDIT_ERROR_KEYS.refreshNotAllowed, { key: CREDIT_ERROR_KEYS.refreshNotAllowed });
    }
    transaction.set(orderRef, { lastOrderAt: Timestamp.fromDate(now), inProgressSince: Timestamp.fromDate(now) });
  });
  let response: OrderReportResponse;
  try {
    response =
      (await serverFlags()).kba && facts.kbaStatus !== true
        ? { status: 'kba-required', kbaLinkId: await openKbaSession(uid, now) }
        : { status: 'ordered', ...(await orderNewReport(uid, now)) };
  } catch (error) {
    // Nothing was ordered (the bureau or the CRM failed before the report was stored): the order record goes back to
    // what it was, so the throttle does not hold the customer's retry (security review "faults": no dead end).
    await (orderBefore ? orderRef.set(orderBefore) : orderRef.delete());
    throw error;
  }
  await orderRef.update({ inProgressSince: FieldValue.delete() });
  return response;
});

// ------------------------------------------------------------------------------------------ the report as a PDF

/**
 * The customer's current three-bureau report as a PDF (spec 002 §2 Payment-failed page "download reports"
 * item 9): read as getCreditReport reads it (the combined report, the SSN as its last four digits), named as the
 * customer's CRM contact names them, labelled in the request's language (creditReportPdf.ts). The contract's
 * permission is `download` (spec 000 §6: a document download); the free line and a customer without a report are
 * refused as the other credit calls refuse them. Answered inline, as the dispute letters are; nothing is stored.
 */
export const getCreditReportPdf = defineCallable('getCreditReportPdf', async (caller) => {
  const uid = await creditCustomer(caller);
  const report = reportForSource(await requireReport(uid), 'combined');
  const { name } = await letterIdentityOf(uid);
  const bytes = await renderCreditReportPdf(report, { customerName: name, lang: caller.data.lang });
  return {
    fileName: `credit-reports-${report.pulledAt.slice(0, 10)}.pdf`,
    contentType: 'application/pdf' as const,
    base64: Buffer.from(bytes).toString('base64'),
  };
});
