import { z } from 'zod/mini';

// The contract is built with zod/mini (functional API), like src/domain: the client then never downloads zod
// classic. zod classic sets English issue messages on first use; the contract does the same, so the messages the
// functions return in 'invalid-argument' details stay as they were.
z.config(z.locales.en());

// The Firebase SDK sends `null` when a callable is invoked without data (spec 000 §7 "none").
export const noPayloadSchema = z.union([z.undefined(), z.null(), z.strictObject({})]);

// Timestamps travel as ISO 8601 strings; the client adapter turns them into Date (spec 000 §7).
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

// Calendar dates (yyyy-MM-dd) as the CRM keeps them.
export const isoDateSchema = z.iso.date();

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const uiLangSchema = z.enum(['en', 'es']);
export type UiLang = z.infer<typeof uiLangSchema>;

// Generic string limits for free text that the spec does not bound.
export const SHORT_TEXT_MAX_LENGTH = 255;
export const ID_MAX_LENGTH = 128;
export const OOB_CODE_MAX_LENGTH = 1_000;
export const PASSWORD_MAX_LENGTH = 128;
export const ERROR_MESSAGE_MAX_LENGTH = 2_000;
export const ERROR_EXTRA_MAX_JSON_LENGTH = 10_000;

export const shortTextSchema = z.string().check(z.maxLength(SHORT_TEXT_MAX_LENGTH));
export const idSchema = z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH));

// What an HttpsError's `details` may carry (spec 000 §8: domain keys travel as details.key).
export const callableErrorDetailsSchema = z.object({
  key: z.optional(z.string()),
  reference: z.optional(z.string()),
  /** A throttled call (resource-exhausted): whole seconds until it may be made again (spec 001 §8). */
  retryAfterSeconds: z.optional(z.number().check(z.int(), z.gte(0))),
  issues: z.optional(
    z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), code: z.string(), message: z.string() })),
  ),
});
export type CallableErrorDetails = z.infer<typeof callableErrorDetailsSchema>;
