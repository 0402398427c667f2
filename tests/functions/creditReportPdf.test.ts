// getCreditReportPdf under the emulators (spec 002 §2 Payment-failed page "download reports", §8):
// the customer's current three-bureau report as a PDF that opens (pdf-lib) and reads (pdfjs-dist): the customer's
// name, the report's creditors, the SSN masked to its last four digits even when a full number was stored, only the
// inquiries of the last two years, labels in the requested language. Refused for the free line, before the first report, and for a coach without the
// download permission; every refusal writes nothing.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { creditReport } from '../../seed/data/creditReport';
import { adminDb, backendFingerprint, call, createCustomer, delegateSession, failureOf, signIn, withSeededBackend } from '../support/emulator';

type PdfLibModule = typeof import('../../functions/node_modules/pdf-lib');
const { PDFDocument } = createRequire(new URL('../../functions/package.json', import.meta.url))('pdf-lib') as PdfLibModule;

const STANDARD_FONTS = `${path.resolve('node_modules/pdfjs-dist/standard_fonts')}/`;
const FULL_SSN = '666-12-3456';
/** The first call starts the function in the emulator. */
const FIRST_CALL_TIMEOUT_MS = 90_000;

/** A customer named Maria Alvarez whose stored report (the demo report) carries a full SSN, signed in. */
async function customerWithReport() {
  const customer = await createCustomer({ contact: { FirstName: 'Maria', LastName: 'Alvarez' } });
  const report = creditReport(customer.uid).data;
  const personalInfo = (report.personalInfo as Record<string, unknown>[]).map((info) => ({ ...info, ssn: FULL_SSN }));
  await adminDb().doc(`creditReports/${customer.uid}`).set({ ...report, personalInfo, createdAt: new Date('2026-11-02T12:00:00.000Z') });
  return { customer, app: await signIn(customer), report };
}

async function pdfText(base64: string): Promise<{ pages: number; text: string }> {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  // pdf-lib opens it as a document (a broken file throws here).
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  const task = getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS });
  const pdf = await task.promise;
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await task.destroy();
  return { pages, text: texts.join('\n') };
}

describe('getCreditReportPdf', () => {
  withSeededBackend();

  it(
    'answers a PDF of the customer’s report: their name, the creditors, the SSN masked to the last four, page numbers',
    async () => {
      const { app, report } = await customerWithReport();
      const pdf = await call(app, 'getCreditReportPdf', { lang: 'en' });
      expect(pdf.contentType).toBe('application/pdf');
      expect(pdf.fileName).toMatch(/^credit-reports-\d{4}-\d{2}-\d{2}\.pdf$/);
      const { pages, text } = await pdfText(pdf.base64);
      expect(pages).toBeGreaterThan(1);
      expect(text).toContain('Credit report');
      expect(text).toContain('Maria Alvarez');
      const creditors = (report.accounts as { creditorName: string }[]).map((account) => account.creditorName);
      expect(creditors).toContain('KOHLS/CAPONE');
      expect(text).toContain('KOHLS/CAPONE');
      expect(text).toContain('Equifax');
      expect(text).toContain('655');
      expect(text).toContain('XXX-XX-3456');
      expect(text).not.toContain(FULL_SSN);
      expect(text.replace(/\D/g, '')).not.toContain('666123456');
      expect(text).toContain(`Page ${pages} of ${pages}`);
    },
    FIRST_CALL_TIMEOUT_MS,
  );

  it('lists only the inquiries of the two years before the report date (spec 001 §9)', async () => {
    const customer = await createCustomer({ contact: { FirstName: 'Maria', LastName: 'Alvarez' } });
    const report = creditReport(customer.uid).data;
    // Pulled today: the demo report's CARMAX inquiry is about 26 months old, VERIZON's about 10.
    await adminDb().doc(`creditReports/${customer.uid}`).set({ ...report, createdAt: new Date() });
    const { text } = await pdfText((await call(await signIn(customer), 'getCreditReportPdf', { lang: 'en' })).base64);
    expect(text).toContain('VERIZON WIRELESS');
    expect(text).not.toContain('CARMAX AUTO FINANCE');
  });

  it('labels the PDF in Spanish when asked', async () => {
    const { app } = await customerWithReport();
    const { text } = await pdfText((await call(app, 'getCreditReportPdf', { lang: 'es' })).base64);
    expect(text).toContain('Informe de crédito');
    expect(text).toContain('Información personal');
    expect(text).toContain('Página 1 de');
    expect(text).toContain('Maria Alvarez');
  });

  it('lets a coach with allowPortalDownload download the customer’s report', async () => {
    const coach = await signIn(demoAccount('coachDownload'));
    const { text } = await pdfText((await call(coach, 'getCreditReportPdf', { lang: 'en' })).base64);
    expect(text).toContain('KOHLS/CAPONE');
  });

  describe('refusals write nothing', () => {
    it('refuses the free product line with upgrade-required', async () => {
      const app = await signIn(demoAccount('freeCustomer'));
      const before = await backendFingerprint();
      const failure = await failureOf(call(app, 'getCreditReportPdf', { lang: 'en' }));
      expect(failure.code).toBe('functions/failed-precondition');
      expect(failure.details?.key).toBe('upgrade-required');
      expect(await backendFingerprint()).toBe(before);
    });

    it('refuses a customer without a report with not-found (no-report)', async () => {
      const app = await signIn(await createCustomer());
      const before = await backendFingerprint();
      const failure = await failureOf(call(app, 'getCreditReportPdf', { lang: 'en' }));
      expect(failure.code).toBe('functions/not-found');
      expect(failure.details?.key).toBe('no-report');
      expect(await backendFingerprint()).toBe(before);
    });

    it('refuses a coach without the download permission (no allowPortalDownload, no client actions)', async () => {
      const coach = await signIn(demoAccount('coach'));
      const before = await backendFingerprint();
      const failure = await failureOf(call(coach, 'getCreditReportPdf', { lang: 'en' }));
      expect(failure.code).toBe('functions/permission-denied');
      expect(await backendFingerprint()).toBe(before);
    });

    it('refuses a coach session delegated without the download permission', async () => {
      const { customer } = await customerWithReport();
      await delegateSession(customer, { isAgent: true, agentUid: 'coach-no-download' });
      const app = await signIn(customer);
      const failure = await failureOf(call(app, 'getCreditReportPdf', { lang: 'en' }));
      expect(failure.code).toBe('functions/permission-denied');
    });
  });
});
