// Sign-in greeting by hour (spec 000 §4.3; spec 002 §9): before 12 morning, before 17 afternoon, else evening.

export type Greeting = 'morning' | 'afternoon' | 'evening';

/** `hour` is the local hour of day, 0-23; the caller reads the clock. */
export function greetingForHour(hour: number): Greeting {
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}
