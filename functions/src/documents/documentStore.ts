// Where the documents locker lives (spec 001 §3 "Document", "Checklist item", "Upload progress record", §7; spec
// 002 §3), shared by the document callables, the upload trigger and the file link:
//   documents/{uid}/items/{documentId}        one document (src/contract/documents.ts documentSchema's fields, with
//                                             userId and storagePath); status 'processing' until the CRM has the file
//   documentChecklist/{uid}/items/{id}        a checklist item { category, fileType, yearModifier, documentId|null }
//   documentUploads/{uploadId}                a prepared upload: whose, which document, the form, the announced file
//   documentUploadProgress/{uploadId}         the trigger's verdict on an uploaded file (read live by its customer)
//   documentUrlTokens/{token}                 a short-lived view or download link (served by documentFile.ts)
//   Storage users/{uid}/documents/{documentId}/{uploadId}   one uploaded file (src/domain/documents.ts
//                                             documentStoragePath); clients never read it directly (storage.rules)
// Records written before a field existed read with that field's neutral value (the seed's documents have no status:
// they are ready).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { z } from 'zod/mini';
import type { DocumentRecord } from '../../../src/contract/documents';
import { ALL_DOCUMENT_FILE_TYPES, DOCUMENT_CATEGORIES, UPLOAD_REFUSALS, type DocumentFileType } from '../../../src/domain/documents';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { orMissing, parseStored, storedTime, storedUserSchema } from '../platform/storedDocuments';
import { millisOf, toIso } from '../platform/timestamps';

// ------------------------------------------------------------------------------------------- references

export function documentsRef(uid: string) {
  return db().collection(COLLECTIONS.documents).doc(uid).collection('items');
}

export function checklistRef(uid: string) {
  return db().collection(COLLECTIONS.documentChecklist).doc(uid).collection('items');
}

export function preparedUploadRef(uploadId: string) {
  return db().collection(COLLECTIONS.documentUploads).doc(uploadId);
}

export function uploadProgressRef(uploadId: string) {
  return db().collection(COLLECTIONS.documentUploadProgress).doc(uploadId);
}

export function urlTokenRef(token: string) {
  return db().collection(COLLECTIONS.documentUrlTokens).doc(token);
}

/** The default bucket (the one the browser uploads to and the upload trigger watches). */
export function documentsBucket() {
  return getStorage(getApps()[0] ?? initializeApp()).bucket();
}

/** The folder of one document's files: every upload of it, the current one and any not yet cleaned up. */
export function documentFolder(uid: string, documentId: string): string {
  return `users/${uid}/documents/${documentId}/`;
}

/** Whether an id from a request can name a Firestore document (no path separator, not '.', '..' or __x__). */
export function isDocumentId(id: string): boolean {
  return !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

// ------------------------------------------------------------------------------------------- stored shapes

const storedDay = z.catch(z.nullable(z.iso.date()), null);
const category = z.enum(DOCUMENT_CATEGORIES);
// z.enum takes a non-empty tuple; the list is the domain's (never empty).
const fileType = z.enum(ALL_DOCUMENT_FILE_TYPES as [DocumentFileType, ...DocumentFileType[]]);

/** documents/{uid}/items/{id}. A category or type this build does not know makes the record corrupt. */
export const storedDocumentSchema = z.object({
  name: z.catch(z.string(), ''),
  category,
  fileType,
  year: z.catch(z.nullable(z.number().check(z.int())), null),
  documentDate: storedDay,
  comments: z.catch(z.string(), ''),
  fileSize: z.catch(z.number().check(z.int(), z.gte(0)), 0),
  mimeType: z.catch(z.string(), 'application/octet-stream'),
  userId: orMissing(z.string()),
  storagePath: z.catch(z.nullable(z.string()), null),
  createdAt: storedTime,
  updatedAt: storedTime,
  status: z.catch(z.enum(['processing', 'ready']), 'ready'),
});
export type StoredDocument = z.output<typeof storedDocumentSchema>;

const EPOCH = new Date(0).toISOString();

/** A stored document as the locker shows it (times as ISO strings). */
export function toDocumentRecord(id: string, stored: StoredDocument): DocumentRecord {
  const createdAt = toIso(stored.createdAt) ?? toIso(stored.updatedAt) ?? EPOCH;
  return {
    id,
    name: stored.name,
    category: stored.category,
    fileType: stored.fileType,
    year: stored.year,
    documentDate: stored.documentDate,
    comments: stored.comments,
    fileSize: stored.fileSize,
    mimeType: stored.mimeType,
    createdAt,
    updatedAt: toIso(stored.updatedAt),
    status: stored.status,
  };
}

/** documentChecklist/{uid}/items/{id}: what the coach asked for. */
export const storedChecklistItemSchema = z.object({
  category,
  fileType,
  yearModifier: z.catch(z.number().check(z.int(), z.gte(0)), 0),
  documentId: z.catch(z.nullable(z.string()), null),
});

/** The document form as a prepared upload keeps it (already checked by createDocumentUpload). */
const storedFormSchema = z.object({
  category,
  fileType,
  year: z.catch(z.nullable(z.number().check(z.int())), null),
  documentDate: storedDay,
  comments: z.catch(z.string(), ''),
});

/** documentUploads/{uploadId}: a prepared upload (createDocumentUpload writes it; the trigger consumes it). */
export const storedPreparedUploadSchema = z.object({
  userId: z.string(),
  documentId: z.string(),
  document: storedFormSchema,
  file: z.object({ name: z.string(), size: z.number(), mimeType: z.string() }),
  replaces: z.catch(z.nullable(z.string()), null),
  /** The session that prepared it (the customer, or the agent acting for them): storage.rules lets only it upload. */
  preparedBy: z.catch(z.nullable(z.string()), null),
  createdAt: storedTime,
  expiresAt: storedTime,
  /** A replacement's previous file, noted once the new one is accepted (deleted after the CRM has the new one). */
  replacedStoragePath: z.catch(z.nullable(z.string()), null),
});
export type StoredPreparedUpload = z.output<typeof storedPreparedUploadSchema>;

/** documentUploadProgress/{uploadId}: the trigger's verdict. */
export const storedUploadProgressSchema = z.object({
  userId: z.string(),
  documentId: z.string(),
  fileProcessed: z.catch(z.boolean(), false),
  documentValidationSuccessful: z.catch(z.nullable(z.boolean()), null),
  documentUploadedToSf: z.catch(z.boolean(), false),
  reason: z.catch(z.nullable(z.enum(UPLOAD_REFUSALS)), null),
});
export type StoredUploadProgress = z.output<typeof storedUploadProgressSchema>;

/** Whether the trigger has nothing more to do for an upload: refused, or stored and handed to the CRM. */
export function isFinalProgress(progress: StoredUploadProgress): boolean {
  return progress.documentValidationSuccessful === false || progress.documentUploadedToSf;
}

/** documentUrlTokens/{token}: one link to one object, for its customer's document, until expiresAt. */
export const storedUrlTokenSchema = z.object({
  userId: z.string(),
  documentId: z.string(),
  storagePath: z.string(),
  action: z.enum(['view', 'download']),
  name: z.string(),
  mimeType: z.string(),
  expiresAt: storedTime,
});
export type StoredUrlToken = z.output<typeof storedUrlTokenSchema>;

/** Milliseconds of a stored time (Timestamp, Date or ISO string); null when it is none of them. */
export function storedMillis(value: unknown): number | null {
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return millisOf(value);
}

/** The customer's CRM contact (the upload trigger files the document on it); a customer without one cannot upload. */
export async function customerContactOf(uid: string): Promise<string | null> {
  const path = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, path, (await db().doc(path).get()).data() ?? {});
  return user.customer?.contactId ?? null;
}
