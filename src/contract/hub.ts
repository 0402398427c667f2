// The home hub's calls (spec 002 §3 Action, Readiness score, Agent message; §7 getActions, markActionsViewed,
// getAgentMessage, markAgentMessageViewed, goal update then score recompute; spec 001 §4 "Action completion").
// updateAction and its action shape are in ./disputes (the wizard completes the dispute action too).
import { z } from 'zod/mini';
import { ACTION_STATUSES, ACTION_TYPES } from '../domain/actions';
import {
  ACTIONS_ACTIVE_LIMIT,
  ACTIONS_HISTORY_LIMIT,
  ACTIONS_VIEWED_PER_CALL_MAX,
  INTAKE_AMOUNT_MAX_USD,
} from '../domain/constants';
import { READINESS_SCORE_MAX, READINESS_SCORE_MIN } from '../domain/readinessScore';
import { idSchema, isoDateTimeSchema, shortTextSchema } from './common';
import { actionSchema } from './disputes';

const count = z.number().check(z.int(), z.gte(0));

/**
 * An action as the hub shows it: the action (./disputes actionSchema) with its properties (spec 002 §3: the documents
 * an upload action asks for and how many; the coach's note for the content types; the check-in call's next due date)
 * and whether the customer has seen it.
 */
export const hubActionSchema = z.object({
  id: idSchema,
  name: z.string().check(z.maxLength(500)),
  type: z.enum(ACTION_TYPES),
  status: z.enum(ACTION_STATUSES),
  completedAt: z.nullable(isoDateTimeSchema),
  updating: z.boolean(),
  viewed: z.boolean(),
  properties: z.object({
    documents: z.optional(z.array(shortTextSchema)),
    documentCountRequired: z.optional(count),
    /** The coach's own words for the content types (notification, offer, personal finance, joint account). */
    message: z.optional(z.string().check(z.maxLength(4_000))),
    /** A quarterly check-in call: due again 90 days after its last completion (spec 001 §4). */
    recurrence: z.optional(z.literal('quarterly')),
    nextDueAt: z.optional(isoDateTimeSchema),
    /** A notification about savings: completed by the system when a bank account is linked (spec 002 §4). */
    topic: z.optional(z.enum(['savings'])),
  }),
});
export type HubAction = z.output<typeof hubActionSchema>;

/**
 * getActions (spec 002 §7): limitActive (default 3), limitComplete (the earlier completions listed), and the
 * customer's clock offset so "completed today" is the customer's today.
 */
export const getActionsRequestSchema = z.union([
  z.null(),
  z.undefined(),
  z.strictObject({
    limitActive: z.optional(z.number().check(z.int(), z.gte(1), z.lte(ACTIONS_ACTIVE_LIMIT))),
    limitComplete: z.optional(z.number().check(z.int(), z.gte(0), z.lte(ACTIONS_HISTORY_LIMIT))),
    utcOffsetMinutes: z.optional(z.number().check(z.int(), z.gte(-14 * 60), z.lte(14 * 60))),
  }),
]);

export const actionMetricsSchema = z.object({
  totalComplete: count,
  completedLast30Days: count,
  completedByYou: count,
  lastCompletedAt: z.nullable(isoDateTimeSchema),
});

/**
 * spec 002 §3 "Action list response": the active actions (up to limitActive, in an order fixed once first computed),
 * those completed today, the earlier completions (history, latest first), the totals and the progress metrics.
 */
export const getActionsResponseSchema = z.object({
  activeActions: z.array(hubActionSchema),
  completedActions: z.array(hubActionSchema),
  history: z.array(hubActionSchema),
  totalActive: count,
  totalComplete: count,
  metrics: actionMetricsSchema,
});
export type ActionList = z.output<typeof getActionsResponseSchema>;

/**
 * calculateActions (spec 001 §7: payload not shown, "score and action refresh"): no payload; the action rules run on
 * the customer's data and every action of the customer is answered afterwards.
 */
export const calculateActionsResponseSchema = z.object({ actions: z.array(actionSchema) });

/** markActionsViewed (spec 002 §7): the ids shown; an unknown one refuses the whole call. */
export const markActionsViewedRequestSchema = z.strictObject({
  ids: z.array(idSchema).check(z.minLength(1), z.maxLength(ACTIONS_VIEWED_PER_CALL_MAX)),
});

/** spec 002 §3 "Agent message": named; the coach's words, who wrote them and when. */
export const agentMessageSchema = z.object({
  name: idSchema,
  subject: z.string().check(z.maxLength(200)),
  body: z.string().check(z.maxLength(4_000)),
  from: z.string().check(z.maxLength(200)),
  createdAt: isoDateTimeSchema,
  viewed: z.boolean(),
});
export type AgentMessage = z.output<typeof agentMessageSchema>;

/** getAgentMessage: the coach's latest message, or null when there is none. */
export const getAgentMessageResponseSchema = z.nullable(agentMessageSchema);

export const markAgentMessageViewedRequestSchema = z.strictObject({ name: idSchema });

const displayScore = z.number().check(z.int(), z.gte(READINESS_SCORE_MIN), z.lte(READINESS_SCORE_MAX));

/** getReadinessScoreHistory: every computed score, oldest first (the score history chart). */
export const readinessScoreHistorySchema = z.object({
  items: z.array(z.object({ displayScore, createdAt: isoDateTimeSchema })),
});
export type ReadinessScoreHistory = z.output<typeof readinessScoreHistorySchema>;

/**
 * updateSavings (spec 002 §7 "goal update: goal {id, properties {currentSavings}}, then recompute readiness score
 * with isFirstScore false"): the goal's current savings, then the new score.
 */
export const updateSavingsRequestSchema = z.strictObject({
  goalId: idSchema,
  currentSavings: z.number().check(z.gte(0), z.lte(INTAKE_AMOUNT_MAX_USD)),
});
