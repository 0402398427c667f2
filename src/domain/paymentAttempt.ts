// A payment attempt in the browser (spec 001 §4 "Payment flow", §5 card error mapping, §8 duplicate-transaction
// lockout; spec 000 §9 session storage): the card form's rules (the same ones the card provider's script
// applies, so a mistake shows on its field before anything is sent), what a provider answer points at, and the
// failed-attempt record kept in session storage. That record holds ONLY a fingerprint — SHA-256 over the card's
// brand, its last four digits, the amount, the item and the cardholder's name normalised — and the failure time:
// never the card number, the security code or the expiry.
import { mapCardError, type CardErrorTarget } from './cardErrors';
import { DUPLICATE_LOCKOUT_MS } from './constants';

// ------------------------------------------------------------------------------------------------ the card form

export type CardBrand = 'Visa' | 'Mastercard' | 'AmericanExpress' | 'Discover' | 'Unknown';

/** The digits of a typed card number (spaces and dashes dropped). */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** The brand by the number's prefix, as the card provider's sandbox reads it (other prefixes are refused). */
export function cardBrand(cardNumber: string): CardBrand {
  const digits = cardDigits(cardNumber);
  if (/^4/.test(digits)) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'AmericanExpress';
  if (four === 6011 || two === 65 || (three >= 644 && three <= 649)) return 'Discover';
  return 'Unknown';
}

/** The Luhn check digit test. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The number lengths each brand issues (the card provider's sandbox checks the same). */
export const BRAND_LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  Visa: [13, 16, 19],
  Mastercard: [16],
  AmericanExpress: [15],
  Discover: [16, 19],
  Unknown: [],
};

/** The card fields as typed (the payment form's). */
export interface CardFields {
  cardNumber: string;
  month: string;
  year: string;
  cardCode: string;
  fullName: string;
  zip: string;
}

/** The provider script's field error codes (Accept.js), by the field they point at. */
export const CARD_FIELD_CODES = {
  cardNumber: 'E_WC_05',
  month: 'E_WC_06',
  year: 'E_WC_07',
  expirationDate: 'E_WC_08',
  cardCode: 'E_WC_15',
  zip: 'E_WC_16',
  fullName: 'E_WC_17',
} as const;
export type CardFormErrorField = keyof typeof CARD_FIELD_CODES;

/** A four-digit year from 'YYYY' (2000 or later) or 'YY' (20YY); null otherwise. */
export function expiryYear(year: string): number | null {
  const trimmed = year.trim();
  if (/^\d{4}$/.test(trimmed)) return Number(trimmed) >= 2000 ? Number(trimmed) : null;
  if (/^\d{2}$/.test(trimmed)) return 2000 + Number(trimmed);
  return null;
}

/** The cardholder's name as the provider's script accepts it: a letter, then up to 63 letters, spaces, . ' or -. */
const NAME_PATTERN = /^[\p{L}][\p{L} .'-]{0,63}$/u;

/**
 * The card form's field errors, as the provider's script would report them (E_WC codes by field; empty when the
 * fields pass): the same rules as the card provider's sandbox (functions/src/billing/cardGatewaySandbox.ts
 * checkCardData). `nowMs` decides whether the expiry is in the future (a card is good through its expiry month, UTC)
 * and how far ahead a year may be (20 years).
 */
export function cardFieldErrors(card: CardFields, nowMs: number): Partial<Record<CardFormErrorField, string>> {
  const errors: Partial<Record<CardFormErrorField, string>> = {};
  const digits = cardDigits(card.cardNumber);
  const brand = cardBrand(digits);
  if (!/^\d{12,19}$/.test(digits) || !BRAND_LENGTHS[brand].includes(digits.length) || !passesLuhn(digits)) {
    errors.cardNumber = CARD_FIELD_CODES.cardNumber;
  }
  const month = /^\d{1,2}$/.test(card.month.trim()) ? Number(card.month.trim()) : NaN;
  if (!(month >= 1 && month <= 12)) errors.month = CARD_FIELD_CODES.month;
  const now = new Date(nowMs);
  const thisYear = now.getUTCFullYear();
  const year = expiryYear(card.year);
  if (year === null || year > thisYear + 20) errors.year = CARD_FIELD_CODES.year;
  if (errors.month === undefined && errors.year === undefined && year !== null) {
    const current = thisYear * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < current) errors.expirationDate = CARD_FIELD_CODES.expirationDate;
  }
  const codeLength = brand === 'AmericanExpress' ? 4 : 3;
  if (!new RegExp(`^\\d{${codeLength}}$`).test(card.cardCode.trim())) errors.cardCode = CARD_FIELD_CODES.cardCode;
  if (!NAME_PATTERN.test(card.fullName.trim())) errors.fullName = CARD_FIELD_CODES.fullName;
  if (!/^\d{5}(-\d{4})?$/.test(card.zip.trim())) errors.zip = CARD_FIELD_CODES.zip;
  return errors;
}

// ------------------------------------------------------------------------------------- what an answer points at

/** Where a provider answer shows: on a form field, as the duplicate lockout, or as a form-level decline message. */
export type CardErrorPlacement = CardFormErrorField | 'duplicateTransaction' | 'form';

/** The E_WC codes cardErrors.ts does not name (the gateway's own list): expiry not in the future, ZIP. */
const EXTRA_CODE_FIELDS: Readonly<Record<string, CardFormErrorField>> = {
  E_WC_08: 'expirationDate',
  E_WC_16: 'zip',
};

function placementOf(target: CardErrorTarget): CardErrorPlacement {
  return target === 'duplicateTransaction' ? 'duplicateTransaction' : target;
}

/**
 * Where a provider answer belongs (spec 001 §5, spec 000 §5 through src/domain/cardErrors.ts mapCardError): an E_WC
 * code from the script, else the charge's REASON code, else its text. Reasons 2 and 11 and the text 'duplicate
 * transaction has been submitted' start the duplicate lockout (a decline too: an identical retry is blocked for
 * 120 s). The bare reason code 17 ('The merchant does not accept this type of credit card') is the card number;
 * E_WC_17 is the cardholder's name. Anything else (27 AVS mismatch, …) is a form-level decline message.
 */
export function cardErrorPlacement(answer: { code: string; reasonCode?: string | null; text: string }): CardErrorPlacement {
  const code = answer.code.trim().toUpperCase();
  if (code.startsWith('E_WC_')) {
    const extra = EXTRA_CODE_FIELDS[code];
    if (extra) return extra;
    const target = mapCardError(code);
    return target ? placementOf(target) : 'form';
  }
  const byReason = answer.reasonCode ? mapCardError(answer.reasonCode) : null;
  if (byReason) return placementOf(byReason);
  const byText = mapCardError(answer.text);
  return byText ? placementOf(byText) : 'form';
}

// ------------------------------------------------------------------------------------------- the failed attempt

/** What session storage keeps of a failed attempt: the fingerprint and when it failed (ms since epoch). */
export interface FailedPaymentAttempt {
  fingerprint: string;
  failedAtMs: number;
}

/** What the fingerprint is made of (the card number only for its brand and last four digits). */
export interface AttemptFacts {
  cardNumber: string;
  fullName: string;
  /** Cents. */
  amount: number;
  itemId: string;
}

/** The cardholder's name for comparison: trimmed, inner spaces collapsed, lower case, accents dropped. */
export function normaliseCardholderName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** SHA-256 hex of brand, last four digits, amount, item and the normalised name (never the whole number). */
export function attemptFingerprint(facts: AttemptFacts): string {
  const digits = cardDigits(facts.cardNumber);
  const parts = [cardBrand(digits), digits.slice(-4), String(facts.amount), facts.itemId, normaliseCardholderName(facts.fullName)];
  return sha256Hex(parts.join('\u001f'));
}

/** The milliseconds left of the duplicate lockout started by `record` (0 when over or when there is none). */
export function lockoutRemaining(record: FailedPaymentAttempt | null, nowMs: number): number {
  if (!record) return 0;
  const elapsed = Math.max(0, nowMs - record.failedAtMs);
  return Math.max(0, DUPLICATE_LOCKOUT_MS - elapsed);
}

/** The countdown as the spec's message says it ('Please try again in {n} Minute {s} Seconds.'): whole seconds, rounded up. */
export function lockoutCountdown(remainingMs: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(remainingMs / 1_000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** Whether an attempt with `fingerprint` is the remembered failed one again. */
export function isIdenticalRetry(record: FailedPaymentAttempt | null, fingerprint: string): boolean {
  return record !== null && record.fingerprint === fingerprint;
}

/** Whether an attempt with `fingerprint` is blocked now: identical to the remembered failure, inside its lockout. */
export function isBlockedRetry(record: FailedPaymentAttempt | null, fingerprint: string, nowMs: number): boolean {
  return isIdenticalRetry(record, fingerprint) && lockoutRemaining(record, nowMs) > 0;
}

/** A stored record read back (session storage holds text anyone could edit): null unless well formed. */
export function parseFailedAttempt(raw: unknown): FailedPaymentAttempt | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { fingerprint, failedAtMs } = value as Record<string, unknown>;
  if (typeof fingerprint !== 'string' || !/^[0-9a-f]{64}$/.test(fingerprint)) return null;
  if (typeof failedAtMs !== 'number' || !Number.isFinite(failedAtMs) || failedAtMs < 0) return null;
  return { fingerprint, failedAtMs };
}

// ------------------------------------------------------------------------------------------------ SHA-256

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/**
 * SHA-256 of the UTF-8 bytes of `text`, as lower-case hex. Synchronous and dependency-free (the machines' guards
 * compare fingerprints; crypto.subtle is asynchronous).
 */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x1_0000_0000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const hash = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i += 1) {
      const a = w[i - 15] ?? 0;
      const b = w[i - 2] ?? 0;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = [hash[0] ?? 0, hash[1] ?? 0, hash[2] ?? 0, hash[3] ?? 0, hash[4] ?? 0, hash[5] ?? 0, hash[6] ?? 0, hash[7] ?? 0];
    for (let i = 0; i < 64; i += 1) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + s1 + ch + (K[i] ?? 0) + (w[i] ?? 0)) >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, h];
    for (let i = 0; i < 8; i += 1) hash[i] = ((hash[i] ?? 0) + (next[i] ?? 0)) >>> 0;
  }
  return Array.from(hash, (word) => word.toString(16).padStart(8, '0')).join('');
}
