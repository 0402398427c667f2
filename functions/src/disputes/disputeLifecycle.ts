// The customer's side of the dispute lifecycle (spec 001 §4 "Investigation status", "Dispute item
// flow", "Wizard"), as pure functions over the stored items so every rule can be tested without the emulators. The
// callables (callables.ts) read the items, call these, and write what they answer in one batch or
// transaction: a refusal throws before anything is written.
//
// Per item and per bureau: PENDING_USER_DECISION → (a reason saved) → UNDER_REVIEW_PENDING on submit (the letter is
// in the mail) → UNDER_REVIEW_ACTIVE (the bureau received it: bureauResponse sandbox) → CORRECTED (answered:
// removed, modified or verified). 'do not challenge' → NOT_CHALLENGED. Starting a challenge again (a not-challenged
// item, or a second round after a verified, reinserted or overdue answer) takes the item back to a decision;
// cancelling (after 'do not challenge' was saved) takes it back to not challenged while no bureau has received it.
import { HttpsError, type FunctionsErrorCode } from 'firebase-functions/v2/https';
import type { InvestigationReason } from '../../../src/contract/disputes';
import type { Bureau } from '../../../src/domain/creditReportRecords';
import {
  DISPUTE_CATEGORIES,
  DO_NOT_CHALLENGE,
  LETTER_MAIL_DAYS,
  addDays,
  bureauStatusRecord,
  checkReason,
  isReviewable,
  isUnderReviewStatus,
  needsWaiver,
  offersSecondRound,
  responseWindow,
  stageOfItem,
  type DisputeReason,
  type SecondaryReason,
} from '../../../src/domain/disputes';
import type { StoredDisputesState, StoredInvestigationItem } from './disputeStore';

export interface ItemEntry {
  id: string;
  item: StoredInvestigationItem;
}
type BureauStatus = StoredInvestigationItem['statuses'][number];

/** The message keys of the lifecycle's refusals (details.key). */
export const DISPUTE_REFUSALS = {
  paused: 'disputes-paused',
  missingReasons: 'disputes-missing-reasons',
  nothingToSubmit: 'nothing-to-submit',
  alreadyReceived: 'challenge-already-received',
  notFound: 'investigation-not-found',
  mismatch: 'investigation-mismatch',
  duplicate: 'investigation-duplicate',
  waiverRequired: 'waiver-required',
  alreadyChallenged: 'investigation-already-challenged',
  notStartable: 'challenge-not-startable',
  cancelNeedsDoNotChallenge: 'cancel-needs-do-not-challenge',
} as const;

function refuse(code: FunctionsErrorCode, key: string, extra: Record<string, unknown> = {}): HttpsError {
  return new HttpsError(code, key, { key, ...extra });
}

/** The short bureau code in dispute and letter ids. */
export const BUREAU_CODES: Readonly<Record<Bureau, string>> = { EQUIFAX: 'EQ', EXPERIAN: 'EX', TRANSUNION: 'TU' };

const compactDay = (day: string) => day.replaceAll('-', '');

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((value) => right.has(value));
}

/**
 * The stored items each request names, in request order. An id this customer does not have (another customer's
 * included: the items are read from this customer's collection only) is not-found; the same id twice, or
 * itemIds/type that are not the stored item's, is invalid-argument.
 */
function itemsNamed<R extends { id: string; itemIds: readonly string[]; type?: string }>(
  entries: readonly ItemEntry[],
  requests: readonly R[],
): { request: R; entry: ItemEntry }[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const seen = new Set<string>();
  return requests.map((request, index) => {
    if (seen.has(request.id)) throw refuse('invalid-argument', DISPUTE_REFUSALS.duplicate, { index });
    seen.add(request.id);
    const entry = byId.get(request.id);
    if (!entry) throw refuse('not-found', DISPUTE_REFUSALS.notFound, { index });
    if (!sameSet(entry.item.itemIds, request.itemIds) || (request.type !== undefined && request.type !== entry.item.type)) {
      throw refuse('invalid-argument', DISPUTE_REFUSALS.mismatch, { index });
    }
    return { request, entry };
  });
}

const hasStatus = (item: StoredInvestigationItem, status: BureauStatus['status']) => item.statuses.some((entry) => entry.status === status);

// ------------------------------------------------------------------------------------------- reasons

/**
 * updateInvestigationReasons: every entry is checked before any is applied. The reason must be one the item's
 * category offers, with the secondary reasons it needs; a special account given another reason than 'do not
 * challenge' needs the waiver accepted. An item a bureau has received or answered cannot be re-decided; one whose
 * letters are still in the mail may only be given 'do not challenge' (the first half of cancelling it).
 * Answers the changed items.
 */
export function applyReasons(entries: readonly ItemEntry[], requests: readonly InvestigationReason[], now: Date): ItemEntry[] {
  const named = itemsNamed(entries, requests);
  named.forEach(({ request, entry }, index) => {
    const check = checkReason(entry.item.type, request.reason, request.reasonOptions);
    if (!check.ok) throw refuse('invalid-argument', check.problem, { index });
    if (needsWaiver(entry.item, request.reason) && request.waiverAccepted !== true) {
      throw refuse('failed-precondition', DISPUTE_REFUSALS.waiverRequired, { index });
    }
    const answered = hasStatus(entry.item, 'UNDER_REVIEW_ACTIVE') || hasStatus(entry.item, 'CORRECTED');
    const inTheMail = hasStatus(entry.item, 'UNDER_REVIEW_PENDING');
    if (answered || (inTheMail && request.reason !== DO_NOT_CHALLENGE)) {
      throw refuse('failed-precondition', DISPUTE_REFUSALS.alreadyChallenged, { index });
    }
  });
  return named.map(({ request, entry }) => {
    const reason: DisputeReason = request.reason;
    const decline = reason === DO_NOT_CHALLENGE;
    const waiverAcceptedAt = needsWaiver(entry.item, reason) ? (entry.item.waiverAcceptedAt ?? now) : decline ? null : entry.item.waiverAcceptedAt;
    return {
      id: entry.id,
      item: {
        ...entry.item,
        challengeReason: reason,
        challengeReasonOptions: [...request.reasonOptions] as SecondaryReason[],
        challengeReasonSelected: true,
        waiverAcceptedAt,
        statuses: entry.item.statuses.map((status) =>
          status.status === 'PENDING_USER_DECISION' || status.status === 'NOT_CHALLENGED'
            ? { ...status, status: decline ? 'NOT_CHALLENGED' : 'PENDING_USER_DECISION' }
            : status,
        ),
      },
    };
  });
}

// ------------------------------------------------------------------------------------------- submit

/** One disputed item as a bureau's letter lists it (kept with the letter record, so a letter can be rewritten). */
export interface LetterLine {
  itemId: string;
  name: string;
  type: StoredInvestigationItem['type'];
  entityType: StoredInvestigationItem['entityType'];
  reason: DisputeReason;
  secondary: SecondaryReason[];
  /** The item's record ids at this bureau (`${BUREAU}-${key}`). */
  recordIds: string[];
  disputeId: string;
  balance: number | null;
}

export interface LetterPlan {
  bureau: Bureau;
  documentId: string;
  completionDate: string;
  round: number;
  lines: LetterLine[];
}

export interface SubmitPlan {
  items: ItemEntry[];
  submitted: number;
  letters: LetterPlan[];
}

/** The next free number of ids `${prefix}{n}` (n from 1, two digits at least). */
function nextNumber(existing: readonly string[], prefix: string): () => string {
  let n = existing
    .filter((id) => id.startsWith(prefix))
    .map((id) => Number.parseInt(id.slice(prefix.length), 10))
    .filter((value) => Number.isFinite(value))
    .reduce((max, value) => Math.max(max, value), 0);
  return () => {
    n += 1;
    return String(n).padStart(2, '0');
  };
}

function recordIdsAt(item: StoredInvestigationItem, bureau: Bureau): string[] {
  const own = item.itemIds.filter((id) => id.startsWith(`${bureau}-`));
  return own.length > 0 ? own : [...item.itemIds];
}

/**
 * challengeAllInvestigations on `today` (the customer's dispute clock). Refused while paused, while a reviewable
 * item lacks a reason, and when there is nothing to decide at all. Each item with a reason other than 'do not
 * challenge' goes to every bureau still waiting for the decision: UNDER_REVIEW_PENDING, the next round, sent
 * today, a new dispute id per bureau; 'do not challenge' items close as NOT_CHALLENGED. One letter per bureau lists
 * that bureau's items (`existingLetterIds`: the customer's letters so far, for the letter's number).
 */
export function planSubmit(
  entries: readonly ItemEntry[],
  state: StoredDisputesState,
  today: string,
  existingLetterIds: readonly string[],
): SubmitPlan {
  if (state.isPaused) throw refuse('failed-precondition', DISPUTE_REFUSALS.paused);
  const missing = entries.filter((entry) => isReviewable(entry.item));
  if (missing.length > 0) {
    throw refuse('failed-precondition', DISPUTE_REFUSALS.missingReasons, { count: missing.length });
  }
  const waiting = (status: BureauStatus) => status.status === 'PENDING_USER_DECISION';
  const decided = (item: StoredInvestigationItem) => item.challengeReasonSelected && item.challengeReason !== null;
  const toSend = entries.filter(
    ({ item }) => decided(item) && item.challengeReason !== DO_NOT_CHALLENGE && item.statuses.some(waiting),
  );
  // Declined items that still wait (saved before a status was moved), and the customer's decisions not to
  // challenge anything this time: submitting those closes the review without sending a letter.
  const declined = entries.filter(
    ({ item }) => decided(item) && item.challengeReason === DO_NOT_CHALLENGE && stageOfItem(item) === 'not-challenged',
  );
  if (toSend.length === 0 && declined.length === 0) throw refuse('failed-precondition', DISPUTE_REFUSALS.nothingToSubmit);

  const allDisputeIds = entries.flatMap(({ item }) => item.disputeIds);
  const day = compactDay(today);
  const disputeNumber = Object.fromEntries(
    (Object.keys(BUREAU_CODES) as Bureau[]).map((bureau) => [bureau, nextNumber(allDisputeIds, `DSP-${BUREAU_CODES[bureau]}-${day}-`)]),
  ) as Record<Bureau, () => string>;
  const lines = new Map<Bureau, LetterLine[]>();
  const rounds = new Map<Bureau, number>();

  const sent: ItemEntry[] = toSend.map(({ id, item }) => {
    const disputeIds = [...item.disputeIds];
    const statuses = item.statuses.map((status): BureauStatus => {
      if (!waiting(status)) return status;
      const disputeId = `DSP-${BUREAU_CODES[status.bureau]}-${day}-${disputeNumber[status.bureau]()}`;
      disputeIds.push(disputeId);
      const round = status.round + 1;
      rounds.set(status.bureau, Math.max(rounds.get(status.bureau) ?? 0, round));
      const line: LetterLine = {
        itemId: id,
        name: item.name,
        type: item.type,
        entityType: item.entityType,
        reason: item.challengeReason as DisputeReason,
        secondary: [...item.challengeReasonOptions],
        recordIds: recordIdsAt(item, status.bureau),
        disputeId,
        balance: item.accountBalance.amount,
      };
      lines.set(status.bureau, [...(lines.get(status.bureau) ?? []), line]);
      // A new round: nothing of the last one's window or answer carries over.
      return bureauStatusRecord(status.bureau, {
        status: 'UNDER_REVIEW_PENDING',
        round,
        sentAt: today,
        lastActivity: today,
        // What comes next: the letter reaching the bureau.
        nextActivity: addDays(today, LETTER_MAIL_DAYS),
      });
    });
    return { id, item: { ...item, disputeIds, statuses } };
  });
  const closed: ItemEntry[] = declined
    .filter(({ item }) => item.statuses.some(waiting))
    .map(({ id, item }) => ({
      id,
      item: { ...item, statuses: item.statuses.map((status) => (waiting(status) ? { ...status, status: 'NOT_CHALLENGED' as const } : status)) },
    }));

  const letters: LetterPlan[] = [];
  for (const bureau of Object.keys(BUREAU_CODES) as Bureau[]) {
    const bureauLines = lines.get(bureau);
    if (!bureauLines) continue;
    const prefix = `LTR-${BUREAU_CODES[bureau]}-${day}-`;
    letters.push({
      bureau,
      documentId: `${prefix}${nextNumber(existingLetterIds, prefix)()}`,
      completionDate: today,
      round: rounds.get(bureau) ?? 1,
      lines: bureauLines,
    });
  }
  return { items: [...sent, ...closed], submitted: sent.length, letters };
}

// ------------------------------------------------------------------------------------------- start and cancel

export interface ChallengedRequest {
  id: string;
  itemIds: readonly string[];
  challengeReasonSelected: boolean;
}

/** A bureau that still investigates within its window (an overdue one counts as answered late: a second round). */
function stillUnderReview(status: BureauStatus, today: string): boolean {
  return isUnderReviewStatus(status.status) && responseWindow(status, today).kind !== 'overdue';
}

/** Whether the customer may start (again) a challenge of this item on `today`. */
export function canStartChallenge(item: StoredInvestigationItem, today: string): boolean {
  return stageOfItem(item) === 'not-challenged' || item.statuses.some((status) => offersSecondRound(status, today));
}

/**
 * updateInvestigationsChallenged. challengeReasonSelected false starts a challenge (refused while paused): the
 * item goes back to a decision at every bureau that is not still investigating, its reason cleared. true cancels
 * one: only after 'do not challenge' was saved for it and while no bureau has received it; its bureaus become
 * NOT_CHALLENGED (a letter still in the mail is cancelled: that round does not count) and answered bureaus keep
 * their answer. Every entry is checked before any is applied.
 */
export function applyChallenged(
  entries: readonly ItemEntry[],
  requests: readonly ChallengedRequest[],
  state: StoredDisputesState,
  today: string,
): ItemEntry[] {
  const named = itemsNamed(entries, requests);
  named.forEach(({ request, entry }, index) => {
    if (!request.challengeReasonSelected) {
      if (state.isPaused) throw refuse('failed-precondition', DISPUTE_REFUSALS.paused, { index });
      if (!canStartChallenge(entry.item, today)) throw refuse('failed-precondition', DISPUTE_REFUSALS.notStartable, { index });
      return;
    }
    if (entry.item.challengeReason !== DO_NOT_CHALLENGE) {
      throw refuse('failed-precondition', DISPUTE_REFUSALS.cancelNeedsDoNotChallenge, { index });
    }
    if (hasStatus(entry.item, 'UNDER_REVIEW_ACTIVE')) throw refuse('failed-precondition', DISPUTE_REFUSALS.alreadyReceived, { index });
  });
  return named.map(({ request, entry }) => {
    const { item } = entry;
    if (!request.challengeReasonSelected) {
      return {
        id: entry.id,
        item: {
          ...item,
          challengeReason: null,
          challengeReasonOptions: [],
          challengeReasonSelected: false,
          statuses: item.statuses.map((status) =>
            stillUnderReview(status, today) ? status : { ...status, status: 'PENDING_USER_DECISION' as const, nextActivity: null },
          ),
        },
      };
    }
    return {
      id: entry.id,
      item: {
        ...item,
        challengeReasonSelected: true,
        statuses: item.statuses.map((status): BureauStatus => {
          if (status.status === 'CORRECTED') return status;
          if (status.status === 'UNDER_REVIEW_PENDING') {
            return {
              ...status,
              status: 'NOT_CHALLENGED',
              round: Math.max(0, status.round - 1),
              sentAt: null,
              lastActivity: today,
              nextActivity: null,
            };
          }
          return { ...status, status: 'NOT_CHALLENGED' };
        }),
      },
    };
  });
}

// ------------------------------------------------------------------------------------------- views and order

/** markInvestigationsViewed: the ids must all be this customer's items (else invalid-argument, nothing written). */
export function itemsToMarkViewed(entries: readonly ItemEntry[], ids: readonly string[]): string[] {
  const known = new Set(entries.map((entry) => entry.id));
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw refuse('invalid-argument', DISPUTE_REFUSALS.notFound, { index: unknown });
  return [...new Set(ids)];
}

/** The dashboard's order: category order (DISPUTE_CATEGORIES), then name. */
export function sortedForDetails<T extends { type: StoredInvestigationItem['type']; name: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      DISPUTE_CATEGORIES.indexOf(a.type) - DISPUTE_CATEGORIES.indexOf(b.type) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
}
