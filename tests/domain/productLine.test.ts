import { describe, expect, it } from 'vitest';
import { PRODUCT_LINES, isFreeLine, lacksPaidLine, productTier } from '../../src/domain/productLine';

describe('product line', () => {
  it('lists the nine product lines', () => {
    expect(PRODUCT_LINES).toHaveLength(9);
  });

  it('puts Freemium in the FREE tier', () => {
    expect(productTier('Freemium')).toBe('FREE');
    expect(isFreeLine('Freemium')).toBe(true);
  });

  it('puts Digital Experience in the DIGITAL_ONLY tier', () => {
    expect(productTier('Digital Experience (UQ)')).toBe('DIGITAL_ONLY');
    expect(isFreeLine('Digital Experience (UQ)')).toBe(false);
  });

  it('puts every other line in the PREMIUM tier', () => {
    const others = PRODUCT_LINES.filter((line) => line !== 'Freemium' && line !== 'Digital Experience (UQ)');
    expect(others.map(productTier)).toEqual(others.map(() => 'PREMIUM'));
  });

  it('treats a missing line as PREMIUM, not free', () => {
    expect(productTier(undefined)).toBe('PREMIUM');
    expect(isFreeLine(null)).toBe(false);
  });

  it("keeps the server's paid features closed to a user document without a line, as to the free line", () => {
    expect([null, undefined, '', 'Freemium'].map(lacksPaidLine)).toEqual([true, true, true, true]);
    expect(PRODUCT_LINES.filter((line) => line !== 'Freemium').some(lacksPaidLine)).toBe(false);
  });
});
