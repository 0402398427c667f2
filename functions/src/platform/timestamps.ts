import { Timestamp } from 'firebase-admin/firestore';

/** Stored timestamps go out as ISO strings (spec 000 §7: the client adapter turns them into Date). */
export function toIso(value: unknown): string | null {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  return null;
}

export function millisOf(value: unknown): number | null {
  if (value instanceof Timestamp) return value.toMillis();
  if (value instanceof Date) return value.getTime();
  return null;
}
