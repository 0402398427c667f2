import { ERROR_KEYS, type ErrorKey } from './errors';

// spec 000 §8: query and mutation errors show a toast unless their message is null, and are reported unless
// reporting is disabled; the toast's default text is 'errors.general-error'. Offline errors on document or collection
// loads (queries) are not reported. The retries (up to 3, not for the codes retrying cannot fix) are the query
// cache's (src/adapters/firebase/queryCache.ts shouldRetryQuery); a failure reaches this policy once they are spent.

/** What a query or a mutation says about its own failures (its `meta`). */
export interface ErrorMeta {
  /** The toast's message key; null: no toast (the page shows the failure itself). Default 'errors.general-error'. */
  errorMessage?: ErrorKey | null;
  /** false: the failure is not reported (an expected answer, e.g. an email already in use). Default true. */
  reportError?: boolean;
}

/** The codes of a load that failed for want of a connection (Firestore's 'unavailable', a dropped fetch). */
export const OFFLINE_ERROR_CODES = ['unavailable', 'network-request-failed', 'auth/network-request-failed', 'functions/unavailable'] as const;

export interface LoadFailure {
  kind: 'query' | 'mutation';
  /** The failure's code (PortError.code), null when it has none. */
  code: string | null;
  meta: ErrorMeta | undefined;
  /** The browser said it was offline when the failure arrived. */
  browserOffline: boolean;
}

export interface LoadFailureOutcome {
  /** The toast's message key, or null for none. */
  toastKey: ErrorKey | null;
  report: boolean;
}

export function isOfflineFailure(code: string | null, browserOffline: boolean): boolean {
  return browserOffline || (code !== null && (OFFLINE_ERROR_CODES as readonly string[]).includes(code));
}

export function loadFailureOutcome({ kind, code, meta, browserOffline }: LoadFailure): LoadFailureOutcome {
  const toastKey = meta?.errorMessage === null ? null : (meta?.errorMessage ?? ERROR_KEYS.generalError);
  const offlineLoad = kind === 'query' && isOfflineFailure(code, browserOffline);
  return { toastKey, report: meta?.reportError !== false && !offlineLoad };
}
