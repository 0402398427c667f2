// Credit report pulls for the developer tools (spec 001 §2 "Developer tools", §3 "Test plan"):
// a fresh three-bureau report (the repopulateReport command and the getIDCS3BReport step) and a single bureau's
// report (getEquifaxReport, getTransunionReport), through the credit data provider and stored the way every pull
// is stored (credit/creditOrders.ts: the report with a new key, the score history points, the pull date on the contact
// and the user document, the new dispute items).
//
// A single-bureau pull replaces that bureau's part of the stored report (its summary, accounts, inquiries, public
// records and personal information) and keeps the other bureaus' parts as they were; the provider is asked for the
// customer's file as a whole (a refresh of the stored report when it already holds that bureau, else a first pull)
// and only that bureau's answer is kept. Its dispute items are the first pull's items at that bureau: a new item
// is added with that bureau only, and an item the customer already has gains that bureau when it lacked it.
import type { Bureau } from '../../../src/domain/creditReportRecords';
import { BUREAUS } from '../../../src/domain/creditReportRecords';
import { bureauStatusRecord } from '../../../src/domain/disputes';
import { db } from '../platform/admin';
import {
  addNewInvestigations,
  creditSubjectOf,
  pullAndStoreInitialReport,
  recordPullDate,
  storedCreditReport,
  writeCreditReport,
} from '../credit/creditOrders';
import { investigationItemsRef, parseInvestigationItem } from '../disputes/disputeStore';
import { creditData } from '../providers';
import type { CreditReportRecords, ScoreHistoryPoint } from '../credit/creditData';

/** What a pull left in the stored report. */
export interface PullSummary {
  bureaus: Bureau[];
  accounts: number;
  /** Dispute items added, or given the pulled bureau. */
  newItems: number;
}

async function summary(uid: string, newItems: number): Promise<PullSummary> {
  const report = await storedCreditReport(uid);
  return {
    bureaus: (report?.reportSummary.bureauSummary ?? []).map((entry) => entry.bureau),
    accounts: report?.accounts.length ?? 0,
    newItems,
  };
}

/** A fresh three-bureau report (the first pull's rules: the dispute items the customer lacks are added). */
export async function pullThreeBureauReport(uid: string, now: Date = new Date()): Promise<PullSummary> {
  const items = investigationItemsRef(uid);
  const before = (await items.count().get()).data().count;
  await pullAndStoreInitialReport(uid, now);
  const after = (await items.count().get()).data().count;
  return summary(uid, after - before);
}

const bureauOrder = (bureau: string) => BUREAUS.indexOf(bureau as Bureau);

/** `previous` with `bureau`'s records replaced by the pulled ones (records of each bureau in the bureaus' order). */
export function mergeBureau(previous: CreditReportRecords | null, pulled: CreditReportRecords, bureau: Bureau): CreditReportRecords {
  const merge = <T extends { bureau: string }>(kept: readonly T[] | undefined, fresh: readonly T[]): T[] =>
    [...(kept ?? []).filter((record) => record.bureau !== bureau), ...fresh.filter((record) => record.bureau === bureau)].sort(
      (a, b) => bureauOrder(a.bureau) - bureauOrder(b.bureau),
    );
  return {
    reportSummary: { bureauSummary: merge(previous?.reportSummary.bureauSummary, pulled.reportSummary.bureauSummary) },
    accounts: merge(previous?.accounts, pulled.accounts),
    inquiries: merge(previous?.inquiries, pulled.inquiries),
    publicRecords: merge(previous?.publicRecords, pulled.publicRecords),
    personalInfo: merge(previous?.personalInfo, pulled.personalInfo),
  };
}

type PulledItem = Record<string, unknown> & { id: string; itemIds?: unknown; statuses?: unknown };

/** A pulled dispute item restricted to one bureau (null when the bureau does not report it). */
export function itemAtBureau(item: PulledItem, bureau: Bureau): PulledItem | null {
  const statuses = (Array.isArray(item.statuses) ? item.statuses : []) as { bureau?: unknown }[];
  const itemIds = (Array.isArray(item.itemIds) ? item.itemIds : []) as string[];
  const own = statuses.filter((status) => status.bureau === bureau);
  if (own.length === 0) return null;
  return { ...item, statuses: own, itemIds: itemIds.filter((id) => id.startsWith(`${bureau}-`)) };
}

/** One bureau's report, merged into the stored one (see the top of this file). */
export async function pullBureauReport(uid: string, bureau: Bureau, now: Date = new Date()): Promise<PullSummary> {
  const { subject, contactId } = await creditSubjectOf(uid);
  const stored = await storedCreditReport(uid);
  const previous: CreditReportRecords | null = stored
    ? {
        reportSummary: stored.reportSummary,
        accounts: stored.accounts,
        inquiries: stored.inquiries,
        publicRecords: stored.publicRecords ?? [],
        personalInfo: stored.personalInfo,
      }
    : null;
  const holdsBureau = previous?.reportSummary.bureauSummary.some((entry) => entry.bureau === bureau) === true;
  let pulled: CreditReportRecords;
  let history: readonly ScoreHistoryPoint[];
  let pulledItems: PulledItem[] = [];
  if (previous && holdsBureau) {
    ({ report: pulled, scoreHistory: history } = await creditData().refreshReport(subject, previous, now));
  } else {
    const first = await creditData().pullInitialReport(subject, now);
    pulled = first.report;
    history = first.scoreHistory;
    pulledItems = first.investigations.map((item) => itemAtBureau(item, bureau)).filter((item) => item !== null);
  }
  const scoreHistory = history.filter((point) => point.bureau === bureau);
  await recordPullDate(contactId, now);

  // Items the customer has already: those that lack this bureau gain it, waiting for the customer's decision.
  const existing = await investigationItemsRef(uid).get();
  const byId = new Map(existing.docs.map((doc) => [doc.id, doc]));
  const batch = db().batch();
  writeCreditReport(batch, uid, { report: mergeBureau(previous, pulled, bureau), scoreHistory }, now);
  let newItems = 0;
  const fresh: PulledItem[] = [];
  for (const item of pulledItems) {
    const doc = byId.get(item.id);
    if (!doc) {
      fresh.push(item);
      continue;
    }
    const stored = parseInvestigationItem(doc.ref.path, doc.data());
    if (stored.statuses.some((status) => status.bureau === bureau)) continue;
    const recordIds = (item.itemIds as string[]).filter((id) => !stored.itemIds.includes(id));
    batch.update(doc.ref, {
      statuses: [...stored.statuses, bureauStatusRecord(bureau)].sort((a, b) => bureauOrder(a.bureau) - bureauOrder(b.bureau)),
      itemIds: [...stored.itemIds, ...recordIds],
    });
    newItems += 1;
  }
  await addNewInvestigations(batch, uid, fresh);
  newItems += fresh.length;
  await batch.commit();
  return summary(uid, newItems);
}
