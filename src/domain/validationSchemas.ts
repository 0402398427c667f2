// The zod schemas of the shared field validation (spec 000 §5, §9): email, password, the account forms and the support
// request, built on the rules of ./validationRules.ts; the classic schemas of src/contract compose these (both share
// zod/v4/core), and the server validates every callable with them. ./validation.ts exports them with the rules. They
// live apart from the rules so that the sign-in page, which takes only the rules and the hand-checked sign-in form,
// does not download zod (docs/benchmarks.md §1); each is built in a call marked pure, so a bundle that uses none of
// them leaves them out.
import { z } from 'zod/mini';
import { SUPPORT_DESCRIPTION_MAX_LENGTH, SUPPORT_DESCRIPTION_MIN_LENGTH } from './constants';
import {
  AGREEMENT_REQUIRED_KEY,
  EMAIL_INVALID_MESSAGE,
  isStrongPassword,
  isValidEmail,
  normalizeEmail,
  PASSWORD_REQUIREMENTS_KEY,
  SUPPORT_DESCRIPTION_LENGTH_KEY,
} from './validationRules';

// ---------------------------------------------------------------- email and password

export const emailSchema = /* @__PURE__ */ (() =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? normalizeEmail(value) : value)),
    z.string({ error: EMAIL_INVALID_MESSAGE }).check(z.refine(isValidEmail, { message: EMAIL_INVALID_MESSAGE })),
  ))();

export const passwordSchema = /* @__PURE__ */ (() =>
  z.string({ error: PASSWORD_REQUIREMENTS_KEY }).check(z.refine(isStrongPassword, { message: PASSWORD_REQUIREMENTS_KEY })))();

// ---------------------------------------------------------------- account forms (spec 000 §5)
// Sign-in's form is signInSchema in ./validationRules.ts.

export const signUpSchema = /* @__PURE__ */ (() =>
  z.object({
    email: emailSchema,
    password: passwordSchema,
    agreed: z.literal(true, { error: AGREEMENT_REQUIRED_KEY }),
  }))();
export type SignUpInput = z.output<typeof signUpSchema>;

export const resetRequestSchema = /* @__PURE__ */ (() => z.object({ email: emailSchema }))();
export type ResetRequestInput = z.output<typeof resetRequestSchema>;

/** The reset-password page's new password (spec 000 §4.4). */
export const resetPasswordSchema = /* @__PURE__ */ (() => z.object({ password: passwordSchema }))();

// ---------------------------------------------------------------- support request

export const supportRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    message: z
      .string({ error: SUPPORT_DESCRIPTION_LENGTH_KEY })
      .check(
        z.trim(),
        z.minLength(SUPPORT_DESCRIPTION_MIN_LENGTH, { message: SUPPORT_DESCRIPTION_LENGTH_KEY }),
        z.maxLength(SUPPORT_DESCRIPTION_MAX_LENGTH, { message: SUPPORT_DESCRIPTION_LENGTH_KEY }),
      ),
    email: emailSchema,
  }))();
export type SupportRequest = z.output<typeof supportRequestSchema>;
