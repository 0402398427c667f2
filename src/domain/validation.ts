// Shared field validation (spec 000 §5, §9): email, password, the account forms and the support request here;
// the personal and contact fields (SSN, phone, money, ZIP, birthdate, address) in personalFields.ts.
import { z } from 'zod/mini';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_DESCRIPTION_MIN_LENGTH,
} from './constants';
import { ERROR_KEYS } from './errors';

// ---------------------------------------------------------------- email

export const EMAIL_INVALID_MESSAGE = 'Invalid email format';

/** Input is lowercased and trimmed before it is checked or stored (spec 000 §5). */
export function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

export function isValidEmail(s: string): boolean {
  const email = normalizeEmail(s);
  return (
    email.length >= EMAIL_MIN_LENGTH &&
    email.length <= EMAIL_MAX_LENGTH &&
    email.includes('.') &&
    email.includes('@')
  );
}

/**
 * The inline (as-you-type) pattern: at least 4 characters before '@', then '@', then a dot somewhere after it
 * (spec 000 §5). Usable as an input's `pattern` attribute.
 */
export const EMAIL_INLINE_PATTERN = '[^@]{4,}@[^@]*\\.[^@]*';

// zod/mini (functional API) keeps the sign-in route's start-up JavaScript small; the classic schemas of
// src/contract compose these, since both share zod/v4/core.
export const emailSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? normalizeEmail(value) : value)),
  z.string({ error: EMAIL_INVALID_MESSAGE }).check(z.refine(isValidEmail, { message: EMAIL_INVALID_MESSAGE })),
);

// ---------------------------------------------------------------- password

export type PasswordCheckKey = 'lowercase' | 'uppercase' | 'number' | 'special' | 'length';
export type PasswordChecks = Record<PasswordCheckKey, boolean>;

export const PASSWORD_REQUIREMENTS_KEY = 'password-requirements';
/** What the reset-password page says for a weak password (spec 000 §5). */
export const PASSWORD_RESET_INVALID_MESSAGE = 'Invalid password format.';

export const PASSWORD_CHECKLIST: readonly { key: PasswordCheckKey; label: string }[] = [
  { key: 'lowercase', label: 'One lowercase' },
  { key: 'uppercase', label: 'One uppercase' },
  { key: 'number', label: 'One number' },
  { key: 'special', label: 'One special character' },
  { key: 'length', label: 'Eight characters' },
];

export function passwordChecks(pw: string): PasswordChecks {
  return {
    lowercase: /[a-z]/.test(pw),
    uppercase: /[A-Z]/.test(pw),
    number: /[0-9]/.test(pw),
    // Any printable character that is neither a letter, a digit nor whitespace counts as special.
    special: /[^A-Za-z0-9\s]/.test(pw),
    length: pw.length >= PASSWORD_MIN_LENGTH,
  };
}

export function isStrongPassword(pw: string): boolean {
  return Object.values(passwordChecks(pw)).every(Boolean);
}

export const passwordSchema = z
  .string({ error: PASSWORD_REQUIREMENTS_KEY })
  .check(z.refine(isStrongPassword, { message: PASSWORD_REQUIREMENTS_KEY }));

// ---------------------------------------------------------------- account forms (spec 000 §5)

export const PASSWORD_REQUIRED_KEY = ERROR_KEYS.passwordRequired;
export const AGREEMENT_REQUIRED_KEY = ERROR_KEYS.agreementRequired;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: PASSWORD_REQUIRED_KEY }).check(z.minLength(1, { message: PASSWORD_REQUIRED_KEY })),
});
export type SignInInput = z.output<typeof signInSchema>;

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  agreed: z.literal(true, { error: AGREEMENT_REQUIRED_KEY }),
});
export type SignUpInput = z.output<typeof signUpSchema>;

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.output<typeof resetRequestSchema>;

/** The reset-password page's new password (spec 000 §4.4). */
export const resetPasswordSchema = z.object({ password: passwordSchema });

// ---------------------------------------------------------------- support request

export const SUPPORT_DESCRIPTION_LENGTH_KEY = ERROR_KEYS.supportDescriptionLength;

export const supportRequestSchema = z.object({
  message: z
    .string({ error: SUPPORT_DESCRIPTION_LENGTH_KEY })
    .check(
      z.trim(),
      z.minLength(SUPPORT_DESCRIPTION_MIN_LENGTH, { message: SUPPORT_DESCRIPTION_LENGTH_KEY }),
      z.maxLength(SUPPORT_DESCRIPTION_MAX_LENGTH, { message: SUPPORT_DESCRIPTION_LENGTH_KEY }),
    ),
  email: emailSchema,
});
export type SupportRequest = z.output<typeof supportRequestSchema>;

/** The counter under the description: how many of the 500 characters remain (negative when over). */
export function supportCharactersLeft(message: string): number {
  return SUPPORT_DESCRIPTION_MAX_LENGTH - message.length;
}
