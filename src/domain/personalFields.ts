// Validation and formats of the personal and contact fields: SSN, phone, money and percent, ZIP, birthdate, US
// address (spec 000 §5, §9; spec 001 §5 for money input). Kept apart from the account forms (validation.ts) so the
// sign-in page does not download them (the sign-in page's start-up budget, docs/benchmarks.md).
import { z } from 'zod/mini';
import { ADDRESS_FIELD_MAX_LENGTH, BIRTHDATE_MAX_AGE_YEARS, BIRTHDATE_MIN_AGE_YEARS } from './constants';
import { ERROR_KEYS } from './errors';

// ---------------------------------------------------------------- SSN

export const SSN_INVALID_KEY = 'errors.field-validation.ssn-invalid';

export function digitsOnly(s: string): string {
  return s.replace(/\D/g, '');
}

/** Valid if the digits-only value contains 9 consecutive digits (spec 000 §5). */
export function isValidSsn(s: string): boolean {
  return /\d{9}/.test(digitsOnly(s));
}

/** Formats the digits typed so far as 3-2-4 (e.g. '123-45-6789'), ignoring anything past 9 digits. */
export function formatSsn(s: string): string {
  const d = digitsOnly(s).slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** Shows only the last 4 digits: '***-**-6789'. An incomplete value is masked entirely. */
export function maskSsn(s: string): string {
  const d = digitsOnly(s).slice(0, 9);
  const last4 = d.length === 9 ? d.slice(5) : '****';
  return `***-**-${last4}`;
}

/** Accepts a typed SSN in any punctuation and outputs its first 9 digits. */
export const ssnSchema = z.pipe(
  z.string({ error: SSN_INVALID_KEY }).check(z.refine(isValidSsn, { message: SSN_INVALID_KEY })),
  z.transform((s: string) => digitsOnly(s).slice(0, 9)),
);

// ---------------------------------------------------------------- phone

export const PHONE_INVALID_KEY = ERROR_KEYS.phoneInvalid;
/** The inline pattern requires exactly 000-000-0000 (spec 000 §5). */
export const PHONE_INLINE_PATTERN = '\\d{3}-\\d{3}-\\d{4}';

/** Stored phone values keep the last 10 digits (spec 000 §3.1, §5). */
export function normalizePhone(s: string): string {
  return digitsOnly(s).slice(-10);
}

export function isValidPhoneInput(s: string): boolean {
  return /^\d{3}-\d{3}-\d{4}$/.test(s);
}

/** 10 digits as (xxx) xxx-xxxx, 11 digits with +1; anything else is returned unchanged. */
export function formatPhoneDisplay(s: string): string {
  const d = digitsOnly(s);
  const local = (ten: string) => `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
  if (d.length === 10) return local(d);
  if (d.length === 11) return `+1 ${local(d.slice(1))}`;
  return s;
}

/** Validates the typed format 000-000-0000 and outputs the stored form (10 digits). */
export const phoneSchema = z.pipe(
  z.string({ error: PHONE_INVALID_KEY }).check(z.refine(isValidPhoneInput, { message: PHONE_INVALID_KEY })),
  z.transform(normalizePhone),
);

// ---------------------------------------------------------------- money and percent

export const MONEY_ERRORS = {
  notAnAmount: 'must be an amount',
  notMoreThanZero: 'must be more than 0',
  notPositive: 'must be positive',
} as const;
export type MoneyError = (typeof MONEY_ERRORS)[keyof typeof MONEY_ERRORS];

export interface MoneyOptions {
  /** Zero is accepted where the field allows it (spec 000 §5). */
  allowZero?: boolean;
  /** Some fields round to whole numbers (spec 000 §5, spec 001 §5). */
  round?: boolean;
}

export type MoneyResult = { ok: true; value: number } | { ok: false; error: MoneyError };

// Digits with an optional minus and at most 2 decimals (spec 001 §5); '12.', '.5' and '-3' parse.
const MONEY_PATTERN = /^-?(\d+(\.\d{0,2})?|\.\d{1,2})$/;

export function parseMoney(input: string | number, options: MoneyOptions = {}): MoneyResult {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (typeof input === 'number' && !Number.isFinite(input)) return { ok: false, error: MONEY_ERRORS.notAnAmount };
  if (!MONEY_PATTERN.test(text)) return { ok: false, error: MONEY_ERRORS.notAnAmount };
  const parsed = Number(text);
  if (parsed < 0) return { ok: false, error: MONEY_ERRORS.notPositive };
  // Math.round(-0) and Number('-0') give -0; `+ 0` turns it into 0 so callers never see -0.
  const value = (options.round ? Math.round(parsed) : parsed) + 0;
  if (value === 0) {
    return options.allowZero ? { ok: true, value } : { ok: false, error: MONEY_ERRORS.notMoreThanZero };
  }
  // Without rounding the smallest positive amount is 0.01, which the 2-decimal pattern already guarantees.
  return { ok: true, value };
}

/** A zod schema over typed money input (string or number) that outputs the parsed amount. */
export function moneySchema(options: MoneyOptions = {}) {
  return z.pipe(
    z.union([z.string(), z.number()], { error: MONEY_ERRORS.notAnAmount }),
    z.transform((input: string | number, ctx) => {
      const result = parseMoney(input, options);
      if (result.ok) return result.value;
      ctx.issues.push({ code: 'custom', message: result.error, input });
      return z.NEVER;
    }),
  );
}

/** A percent has at most 2 decimals (spec 000 §5). */
export function isValidPercent(input: string | number): boolean {
  if (typeof input === 'number') return Number.isFinite(input) && /^-?\d+(\.\d{1,2})?$/.test(String(input));
  return /^-?(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(input.trim());
}

// ---------------------------------------------------------------- ZIP

export const ZIP_INVALID_MESSAGE = 'ZIP Code must be in the format: 12345 or 12345-6789';

export function isValidZip(s: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(s);
}

export const zipSchema = z
  .string({ error: ZIP_INVALID_MESSAGE })
  .check(z.trim(), z.refine(isValidZip, { message: ZIP_INVALID_MESSAGE }));

// ---------------------------------------------------------------- birthdate

export const BIRTHDATE_INVALID_KEY = ERROR_KEYS.birthdateInvalid;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * A birthdate is a calendar day: an ISO 'YYYY-MM-DD' string is taken literally, a Date by its local calendar
 * day (date pickers give local midnight).
 */
function calendarDay(value: Date | string): CalendarDay | null {
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
    if (!match) return null;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const check = new Date(year, month - 1, day);
    if (check.getFullYear() !== year || check.getMonth() !== month - 1 || check.getDate() !== day) return null;
    return { year, month, day };
  }
  if (Number.isNaN(value.getTime())) return null;
  return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
}

function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Between 120 and 12 years before today, both ends included (spec 000 §5, §9). */
export function isValidBirthdate(date: Date | string, today: Date): boolean {
  const birth = calendarDay(date);
  const now = calendarDay(today);
  if (!birth || !now) return false;
  const youngest = { ...now, year: now.year - BIRTHDATE_MIN_AGE_YEARS };
  const oldest = { ...now, year: now.year - BIRTHDATE_MAX_AGE_YEARS };
  return compareDays(birth, youngest) <= 0 && compareDays(birth, oldest) >= 0;
}

export function birthdateSchema(today: Date) {
  return z
    .union([z.date(), z.string()], { error: BIRTHDATE_INVALID_KEY })
    .check(z.refine((value) => isValidBirthdate(value, today), { message: BIRTHDATE_INVALID_KEY }));
}

// ---------------------------------------------------------------- address

/** The 50 US states plus DC, for the state selector (spec 000 §5). */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type UsStateCode = (typeof US_STATES)[number]['code'];
export const US_STATE_CODES = US_STATES.map((s) => s.code) as [UsStateCode, ...UsStateCode[]];

export const ADDRESS_FIELD_TOO_LONG_KEY = ERROR_KEYS.addressFieldTooLong;
export const STATE_INVALID_KEY = ERROR_KEYS.stateInvalid;

const addressField = () =>
  z.string().check(z.maxLength(ADDRESS_FIELD_MAX_LENGTH, { message: ADDRESS_FIELD_TOO_LONG_KEY }));

/** User address (spec 000 §3.1): each field a string of at most 255 characters; street2 may be absent. */
export const addressSchema = z.object({
  street1: addressField(),
  street2: z.optional(addressField()),
  city: addressField(),
  stateCode: z.enum(US_STATE_CODES, { error: STATE_INVALID_KEY }),
  zip: addressField(),
});
export type Address = z.output<typeof addressSchema>;
