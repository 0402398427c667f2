// The rules of the shared field validation (spec 000 §5, §9) without a schema library: email, password, the sign-in
// form and the support request's counter. The sign-in page's start-up code takes these (the sign-in machine reads
// signInSchema through ./validation.ts), so zod stays out of it (docs/benchmarks.md §1); the zod schemas built on
// these rules are in ./validationSchemas.ts, and ./validation.ts exports both.
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
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

// ---------------------------------------------------------------- account forms (spec 000 §5)

export const PASSWORD_REQUIRED_KEY = ERROR_KEYS.passwordRequired;
export const AGREEMENT_REQUIRED_KEY = ERROR_KEYS.agreementRequired;

export interface SignInInput {
  email: string;
  password: string;
}

type FormCheck<Output> =
  | { success: true; data: Output }
  | { success: false; error: { issues: { path: [keyof Output & string]; message: string }[] } };

/**
 * The sign-in form (spec 000 §5: "Sign-in needs a valid email and a non-empty password"), checked by hand with the
 * email rule emailSchema applies (normalized, then isValidEmail) and the same messages, in the shape of a schema's
 * safeParse (machines/form.ts takes only that). Sign-in sends the credentials to Firebase Auth, not to a callable, so
 * no server check shares it; being zod-free keeps the schema library out of the sign-in page's start-up code
 * (docs/benchmarks.md §1). tests/domain/validation.test.ts holds it to the zod reading of the same rules.
 */
export const signInSchema = {
  safeParse(values: unknown): FormCheck<SignInInput> {
    const record = (typeof values === 'object' && values !== null ? values : {}) as Record<string, unknown>;
    const issues: { path: ['email' | 'password']; message: string }[] = [];
    const email = typeof record.email === 'string' ? normalizeEmail(record.email) : record.email;
    if (typeof email !== 'string' || !isValidEmail(email)) issues.push({ path: ['email'], message: EMAIL_INVALID_MESSAGE });
    const password = record.password;
    if (typeof password !== 'string' || password.length < 1) issues.push({ path: ['password'], message: PASSWORD_REQUIRED_KEY });
    if (issues.length > 0 || typeof email !== 'string' || typeof password !== 'string') return { success: false, error: { issues } };
    return { success: true, data: { email, password } };
  },
};

// ---------------------------------------------------------------- support request

export const SUPPORT_DESCRIPTION_LENGTH_KEY = ERROR_KEYS.supportDescriptionLength;

/** The counter under the description: how many of the 500 characters remain (negative when over). */
export function supportCharactersLeft(message: string): number {
  return SUPPORT_DESCRIPTION_MAX_LENGTH - message.length;
}
