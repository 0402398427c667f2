import { setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { provided } from '../actors';
import type { ReportDownloadActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The payment-failed page's "download reports" (spec 002 §2 Payment-failed page, §8): a customer
// whose card failed may still take their credit reports (a PDF the server writes). A second click while one runs
// does nothing; a finished download says so (billing failed.reportsDone) until the next click; a failure opens a
// dialog with errors.update-payment.credit-report-download-error, closed by the customer.

type Sig = ReportDownloadActorSignatures;

export const REPORT_DOWNLOAD_ERROR_KEY = ERROR_KEYS.creditReportDownloadError;

export type ReportDownloadEvent = { type: 'reports.download' } | { type: 'reports.dialogClose' };
export type ReportDownloadTag = 'busy';

export const reportDownloadMachine = setup({
  types: {
    events: {} as ReportDownloadEvent,
    tags: {} as ReportDownloadTag,
  },
  actors: {
    downloadReports: provided<Sig['downloadReports']>('downloadReports'),
  },
}).createMachine({
  id: 'reportDownload',
  meta: machineSpec(['002 §2']),
  initial: 'idle',
  states: {
    idle: { meta: spec('002 §2'), on: { 'reports.download': { target: 'downloading' } } },
    downloading: {
      meta: spec('002 §2'),
      tags: ['busy'],
      invoke: { id: 'downloadReports', src: 'downloadReports', onDone: { target: 'done' }, onError: { target: 'failed' } },
    },
    /** The file was saved (failed.reportsDone); the button downloads again. */
    done: { meta: spec('002 §2'), on: { 'reports.download': { target: 'downloading' } } },
    /** The error dialog (errors.update-payment.credit-report-download-error). */
    failed: { meta: spec('002 §2'), on: { 'reports.dialogClose': { target: 'idle' } } },
  },
});

export type ReportDownloadSnapshot = SnapshotFrom<typeof reportDownloadMachine>;

export const reportDownloadSelectors = {
  downloading: (s: ReportDownloadSnapshot): boolean => s.hasTag('busy'),
  failed: (s: ReportDownloadSnapshot): boolean => s.matches('failed'),
  done: (s: ReportDownloadSnapshot): boolean => s.matches('done'),
};
