import type { GetReportRequest, ReportSource } from '../../contract/credit';
import { QUERY_KEYS, type AppPorts } from '../ports';

// The credit area's cached reads (spec 001 §7, spec 000 §9 caching): the report per source, the score history, the
// credit display, the display tokens, and the customer's pulls with an earlier report by id (spec 002 §7 getReport). An order (spec 001 §4 "Report ordering") invalidates
// CREDIT_QUERIES_AFTER_ORDER, so the report, history, display and tokens are read again after it. The credit display
// keeps the shell's key (QUERY_KEYS.creditDisplay), which intake completion invalidates too.

/** The common first segment of the credit reads' keys: invalidating it refreshes them all. */
export const CREDIT_QUERY_ROOT = 'credit' as const;

export const CREDIT_QUERY_KEYS = {
  all: [CREDIT_QUERY_ROOT],
  report: (source: ReportSource) => [CREDIT_QUERY_ROOT, 'report', source] as const,
  reports: [CREDIT_QUERY_ROOT, 'report'],
  reportList: [CREDIT_QUERY_ROOT, 'reportList'],
  pastReport: ({ id, userId, source }: GetReportRequest) => [CREDIT_QUERY_ROOT, 'pastReport', userId, id, source] as const,
  scoreHistory: [CREDIT_QUERY_ROOT, 'scoreHistory'],
  display: QUERY_KEYS.creditDisplay,
  displayTokens: [CREDIT_QUERY_ROOT, 'displayTokens'],
} as const;

/** What an order makes stale: every report, the history, the display tokens (CREDIT_QUERY_ROOT) and the display. */
export const CREDIT_QUERIES_AFTER_ORDER = [CREDIT_QUERY_KEYS.all, CREDIT_QUERY_KEYS.display] as const;

/** The reads with their keys, for `useCachedQuery(key, fn, enabled)` and `observeCachedQuery`. */
export function creditQueries(ports: AppPorts) {
  return {
    report: (source: ReportSource) => ({
      queryKey: CREDIT_QUERY_KEYS.report(source),
      queryFn: async () => (await ports.credit()).getCreditReport({ source }),
    }),
    reportList: { queryKey: CREDIT_QUERY_KEYS.reportList, queryFn: async () => (await ports.credit()).listCreditReports() },
    pastReport: (request: GetReportRequest) => ({
      queryKey: CREDIT_QUERY_KEYS.pastReport(request),
      queryFn: async () => (await ports.credit()).getReport(request),
    }),
    scoreHistory: { queryKey: CREDIT_QUERY_KEYS.scoreHistory, queryFn: async () => (await ports.credit()).getCreditScoreHistory() },
    display: { queryKey: CREDIT_QUERY_KEYS.display, queryFn: async () => (await ports.credit()).getCreditDisplay() },
    displayTokens: { queryKey: CREDIT_QUERY_KEYS.displayTokens, queryFn: async () => (await ports.credit()).getCreditDisplayTokens() },
  } as const;
}
