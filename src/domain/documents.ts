// The documents locker's rules (spec 001 §2 "Documents locker", §3 "Document", "Checklist item", "Upload progress
// record", categories and types, §4 "Upload", §5 "Document form", §9; spec 002 §3, §5, §9). Pure: the client's
// form, the machines and the functions' zod schemas all answer from here, so a rule cannot hold on one side only.
import { UPLOAD_MAX_BYTES } from './constants';

// --------------------------------------------------------------------------------------- categories and types

/** The stored category of a document; also the locker's filter slugs (spec 001 §2). */
export const DOCUMENT_CATEGORIES = ['taxes', 'account-statements', 'income-statements', 'credit-reports', 'other'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** The locker's filters: all (no filter) and one per category (spec 001 §2). */
export const DOCUMENT_FILTERS = ['all', ...DOCUMENT_CATEGORIES] as const;
export type DocumentFilter = (typeof DOCUMENT_FILTERS)[number];

/**
 * The file types of each category, in the spec's order (spec 001 §3). Slugs are unique across categories ("other"
 * appears in four categories; only the 'other' category's is plain `other`), so a checklist item or an action's
 * documents list can name a type alone.
 */
export const DOCUMENT_FILE_TYPES = {
  taxes: ['federal_tax_return', 'business_return', 'w2', 'form_1099', 'k1', 'other_tax'],
  'account-statements': ['bank', 'business_bank', 'retirement', 'mortgage', 'other_statement'],
  'income-statements': ['pay_stub', 'gift_details', 'business_pnl', 'other_income'],
  'credit-reports': ['transunion', 'equifax', 'experian'],
  other: [
    'government_id',
    'social_security_card',
    'letter_of_explanation',
    'proof_of_insurance',
    'address_verification',
    'for_agent',
    'credit_report',
    'other',
  ],
} as const satisfies Record<DocumentCategory, readonly string[]>;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[DocumentCategory][number];

export const ALL_DOCUMENT_FILE_TYPES: readonly DocumentFileType[] = DOCUMENT_CATEGORIES.flatMap(
  (category) => DOCUMENT_FILE_TYPES[category],
);

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return typeof value === 'string' && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

export function isDocumentFilter(value: unknown): value is DocumentFilter {
  return typeof value === 'string' && (DOCUMENT_FILTERS as readonly string[]).includes(value);
}

export function isDocumentFileType(value: unknown): value is DocumentFileType {
  return typeof value === 'string' && (ALL_DOCUMENT_FILE_TYPES as readonly string[]).includes(value);
}

/** The category a file type belongs to. */
export function categoryOfFileType(fileType: DocumentFileType): DocumentCategory {
  const category = DOCUMENT_CATEGORIES.find((candidate) =>
    (DOCUMENT_FILE_TYPES[candidate] as readonly string[]).includes(fileType),
  );
  if (!category) throw new Error(`unknown document file type ${fileType}`);
  return category;
}

/** Whether `fileType` is one of `category`'s types. */
export function fileTypeBelongsTo(category: DocumentCategory, fileType: DocumentFileType): boolean {
  return (DOCUMENT_FILE_TYPES[category] as readonly string[]).includes(fileType);
}

/** Tax types need the tax year (spec 001 §3 "taxes: ... (year required)", §5). */
export function requiresYear(fileType: DocumentFileType | null | undefined): boolean {
  return fileType != null && categoryOfFileType(fileType) === 'taxes';
}

/** The years a tax document may be for: the two years before the current one, newest first (spec 001 §5, §9). */
export function documentYears(today: Date): [number, number] {
  const year = today.getFullYear();
  return [year - 1, year - 2];
}

/** A checklist item's year: the current year minus its modifier (spec 002 §3). */
export function checklistYear(yearModifier: number, today: Date): number {
  return today.getFullYear() - yearModifier;
}

// --------------------------------------------------------------------------------------------------- the form

/** What the document form holds (spec 001 §5). Dates are yyyy-MM-dd. */
export interface DocumentFormValues {
  category: DocumentCategory | null;
  fileType: DocumentFileType | null;
  year: number | null;
  documentDate: string | null;
  comments: string;
}

export const DOCUMENT_COMMENTS_MAX_LENGTH = 1_000;
export const DOCUMENT_NAME_MAX_LENGTH = 255;

export const EMPTY_DOCUMENT_FORM: DocumentFormValues = {
  category: null,
  fileType: null,
  year: null,
  documentDate: null,
  comments: '',
};

/** The form's message keys (namespace 'documents'). */
export const DOCUMENT_FORM_ERRORS = {
  categoryRequired: 'form.errors.category-required',
  fileTypeRequired: 'form.errors.file-type-required',
  fileTypeMismatch: 'form.errors.file-type-mismatch',
  yearRequired: 'form.errors.year-required',
  yearOutOfRange: 'form.errors.year-out-of-range',
  yearNotAllowed: 'form.errors.year-not-allowed',
  dateInvalid: 'form.errors.date-invalid',
  dateInFuture: 'form.errors.date-in-future',
  commentsTooLong: 'form.errors.comments-too-long',
} as const;
export type DocumentFormErrorKey = (typeof DOCUMENT_FORM_ERRORS)[keyof typeof DOCUMENT_FORM_ERRORS];
export type DocumentFormErrors = Partial<Record<keyof DocumentFormValues, DocumentFormErrorKey>>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isoDayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The form's invalid fields (spec 001 §5): category and file type required (the type one of the category's); a
 * tax type needs a year from documentYears; other types take no year, and an optional issue date that is a real
 * day not after today. Empty: the form is valid.
 */
export function documentFormErrors(values: DocumentFormValues, today: Date): DocumentFormErrors {
  const errors: DocumentFormErrors = {};
  if (!values.category) errors.category = DOCUMENT_FORM_ERRORS.categoryRequired;
  if (!values.fileType) errors.fileType = DOCUMENT_FORM_ERRORS.fileTypeRequired;
  else if (values.category && !fileTypeBelongsTo(values.category, values.fileType)) {
    errors.fileType = DOCUMENT_FORM_ERRORS.fileTypeMismatch;
  }
  if (values.fileType && requiresYear(values.fileType)) {
    if (values.year == null) errors.year = DOCUMENT_FORM_ERRORS.yearRequired;
    else if (!(documentYears(today) as number[]).includes(values.year)) errors.year = DOCUMENT_FORM_ERRORS.yearOutOfRange;
  } else if (values.year != null) {
    errors.year = DOCUMENT_FORM_ERRORS.yearNotAllowed;
  }
  if (values.documentDate != null && values.documentDate !== '') {
    if (!isRealDay(values.documentDate)) errors.documentDate = DOCUMENT_FORM_ERRORS.dateInvalid;
    else if (values.documentDate > isoDayOf(today)) errors.documentDate = DOCUMENT_FORM_ERRORS.dateInFuture;
  }
  if (values.comments.length > DOCUMENT_COMMENTS_MAX_LENGTH) errors.comments = DOCUMENT_FORM_ERRORS.commentsTooLong;
  return errors;
}

export function isDocumentFormValid(values: DocumentFormValues, today: Date): boolean {
  return Object.keys(documentFormErrors(values, today)).length === 0;
}

/** The form after the category changes: a type of another category, and a year it no longer takes, are cleared. */
export function withCategory(values: DocumentFormValues, category: DocumentCategory | null): DocumentFormValues {
  const fileType = category && values.fileType && fileTypeBelongsTo(category, values.fileType) ? values.fileType : null;
  return { ...values, category, fileType, year: requiresYear(fileType) ? values.year : null };
}

/** The form after the type changes: the year only for tax types, the issue date only for the others. */
export function withFileType(values: DocumentFormValues, fileType: DocumentFileType | null): DocumentFormValues {
  const taxes = requiresYear(fileType);
  return {
    ...values,
    fileType,
    category: fileType ? categoryOfFileType(fileType) : values.category,
    year: taxes ? values.year : null,
    documentDate: taxes ? null : values.documentDate,
  };
}

// ---------------------------------------------------------------------------------------------------- files

/** The content types the locker stores: PDFs and photos (HEIC/HEIF is converted to JPEG in the browser first). */
export const ACCEPTED_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
export type AcceptedContentType = (typeof ACCEPTED_CONTENT_TYPES)[number];

export function isAcceptedContentType(value: unknown): value is AcceptedContentType {
  return typeof value === 'string' && (ACCEPTED_CONTENT_TYPES as readonly string[]).includes(value);
}

/** Bytes the signature check needs from the start of a file. */
export const SIGNATURE_BYTES = 32;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The content type a file's first bytes say it is (its magic number), whatever its name or claimed type says:
 * PDF `%PDF-`, JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, HEIC/HEIF an ISO-BMFF `ftyp` box with a HEIF
 * brand. null: not a type the locker stores.
 */
export function sniffContentType(bytes: Uint8Array): AcceptedContentType | null {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0x66, 0x74, 0x79, 0x70], 4) && bytes.length >= 12) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (HEIF_BRANDS.has(brand)) return brand === 'mif1' || brand === 'msf1' ? 'image/heif' : 'image/heic';
  }
  return null;
}

/** Whether a claimed type and the sniffed one agree (HEIC and HEIF are one family: brands vary by camera). */
export function contentTypesAgree(claimed: string, sniffed: AcceptedContentType): boolean {
  const family = (type: string) => (type === 'image/heif' ? 'image/heic' : type);
  return family(claimed) === family(sniffed);
}

/** HEIC/HEIF photos are converted in the browser (spec 001 §4); named .heic/.heif or typed so. */
export function isHeic(name: string, mimeType: string): boolean {
  return mimeType === 'image/heic' || mimeType === 'image/heif' || /\.(heic|heif)$/i.test(name);
}

/** Photos go to cropping before the form (spec 002 §4); PDFs do not. */
export function needsCropping(mimeType: string): boolean {
  return mimeType === 'image/jpeg' || mimeType === 'image/png';
}

/** Over the limit: refused with the size warning toast, nothing uploaded (spec 001 §5, §9). */
export function isTooLarge(size: number): boolean {
  return size > UPLOAD_MAX_BYTES;
}

/** Size shown in kb: bytes / 1024, rounded up to a whole kb (spec 001 §5, spec 002 §9). */
export function sizeInKb(bytes: number): number {
  return Math.ceil(bytes / 1024);
}

/** The image crop dialog's sliders (spec 001 §5, spec 002 §5). */
export const CROP_ROTATION = { min: -180, max: 180, step: 1, initial: 0 } as const;
export const CROP_ZOOM = { min: 0.1, max: 3, step: 0.1, initial: 1 } as const;

/** A crop rectangle in the source image's pixels. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

// ------------------------------------------------------------------------------------------- the connection

// The connection dialog's rule lives in ./connection (the app's start-up code reads it without this module).
export { connectionQuality, type ConnectionQuality } from './connection';

// ------------------------------------------------------------------------------------------ upload progress

/** Why the server refused an uploaded file (the progress record's reason; message keys in 'documents'). */
export const UPLOAD_REFUSALS = ['empty-file', 'too-large', 'unsupported-type', 'type-mismatch', 'unknown-upload'] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSALS)[number];

/** How long a prepared upload may take before the server forgets it (and refuses its file). */
export const UPLOAD_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** How long a view or download link works (spec 001 §7 getDocumentUrl: short-lived). */
export const DOCUMENT_URL_TTL_MS = 5 * 60 * 1000;

/** The Storage object of one upload: under the customer's own path, one object per upload. */
export function documentStoragePath(uid: string, documentId: string, uploadId: string): string {
  return `users/${uid}/documents/${documentId}/${uploadId}`;
}

const STORAGE_PATH = /^users\/([^/]+)\/documents\/([^/]+)\/([^/]+)$/;

/** The parts of an upload's object path; null for any other path. */
export function parseDocumentStoragePath(path: string): { uid: string; documentId: string; uploadId: string } | null {
  const match = STORAGE_PATH.exec(path);
  if (!match) return null;
  const [, uid = '', documentId = '', uploadId = ''] = match;
  return { uid, documentId, uploadId };
}

/** Sort: newest first, by the document's date, its year, then when it was stored. */
export function compareDocuments<T extends { documentDate: string | null; year: number | null; createdAt: string }>(a: T, b: T): number {
  const key = (document: T) => document.documentDate ?? (document.year != null ? `${document.year}-12-31` : document.createdAt.slice(0, 10));
  return key(b).localeCompare(key(a)) || b.createdAt.localeCompare(a.createdAt);
}

/** The documents a filter shows. */
export function documentsInFilter<T extends { category: DocumentCategory }>(documents: readonly T[], filter: DocumentFilter): T[] {
  return filter === 'all' ? [...documents] : documents.filter((document) => document.category === filter);
}
