// Settings (spec 000 §2.5, §4.6, §4.7, §7, §8). The contact fields themselves travel through
// getCustomerContact / updateCustomerContact (./contact.ts, ./callables.ts), the goal through updateUserInfo
// (./userInfo.ts), the communication toggles through getAuthorizations / updateAuthorizations (./onboarding.ts).
import { z } from 'zod/mini';
import { EMAIL_MAX_LENGTH } from '../domain/constants';
import { OOB_CODE_MAX_LENGTH } from './common';

/**
 * The full Social Security number, answered only when the customer asks to see it (the show toggle of the SSN
 * field). Every other response carries the last four digits at most (./contact.ts customerContactResponseSchema).
 */
export const socialSecurityNumberResponseSchema = z.object({ ssn: z.string().check(z.regex(/^\d{9}$/)) });

/** The site the request comes from: the verification mail links back to that site (spec 000 §7 changeEmail). */
export const siteIdSchema = z.string().check(z.minLength(1), z.maxLength(32), z.regex(/^[A-Z0-9_]+$/));

/**
 * changeEmail's request. The new address is a bounded string here: the handler applies the email rule
 * (src/domain/validation.ts) itself and answers a malformed one with 'invalid-email' (spec 000 §8).
 */
export const changeEmailRequestSchema = z.strictObject({
  siteId: siteIdSchema,
  newEmail: z.string().check(z.maxLength(EMAIL_MAX_LENGTH * 2)),
});

/**
 * changeEmail's answer: the new address has been sent a verification link and the old address a recover link
 * (emailRecoveries/{id}, honoured by recoverEmail). The address changes when the new one is verified.
 */
export const changeEmailResponseSchema = z.object({ ok: z.literal(true), pendingEmail: z.string() });

/** The security flags on the user document that the security page reads and these calls clear. */
export const SECURITY_FLAGS = ['weakPassword', 'passwordResetRequired'] as const;

/** confirmEmailChange: the code of the verification link mailed to the new address (emailChanges/{id}). */
export const confirmEmailChangeRequestSchema = z.strictObject({
  oobCode: z.string().check(z.minLength(1), z.maxLength(OOB_CODE_MAX_LENGTH)),
});

/**
 * success: the account's email is now `email` (sign-in, user document and CRM contact); expired: the link is older
 * than three days; email-in-use: another account took the address meanwhile; not-found: unknown, used, superseded
 * by a newer request, or cancelled from the old address's recover link.
 */
export const confirmEmailChangeResultSchema = z.enum(['success', 'expired', 'email-in-use', 'not-found']);
export const confirmEmailChangeResponseSchema = z.object({
  result: confirmEmailChangeResultSchema,
  email: z.optional(z.string()),
});
