import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';

// A refused settings call shows the server's key when the server named one the catalogue knows (spec 000 §8:
// coach.toast.not-permitted, a field rule's message, ...), else the flow's own message.

const CATALOGUE: ReadonlySet<string> = new Set(Object.values(ERROR_KEYS));

/** The catalogue key a PortError carries (`key`), or null. */
export function catalogueKeyOf(error: unknown): ErrorKey | null {
  if (typeof error !== 'object' || error === null || !('key' in error) || typeof error.key !== 'string') return null;
  return CATALOGUE.has(error.key) ? (error.key as ErrorKey) : null;
}

/** The key a refused call shows: the server's catalogue key, else `fallback`. */
export function refusalKeyOf(error: unknown, fallback: ErrorKey): ErrorKey {
  return catalogueKeyOf(error) ?? fallback;
}

/**
 * The error toast of a refused settings call, for `emit`: `notifySaveError: emit(refusalNotice(ERROR_KEYS.errorUpdating))`,
 * given `params: { error }`; the toast names the server's catalogue key, else `fallback`.
 */
export function refusalNotice(fallback: ErrorKey) {
  return (_: unknown, params: { error: unknown }) => ({
    type: 'notify' as const,
    level: 'error' as const,
    key: refusalKeyOf(params.error, fallback),
  });
}
