// The money overview's savings history (spec 002 §7 getSavingsInfoHistory "savings history for the forecast", §9
// savings forecast). The spec leaves the payload unsaid: the request asks for the last `days` days (default 90,
// the forecast's horizon looked back); the answer is one point a day, oldest first: the day's total cash over the
// connected institutions' cash accounts when any are linked, else the savings the customer recorded on the goal
// (the hub's savings update, intake), carried forward from the day it was recorded.
import { z } from 'zod/mini';
import { isoDateSchema } from './common';

export const SAVINGS_HISTORY_DEFAULT_DAYS = 90;
export const SAVINGS_HISTORY_MIN_DAYS = 7;
export const SAVINGS_HISTORY_MAX_DAYS = 365;

export const getSavingsInfoHistoryRequestSchema = z.union([
  z.undefined(),
  z.null(),
  z.strictObject({
    days: z.optional(z.number().check(z.int(), z.gte(SAVINGS_HISTORY_MIN_DAYS), z.lte(SAVINGS_HISTORY_MAX_DAYS))),
  }),
]);

/** Where the history's figures come from. */
export const SAVINGS_HISTORY_SOURCES = ['linkedAccounts', 'recordedSavings', 'none'] as const;

export const savingsHistoryPointSchema = z.object({
  /** The day (UTC), yyyy-MM-dd. */
  day: isoDateSchema,
  /** Whole USD. */
  savings: z.number().check(z.gte(0)),
});
export type SavingsHistoryPoint = z.output<typeof savingsHistoryPointSchema>;

export const getSavingsInfoHistoryResponseSchema = z.object({
  source: z.enum(SAVINGS_HISTORY_SOURCES),
  points: z.array(savingsHistoryPointSchema).check(z.maxLength(SAVINGS_HISTORY_MAX_DAYS + 1)),
});
export type SavingsInfoHistory = z.output<typeof getSavingsInfoHistoryResponseSchema>;
