import { doc, onSnapshot, Timestamp } from 'firebase/firestore';
import type { Unsubscribe } from '../../../machines/ports';
import { toPortError, type AdapterError } from './errors';
import { firebaseFirestore } from './firestore';

// The Firestore SDK's live listeners (onSnapshot), loaded on demand: signed-in pages need them, the sign-in page
// does not pay for them (ARCHITECTURE.md "Views": route-level code splitting). Timestamps become Date here.

/** A document's data with Firestore Timestamps as Date, or null when the document does not exist. */
export function subscribeDocument(
  path: string,
  listener: (data: Record<string, unknown> | null) => void,
  onError: (error: AdapterError) => void,
): Unsubscribe {
  const [collection, ...rest] = path.split('/');
  return onSnapshot(
    doc(firebaseFirestore(), collection ?? '', ...rest),
    (snapshot) => listener(snapshot.exists() ? withDates(snapshot.data()) : null),
    (error) => onError(toPortError(error)),
  );
}

function withDates(data: Record<string, unknown>): Record<string, unknown> {
  const convert = (value: unknown): unknown => {
    if (value instanceof Timestamp) return value.toDate();
    if (Array.isArray(value)) return value.map(convert);
    if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, convert(field)]));
    }
    return value;
  };
  return convert(data) as Record<string, unknown>;
}
