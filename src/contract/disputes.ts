// The disputes callables' shapes (spec 001 §3 "Investigation (dispute) item", "Dispute PDF result", §7 the dispute
// calls). Every dispute call carries `v2: true` (spec 001 §7 "v2"). Dates are yyyy-MM-dd. The bureaus'
// response windows follow src/domain/disputes.ts (FCRA §611).
import { z } from 'zod/mini';
import { ACTION_STATUSES, ACTION_TYPES } from '../domain/actions';
import { BUREAUS } from '../domain/creditReportRecords';
import {
  ALL_SECONDARY_REASONS,
  BUREAU_OUTCOMES,
  DISPUTE_CATEGORIES,
  DISPUTE_REASONS,
  ENTITY_TYPES,
  INVESTIGATION_STATUSES,
} from '../domain/disputes';
import { idSchema, isoDateSchema, isoDateTimeSchema } from './common';

const day = z.nullable(isoDateSchema);
const v2 = z.literal(true);

export const disputeCategorySchema = z.enum(DISPUTE_CATEGORIES);
export const disputeReasonSchema = z.enum(DISPUTE_REASONS);
export const secondaryReasonSchema = z.enum(ALL_SECONDARY_REASONS as [string, ...string[]]);
export const investigationStatusSchema = z.enum(INVESTIGATION_STATUSES);
export const bureauOutcomeSchema = z.enum(BUREAU_OUTCOMES);
const bureauSchema = z.enum(BUREAUS);

/** One bureau's side of an item (spec 001 §3 statuses: bureau, status, lastActivity, nextActivity) and its window. */
export const investigationBureauStatusSchema = z.object({
  bureau: bureauSchema,
  status: investigationStatusSchema,
  /** The last thing that happened at this bureau (sent, received, answered). */
  lastActivity: day,
  /** The next thing expected: the answer's due date while under review. */
  nextActivity: day,
  /** The day the dispute letter went out. */
  sentAt: day,
  /** The day the bureau received the dispute. */
  receivedAt: day,
  /** The day the bureau must answer by (30 days from receipt, 45 with information added inside the window). */
  dueAt: day,
  /** The day the customer sent the bureau more information, if they did. */
  addedInfoAt: day,
  answeredAt: day,
  outcome: z.nullable(bureauOutcomeSchema),
  /** A removed item the bureau put back; the bureau owes a notice within 5 business days. */
  reinsertedAt: day,
  /** 0 before the first dispute; 1 for the first round, 2 for a second... */
  round: z.number().check(z.int(), z.gte(0)),
});
export type InvestigationBureauStatus = z.output<typeof investigationBureauStatusSchema>;

export const investigationItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: disputeCategorySchema,
  entityType: z.enum(ENTITY_TYPES),
  accountBalance: z.object({ amount: z.nullable(z.number()) }),
  accountStatus: z.nullable(z.string()),
  challengeReason: z.nullable(disputeReasonSchema),
  /** The secondary reasons chosen with the reason (spec 001 §3 challengeReasonOptions). */
  challengeReasonOptions: z.array(secondaryReasonSchema),
  challengeReasonSelected: z.boolean(),
  isSpecialAccount: z.boolean(),
  /** When the customer accepted the waiver for disputing this special account. */
  waiverAcceptedAt: z.nullable(isoDateTimeSchema),
  /** The per-bureau record ids on the credit report (`${BUREAU}-${key}`). */
  itemIds: z.array(idSchema),
  disputeIds: z.array(idSchema),
  statuses: z.array(investigationBureauStatusSchema),
  inquiryDate: day,
  reportDate: day,
  subtype: z.nullable(z.string()),
  viewed: z.boolean(),
});
export type InvestigationItem = z.output<typeof investigationItemSchema>;

export const v2RequestSchema = z.strictObject({ v2 });

/**
 * getInvestigationDetails: the customer's items, and the day the bureaus' windows are counted from (`asOf`: today,
 * or the sandbox's clock for this customer after the dev tool advanced it).
 */
export const investigationDetailsSchema = z.object({
  asOf: isoDateSchema,
  items: z.array(investigationItemSchema),
});
export type InvestigationDetails = z.output<typeof investigationDetailsSchema>;

/** At most this many items per call (the wizard saves one category at a time). */
export const INVESTIGATIONS_PER_CALL_MAX = 200;

/** spec 001 §7 updateInvestigationReasons: investigations list (itemIds, disputeIds, type, reason, reasonOptions). */
export const investigationReasonSchema = z.strictObject({
  id: idSchema,
  itemIds: z.array(idSchema).check(z.minLength(1), z.maxLength(3)),
  disputeIds: z.array(idSchema).check(z.maxLength(12)),
  type: disputeCategorySchema,
  reason: disputeReasonSchema,
  reasonOptions: z.array(secondaryReasonSchema).check(z.maxLength(ALL_SECONDARY_REASONS.length)),
  /** Required (true) when a special account is given a reason other than 'do not challenge'. */
  waiverAccepted: z.optional(z.boolean()),
});
export type InvestigationReason = z.output<typeof investigationReasonSchema>;

export const updateInvestigationReasonsRequestSchema = z.strictObject({
  investigations: z.array(investigationReasonSchema).check(z.minLength(1), z.maxLength(INVESTIGATIONS_PER_CALL_MAX)),
  v2,
});

export const updatedInvestigationsResponseSchema = z.object({ items: z.array(investigationItemSchema) });

/** spec 001 §7 updateInvestigationsChallenged: start (false) or cancel (true, after 'do not challenge') a challenge. */
export const updateInvestigationsChallengedRequestSchema = z.strictObject({
  investigations: z
    .array(z.strictObject({ id: idSchema, itemIds: z.array(idSchema).check(z.minLength(1), z.maxLength(3)), challengeReasonSelected: z.boolean() }))
    .check(z.minLength(1), z.maxLength(INVESTIGATIONS_PER_CALL_MAX)),
  v2,
});

/** A dispute letter (spec 001 §3 "Dispute PDF result": bureau, completionDate, documentId for v2). */
export const disputePdfResultSchema = z.object({
  bureau: bureauSchema,
  completionDate: isoDateSchema,
  documentId: idSchema,
  round: z.number().check(z.int(), z.gte(1)),
  itemCount: z.number().check(z.int(), z.gte(0)),
});
export type DisputePdfResult = z.output<typeof disputePdfResultSchema>;

/** challengeAllInvestigations: how many items went to the bureaus and the letters written for them. */
export const challengeAllResponseSchema = z.object({
  submitted: z.number().check(z.int(), z.gte(0)),
  letters: z.array(disputePdfResultSchema),
});

export const disputesPausedSchema = z.object({ isPaused: z.boolean() });
export const setDisputesPausedRequestSchema = z.strictObject({ isPaused: z.boolean(), v2 });

export const listDisputePdfsResponseSchema = z.object({ pdfs: z.array(disputePdfResultSchema) });

/** getDisputePdf: contentVersionId (older flow) or bureau + documentId (v2, read from storage). */
export const getDisputePdfRequestSchema = z.union([
  z.strictObject({ contentVersionId: idSchema }),
  z.strictObject({ bureau: bureauSchema, documentId: idSchema, v2 }),
]);

/** The letter itself: small (a few kB), so it travels inline and the browser saves it as a file. */
export const disputePdfSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});

export const markInvestigationsViewedRequestSchema = z.strictObject({
  ids: z.array(idSchema).check(z.minLength(1), z.maxLength(INVESTIGATIONS_PER_CALL_MAX)),
});

// ------------------------------------------------------------------------------------------- actions

/** spec 001 §4 "Action completion", spec 002 §3 Action: types and statuses (src/domain/actions.ts). */
export { ACTION_STATUSES, ACTION_TYPES } from '../domain/actions';

export const actionSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(ACTION_TYPES),
  status: z.enum(ACTION_STATUSES),
  completedAt: z.nullable(isoDateTimeSchema),
  updating: z.boolean(),
});
export type Action = z.output<typeof actionSchema>;

/** spec 001 §7 updateAction: actionId, status. A customer completes an action, or takes a completion back. */
export const updateActionRequestSchema = z.strictObject({
  actionId: idSchema,
  status: z.enum(['completed_by_user', 'active']),
});

// ------------------------------------------------------------------------------------------- dev tools

/** devTools advanceDisputes: the bureaus' events over the moved span (the command is in ./devTools). */
export const advanceDisputesEventSchema = z.object({
  itemId: idSchema,
  bureau: bureauSchema,
  event: z.enum(['received', 'answered', 'reinserted']),
  outcome: z.optional(bureauOutcomeSchema),
  on: isoDateSchema,
});
