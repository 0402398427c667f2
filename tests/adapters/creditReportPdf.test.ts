import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createCreditReportPdfReader } from '../../src/adapters/firebase/billing';
import { provideReportDownloadMachine } from '../../src/app/billing/machines';
import type { AppPorts, BillingPorts } from '../../src/app/ports';
import { reportDownloadSelectors as select } from '../../machines/billing/reportDownload.machine';
import { callableRefusal } from '../support/callableFailures';

// The payment-failed page's "download reports" from the callable to the saved file (spec 002 §2, §8
// item 9): getCreditReportPdf's base64 read as a PDF Blob (anything else is 'invalid-response'), its refusals passed
// on as `call` made them, and the machine's actor saving credit-reports-YYYY-MM-DD.pdf (the customer's day) as
// application/pdf, asking in the page's language.

const PDF_BYTES = '%PDF-1.7\n%test\n';
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe('getCreditReportPdf in the billing adapter', () => {
  it('asks in the given language and answers the PDF as a Blob of type application/pdf', async () => {
    const call = vi.fn(async () => ({ fileName: 'credit-reports-2026-11-02.pdf', contentType: 'application/pdf', base64: base64(PDF_BYTES) }));
    const read = createCreditReportPdfReader({ call: call as never });
    const file = await read({ lang: 'es' });
    expect(call).toHaveBeenCalledWith('getCreditReportPdf', { lang: 'es' });
    expect(file.type).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).toBe(PDF_BYTES);
  });

  it("rejects 'invalid-response' for an answer that is not a PDF", async () => {
    const read = createCreditReportPdfReader({ call: (async () => ({ fileName: 'x.pdf', contentType: 'application/pdf', base64: base64('{"report":1}') })) as never });
    await expect(read({ lang: 'en' })).rejects.toEqual({ code: 'invalid-response' });
    const broken = createCreditReportPdfReader({ call: (async () => ({ fileName: 'x.pdf', contentType: 'application/pdf', base64: '%%%' })) as never });
    await expect(broken({ lang: 'en' })).rejects.toEqual({ code: 'invalid-response' });
  });

  it('passes a refusal on as `call` made it (no report, the free line, no download permission)', async () => {
    const refuse = (error: unknown) => createCreditReportPdfReader({ call: (async () => Promise.reject(error)) as never });
    for (const refusal of [
      callableRefusal('not-found', 'no-report', { key: 'no-report' }),
      callableRefusal('failed-precondition', 'upgrade-required', { key: 'upgrade-required' }),
      callableRefusal('permission-denied', 'not-permitted'),
    ]) {
      await expect(refuse(refusal)({ lang: 'en' })).rejects.toEqual(refusal);
    }
  });
});

describe('the report download machine as the page runs it', () => {
  function ports(getCreditReportPdf: BillingPorts['getCreditReportPdf']) {
    const saveFile = vi.fn<BillingPorts['saveFile']>();
    const billing = { saveFile, getCreditReportPdf } as unknown as BillingPorts;
    return { saveFile, ports: { billing: async () => billing } as unknown as Pick<AppPorts, 'billing'> };
  }

  it('saves credit-reports-YYYY-MM-DD.pdf (the customer’s day) as application/pdf, in the page’s language', async () => {
    const pdf = new Blob([PDF_BYTES], { type: 'application/pdf' });
    const getCreditReportPdf = vi.fn(async () => pdf);
    const { saveFile, ports: appPorts } = ports(getCreditReportPdf);
    const now = new Date(2026, 10, 26, 23, 30).getTime();
    const actor = createActor(provideReportDownloadMachine(appPorts, () => 'es', () => now)).start();
    actor.send({ type: 'reports.download' });
    await waitFor(actor, select.done);
    expect(getCreditReportPdf).toHaveBeenCalledWith({ lang: 'es' });
    expect(saveFile).toHaveBeenCalledWith('credit-reports-2026-11-26.pdf', pdf, 'application/pdf');
    actor.stop();
  });

  it('saves nothing and opens the error dialog when the callable refuses', async () => {
    const { saveFile, ports: appPorts } = ports(async () => Promise.reject({ code: 'not-found', key: 'no-report' }));
    const actor = createActor(provideReportDownloadMachine(appPorts, () => 'en')).start();
    actor.send({ type: 'reports.download' });
    await waitFor(actor, select.failed);
    expect(saveFile).not.toHaveBeenCalled();
    actor.stop();
  });
});
