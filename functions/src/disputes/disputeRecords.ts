// The disputes' stored records (layout in disputeStore.ts), as pure schemas and functions: no Firestore
// connection, so the seed and the unit tests use them without loading the Admin SDK's services.
import { z } from 'zod/mini';
import type { InvestigationItem } from '../../../src/contract/disputes';
import { BUREAUS } from '../../../src/domain/creditReportRecords';
import {
  ALL_SECONDARY_REASONS,
  BUREAU_OUTCOMES,
  DISPUTE_CATEGORIES,
  DISPUTE_REASONS,
  ENTITY_TYPES,
  INVESTIGATION_STATUSES,
  addDays,
  toDay,
} from '../../../src/domain/disputes';
import { COLLECTIONS } from '../platform/collections';
import { parseStored } from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';

const day = z.catch(z.nullable(z.iso.date()), null);

const storedBureauStatusSchema = z.object({
  bureau: z.enum(BUREAUS),
  status: z.enum(INVESTIGATION_STATUSES),
  lastActivity: day,
  nextActivity: day,
  sentAt: day,
  receivedAt: day,
  dueAt: day,
  addedInfoAt: day,
  answeredAt: day,
  outcome: z.catch(z.nullable(z.enum(BUREAU_OUTCOMES)), null),
  reinsertedAt: day,
  round: z.catch(z.number().check(z.int(), z.gte(0)), 0),
});

/** investigations/{uid}/items/{id}. The category, entity type, statuses and item ids are what its writers guarantee. */
export const storedInvestigationItemSchema = z.object({
  name: z.catch(z.string(), ''),
  type: z.enum(DISPUTE_CATEGORIES),
  entityType: z.enum(ENTITY_TYPES),
  accountBalance: z.catch(z.object({ amount: z.catch(z.nullable(z.number()), null) }), { amount: null }),
  accountStatus: z.catch(z.nullable(z.string()), null),
  challengeReason: z.catch(z.nullable(z.enum(DISPUTE_REASONS)), null),
  // Older items kept the list of offered reasons here; only secondary reasons count now.
  challengeReasonOptions: z.catch(
    z.pipe(
      z.array(z.string()),
      z.transform((values) => values.filter((value): value is (typeof ALL_SECONDARY_REASONS)[number] => (ALL_SECONDARY_REASONS as readonly string[]).includes(value))),
    ),
    [],
  ),
  challengeReasonSelected: z.catch(z.boolean(), false),
  isSpecialAccount: z.catch(z.boolean(), false),
  waiverAcceptedAt: z.catch(z.nullable(z.unknown()), null),
  itemIds: z.array(z.string()),
  disputeIds: z.catch(z.array(z.string()), []),
  statuses: z.array(storedBureauStatusSchema),
  inquiryDate: day,
  reportDate: day,
  subtype: z.catch(z.nullable(z.string()), null),
  viewed: z.catch(z.boolean(), false),
});
export type StoredInvestigationItem = z.output<typeof storedInvestigationItemSchema>;

/** investigations/{uid}. */
export const storedDisputesStateSchema = z.object({
  isPaused: z.catch(z.boolean(), false),
  clockOffsetDays: z.catch(z.number().check(z.int(), z.gte(0)), 0),
});
export type StoredDisputesState = z.output<typeof storedDisputesStateSchema>;

/** The Storage path of a letter: by user, bureau and document id (spec 001 §7 getDisputePdf, v2). */
export function disputeLetterPath(uid: string, bureau: string, documentId: string): string {
  return `${COLLECTIONS.disputeLetters}/${uid}/${bureau}/${documentId}.pdf`;
}

export function parseDisputesState(data: unknown, path = 'investigations/{uid}'): StoredDisputesState {
  return parseStored(storedDisputesStateSchema, path, data ?? {});
}

/** The day the bureaus' windows are counted from for this customer: today moved by the sandbox clock's offset. */
export function disputesToday(state: StoredDisputesState, now: Date = new Date()): string {
  return addDays(toDay(now.getTime()), state.clockOffsetDays);
}

/** A stored item as the contract's item (the id from the document). */
export function toInvestigationItem(id: string, item: StoredInvestigationItem): InvestigationItem {
  return {
    id,
    ...item,
    waiverAcceptedAt: toIso(item.waiverAcceptedAt),
  };
}

export function parseInvestigationItem(path: string, data: unknown): StoredInvestigationItem {
  return parseStored(storedInvestigationItemSchema, path, data);
}
