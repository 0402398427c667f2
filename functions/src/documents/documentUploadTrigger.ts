// The server's check of every uploaded document file (spec 001 §4 "Upload", §7 document upload; spec 002 §4): the
// browser has put the bytes at users/{uid}/documents/{documentId}/{uploadId} for a prepared upload
// (createDocumentUpload). Here the object is checked against that prepared upload: it must be live and the
// uploader's own, not empty, at most UPLOAD_MAX_BYTES and exactly the announced size, and its first bytes must be the
// announced type (a file's type is its signature, never its name). A refused file is deleted with its prepared upload
// and the progress record says why; an accepted one becomes the document (or, for a replacement, the document's new
// file), is handed to the CRM, and the progress record says documentUploadedToSf. The local Storage emulator does not
// enforce storage.rules, so nothing here trusts that the rules ran.
import type { Readable } from 'node:stream';
import { logger } from 'firebase-functions';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { Timestamp } from 'firebase-admin/firestore';
import { UPLOAD_MAX_BYTES, FUNCTIONS_REGION } from '../../../src/domain/constants';
import {
  contentTypesAgree,
  parseDocumentStoragePath,
  SIGNATURE_BYTES,
  sniffContentType,
  type UploadRefusal,
} from '../../../src/domain/documents';
import { recalculateActionsAfter } from '../hub/actionRules';
import { db } from '../platform/admin';
import {
  customerContactOf,
  documentsBucket,
  documentsRef,
  isFinalProgress,
  preparedUploadRef,
  storedDocumentSchema,
  storedMillis,
  type StoredPreparedUpload,
  storedPreparedUploadSchema,
  storedUploadProgressSchema,
  uploadProgressRef,
} from './documentStore';
import { crm } from '../providers';
import { parseStored } from '../platform/storedDocuments';

/** The facts of a finalized object the check reads. */
export interface UploadedObject {
  name: string;
  size: number;
  contentType: string | null;
}

/** The first `count` bytes of a stream, then the stream is closed (the rest of the file is never read). */
async function firstBytes(stream: Readable, count: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      length += buffer.length;
      if (length >= count) break;
    }
  } finally {
    stream.destroy();
  }
  return new Uint8Array(Buffer.concat(chunks).subarray(0, count));
}

function progressRecord(uploadId: string, uid: string, documentId: string, verdict: { ok: true; inCrm: boolean } | { ok: false; reason: UploadRefusal }) {
  return {
    progressId: uploadId,
    userId: uid,
    documentId,
    fileProcessed: true,
    documentValidationSuccessful: verdict.ok,
    documentUploadedToSf: verdict.ok && verdict.inCrm,
    reason: verdict.ok ? null : verdict.reason,
    updatedAt: Timestamp.now(),
  };
}

/** Deletes the refused object; deletes the prepared upload and records why when the upload is the uploader's own. */
async function refuse(object: UploadedObject, uid: string, documentId: string, uploadId: string, reason: UploadRefusal, ownUpload: boolean) {
  logger.warn('document upload refused', { uid, documentId, uploadId, reason, size: object.size });
  await documentsBucket().file(object.name).delete({ ignoreNotFound: true });
  const batch = db().batch();
  if (ownUpload) batch.delete(preparedUploadRef(uploadId));
  batch.set(uploadProgressRef(uploadId), progressRecord(uploadId, uid, documentId, { ok: false, reason }));
  await batch.commit();
}

/** Why the bytes are refused, or null when they are what the prepared upload announced. */
async function bytesRefusal(object: UploadedObject, upload: StoredPreparedUpload): Promise<UploadRefusal | null> {
  if (object.size <= 0) return 'empty-file';
  if (object.size > UPLOAD_MAX_BYTES) return 'too-large';
  if (object.size !== upload.file.size) return 'type-mismatch';
  const head = await firstBytes(documentsBucket().file(object.name).createReadStream({ start: 0, end: SIGNATURE_BYTES - 1 }), SIGNATURE_BYTES);
  const sniffed = sniffContentType(head);
  if (sniffed === null) return 'unsupported-type';
  if (!contentTypesAgree(upload.file.mimeType, sniffed)) return 'type-mismatch';
  if (object.contentType !== null && !contentTypesAgree(object.contentType, sniffed)) return 'type-mismatch';
  return null;
}

/**
 * Makes the accepted file the document's, in one transaction with the progress record (validated, not yet in the
 * CRM): a new document is created; a replaced one keeps its id and createdAt and takes the new file's name, size,
 * type and path, with the fields of the form. Answers false when there is nothing to do (the upload was cancelled,
 * already accepted, or the replaced document was deleted meanwhile: then refused).
 */
async function accept(object: UploadedObject, uid: string, uploadId: string, upload: StoredPreparedUpload): Promise<'accepted' | 'gone' | 'replaced-missing'> {
  const uploadRef = preparedUploadRef(uploadId);
  const progressRef = uploadProgressRef(uploadId);
  const documentRef = documentsRef(uid).doc(upload.documentId);
  return db().runTransaction(async (transaction) => {
    const [uploadSnapshot, progressSnapshot, documentSnapshot] = await Promise.all([
      transaction.get(uploadRef),
      transaction.get(progressRef),
      transaction.get(documentRef),
    ]);
    if (!uploadSnapshot.exists || progressSnapshot.exists) return 'gone';
    const now = Timestamp.now();
    const fields = {
      name: upload.file.name,
      category: upload.document.category,
      fileType: upload.document.fileType,
      year: upload.document.year,
      documentDate: upload.document.documentDate,
      comments: upload.document.comments,
      fileSize: object.size,
      mimeType: upload.file.mimeType,
      storagePath: object.name,
      status: 'processing' as const,
    };
    let replacedStoragePath: string | null = null;
    if (upload.replaces !== null) {
      if (!documentSnapshot.exists) return 'replaced-missing';
      replacedStoragePath = parseStored(storedDocumentSchema, documentRef.path, documentSnapshot.data()).storagePath;
      transaction.update(documentRef, { ...fields, updatedAt: now });
    } else {
      transaction.create(documentRef, { id: upload.documentId, ...fields, userId: uid, createdAt: now, updatedAt: null });
    }
    transaction.update(uploadRef, { replacedStoragePath: replacedStoragePath === object.name ? null : replacedStoragePath });
    transaction.set(progressRef, progressRecord(uploadId, uid, upload.documentId, { ok: true, inCrm: false }));
    return 'accepted';
  });
}

/**
 * Hands an accepted file to the CRM, then marks the document ready and the progress record documentUploadedToSf,
 * and (for a replacement) deletes the previous file: only now, when the new one is stored everywhere. A failure is
 * thrown (the document stays 'processing'; a redelivered event picks up here).
 */
async function handOff(object: UploadedObject, uid: string, uploadId: string) {
  const uploadRef = preparedUploadRef(uploadId);
  const upload = parseStored(storedPreparedUploadSchema, uploadRef.path, (await uploadRef.get()).data());
  const contactId = await customerContactOf(uid);
  if (contactId === null) throw new Error(`customer ${uid} has no CRM contact to file document ${upload.documentId} on`);
  const version = await crm().uploadDocument(
    contactId,
    {
      documentId: upload.documentId,
      name: upload.file.name,
      category: upload.document.category,
      fileType: upload.document.fileType,
      year: upload.document.year,
      documentDate: upload.document.documentDate,
      mimeType: upload.file.mimeType,
      fileSize: object.size,
    },
    () => documentsBucket().file(object.name).createReadStream(),
  );
  const documentRef = documentsRef(uid).doc(upload.documentId);
  await db().runTransaction(async (transaction) => {
    const document = await transaction.get(documentRef);
    // Deleted while it was being filed: deleteDocument removed the files; the upload still ends.
    if (document.exists) transaction.update(documentRef, { status: 'ready', crmContentVersionId: version.contentVersionId });
    transaction.update(uploadProgressRef(uploadId), { documentUploadedToSf: true, updatedAt: Timestamp.now() });
    transaction.delete(uploadRef);
  });
  if (upload.replacedStoragePath !== null) {
    await documentsBucket().file(upload.replacedStoragePath).delete({ ignoreNotFound: true });
  }
}

/** Whether the object is already a document's file (the demo data's, a restored bucket): such a file is left alone. */
async function isStoredDocumentFile(uid: string, documentId: string, name: string): Promise<boolean> {
  const snapshot = await documentsRef(uid).doc(documentId).get();
  return snapshot.exists && parseStored(storedDocumentSchema, snapshot.ref.path, snapshot.data()).storagePath === name;
}

/** Checks one finalized object and acts on the verdict; idempotent (a redelivered event changes nothing twice). */
export async function checkUploadedObject(object: UploadedObject): Promise<void> {
  const parts = parseDocumentStoragePath(object.name);
  // Dispute letters and anything else outside users/*/documents/*/* are not uploads.
  if (!parts) return;
  const { uid, documentId, uploadId } = parts;
  const progress = await uploadProgressRef(uploadId).get();
  if (progress.exists) {
    const recorded = parseStored(storedUploadProgressSchema, progress.ref.path, progress.data());
    // A redelivered event: the verdict stands; an accepted file not yet in the CRM is handed on.
    if (isFinalProgress(recorded) || recorded.userId !== uid) return;
    if (recorded.documentValidationSuccessful === true) await handOff(object, uid, uploadId);
    return;
  }
  const uploadSnapshot = await preparedUploadRef(uploadId).get();
  const upload = uploadSnapshot.exists ? parseStored(storedPreparedUploadSchema, uploadSnapshot.ref.path, uploadSnapshot.data()) : null;
  if (upload !== null && upload.userId !== uid) {
    // Someone else's prepared upload: the object goes, and that upload and its progress are not touched.
    logger.warn('document upload refused: the upload belongs to another customer', { uid, uploadId });
    await documentsBucket().file(object.name).delete({ ignoreNotFound: true });
    return;
  }
  const expires = upload === null ? null : storedMillis(upload.expiresAt);
  if (upload === null || upload.documentId !== documentId || expires === null || expires <= Date.now()) {
    if (upload === null && (await isStoredDocumentFile(uid, documentId, object.name))) return;
    await refuse(object, uid, documentId, uploadId, 'unknown-upload', upload !== null);
    return;
  }
  let reason: UploadRefusal | null;
  try {
    reason = await bytesRefusal(object, upload);
  } catch (error) {
    // Gone before it could be read: the upload was cancelled (cancelDocumentUpload removes the object).
    if ((error as { code?: unknown }).code === 404) return;
    throw error;
  }
  if (reason !== null) {
    await refuse(object, uid, documentId, uploadId, reason, true);
    return;
  }
  const outcome = await accept(object, uid, uploadId, upload);
  if (outcome === 'replaced-missing') {
    await refuse(object, uid, documentId, uploadId, 'unknown-upload', true);
    return;
  }
  if (outcome === 'accepted') {
    // The new document may answer the coach's checklist: the upload action follows (spec 001 §7 calculateActions).
    await recalculateActionsAfter(uid, 'document uploaded');
    await handOff(object, uid, uploadId);
  }
}

/** spec 001 §4: every object finalized in the default bucket (the one the browser uploads documents to). */
export const processDocumentUpload = onObjectFinalized({ region: FUNCTIONS_REGION }, async (event) => {
  const { name, size, contentType } = event.data;
  await checkUploadedObject({ name, size: Number(size), contentType: contentType ?? null });
});
