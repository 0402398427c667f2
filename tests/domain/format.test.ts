import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatPhoneDisplay } from '../../src/domain/format';

describe('badge count', () => {
  it('shows the count up to 9', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
  });

  it("shows '9+' above 9", () => {
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(250)).toBe('9+');
  });

  it('never shows a negative or fractional count', () => {
    expect(formatBadgeCount(-3)).toBe('0');
    expect(formatBadgeCount(2.7)).toBe('2');
  });
});

describe('phone display re-export', () => {
  it('formats a stored phone for display', () => {
    expect(formatPhoneDisplay('8015551234')).toBe('(801) 555-1234');
  });
});
