import { describe, expect, it } from 'vitest';
import { greetingForHour } from '../../src/domain/greeting';

describe('greeting by hour', () => {
  it('says morning before noon', () => {
    expect(greetingForHour(0)).toBe('morning');
    expect(greetingForHour(11)).toBe('morning');
  });

  it('says afternoon from noon until before 17', () => {
    expect(greetingForHour(12)).toBe('afternoon');
    expect(greetingForHour(16)).toBe('afternoon');
  });

  it('says evening from 17 on', () => {
    expect(greetingForHour(17)).toBe('evening');
    expect(greetingForHour(23)).toBe('evening');
  });
});
