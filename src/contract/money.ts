// The money overview's savings history (spec 002 §7 getSavingsInfoHistory "savings history for the forecast", §9
// savings forecast). The spec leaves the payload unsaid: the request asks for the last `days` days (default 90,
// the forecast's horizon looked back); the answer is one point a day, oldest first: the day's total cash over the
// connected institutions' cash accounts when any are linked, else the savings the customer recorded on the goal
// (the hub's savings update, intake), carried forward from the day it was recorded.
import { z } from 'zod/mini';
import { idSchema, isoDateSchema } from './common';

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

/**
 * getMortgages (spec 002 §7; §3 Goal's selectedMortgages; the spec leaves the payload unsaid): the customer's
 * existing mortgages, the open real-estate loans of their current credit report (mortgages and home-equity lines,
 * spec 001 §2's Real Estate group), each marked when the goal has it selected. The goal's id comes with them, since
 * the selection is saved as a goal update (updateUserInfo's goal.properties.selectedMortgages); null without a goal.
 */
export const mortgageSchema = z.object({
  id: idSchema,
  /** The lender as the report names it. */
  name: z.string().check(z.maxLength(255)),
  /** Whole USD owed. */
  balance: z.number().check(z.gte(0)),
  /** USD a month, 0 when the report has none. */
  monthlyPayment: z.number().check(z.gte(0)),
  /** The day it was opened (yyyy-MM-dd), null when the report has none. */
  openedOn: z.nullable(isoDateSchema),
  selected: z.boolean(),
});
export type Mortgage = z.output<typeof mortgageSchema>;

/** More real-estate loans than a goal can select (goalPropertiesSchema's selectedMortgages) never reach the page. */
export const MORTGAGES_MAX = 20;

export const getMortgagesResponseSchema = z.object({
  goalId: z.nullable(idSchema),
  mortgages: z.array(mortgageSchema).check(z.maxLength(MORTGAGES_MAX)),
});
export type Mortgages = z.output<typeof getMortgagesResponseSchema>;
