// The documents locker's pure rules (src/domain/documents.ts; spec 001 §3, §4, §5, §9; spec 002 §3, §5, §9): a
// file's type by its signature (and the lies a name or a claimed type tells), the form's errors at the year and
// date boundaries, sizes in kb and the upload limit, the checklist year, the storage path, the locker's order.
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import { categoryOfFileType, checklistYear, compareDocuments, connectionQuality, contentTypesAgree, DOCUMENT_COMMENTS_MAX_LENGTH, DOCUMENT_FILE_TYPES, documentFormErrors, documentsInFilter, documentStoragePath, documentYears, EMPTY_DOCUMENT_FORM, isDocumentFormValid, isHeic, isTooLarge, needsCropping, parseDocumentStoragePath, requiresYear, sizeInKb, sniffContentType, withCategory, withFileType, type DocumentFormValues } from '../../src/domain/documents';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
/** An ISO-BMFF file's start: a box size, 'ftyp' and a major brand. */
const ftyp = (brand: string) => new Uint8Array([0x00, 0x00, 0x00, 0x18, ...text('ftyp'), ...text(brand), 0x00, 0x00, 0x00, 0x00, ...text('mif1heic')]);

describe('sniffContentType: a file is the type its first bytes say', () => {
  it.each([
    ['a PDF', text('%PDF-1.7\n%âãÏÓ'), 'application/pdf'],
    ['a JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['a JPEG (Exif, as phones write them)', bytes(0xff, 0xd8, 0xff, 0xe1, 0x2a, 0x00), 'image/jpeg'],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d), 'image/png'],
  ] as const)('recognises %s', (_label, head, type) => {
    expect(sniffContentType(head)).toBe(type);
  });

  it.each(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'])('recognises a HEIC photo of brand %s', (brand) => {
    expect(sniffContentType(ftyp(brand))).toBe('image/heic');
  });

  it.each(['mif1', 'msf1'])('recognises a HEIF image of brand %s', (brand) => {
    expect(sniffContentType(ftyp(brand))).toBe('image/heif');
  });

  it.each([
    ['text claiming to be anything', text('These are my bank statements, honestly.')],
    ['an HTML page', text('<!doctype html><script>alert(1)</script>')],
    ['an SVG image', text('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an MP4 video (ftyp, not a HEIF brand)', ftyp('isom')],
    ['a QuickTime movie', ftyp('qt  ')],
    ['a ZIP (a Word document)', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00)],
    ['a Windows program', bytes(0x4d, 0x5a, 0x90, 0x00)],
    ['a PDF signature not at the start', text(' %PDF-1.7')],
    ['a cut-off PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['a cut-off JPEG signature', bytes(0xff, 0xd8)],
    ['a cut-off ftyp box', text('\u0000\u0000\u0000\u0018ftyphe')],
    ['no bytes at all', new Uint8Array(0)],
  ])('refuses %s', (_label, head) => {
    expect(sniffContentType(head)).toBeNull();
  });
});

describe('contentTypesAgree: the claimed type against the sniffed one', () => {
  it('agrees only on the same type, HEIC and HEIF counting as one family', () => {
    expect(contentTypesAgree('application/pdf', 'application/pdf')).toBe(true);
    expect(contentTypesAgree('image/heic', 'image/heif')).toBe(true);
    expect(contentTypesAgree('image/heif', 'image/heic')).toBe(true);
    expect(contentTypesAgree('application/pdf', 'image/png')).toBe(false);
    expect(contentTypesAgree('image/jpeg', 'image/png')).toBe(false);
    expect(contentTypesAgree('image/png', 'image/heic')).toBe(false);
    expect(contentTypesAgree('text/html', 'application/pdf')).toBe(false);
  });
});

describe('files chosen in the browser', () => {
  it('treats a file as HEIC by its type or its .heic/.heif name, whatever the case', () => {
    expect(isHeic('IMG_0001.HEIC', '')).toBe(true);
    expect(isHeic('photo.heif', 'application/octet-stream')).toBe(true);
    expect(isHeic('photo', 'image/heic')).toBe(true);
    expect(isHeic('photo', 'image/heif')).toBe(true);
    expect(isHeic('heic.jpg', 'image/jpeg')).toBe(false);
  });

  it('crops photos (JPEG, PNG) and not PDFs', () => {
    expect(needsCropping('image/jpeg')).toBe(true);
    expect(needsCropping('image/png')).toBe(true);
    expect(needsCropping('application/pdf')).toBe(false);
  });

  it('refuses files over 20,000,000 bytes, not at the limit (spec 001 §9)', () => {
    expect(isTooLarge(UPLOAD_MAX_BYTES)).toBe(false);
    expect(isTooLarge(UPLOAD_MAX_BYTES + 1)).toBe(true);
    expect(isTooLarge(0)).toBe(false);
  });

  it('shows sizes in kb: bytes / 1024, rounded up to a whole kb', () => {
    expect(sizeInKb(0)).toBe(0);
    expect(sizeInKb(1)).toBe(1);
    expect(sizeInKb(1_024)).toBe(1);
    expect(sizeInKb(1_025)).toBe(2);
    expect(sizeInKb(184_320)).toBe(180);
    expect(sizeInKb(UPLOAD_MAX_BYTES)).toBe(19_532);
  });
});

describe('categories and types (spec 001 §3)', () => {
  it('names every type once, and finds its category', () => {
    const all = Object.values(DOCUMENT_FILE_TYPES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(categoryOfFileType('w2')).toBe('taxes');
    expect(categoryOfFileType('other_statement')).toBe('account-statements');
    expect(categoryOfFileType('other')).toBe('other');
  });

  it('asks the year of the tax types only', () => {
    for (const type of DOCUMENT_FILE_TYPES.taxes) expect(requiresYear(type)).toBe(true);
    for (const type of [...DOCUMENT_FILE_TYPES['account-statements'], ...DOCUMENT_FILE_TYPES.other]) expect(requiresYear(type)).toBe(false);
    expect(requiresYear(null)).toBe(false);
  });
});

describe('the document form (spec 001 §5)', () => {
  const NEW_YEARS_DAY = new Date(2026, 0, 1);
  const NEW_YEARS_EVE = new Date(2026, 11, 31, 23, 59);
  const tax = (year: number | null): DocumentFormValues => ({ category: 'taxes', fileType: 'w2', year, documentDate: null, comments: '' });
  const statement = (documentDate: string | null): DocumentFormValues => ({ category: 'account-statements', fileType: 'bank', year: null, documentDate, comments: '' });

  it('offers the two years before the current one, newest first, on the first and the last day of a year', () => {
    expect(documentYears(NEW_YEARS_DAY)).toEqual([2025, 2024]);
    expect(documentYears(NEW_YEARS_EVE)).toEqual([2025, 2024]);
    expect(documentYears(new Date(2027, 0, 1))).toEqual([2026, 2025]);
  });

  it('requires category and type, and a type of the chosen category', () => {
    expect(documentFormErrors(EMPTY_DOCUMENT_FORM, NEW_YEARS_DAY)).toEqual({
      category: 'form.errors.category-required',
      fileType: 'form.errors.file-type-required',
    });
    expect(documentFormErrors({ ...statement(null), fileType: 'w2' }, NEW_YEARS_DAY)).toMatchObject({ fileType: 'form.errors.file-type-mismatch' });
  });

  it('requires a tax year from the two prior years: not the current year, not three years back', () => {
    for (const today of [NEW_YEARS_DAY, NEW_YEARS_EVE]) {
      expect(documentFormErrors(tax(2025), today)).toEqual({});
      expect(documentFormErrors(tax(2024), today)).toEqual({});
      expect(documentFormErrors(tax(null), today)).toEqual({ year: 'form.errors.year-required' });
      expect(documentFormErrors(tax(2026), today)).toEqual({ year: 'form.errors.year-out-of-range' });
      expect(documentFormErrors(tax(2023), today)).toEqual({ year: 'form.errors.year-out-of-range' });
    }
    expect(isDocumentFormValid(tax(2026), new Date(2027, 0, 1))).toBe(true);
  });

  it('takes no year for the other types', () => {
    expect(documentFormErrors({ ...statement(null), year: 2025 }, NEW_YEARS_DAY)).toEqual({ year: 'form.errors.year-not-allowed' });
  });

  it('takes an optional issue date that is a real day, today at the latest', () => {
    expect(documentFormErrors(statement(null), NEW_YEARS_DAY)).toEqual({});
    expect(documentFormErrors(statement(''), NEW_YEARS_DAY)).toEqual({});
    expect(documentFormErrors(statement('2026-01-01'), NEW_YEARS_DAY)).toEqual({});
    expect(documentFormErrors(statement('2026-01-02'), NEW_YEARS_DAY)).toEqual({ documentDate: 'form.errors.date-in-future' });
    expect(documentFormErrors(statement('2025-02-29'), NEW_YEARS_DAY)).toEqual({ documentDate: 'form.errors.date-invalid' });
    expect(documentFormErrors(statement('2024-02-29'), NEW_YEARS_DAY)).toEqual({});
    expect(documentFormErrors(statement('01/15/2025'), NEW_YEARS_DAY)).toEqual({ documentDate: 'form.errors.date-invalid' });
  });

  it('limits comments to 1,000 characters', () => {
    expect(documentFormErrors({ ...statement(null), comments: 'x'.repeat(DOCUMENT_COMMENTS_MAX_LENGTH) }, NEW_YEARS_DAY)).toEqual({});
    expect(documentFormErrors({ ...statement(null), comments: 'x'.repeat(DOCUMENT_COMMENTS_MAX_LENGTH + 1) }, NEW_YEARS_DAY)).toEqual({
      comments: 'form.errors.comments-too-long',
    });
  });

  it('clears what a new category or type no longer takes', () => {
    expect(withCategory(tax(2025), 'other')).toEqual({ ...tax(null), category: 'other', fileType: null });
    expect(withCategory(tax(2025), 'taxes')).toEqual(tax(2025));
    expect(withFileType(statement('2025-12-01'), 'w2')).toEqual({ ...tax(null) });
    expect(withFileType(tax(2025), 'bank')).toEqual(statement(null));
    expect(withFileType(EMPTY_DOCUMENT_FORM, 'government_id')).toMatchObject({ category: 'other', fileType: 'government_id' });
  });
});

describe('checklist, storage paths and the locker order', () => {
  it("answers a checklist item's year as the current year minus its modifier (spec 002 §3)", () => {
    expect(checklistYear(0, new Date(2026, 10, 26))).toBe(2026);
    expect(checklistYear(2, new Date(2026, 0, 1))).toBe(2024);
  });

  it("keeps one object per upload under the customer's own path, and reads only such paths back", () => {
    const path = documentStoragePath('uid-1', 'doc-1', 'upload-1');
    expect(path).toBe('users/uid-1/documents/doc-1/upload-1');
    expect(parseDocumentStoragePath(path)).toEqual({ uid: 'uid-1', documentId: 'doc-1', uploadId: 'upload-1' });
    for (const other of [
      'users/uid-1/documents/doc-1',
      'users/uid-1/documents/doc-1/upload-1/extra',
      'disputeLetters/uid-1/EQUIFAX/LTR-1.pdf',
      'users/uid-1/photos/doc-1/upload-1',
    ]) {
      expect(parseDocumentStoragePath(other), other).toBeNull();
    }
  });

  it('sorts newest first by date, year, then when stored, and filters by category', () => {
    const doc = (id: string, category: 'taxes' | 'other', documentDate: string | null, year: number | null, createdAt: string) => ({ id, category, documentDate, year, createdAt });
    const documents = [
      doc('old-tax', 'taxes', null, 2024, '2026-05-01T00:00:00.000Z'),
      doc('dated', 'other', '2026-03-01', null, '2026-03-02T00:00:00.000Z'),
      doc('tax', 'taxes', null, 2025, '2026-04-01T00:00:00.000Z'),
      doc('undated', 'other', null, null, '2026-06-01T00:00:00.000Z'),
    ];
    expect([...documents].sort(compareDocuments).map((document) => document.id)).toEqual(['undated', 'dated', 'tax', 'old-tax']);
    expect(documentsInFilter(documents, 'taxes').map((document) => document.id)).toEqual(['old-tax', 'tax']);
    expect(documentsInFilter(documents, 'all')).toHaveLength(4);
  });

  it('calls anything slower than 4g a poor connection (spec 001 §4)', () => {
    expect(connectionQuality(false, '4g')).toBe('offline');
    expect(connectionQuality(true, '3g')).toBe('poor');
    expect(connectionQuality(true, 'slow-2g')).toBe('poor');
    expect(connectionQuality(true, '4g')).toBe('online');
    expect(connectionQuality(true, null)).toBe('online');
  });
});
