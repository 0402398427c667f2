import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_LOCKOUT_MS } from '../../src/domain/constants';
import { attemptFingerprint, cardBrand, cardErrorPlacement, cardFieldErrors, isBlockedRetry, isIdenticalRetry, lockoutCountdown, lockoutRemaining, normaliseCardholderName, parseFailedAttempt, sha256Hex, type CardFields } from '../../src/domain/paymentAttempt';

const NOW = Date.UTC(2026, 10, 26, 13, 30); // 26 November 2026
const VISA: CardFields = { cardNumber: '4111 1111 1111 1111', month: '12', year: '2028', cardCode: '123', fullName: 'Dana Whitfield', zip: '83702' };

describe('the card form rules (the provider sandbox’s, so a mistake shows on its field before sending)', () => {
  it('accepts the sandbox test cards with a future expiry', () => {
    for (const cardNumber of ['4111111111111111', '4007000000027', '5424000000000015', '6011000000000012']) {
      expect(cardFieldErrors({ ...VISA, cardNumber }, NOW), cardNumber).toEqual({});
    }
    expect(cardFieldErrors({ ...VISA, cardNumber: '370000000000002', cardCode: '1234' }, NOW)).toEqual({});
  });

  it('refuses a number that fails Luhn, has the wrong length for its brand or an unknown prefix with E_WC_05', () => {
    expect(cardFieldErrors({ ...VISA, cardNumber: '4111111111111112' }, NOW)).toEqual({ cardNumber: 'E_WC_05' });
    expect(cardFieldErrors({ ...VISA, cardNumber: '542400000000001' }, NOW)).toEqual({ cardNumber: 'E_WC_05' });
    expect(cardFieldErrors({ ...VISA, cardNumber: '9111111111111111' }, NOW).cardNumber).toBe('E_WC_05');
    expect(cardFieldErrors({ ...VISA, cardNumber: '' }, NOW).cardNumber).toBe('E_WC_05');
  });

  it('refuses month 13 (E_WC_06), a year not 2 or 4 digits or over 20 years ahead (E_WC_07)', () => {
    expect(cardFieldErrors({ ...VISA, month: '13' }, NOW)).toEqual({ month: 'E_WC_06' });
    expect(cardFieldErrors({ ...VISA, month: '0' }, NOW)).toEqual({ month: 'E_WC_06' });
    expect(cardFieldErrors({ ...VISA, year: '202' }, NOW)).toEqual({ year: 'E_WC_07' });
    expect(cardFieldErrors({ ...VISA, year: '2047' }, NOW)).toEqual({ year: 'E_WC_07' });
    expect(cardFieldErrors({ ...VISA, year: '28' }, NOW)).toEqual({});
  });

  it('refuses an expiry before this month (E_WC_08) and accepts this month', () => {
    expect(cardFieldErrors({ ...VISA, month: '10', year: '2026' }, NOW)).toEqual({ expirationDate: 'E_WC_08' });
    expect(cardFieldErrors({ ...VISA, month: '11', year: '2026' }, NOW)).toEqual({});
  });

  it('wants 3 digits of security code, 4 for Amex (E_WC_15)', () => {
    expect(cardFieldErrors({ ...VISA, cardCode: '1234' }, NOW)).toEqual({ cardCode: 'E_WC_15' });
    expect(cardFieldErrors({ ...VISA, cardNumber: '370000000000002', cardCode: '123' }, NOW)).toEqual({ cardCode: 'E_WC_15' });
  });

  it('wants a 5-digit or ZIP+4 code (E_WC_16) and a cardholder name (E_WC_17)', () => {
    expect(cardFieldErrors({ ...VISA, zip: '8370' }, NOW)).toEqual({ zip: 'E_WC_16' });
    expect(cardFieldErrors({ ...VISA, zip: '83702-1234' }, NOW)).toEqual({});
    expect(cardFieldErrors({ ...VISA, fullName: '  ' }, NOW)).toEqual({ fullName: 'E_WC_17' });
    expect(cardFieldErrors({ ...VISA, fullName: "José O'Brien-Núñez" }, NOW)).toEqual({});
  });

  it('lists every failing field at once', () => {
    expect(Object.keys(cardFieldErrors({ cardNumber: '1', month: '', year: '', cardCode: '', fullName: '', zip: '' }, NOW)).sort()).toEqual(
      ['cardCode', 'cardNumber', 'fullName', 'month', 'year', 'zip'],
    );
  });

  it('names the brand by prefix', () => {
    expect(['4111111111111111', '5424000000000015', '2221000000000009', '370000000000002', '6011000000000012', '9000'].map(cardBrand)).toEqual([
      'Visa',
      'Mastercard',
      'Mastercard',
      'AmericanExpress',
      'Discover',
      'Unknown',
    ]);
  });
});

describe('where a provider answer shows (spec 001 §5)', () => {
  it('puts the script’s E_WC codes on their fields, E_WC_08 on the expiry and E_WC_16 on the ZIP', () => {
    const placed = ['E_WC_05', 'E_WC_06', 'E_WC_07', 'E_WC_08', 'E_WC_15', 'E_WC_16', 'E_WC_17'].map((code) => cardErrorPlacement({ code, text: '' }));
    expect(placed).toEqual(['cardNumber', 'month', 'year', 'expirationDate', 'cardCode', 'zip', 'fullName']);
  });

  it('maps a charge by its reason code: 17 card number, 65 and 45 security code, 2 and 11 the duplicate lockout', () => {
    const charge = (reasonCode: string, text = 'x') => cardErrorPlacement({ code: '2', reasonCode, text });
    expect([charge('17'), charge('65'), charge('45'), charge('2'), charge('11')]).toEqual([
      'cardNumber',
      'cardCode',
      'cardCode',
      'duplicateTransaction',
      'duplicateTransaction',
    ]);
  });

  it('maps by text when the reason does not say: an expired card to the expiry, the duplicate text to the lockout', () => {
    expect(cardErrorPlacement({ code: '3', reasonCode: '8', text: 'The credit card has expired.' })).toBe('expirationDate');
    expect(cardErrorPlacement({ code: '3', reasonCode: null, text: 'A duplicate transaction has been submitted.' })).toBe('duplicateTransaction');
  });

  it('shows anything else (27 AVS mismatch, an unknown E_WC code) as a form-level decline', () => {
    expect(cardErrorPlacement({ code: '2', reasonCode: '27', text: 'The transaction has been declined because of an AVS mismatch.' })).toBe('form');
    expect(cardErrorPlacement({ code: 'E_WC_21', text: 'User authentication failed.' })).toBe('form');
  });
});

describe('the failed attempt kept in session storage (spec 001 §4, §8)', () => {
  const facts = { cardNumber: VISA.cardNumber, fullName: VISA.fullName, amount: 9_900, itemId: 'INITIAL_CONSULTATION' };

  it('computes SHA-256 exactly as Node’s crypto does', () => {
    for (const text of ['', 'abc', 'Visa\u001f1111\u001f9900', 'ñ'.repeat(100), 'x'.repeat(64), 'x'.repeat(55), 'x'.repeat(56)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });

  it('fingerprints brand, last four, amount, item and the normalised name: never the number, code or expiry', () => {
    const fingerprint = attemptFingerprint(facts);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint).toBe(createHash('sha256').update(['Visa', '1111', '9900', 'INITIAL_CONSULTATION', 'dana whitfield'].join('\u001f')).digest('hex'));
    expect(fingerprint).not.toContain('4111');
  });

  it('is the same for the same card typed differently and differs for another amount, item, card or name', () => {
    const fingerprint = attemptFingerprint(facts);
    expect(attemptFingerprint({ ...facts, cardNumber: '4111-1111-1111-1111', fullName: '  DANA   Whitfield ' })).toBe(fingerprint);
    expect(attemptFingerprint({ ...facts, amount: 4_900 })).not.toBe(fingerprint);
    expect(attemptFingerprint({ ...facts, itemId: 'RECURRING_FEE' })).not.toBe(fingerprint);
    expect(attemptFingerprint({ ...facts, cardNumber: '5424000000000015' })).not.toBe(fingerprint);
    expect(attemptFingerprint({ ...facts, fullName: 'Dana Whitfeld' })).not.toBe(fingerprint);
  });

  it('normalises names: accents, case and spacing', () => {
    expect(normaliseCardholderName('  José   NÚÑEZ ')).toBe('jose nunez');
  });

  it('counts the 120 000 ms lockout down from the failure and stops at zero', () => {
    const record = { fingerprint: attemptFingerprint(facts), failedAtMs: NOW };
    expect(lockoutRemaining(record, NOW)).toBe(DUPLICATE_LOCKOUT_MS);
    expect(lockoutRemaining(record, NOW + 45_500)).toBe(74_500);
    expect(lockoutRemaining(record, NOW + DUPLICATE_LOCKOUT_MS)).toBe(0);
    expect(lockoutRemaining(record, NOW + 10 * DUPLICATE_LOCKOUT_MS)).toBe(0);
    expect(lockoutRemaining(null, NOW)).toBe(0);
  });

  it('splits the countdown into the message’s minutes and seconds, rounding seconds up', () => {
    expect([120_000, 74_500, 60_000, 59_001, 1, 0].map(lockoutCountdown)).toEqual([
      { minutes: 2, seconds: 0 },
      { minutes: 1, seconds: 15 },
      { minutes: 1, seconds: 0 },
      { minutes: 1, seconds: 0 },
      { minutes: 0, seconds: 1 },
      { minutes: 0, seconds: 0 },
    ]);
  });

  it('blocks only an identical retry, and only during the lockout', () => {
    const record = { fingerprint: attemptFingerprint(facts), failedAtMs: NOW };
    const other = attemptFingerprint({ ...facts, cardNumber: '5424000000000015' });
    expect([isIdenticalRetry(record, record.fingerprint), isIdenticalRetry(record, other), isIdenticalRetry(null, other)]).toEqual([true, false, false]);
    expect(isBlockedRetry(record, record.fingerprint, NOW + 119_999)).toBe(true);
    expect(isBlockedRetry(record, record.fingerprint, NOW + 120_000)).toBe(false);
    expect(isBlockedRetry(record, other, NOW + 1)).toBe(false);
  });

  it('reads back only a well-formed record from storage', () => {
    const record = { fingerprint: attemptFingerprint(facts), failedAtMs: NOW };
    expect(parseFailedAttempt(JSON.stringify(record))).toEqual(record);
    expect(parseFailedAttempt(record)).toEqual(record);
    expect(parseFailedAttempt('{not json')).toBeNull();
    expect(parseFailedAttempt(JSON.stringify({ ...record, fingerprint: '4111111111111111' }))).toBeNull();
    expect(parseFailedAttempt(JSON.stringify({ fingerprint: record.fingerprint, failedAtMs: 'yesterday' }))).toBeNull();
    expect(parseFailedAttempt(null)).toBeNull();
  });
});
