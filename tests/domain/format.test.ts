import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatPhoneDisplay } from '../../src/domain/format';

describe('badge count', () => {
  it.each<[string, [count: number, shown: string][]]>([
    ['shows the count up to 9', [[0, '0'], [1, '1'], [9, '9']]],
    ["shows '9+' above 9", [[10, '9+'], [250, '9+']]],
    ['never shows a negative or fractional count', [[-3, '0'], [2.7, '2']]],
  ])('%s', (_behaviour, answers) => {
    for (const [count, shown] of answers) expect(formatBadgeCount(count)).toBe(shown);
  });
});

describe('phone display re-export', () => {
  it('formats a stored phone for display', () => {
    expect(formatPhoneDisplay('8015551234')).toBe('(801) 555-1234');
  });
});
