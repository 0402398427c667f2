// The files the documents e2e and bench upload (e2e/support/files.ts) and the PDF writer behind them and the seed
// (seed/pdf.ts): exact sizes, the signatures the server checks, the same bytes every run, PDFs a viewer opens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyPdf, largePdf, MB, oversizedPdf, pngNamedPdf, pseudoRandomBytes, receiptHeic, sha256 } from '../../e2e/support/files';
import { minimalPdf, pdfOfSize } from '../../seed/pdf';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import { isHeic, isTooLarge, sniffContentType, SIGNATURE_BYTES } from '../../src/domain/documents';

const head = (path: string) => new Uint8Array(readFileSync(path).subarray(0, SIGNATURE_BYTES));

async function openPdf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({ data: bytes, verbosity: 0 });
  const pdf = await loading.promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  const pages = pdf.numPages;
  await loading.destroy();
  return { pages, text };
}

describe('the PDF writer', () => {
  it('writes a one-page PDF whose text a viewer reads, dashes included', async () => {
    const { pages, text } = await openPdf(minimalPdf({ title: 'W-2 2025 \u2014 Acme (demo)', lines: ['W-2 2025 \u2014 Acme Logistics (demo)', 'Wages (box 1): $68,400.00'] }));
    expect(pages).toBe(1);
    expect(text).toContain('W-2 2025 \u2014 Acme Logistics (demo)');
    expect(text).toContain('Wages (box 1): $68,400.00');
  });

  it.each([4_096, 10_000, 99_999, 1_000_003])('makes a PDF of exactly %i bytes that still opens', async (size) => {
    const pdf = pdfOfSize(size, { title: 'sized', lines: ['sized'] }, (length) => pseudoRandomBytes(length, size));
    expect(pdf.length).toBe(size);
    expect((await openPdf(pdf)).pages).toBe(1);
  });

  it('refuses a size too small for the page', () => {
    expect(() => pdfOfSize(100, { title: 'x', lines: ['x'] }, (length) => new Uint8Array(length))).toThrow(/at least/);
  });
});

describe('the e2e test files', () => {
  it('makes the multi-MB PDF a valid PDF of the size asked, the same bytes every time', async () => {
    const file = largePdf();
    const bytes = new Uint8Array(readFileSync(file.path));
    expect(file.size).toBe(6 * MB);
    expect(bytes.length).toBe(file.size);
    expect(sha256(bytes)).toBe(file.sha256);
    expect(sniffContentType(head(file.path))).toBe('application/pdf');
    expect((await openPdf(bytes)).pages).toBe(1);
    // Another seed is another file; the same seed, the same bytes.
    expect(largePdf({ size: 1 * MB, seed: 1, name: 'one.pdf' }).sha256).not.toBe(largePdf({ size: 1 * MB, seed: 2, name: 'two.pdf' }).sha256);
    expect(sha256(pseudoRandomBytes(1_000, 7))).toBe(sha256(pseudoRandomBytes(1_000, 7)));
  });

  it('makes the oversized file one byte over the upload limit', () => {
    const file = oversizedPdf();
    expect(file.size).toBe(UPLOAD_MAX_BYTES + 1);
    expect(readFileSync(file.path).length).toBe(20_000_001);
    expect(isTooLarge(file.size)).toBe(true);
  });

  it('names a PNG .pdf, so only its bytes tell what it is', () => {
    const file = pngNamedPdf();
    expect(file.name).toMatch(/\.pdf$/);
    expect(file.mimeType).toBe('application/pdf');
    expect(sniffContentType(head(file.path))).toBe('image/png');
  });

  it('makes an empty .pdf', () => {
    const file = emptyPdf();
    expect(file.size).toBe(0);
    expect(readFileSync(file.path).length).toBe(0);
  });

  it('commits a small HEIC photo whose bytes say HEIC', () => {
    const file = receiptHeic();
    expect(isHeic(file.name, file.mimeType)).toBe(true);
    expect(file.size).toBeLessThan(300 * 1024);
    expect(sniffContentType(head(file.path))).toBe('image/heic');
  });
});
