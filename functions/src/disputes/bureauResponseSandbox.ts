// The bureaus' dispute desks as a bureau's test environment plays them: deterministic, seeded by
// customer + item + bureau + round, so a demo or a test sees the same answers every time.
//   - A letter arrives LETTER_MAIL_DAYS after it was sent: UNDER_REVIEW_PENDING → UNDER_REVIEW_ACTIVE, with the
//     receipt day and the FCRA §611 due day (30 days; 45 with information added inside the window).
//   - A bureau answers 10 to 30 days after receipt (never after the due day) — except about 1 in 6 bureau/item
//     pairs, which let the first round's window pass without an answer (overdue; the customer is offered a second
//     round, and a second round is always answered).
//   - The outcome follows the category, in shares like the bureaus' published dispute results: inquiries are
//     mostly removed; collections removed, modified (paid, balance 0) or verified; late payments modified (the late
//     months made current) or verified; public records verified more often than not.
//   - About 1 in 10 removed items comes back 10 to 40 days after the removal (reinserted).
// advanceBureaus is a pure function of (items, from, to, seed) so it is unit-tested without the emulators.
import { seededRandom, type Bureau } from '../../../src/domain/creditReportRecords';
import {
  addDays,
  LETTER_MAIL_DAYS,
  responseDueDate,
  type BureauOutcome,
  type DisputeCategory,
} from '../../../src/domain/disputes';
import type { StoredInvestigationItem } from './disputeRecords';
import type { BureauEvent, BureauResponseItem, BureauResponseProvider, BureauResponseRequest, BureauResponseResult } from './bureauResponse';

type StoredBureauStatus = StoredInvestigationItem['statuses'][number];

/** The earliest and latest answer, in days after receipt. */
export const ANSWER_DAYS = { min: 10, max: 30 } as const;
/** The share of first-round bureau/item pairs that let the window pass. */
export const SILENT_SHARE = 1 / 6;
/** The share of removed items a bureau puts back, and when (days after the removal). */
export const REINSERTION_SHARE = 1 / 10;
export const REINSERTION_DAYS = { min: 10, max: 40 } as const;

/** How often each outcome comes back, per category (shares add up to 1). */
export const OUTCOME_SHARES: Readonly<Record<DisputeCategory, Readonly<Record<BureauOutcome, number>>>> = {
  RECENT_INQUIRY: { REMOVED: 0.75, MODIFIED: 0, VERIFIED: 0.25 },
  COLLECTIONS_TRADELINE: { REMOVED: 0.45, MODIFIED: 0.25, VERIFIED: 0.3 },
  COLLECTIONS_OTHER: { REMOVED: 0.5, MODIFIED: 0.2, VERIFIED: 0.3 },
  // A late payment is corrected in the payment history; the account itself stays on the report.
  LATE_PAYMENTS: { REMOVED: 0, MODIFIED: 0.55, VERIFIED: 0.45 },
  PUBLIC_RECORDS: { REMOVED: 0.25, MODIFIED: 0.15, VERIFIED: 0.6 },
};

const OUTCOME_ORDER: readonly BureauOutcome[] = ['REMOVED', 'MODIFIED', 'VERIFIED'];

function between(random: () => number, range: { min: number; max: number }): number {
  return range.min + Math.floor(random() * (range.max - range.min + 1));
}

function pickOutcome(category: DisputeCategory, roll: number): BureauOutcome {
  const shares = OUTCOME_SHARES[category];
  let total = 0;
  for (const outcome of OUTCOME_ORDER) {
    total += shares[outcome];
    if (roll < total) return outcome;
  }
  return 'VERIFIED';
}

/** The bureau's plan for one round of one item: its answer (day and outcome), or null when it lets the window pass. */
export function answerPlan(
  seed: string,
  itemId: string,
  bureau: Bureau,
  round: number,
  category: DisputeCategory,
  receivedAt: string,
  dueAt: string,
): { on: string; outcome: BureauOutcome } | null {
  const random = seededRandom(`bureau-answer|${seed}|${itemId}|${bureau}|${round}`);
  const silent = random() < SILENT_SHARE;
  if (silent && round <= 1) return null;
  const answered = addDays(receivedAt, between(random, ANSWER_DAYS));
  return { on: answered < dueAt ? answered : dueAt, outcome: pickOutcome(category, random()) };
}

/** The day a bureau puts a removed item back, or null when it never does. */
export function reinsertionPlan(seed: string, itemId: string, bureau: Bureau, round: number, removedAt: string): string | null {
  const random = seededRandom(`bureau-reinsertion|${seed}|${itemId}|${bureau}|${round}`);
  if (random() >= REINSERTION_SHARE) return null;
  return addDays(removedAt, between(random, REINSERTION_DAYS));
}

function advanceStatus(
  status: StoredBureauStatus,
  context: { seed: string; itemId: string; category: DisputeCategory; to: string },
): { status: StoredBureauStatus; events: BureauEvent[] } {
  const { seed, itemId, category, to } = context;
  const events: BureauEvent[] = [];
  let next = status;
  const event = (kind: BureauEvent['event'], on: string, outcome?: BureauOutcome) =>
    events.push({ itemId, bureau: next.bureau, event: kind, on, ...(outcome ? { outcome } : {}) });

  if (next.status === 'UNDER_REVIEW_PENDING' && next.sentAt !== null) {
    const arrival = addDays(next.sentAt, LETTER_MAIL_DAYS);
    if (arrival <= to) {
      const dueAt = responseDueDate(arrival, next.addedInfoAt);
      next = { ...next, status: 'UNDER_REVIEW_ACTIVE', receivedAt: arrival, dueAt, lastActivity: arrival, nextActivity: dueAt };
      event('received', arrival);
    }
  }
  if (next.status === 'UNDER_REVIEW_ACTIVE' && next.receivedAt !== null) {
    const dueAt = next.dueAt ?? responseDueDate(next.receivedAt, next.addedInfoAt);
    const plan = answerPlan(seed, itemId, next.bureau, next.round, category, next.receivedAt, dueAt);
    if (plan !== null && plan.on <= to) {
      next = { ...next, status: 'CORRECTED', dueAt, answeredAt: plan.on, outcome: plan.outcome, lastActivity: plan.on, nextActivity: null };
      event('answered', plan.on, plan.outcome);
    }
  }
  if (next.status === 'CORRECTED' && next.outcome === 'REMOVED' && next.reinsertedAt === null && next.answeredAt !== null) {
    const day = reinsertionPlan(seed, itemId, next.bureau, next.round, next.answeredAt);
    if (day !== null && day <= to) {
      next = { ...next, reinsertedAt: day, lastActivity: day, nextActivity: null };
      event('reinserted', day, 'REMOVED');
    }
  }
  return { status: next, events };
}

/**
 * What the bureaus did with `items` from `from` (exclusive) to `to` (inclusive), seeded by `seed` (the customer's
 * uid). Catches up on anything due by `to` even when it fell on or before `from` (the real clock moved on without
 * the sandbox running); each change happens once, so running it twice to the same day changes nothing. Returns the
 * changed items (an answered or reinserted item is unviewed again, for the resolved-disputes modal) and the events
 * in date order.
 */
export function advanceBureaus(items: readonly BureauResponseItem[], from: string, to: string, seed: string): BureauResponseResult {
  if (to < from) throw new Error(`the bureaus' clock cannot go back (from ${from} to ${to})`);
  const changed: BureauResponseItem[] = [];
  const events: BureauEvent[] = [];
  for (const { id, item } of items) {
    const itemEvents: BureauEvent[] = [];
    const statuses = item.statuses.map((status) => {
      const result = advanceStatus(status, { seed, itemId: id, category: item.type, to });
      itemEvents.push(...result.events);
      return result.status;
    });
    if (itemEvents.length === 0) continue;
    const resolved = itemEvents.some((entry) => entry.event !== 'received');
    changed.push({ id, item: { ...item, statuses, viewed: resolved ? false : item.viewed } });
    events.push(...itemEvents);
  }
  const order: Record<BureauEvent['event'], number> = { received: 0, answered: 1, reinserted: 2 };
  events.sort((a, b) => a.on.localeCompare(b.on) || order[a.event] - order[b.event] || a.itemId.localeCompare(b.itemId) || a.bureau.localeCompare(b.bureau));
  return { items: changed, events };
}

/** The sandbox bureaus (BUREAU_RESPONSE_PROVIDER=sandbox; never in production). */
export class BureauResponseSandbox implements BureauResponseProvider {
  responses(request: BureauResponseRequest): Promise<BureauResponseResult> {
    return Promise.resolve(advanceBureaus(request.items, request.from, request.to, request.uid));
  }
}
