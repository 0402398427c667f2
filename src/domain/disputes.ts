// Disputes (spec 001 §2 "Disputes dashboard", §3 "Investigation (dispute) item", §4 "Investigation status",
// "Dispute item flow", "Wizard", §5 "Dispute wizard", §9): categories, stages, reasons, what needs a decision, the
// dashboard's default stage, and each bureau's response window under FCRA §611 (30 days from receipt; 45 when the
// consumer adds information inside the window; results to the consumer within 5 business days of the answer; a
// reinserted item's notice within 5 business days). Pure rules, shared by the machines, the views and the functions.
import { BUREAUS, type Bureau } from './creditReportRecords';
import { DISPUTE_CATEGORIES, type DisputeCategory } from './disputeCategories';

// ------------------------------------------------------------------------------------------- categories, stages

export { categoryFromSlug, categorySlug, DISPUTE_CATEGORIES, type DisputeCategory } from './disputeCategories';

export const ENTITY_TYPES = ['account', 'inquiry', 'publicRecord'] as const;
export type DisputeEntityType = (typeof ENTITY_TYPES)[number];

/** spec 001 §4 "Investigation status", per bureau. */
export const INVESTIGATION_STATUSES = [
  'PENDING_USER_DECISION',
  'NOT_CHALLENGED',
  'UNDER_REVIEW_PENDING',
  'UNDER_REVIEW_ACTIVE',
  'CORRECTED',
] as const;
export type InvestigationStatus = (typeof INVESTIGATION_STATUSES)[number];

/**
 * What a bureau answered (shown under results). CORRECTED in the status means the bureau closed its investigation;
 * the outcome says how: the item removed, modified, or verified as accurate (left as it was).
 */
export const BUREAU_OUTCOMES = ['REMOVED', 'MODIFIED', 'VERIFIED'] as const;
export type BureauOutcome = (typeof BUREAU_OUTCOMES)[number];

/** The dashboard's stages (spec 001 §2); results only with its flag. */
export const DISPUTE_STAGES = ['not-challenged', 'under-review', 'corrected', 'results'] as const;
export type DisputeStage = (typeof DISPUTE_STAGES)[number];

export function disputeStageFromParam(param: string | undefined, showResults: boolean): DisputeStage | null {
  const stage = DISPUTE_STAGES.find((candidate) => candidate === param) ?? null;
  if (stage === 'results' && !showResults) return null;
  return stage;
}

// ------------------------------------------------------------------------------------------- reasons

/** The reason that keeps an item off the dispute (spec 001 §3, §4: cancelling sends it). */
export const DO_NOT_CHALLENGE = 'do_not_challenge';

/** Every primary reason a customer may give. Which apply depends on the category (REASONS_BY_CATEGORY). */
export const DISPUTE_REASONS = [
  'not_mine',
  'never_late',
  'paid_in_full',
  'settled',
  'incorrect_balance',
  'incorrect_status',
  'incorrect_information',
  'obsolete',
  'identity_theft',
  'not_authorized',
  DO_NOT_CHALLENGE,
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** The reasons offered per category, 'do not challenge' last. */
export const REASONS_BY_CATEGORY: Readonly<Record<DisputeCategory, readonly DisputeReason[]>> = {
  COLLECTIONS_TRADELINE: ['not_mine', 'paid_in_full', 'settled', 'incorrect_balance', 'incorrect_status', 'incorrect_information', 'identity_theft', 'obsolete', DO_NOT_CHALLENGE],
  COLLECTIONS_OTHER: ['not_mine', 'paid_in_full', 'settled', 'incorrect_balance', 'incorrect_information', 'identity_theft', 'obsolete', DO_NOT_CHALLENGE],
  PUBLIC_RECORDS: ['not_mine', 'incorrect_status', 'incorrect_information', 'obsolete', DO_NOT_CHALLENGE],
  LATE_PAYMENTS: ['never_late', 'not_mine', 'incorrect_status', 'incorrect_information', DO_NOT_CHALLENGE],
  RECENT_INQUIRY: ['not_authorized', 'identity_theft', 'not_mine', DO_NOT_CHALLENGE],
};

export function reasonsFor(category: DisputeCategory): readonly DisputeReason[] {
  return REASONS_BY_CATEGORY[category];
}

/**
 * The secondary reasons (spec 001 §3 challengeReasonOptions): the details a reason needs before the bureau can
 * act on it. A reason listed here opens the secondary-reasons dialog, which needs at least one choice to save.
 */
export const SECONDARY_REASONS = {
  incorrect_information: [
    'wrong_balance',
    'wrong_dates',
    'wrong_payment_history',
    'wrong_creditor',
    'wrong_account_number',
    'duplicate_entry',
  ],
  identity_theft: ['police_report_filed', 'ftc_report_filed', 'unknown_creditor', 'unknown_address'],
} as const satisfies Partial<Record<DisputeReason, readonly string[]>>;
export type SecondaryReason = (typeof SECONDARY_REASONS)[keyof typeof SECONDARY_REASONS][number];
export const ALL_SECONDARY_REASONS: readonly SecondaryReason[] = [
  ...new Set(Object.values(SECONDARY_REASONS).flat()),
] as SecondaryReason[];

export function secondaryReasonsFor(reason: DisputeReason | null): readonly SecondaryReason[] {
  if (reason === null) return [];
  return (SECONDARY_REASONS as Partial<Record<DisputeReason, readonly SecondaryReason[]>>)[reason] ?? [];
}

export function needsSecondaryReasons(reason: DisputeReason | null): boolean {
  return secondaryReasonsFor(reason).length > 0;
}

export type ReasonCheck =
  | { ok: true }
  | { ok: false; problem: 'reason-not-offered' | 'secondary-required' | 'secondary-not-offered' };

/** Whether `reason` with `secondary` is a valid answer for an item of `category` (client and server). */
export function checkReason(category: DisputeCategory, reason: DisputeReason, secondary: readonly string[]): ReasonCheck {
  if (!reasonsFor(category).includes(reason)) return { ok: false, problem: 'reason-not-offered' };
  const offered = secondaryReasonsFor(reason) as readonly string[];
  if (offered.length === 0) return secondary.length === 0 ? { ok: true } : { ok: false, problem: 'secondary-not-offered' };
  if (secondary.length === 0) return { ok: false, problem: 'secondary-required' };
  return secondary.every((entry) => offered.includes(entry)) ? { ok: true } : { ok: false, problem: 'secondary-not-offered' };
}

/** Special accounts default to 'do not challenge' (spec 001 §4 Wizard). */
export function defaultReasonFor(item: { isSpecialAccount: boolean; challengeReason: DisputeReason | null }): DisputeReason | null {
  return item.challengeReason ?? (item.isSpecialAccount ? DO_NOT_CHALLENGE : null);
}

/** A special account given any reason other than 'do not challenge' needs the waiver (spec 001 §5). */
export function needsWaiver(item: { isSpecialAccount: boolean }, reason: DisputeReason | null): boolean {
  return item.isSpecialAccount && reason !== null && reason !== DO_NOT_CHALLENGE;
}

// ------------------------------------------------------------------------------------------- items and stages

export interface BureauStatusFacts {
  bureau: Bureau;
  status: InvestigationStatus;
  outcome: BureauOutcome | null;
  /** yyyy-MM-dd the bureau received the dispute. */
  receivedAt: string | null;
  /** yyyy-MM-dd the bureau must answer by (FCRA §611). */
  dueAt: string | null;
  reinsertedAt: string | null;
}

/**
 * One bureau's side of an item as it is stored and travels (spec 001 §3 statuses: bureau, status, lastActivity,
 * nextActivity; with the FCRA window's dates, src/contract/disputes.ts investigationBureauStatusSchema).
 */
export interface BureauStatusRecord extends BureauStatusFacts {
  lastActivity: string | null;
  nextActivity: string | null;
  sentAt: string | null;
  addedInfoAt: string | null;
  answeredAt: string | null;
  round: number;
}

/** A bureau's side of an item: nothing decided and nothing sent, except what `changes` says. */
export function bureauStatusRecord(bureau: Bureau, changes: Partial<Omit<BureauStatusRecord, 'bureau'>> = {}): BureauStatusRecord {
  return {
    bureau,
    status: 'PENDING_USER_DECISION',
    lastActivity: null,
    nextActivity: null,
    sentAt: null,
    receivedAt: null,
    dueAt: null,
    addedInfoAt: null,
    answeredAt: null,
    outcome: null,
    reinsertedAt: null,
    round: 0,
    ...changes,
  };
}

export interface DisputeItemFacts {
  challengeReason: DisputeReason | null;
  challengeReasonSelected: boolean;
  statuses: readonly Pick<BureauStatusFacts, 'status'>[];
}

const UNDER_REVIEW: readonly InvestigationStatus[] = ['UNDER_REVIEW_PENDING', 'UNDER_REVIEW_ACTIVE'];

export function isUnderReviewStatus(status: InvestigationStatus): boolean {
  return UNDER_REVIEW.includes(status);
}

/**
 * spec 001 §4: an item needs a decision, and counts in the badge, unless a challenge reason has been chosen and
 * given, or one of its statuses is CORRECTED.
 */
export function needsDecision(item: DisputeItemFacts): boolean {
  if (item.challengeReasonSelected && item.challengeReason !== null) return false;
  return !item.statuses.some((entry) => entry.status === 'CORRECTED');
}

/**
 * The stage an item is listed under: under review while any bureau investigates; corrected once a bureau has
 * answered and none still investigates; otherwise not challenged (pending a decision, or decided not to).
 */
export function stageOfItem(item: Pick<DisputeItemFacts, 'statuses'>): Exclude<DisputeStage, 'results'> {
  if (item.statuses.some((entry) => isUnderReviewStatus(entry.status))) return 'under-review';
  if (item.statuses.some((entry) => entry.status === 'CORRECTED')) return 'corrected';
  return 'not-challenged';
}

/** Items listed under `stage`: results lists the answered items (the corrected stage's items, by outcome). */
export function itemsInStage<T extends Pick<DisputeItemFacts, 'statuses'>>(items: readonly T[], stage: DisputeStage): T[] {
  const wanted = stage === 'results' ? 'corrected' : stage;
  return items.filter((item) => stageOfItem(item) === wanted);
}

/** spec 001 §2: not-challenged if any not-challenged item exists, else corrected if any, else under-review. */
export function defaultDisputeStage(items: readonly Pick<DisputeItemFacts, 'statuses'>[]): DisputeStage {
  const stages = new Set(items.map(stageOfItem));
  if (stages.has('not-challenged')) return 'not-challenged';
  if (stages.has('corrected')) return 'corrected';
  return 'under-review';
}

/** The items the wizard reviews: those still in the not-challenged stage that need a decision. */
export function isReviewable(item: DisputeItemFacts): boolean {
  return stageOfItem(item) === 'not-challenged' && needsDecision(item);
}

/** Groups items by category in DISPUTE_CATEGORIES order; empty categories are left out. */
export function groupByCategory<T extends { type: DisputeCategory }>(items: readonly T[]): { category: DisputeCategory; items: T[] }[] {
  return DISPUTE_CATEGORIES.map((category) => ({ category, items: items.filter((item) => item.type === category) })).filter(
    (group) => group.items.length > 0,
  );
}

/** spec 002 §9 / spec 001 §9: badges show 9+ above 9. */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** spec 002 §9: shown investigations are limited to 5, with an extra count. */
export const SHOWN_INVESTIGATIONS_LIMIT = 5;
export function shownWithExtra<T>(items: readonly T[], limit = SHOWN_INVESTIGATIONS_LIMIT): { shown: T[]; extra: number } {
  return { shown: items.slice(0, limit), extra: Math.max(0, items.length - limit) };
}

// ------------------------------------------------------------------------------------------- FCRA §611 windows

/** The bureau answers within 30 days of receipt (FCRA §611(a)(1)(A)). */
export const BUREAU_RESPONSE_DAYS = 30;
/** 45 days when the consumer sends more information during the 30 days (FCRA §611(a)(1)(B)). */
export const BUREAU_EXTENDED_RESPONSE_DAYS = 45;
/** The bureau sends the results within 5 business days of finishing (FCRA §611(a)(6)(A)). */
export const RESULTS_NOTICE_BUSINESS_DAYS = 5;
/** A reinserted item must be notified within 5 business days (FCRA §611(a)(5)(B)(ii)). */
export const REINSERTION_NOTICE_BUSINESS_DAYS = 5;
/** How long a mailed dispute letter takes to reach a bureau in the sandbox (first-class mail). */
export const LETTER_MAIL_DAYS = 3;

const DAY_MS = 86_400_000;

function parseDay(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

export function toDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return toDay(parseDay(day) + days * DAY_MS);
}

/** Adds business days (Monday to Friday; federal holidays are not counted out). */
export function addBusinessDays(day: string, days: number): string {
  let ms = parseDay(day);
  let left = days;
  while (left > 0) {
    ms += DAY_MS;
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return toDay(ms);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to) - parseDay(from)) / DAY_MS);
}

/**
 * The day a bureau must answer by: 30 days from receipt, or 45 when the consumer added information inside the
 * 30 days. Information added after the 30 days does not extend the window.
 */
export function responseDueDate(receivedAt: string, addedInfoAt: string | null = null): string {
  const standard = addDays(receivedAt, BUREAU_RESPONSE_DAYS);
  if (addedInfoAt !== null && addedInfoAt >= receivedAt && addedInfoAt <= standard) {
    return addDays(receivedAt, BUREAU_EXTENDED_RESPONSE_DAYS);
  }
  return standard;
}

export type ResponseWindow =
  | { kind: 'notReceived' }
  | { kind: 'open'; daysLeft: number; dueAt: string }
  | { kind: 'overdue'; daysOverdue: number; dueAt: string }
  | { kind: 'answered' };

/** Where one bureau's investigation stands on `today` (yyyy-MM-dd). */
export function responseWindow(status: Pick<BureauStatusFacts, 'status' | 'dueAt' | 'receivedAt'>, today: string): ResponseWindow {
  if (status.status === 'CORRECTED') return { kind: 'answered' };
  if (!isUnderReviewStatus(status.status) || status.receivedAt === null || status.dueAt === null) return { kind: 'notReceived' };
  const left = daysBetween(today, status.dueAt);
  return left < 0 ? { kind: 'overdue', daysOverdue: -left, dueAt: status.dueAt } : { kind: 'open', daysLeft: left, dueAt: status.dueAt };
}

/**
 * Whether a bureau's answer invites a second round: it verified the item as accurate, put a removed item back
 * (reinserted), or let the window pass without answering. The customer can then dispute the item again.
 */
export function offersSecondRound(
  status: Pick<BureauStatusFacts, 'status' | 'outcome' | 'dueAt' | 'receivedAt' | 'reinsertedAt'>,
  today: string,
): boolean {
  if (status.status === 'CORRECTED') return status.outcome === 'VERIFIED' || status.reinsertedAt !== null;
  return responseWindow(status, today).kind === 'overdue';
}

export const DISPUTE_BUREAUS: readonly Bureau[] = BUREAUS;
