import { describe, expect, it } from 'vitest';
import { mapCardError } from '../../src/domain/cardErrors';

describe('card error mapping', () => {
  it('maps E_WC_05 and 17 to the card number', () => {
    expect(mapCardError('E_WC_05')).toBe('cardNumber');
    expect(mapCardError('17')).toBe('cardNumber');
    expect(mapCardError(17)).toBe('cardNumber');
  });

  it('maps E_WC_06 to the month and E_WC_07 to the year', () => {
    expect(mapCardError('E_WC_06')).toBe('month');
    expect(mapCardError('E_WC_07')).toBe('year');
  });

  it('maps the expiration texts to the expiration date, in any case and inside a longer message', () => {
    expect(mapCardError('The credit card expiration date invalid.')).toBe('expirationDate');
    expect(mapCardError('The credit card has expired.')).toBe('expirationDate');
    expect(mapCardError('CARD HAS EXPIRED')).toBe('expirationDate');
  });

  it('maps E_WC_15, 65 and 45 to the security code', () => {
    expect(mapCardError('E_WC_15')).toBe('cardCode');
    expect(mapCardError('65')).toBe('cardCode');
    expect(mapCardError(45)).toBe('cardCode');
  });

  it('maps E_WC_17 to the name, not to the card number like 17', () => {
    expect(mapCardError('E_WC_17')).toBe('fullName');
  });

  it('maps codes 2 and 11 and the duplicate text to a duplicate transaction', () => {
    expect(mapCardError('2')).toBe('duplicateTransaction');
    expect(mapCardError(11)).toBe('duplicateTransaction');
    expect(mapCardError('A Duplicate Transaction has been submitted.')).toBe('duplicateTransaction');
  });

  it('reads a code at the start of a provider message', () => {
    expect(mapCardError('E_WC_05: Please provide valid credit card number.')).toBe('cardNumber');
    expect(mapCardError(' e_wc_06 ')).toBe('month');
  });

  it('does not match a code that merely appears inside other text or numbers', () => {
    expect(mapCardError('12')).toBeNull();
    expect(mapCardError('E_WC_050')).toBeNull();
    expect(mapCardError('Error 2 occurred')).toBeNull();
  });

  it('returns null for anything unknown or missing', () => {
    expect(mapCardError('E_WC_99')).toBeNull();
    expect(mapCardError('declined')).toBeNull();
    expect(mapCardError('')).toBeNull();
    expect(mapCardError(undefined)).toBeNull();
  });
});
