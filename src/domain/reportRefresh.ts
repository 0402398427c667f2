// When a customer may order a new credit report (spec 001 §5 "Report refresh", §6, §9): read the same way by the
// report page's refresh control (machines/credit/reportRefresh.machine.ts) and by the orderReport callable, so the
// browser and the server cannot disagree about whether a refresh is allowed.

/** Days after the last pull before the report may be refreshed (spec 001 §9). */
export const REPORT_REFRESH_INTERVAL_DAYS = 30;
/** A second order inside this window is refused as throttled (spec 001 §5, §9). */
export const REPORT_ORDER_THROTTLE_MS = 15_000;

export interface ReportRefreshFacts {
  /** The contact's Credit_Pull_Date__c, yyyy-MM-dd, or null when the customer has never been pulled. */
  creditPullDate: string | null;
  /** The contact's KBA_Status__c: only an explicit false blocks a refresh. */
  kbaStatus: boolean | null;
  isAgent: boolean;
  allowClientActions: boolean;
}

export type ReportRefreshEligibility =
  | { kind: 'enabled' }
  /** `date` (yyyy-MM-dd) is the first day a refresh is allowed; null when KBA failed and no date will open it. */
  | { kind: 'disabled'; date: string | null }
  | { kind: 'notPermitted' };

/** yyyy-MM-dd of `day` plus `days` calendar days (UTC calendar arithmetic: the dates are plain days). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The first day a refresh is allowed after a pull on `creditPullDate`. */
export function nextRefreshDay(creditPullDate: string): string {
  return addDays(creditPullDate, REPORT_REFRESH_INTERVAL_DAYS);
}

/**
 * spec 001 §5: allowed when there is no pull date, or when KBA status is not explicitly false and today is on or
 * after the pull date + 30 days; an agent only with allowClientActions. `today` is the caller's calendar day.
 */
export function reportRefreshEligibility(facts: ReportRefreshFacts, today: string): ReportRefreshEligibility {
  if (facts.isAgent && !facts.allowClientActions) return { kind: 'notPermitted' };
  if (facts.creditPullDate === null) return { kind: 'enabled' };
  if (facts.kbaStatus === false) return { kind: 'disabled', date: null };
  const opens = nextRefreshDay(facts.creditPullDate);
  return today >= opens ? { kind: 'enabled' } : { kind: 'disabled', date: opens };
}

/** Whole seconds left of the order throttle window after an order at `lastOrderMs` (0 when it has passed). */
export function throttleSecondsLeft(lastOrderMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((lastOrderMs + REPORT_ORDER_THROTTLE_MS - nowMs) / 1_000));
}
