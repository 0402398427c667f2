import type { CreditActionsPort, InitialReportData } from '../../../machines/credit/ports';
import { portErrorRetryAfterSeconds } from '../../../machines/ports';
import type {
  CreditDisplay,
  CreditDisplayTokens,
  CreditReport,
  GetReportRequest,
  ReportList,
  ReportSource,
  ScoreHistoryItem,
} from '../../contract/credit';
import { lazyCall } from './callablesPort';
import type { AdapterError } from './errors';

// The credit area's callables (spec 001 §7) over the typed client: getCreditReport, getCreditScoreHistory,
// getCreditDisplay, getCreditDisplayTokens, and the past reports (listCreditReports, getReport: spec 002 §7) for
// src/app/ports.ts CreditReadPort; orderReport and arrayKBA for the
// credit machines' CreditActionsPort (machines/credit/ports.ts). A refused order rejects with the PortError the
// client makes of it (a throttled one carries retryAfterSeconds, src/adapters/firebase/errors.ts). Requests and responses are parsed
// with src/contract/credit.ts by `call` (src/main.tsx checks the port against the app's interface); like the other callables the contract and the SDK load with the first call.
//
// The read port hands the contract's shapes on as they are: the report views format `pulledAt`, `createdAt` and
// `expiresAt` from their ISO text (the typed client turns `...At` fields into Dates, so they are written back here).

const iso = (value: Date | string): string => (typeof value === 'string' ? value : value.toISOString());

export interface CreditReads {
  getCreditReport(request: { source: ReportSource; kbaLinkId?: string }): Promise<CreditReport>;
  getCreditScoreHistory(request?: { kbaLinkId?: string }): Promise<ScoreHistoryItem[]>;
  getCreditDisplay(): Promise<CreditDisplay>;
  getCreditDisplayTokens(): Promise<CreditDisplayTokens>;
  listCreditReports(): Promise<ReportList>;
  getReport(request: GetReportRequest): Promise<CreditReport>;
}

export function createCreditReadPort(): CreditReads {
  return {
    getCreditReport: async (request): Promise<CreditReport> => {
      const report = await lazyCall('getCreditReport', request);
      return { ...report, pulledAt: iso(report.pulledAt) };
    },
    getCreditScoreHistory: (request) => lazyCall('getCreditScoreHistory', request ?? null),
    getCreditDisplay: async (): Promise<CreditDisplay> => {
      const display = await lazyCall('getCreditDisplay', null);
      return {
        ...display,
        createdAt: iso(display.createdAt),
        // A plain day (yyyy-MM-dd) the client leaves as text, though its name ends in At.
        creditBalance: display.creditBalance.map((balance) => ({
          ...balance,
          accountOpenedAt: balance.accountOpenedAt === null ? null : iso(balance.accountOpenedAt),
        })),
      };
    },
    getCreditDisplayTokens: async (): Promise<CreditDisplayTokens> => {
      const tokens = await lazyCall('getCreditDisplayTokens', null);
      return { ...tokens, expiresAt: iso(tokens.expiresAt) };
    },
    listCreditReports: async (): Promise<ReportList> => {
      const list = await lazyCall('listCreditReports', null);
      return { ...list, reports: list.reports.map((report) => ({ ...report, pulledAt: iso(report.pulledAt) })) };
    },
    getReport: async (request): Promise<CreditReport> => {
      const report = await lazyCall('getReport', request);
      return { ...report, pulledAt: iso(report.pulledAt) };
    },
  };
}

export function createCreditActionsPort(): CreditActionsPort {
  return {
    // spec 002 §7 getInitialReport: the first report's pull and, once stored, the report's id and pull time.
    getInitialReport: async (): Promise<InitialReportData> => {
      const answer = await lazyCall('getInitialReport', null);
      return { ...answer, report: answer.report === null ? null : { ...answer.report, pulledAt: iso(answer.report.pulledAt) } };
    },
    orderReport: async () => {
      try {
        return await lazyCall('orderReport', null);
      } catch (error) {
        // The server names the refusal ('order-throttled', 'order-in-progress', which the client takes as the
        // code); the port's contract is the HttpsError code: resource-exhausted for a throttled call with the
        // seconds left, aborted while an earlier order is being pulled (machines/credit/ports.ts).
        if (portErrorRetryAfterSeconds(error) !== null) throw { ...(error as AdapterError), code: 'resource-exhausted' };
        if ((error as AdapterError).callableCode === 'aborted') throw { ...(error as AdapterError), code: 'aborted' };
        throw error;
      }
    },
    arrayKBA: async (request) => {
      const result = await lazyCall('arrayKBA', request);
      return result.status === 'locked' ? { status: 'locked', retryAt: iso(result.retryAt) } : result;
    },
  };
}
