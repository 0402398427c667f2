// What the hub's views receive (src/app/hub reads it; the views only show it).

/** A read the page waits for: loading, failed with a retry, or shown. */
export type HubLoadable<T> = { status: 'loading' } | { status: 'failed'; onRetry: () => void } | { status: 'shown'; data: T };

/** The score with its previous one and its components (spec 002 §3 "Readiness score"). */
export interface ScoreDetailsData {
  displayScore: number;
  previousDisplayScore: number | null;
  components: readonly { type: string; currentDisplayValue: string; currentValue: number | null; goalValue: number }[];
}
