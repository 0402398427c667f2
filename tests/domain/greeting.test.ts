import { describe, expect, it } from 'vitest';
import { greetingForHour } from '../../src/domain/greeting';

describe('greeting by hour', () => {
  it.each<[string, ReturnType<typeof greetingForHour>, number[]]>([
    ['morning before noon', 'morning', [0, 11]],
    ['afternoon from noon until before 17', 'afternoon', [12, 16]],
    ['evening from 17 on', 'evening', [17, 23]],
  ])('says %s', (_behaviour, greeting, hours) => {
    for (const hour of hours) expect(greetingForHour(hour)).toBe(greeting);
  });
});
