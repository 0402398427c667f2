// What a bureau's answer does to the customer's credit file ("when a bureau corrects an item, the
// credit report and the readiness score change with it"). For each bureau event (bureauResponse.ts):
//   - REMOVED: the item's record at that bureau (the item id `${BUREAU}-…` in creditReports/{uid} accounts,
//     inquiries or publicRecords) leaves the stored report; the record is kept in
//     investigations/{uid}/removedRecords/{recordId} so a reinsertion can put it back.
//   - MODIFIED: the record is corrected — a collection is paid (balance 0, status 'Paid'), a late payment's late
//     months become current ('C') with the late counters at 0, a public record is satisfied or dismissed.
//   - VERIFIED: nothing changes.
//   - reinserted: the removed record comes back as it was.
// The bureau's score moves with it: the report summary's score for that bureau and a score history point on the
// day (creditScoreHistory/{uid}/items/{bureau}-{day}); removing a collection or a public record raises it more than
// removing an inquiry. Then the readiness score is recomputed (onboarding/readinessScoreStore.ts).
// correctReport is pure (the seed writes its demo report through it); applyBureauResponses writes in a transaction.
import { clampScore, latePaymentCounts, scoreHistoryItemId, worstPayStatus, type Bureau } from '../../../src/domain/creditReportRecords';
import type { BureauOutcome, DisputeCategory, DisputeEntityType } from '../../../src/domain/disputes';
import type { StoredInvestigationItem } from './disputeRecords';
import type { BureauEvent } from './bureauResponse';

type RawRecord = Record<string, unknown> & { id?: unknown };
/** creditReports/{uid} as stored: only the parts a correction touches are read; the rest is kept as it is. */
export type RawReport = Record<string, unknown>;

export const RECORD_COLLECTIONS: Readonly<Record<DisputeEntityType, 'accounts' | 'inquiries' | 'publicRecords'>> = {
  account: 'accounts',
  inquiry: 'inquiries',
  publicRecord: 'publicRecords',
};

/** A record a bureau removed, kept so it can come back (investigations/{uid}/removedRecords/{recordId}). */
export interface RemovedRecord {
  itemId: string;
  bureau: Bureau;
  collection: 'accounts' | 'inquiries' | 'publicRecords';
  record: RawRecord;
  removedAt: string;
}

/** Points a bureau's score moves by when it removes or modifies an item of a category (verification: none). */
export const SCORE_POINTS: Readonly<Record<DisputeCategory, Readonly<Record<Exclude<BureauOutcome, 'VERIFIED'>, number>>>> = {
  COLLECTIONS_TRADELINE: { REMOVED: 22, MODIFIED: 8 },
  COLLECTIONS_OTHER: { REMOVED: 16, MODIFIED: 6 },
  PUBLIC_RECORDS: { REMOVED: 28, MODIFIED: 7 },
  LATE_PAYMENTS: { REMOVED: 14, MODIFIED: 11 },
  RECENT_INQUIRY: { REMOVED: 4, MODIFIED: 0 },
};

export function scoreChange(category: DisputeCategory, outcome: BureauOutcome): number {
  return outcome === 'VERIFIED' ? 0 : SCORE_POINTS[category][outcome];
}

/** The item's record id at `bureau` (itemIds are `${BUREAU}-${key}`). */
export function recordIdAt(item: Pick<StoredInvestigationItem, 'itemIds'>, bureau: Bureau): string | null {
  return item.itemIds.find((id) => id.startsWith(`${bureau}-`)) ?? null;
}

const LATE_CODES = new Set(['1', '2', '3', '4', '5', '6']);

/** The record as the bureau corrects it (MODIFIED), by the item's category. */
export function modifiedRecord(category: DisputeCategory, record: RawRecord): RawRecord {
  switch (category) {
    case 'COLLECTIONS_TRADELINE':
    case 'COLLECTIONS_OTHER':
      return { ...record, currentBalance: 0, pastDueAmount: 0, status: 'Paid' };
    case 'LATE_PAYMENTS': {
      const history = record.monthlyPaymentHistory as { Monthly?: { date: string; status: string }[] } | undefined;
      const monthly = (history?.Monthly ?? []).map((month) => (LATE_CODES.has(month.status) ? { ...month, status: 'C' } : month));
      const counts = latePaymentCounts(monthly.map((month) => month.status));
      const paymentStatus = typeof record.paymentStatus === 'string' && LATE_CODES.has(record.paymentStatus) ? 'C' : record.paymentStatus;
      return {
        ...record,
        paymentStatus,
        pastDueAmount: paymentStatus === 'C' ? 0 : record.pastDueAmount,
        latePayments30Days: counts.late30,
        latePayments60Days: counts.late60,
        latePayments90Days: counts.late90,
        worstPayStatus: worstPayStatus(monthly.map((month) => month.status)),
        ...(history ? { monthlyPaymentHistory: { ...history, Monthly: monthly } } : {}),
      };
    }
    case 'PUBLIC_RECORDS': {
      const type = typeof record.type === 'string' ? record.type : '';
      const status = /bankruptcy/i.test(type) || record.status === 'satisfied' ? 'dismissed' : 'satisfied';
      return { ...record, status };
    }
    case 'RECENT_INQUIRY':
      return record;
  }
}

export interface ReportCorrections {
  /** The corrected report (null when the customer has none: then only the items change). */
  report: RawReport | null;
  /** Records removed by these events (to keep), by record id. */
  removed: Map<string, RemovedRecord>;
  /** Record ids put back by these events (their kept copies to delete). */
  restored: Set<string>;
  /** A score history point per bureau and day the score moved. */
  scorePoints: { bureau: Bureau; reportdate: string; creditscore: number }[];
  /** Whether the report changed at all (records or scores). */
  changed: boolean;
}

/**
 * Applies the bureaus' events (in date order) to the stored report. `items` are the items the events name (their
 * category, entity type and record ids); `kept` the records removed earlier, by record id.
 */
export function correctReport(
  report: RawReport | null,
  events: readonly BureauEvent[],
  items: ReadonlyMap<string, Pick<StoredInvestigationItem, 'type' | 'entityType' | 'itemIds'>>,
  kept: ReadonlyMap<string, RemovedRecord>,
): ReportCorrections {
  const result: ReportCorrections = { report: null, removed: new Map(), restored: new Set(), scorePoints: [], changed: false };
  if (report === null) return result;
  const next: RawReport = { ...report };
  const records = (collection: RemovedRecord['collection']): RawRecord[] =>
    Array.isArray(next[collection]) ? (next[collection] as RawRecord[]) : [];
  const summary = next.reportSummary as { bureauSummary?: { bureau: string; creditScore: number | null }[] } | undefined;
  let bureauSummary = [...(summary?.bureauSummary ?? [])];
  const points = new Map<string, { bureau: Bureau; reportdate: string; creditscore: number }>();

  const moveScore = (bureau: Bureau, on: string, delta: number) => {
    if (delta === 0) return;
    bureauSummary = bureauSummary.map((entry) =>
      entry.bureau === bureau && typeof entry.creditScore === 'number' ? { ...entry, creditScore: clampScore(entry.creditScore + delta) } : entry,
    );
    const score = bureauSummary.find((entry) => entry.bureau === bureau)?.creditScore;
    if (typeof score === 'number') {
      const point = { bureau, reportdate: on, creditscore: score };
      points.set(scoreHistoryItemId(point), point);
    }
    result.changed = true;
  };

  for (const event of events) {
    const item = items.get(event.itemId);
    if (!item) continue;
    const recordId = recordIdAt(item, event.bureau);
    if (recordId === null) continue;
    const collection = RECORD_COLLECTIONS[item.entityType];
    const list = records(collection);
    if (event.event === 'answered' && event.outcome === 'REMOVED') {
      const record = list.find((candidate) => candidate.id === recordId);
      if (!record) continue;
      next[collection] = list.filter((candidate) => candidate !== record);
      result.removed.set(recordId, { itemId: event.itemId, bureau: event.bureau, collection, record, removedAt: event.on });
      result.restored.delete(recordId);
      result.changed = true;
      moveScore(event.bureau, event.on, scoreChange(item.type, 'REMOVED'));
    } else if (event.event === 'answered' && event.outcome === 'MODIFIED') {
      if (!list.some((candidate) => candidate.id === recordId)) continue;
      next[collection] = list.map((candidate) => (candidate.id === recordId ? modifiedRecord(item.type, candidate) : candidate));
      result.changed = true;
      moveScore(event.bureau, event.on, scoreChange(item.type, 'MODIFIED'));
    } else if (event.event === 'reinserted') {
      const removed = result.removed.get(recordId) ?? kept.get(recordId);
      if (!removed || list.some((candidate) => candidate.id === recordId)) continue;
      next[removed.collection] = [...records(removed.collection), removed.record];
      result.removed.delete(recordId);
      result.restored.add(recordId);
      result.changed = true;
      moveScore(event.bureau, event.on, -scoreChange(item.type, 'REMOVED'));
    }
  }
  if (summary) next.reportSummary = { ...summary, bureauSummary };
  result.report = next;
  result.scorePoints = [...points.values()];
  return result;
}
