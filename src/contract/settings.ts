// Settings (spec 000 §2.5, §4.6, §4.7, §7, §8; issue 14). The contact fields themselves travel through
// getCustomerContact / updateCustomerContact (./contact.ts, ./callables.ts), the goal through updateUserInfo
// (./userInfo.ts), the communication toggles through getAuthorizations / updateAuthorizations (./onboarding.ts).
import { z } from 'zod/mini';

/**
 * The full Social Security number, answered only when the customer asks to see it (the show toggle of the SSN
 * field). Every other response carries the last four digits at most (./contact.ts customerContactResponseSchema).
 */
export const socialSecurityNumberResponseSchema = z.object({ ssn: z.string().check(z.regex(/^\d{9}$/)) });

/** The site the request comes from: the verification mail links back to that site (spec 000 §7 changeEmail). */
export const siteIdSchema = z.string().check(z.minLength(1), z.maxLength(32), z.regex(/^[A-Z0-9_]+$/));

/**
 * changeEmail's answer: the new address has been sent a verification link and the old address a recover link
 * (emailRecoveries/{id}, honoured by recoverEmail). The address changes when the new one is verified.
 */
export const changeEmailResponseSchema = z.object({ ok: z.literal(true), pendingEmail: z.string() });

/** The security flags on the user document that the security page reads and these calls clear. */
export const SECURITY_FLAGS = ['weakPassword', 'passwordResetRequired'] as const;
