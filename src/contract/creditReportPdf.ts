// The credit report as a PDF (spec 002 §2 Payment-failed page "download reports", §8): the
// customer's current three-bureau report written on the server, its labels in the requested language, answered
// inline (base64, as the dispute letters are). Refusals: the free line (failed-precondition 'upgrade-required'),
// no report yet (not-found 'no-report'), a session without the download permission (permission-denied).
import { z } from 'zod/mini';
import { uiLangSchema } from './common';

export const creditReportPdfRequestSchema = z.strictObject({ lang: uiLangSchema });

export const creditReportPdfSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});
export type CreditReportPdf = z.output<typeof creditReportPdfSchema>;
