// The premium customer's documents locker (spec 001 §2, §3 "Document", "Checklist item"): the document records
// documents/{uid}/items/{id}, each with a real file in Storage at documentStoragePath(uid, id, 'seed') whose size
// and type the record states, and a loan checklist documentChecklist/{uid}/items/{id}. The files are made here, the
// same bytes every run: small PDFs that any viewer opens, and a photo of the driver license (a JPEG).
import { isoDay } from '../../src/domain/creditReportRecords';
import {
  categoryOfFileType,
  documentStoragePath,
  documentYears,
  requiresYear,
  sniffContentType,
  type DocumentFileType,
} from '../../src/domain/documents';
import { minimalPdf } from '../pdf';
import { daysBefore, SEED_DATE, type SeedDocument, type SeedFile } from './base';
import { DRIVER_LICENSE_JPEG_BASE64 } from './driverLicenseJpeg';

/** The upload id of a seeded file's object: the seed, not an upload through the app, stored it. */
export const SEED_UPLOAD_ID = 'seed';

/** The tax years a tax document may be for on the seed day, newest first (spec 001 §5). */
const [LAST_YEAR, YEAR_BEFORE] = documentYears(SEED_DATE);

interface DemoDocument {
  id: string;
  fileType: DocumentFileType;
  year: number | null;
  documentDate: string | null;
  name: string;
  comments: string;
  file: { mimeType: 'application/pdf' | 'image/jpeg'; bytes: Uint8Array };
}

const DEMO_NOTICE = 'Demo document made for the local product: not a real record.';

const pdf = (title: string, lines: readonly string[]) => ({
  mimeType: 'application/pdf' as const,
  bytes: minimalPdf({ title, lines: [title, '', ...lines, '', DEMO_NOTICE] }),
});

const base64Bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

function demoDocuments(): DemoDocument[] {
  const bankDay = isoDay(daysBefore(2));
  const payDay = isoDay(daysBefore(9));
  const statementMonth = new Date(`${bankDay}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const returnFor = (year: number, wages: string, refund: string) =>
    pdf(`Form 1040 ${year} \u2014 U.S. Individual Income Tax Return (demo)`, [
      'Filer: Maria Alvarez, filing status Single',
      `Wages, salaries, tips (line 1z): ${wages}`,
      `Refund (line 35a): ${refund}`,
    ]);
  return [
    {
      id: `doc-w2-${LAST_YEAR}`,
      fileType: 'w2',
      year: LAST_YEAR,
      documentDate: null,
      name: `W-2 ${LAST_YEAR} - Acme Logistics.pdf`,
      comments: '',
      file: pdf(`W-2 ${LAST_YEAR} \u2014 Acme Logistics (demo)`, [
        'Wage and Tax Statement',
        'Employer: Acme Logistics, Inc., Henderson NV',
        'Employee: Maria Alvarez',
        'Wages, tips, other compensation (box 1): $68,400.00',
        'Federal income tax withheld (box 2): $7,126.00',
      ]),
    },
    {
      id: `doc-tax-return-${LAST_YEAR}`,
      fileType: 'federal_tax_return',
      year: LAST_YEAR,
      documentDate: null,
      name: `${LAST_YEAR} Form 1040.pdf`,
      comments: 'Filed electronically in April.',
      file: returnFor(LAST_YEAR, '$68,400.00', '$1,184.00'),
    },
    {
      id: `doc-tax-return-${YEAR_BEFORE}`,
      fileType: 'federal_tax_return',
      year: YEAR_BEFORE,
      documentDate: null,
      name: `${YEAR_BEFORE} Form 1040.pdf`,
      comments: '',
      file: returnFor(YEAR_BEFORE, '$64,950.00', '$912.00'),
    },
    {
      id: 'doc-bank-statement',
      fileType: 'bank',
      year: null,
      documentDate: bankDay,
      name: `Checking statement ${statementMonth}.pdf`,
      comments: '',
      file: pdf(`Checking statement \u2014 ${statementMonth} (demo)`, [
        'Silver State Credit Union, account ending 4821',
        `Statement date: ${bankDay}`,
        'Opening balance: $3,214.55',
        'Closing balance: $4,102.87',
      ]),
    },
    {
      id: 'doc-pay-stub',
      fileType: 'pay_stub',
      year: null,
      documentDate: payDay,
      name: `Pay stub ${payDay}.pdf`,
      comments: '',
      file: pdf(`Pay stub ${payDay} \u2014 Acme Logistics (demo)`, [
        'Employee: Maria Alvarez',
        'Gross pay this period: $2,850.00',
        'Net pay this period: $2,214.36',
        'Year to date gross: $59,850.00',
      ]),
    },
    {
      id: 'doc-government-id',
      fileType: 'government_id',
      year: null,
      documentDate: null,
      name: 'Driver license.jpg',
      comments: 'Front side.',
      file: { mimeType: 'image/jpeg', bytes: base64Bytes(DRIVER_LICENSE_JPEG_BASE64) },
    },
  ];
}

function checkedDocuments(): DemoDocument[] {
  const documents = demoDocuments();
  for (const document of documents) {
    // The seed states what the app would have stored: its checks hold for the seed's own files and fields.
    if (sniffContentType(document.file.bytes) !== document.file.mimeType) throw new Error(`seed file of ${document.id} is not ${document.file.mimeType}`);
    if (requiresYear(document.fileType) !== (document.year !== null)) throw new Error(`seed document ${document.id}: year`);
    if (document.year !== null && !(documentYears(SEED_DATE) as number[]).includes(document.year)) throw new Error(`seed document ${document.id}: year out of range`);
  }
  return documents;
}

/** The locker's records, documents/{uid}/items/{id}: stored and handed to the CRM ('ready'). */
export function documentDocuments(uid: string): SeedDocument[] {
  return checkedDocuments().map((document, index) => {
    const createdAt = daysBefore(40 - index * 6);
    return {
      path: `documents/${uid}/items/${document.id}`,
      data: {
        id: document.id,
        name: document.name,
        category: categoryOfFileType(document.fileType),
        fileType: document.fileType,
        year: document.year,
        documentDate: document.documentDate,
        comments: document.comments,
        fileSize: document.file.bytes.length,
        mimeType: document.file.mimeType,
        userId: uid,
        storagePath: documentStoragePath(uid, document.id, SEED_UPLOAD_ID),
        createdAt,
        updatedAt: null,
        status: 'ready',
      },
    };
  });
}

/** The records' files, at their storagePath, with the custom metadata an upload through the app carries. */
export function documentFiles(uid: string): SeedFile[] {
  return checkedDocuments().map((document) => ({
    path: documentStoragePath(uid, document.id, SEED_UPLOAD_ID),
    bytes: document.file.bytes,
    contentType: document.file.mimeType,
    metadata: { documentId: document.id, uploadId: SEED_UPLOAD_ID },
  }));
}

/**
 * A loan checklist (spec 002 §3): year = current year − yearModifier. Both years' returns are there, last year's
 * W-2 is, the one before is not; the pay stub, statement and ID are linked to their documents; proof of insurance
 * is missing.
 */
export function documentChecklistDocuments(uid: string): SeedDocument[] {
  const items: { id: string; fileType: DocumentFileType; yearModifier: number; documentId: string | null }[] = [
    { id: 'federal-tax-return-last-year', fileType: 'federal_tax_return', yearModifier: 1, documentId: null },
    { id: 'federal-tax-return-year-before', fileType: 'federal_tax_return', yearModifier: 2, documentId: null },
    { id: 'w2-last-year', fileType: 'w2', yearModifier: 1, documentId: null },
    { id: 'w2-year-before', fileType: 'w2', yearModifier: 2, documentId: null },
    { id: 'pay-stub', fileType: 'pay_stub', yearModifier: 0, documentId: 'doc-pay-stub' },
    { id: 'bank-statement', fileType: 'bank', yearModifier: 0, documentId: 'doc-bank-statement' },
    { id: 'government-id', fileType: 'government_id', yearModifier: 0, documentId: 'doc-government-id' },
    { id: 'proof-of-insurance', fileType: 'proof_of_insurance', yearModifier: 0, documentId: null },
  ];
  return items.map((item) => ({
    path: `documentChecklist/${uid}/items/${item.id}`,
    data: { category: categoryOfFileType(item.fileType), fileType: item.fileType, yearModifier: item.yearModifier, documentId: item.documentId },
  }));
}
