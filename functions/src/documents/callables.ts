// The documents locker's callables (spec 001 §2, §3, §6, §7; spec 002 §3, §7): the customer's documents and
// checklist, a short-lived link to view or download one file, preparing and cancelling an upload, changing a
// document's fields and deleting it. Each works on the customer whose data the session reads (clientUid); who may
// call is the contract's permission (viewClient, download, DOCUMENT_MODIFY), checked before a handler runs. The
// locker is open to every product line (src/domain/permissions.ts permittedAreas). A document id of another
// customer names nothing here ('not-found'), and every refusal writes nothing.
//
// The bytes never pass through a callable: the browser uploads them to Storage under the customer's own path
// (createDocumentUpload answers where and with which metadata), the upload trigger (documentUploadTrigger.ts)
// checks them and stores the document, and they are read back only through getDocumentUrl's link
// (documentFile.ts).
import { randomBytes } from 'node:crypto';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { ChecklistItemRecord, DocumentRecord } from '../../../src/contract/documents';
import { ERROR_KEYS } from '../../../src/domain/errors';
import {
  checklistYear,
  compareDocuments,
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_URL_TTL_MS,
  documentStoragePath,
  requiresYear,
  UPLOAD_SESSION_TTL_MS,
} from '../../../src/domain/documents';
import { recalculateActionsAfter } from '../hub/actionRules';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { clientUid, noCustomerContactId } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import {
  checklistRef,
  customerContactOf,
  documentFolder,
  documentsBucket,
  documentsRef,
  isDocumentId,
  preparedUploadRef,
  storedChecklistItemSchema,
  storedDocumentSchema,
  storedPreparedUploadSchema,
  storedUploadProgressSchema,
  toDocumentRecord,
  uploadProgressRef,
  urlTokenRef,
  type StoredDocument,
} from './documentStore';
import { sandboxPageUrl } from '../providers/sandboxPages';
import { crm } from '../providers';
import { parseStored } from '../platform/storedDocuments';

/** The refusals' message keys (details.key). */
export const DOCUMENT_REFUSALS = {
  documentNotFound: 'document-not-found',
  uploadNotFound: 'upload-not-found',
  uploadAlreadyStored: 'upload-already-stored',
} as const;

const documentNotFound = () => callableError('not-found', DOCUMENT_REFUSALS.documentNotFound, { key: DOCUMENT_REFUSALS.documentNotFound });
const uploadNotFound = () => callableError('not-found', DOCUMENT_REFUSALS.uploadNotFound, { key: DOCUMENT_REFUSALS.uploadNotFound });
const stillProcessing = () => callableError('failed-precondition', 'document-processing', { key: ERROR_KEYS.documentProcessing });

/**
 * Prepared uploads a customer may have open at once (not yet stored, cancelled or expired). The upload dialog takes
 * one file at a time and a retry cancels its earlier upload, so a person needs a few; each open one lets a file of
 * up to 20 MB into Storage.
 */
export const OPEN_UPLOADS_PER_CUSTOMER = 10;

/** The HTTP function that serves a link's file. */
export const DOCUMENT_FILE_FUNCTION = 'documentFile';

/** One of the customer's documents, or 'not-found' (an id of another customer's document reads as none). */
async function documentOf(uid: string, documentId: string): Promise<{ snapshot: DocumentSnapshot; stored: StoredDocument }> {
  if (!isDocumentId(documentId)) throw documentNotFound();
  const snapshot = await documentsRef(uid).doc(documentId).get();
  if (!snapshot.exists) throw documentNotFound();
  return { snapshot, stored: parseStored(storedDocumentSchema, snapshot.ref.path, snapshot.data()) };
}

/** The customer's documents, newest first (spec 001 §2). */
export const getDocuments = defineCallable('getDocuments', async (caller) => {
  const uid = await clientUid(caller);
  const snapshot = await documentsRef(uid).get();
  const documents = snapshot.docs.map((doc) => toDocumentRecord(doc.id, parseStored(storedDocumentSchema, doc.ref.path, doc.data())));
  return { documents: documents.sort(compareDocuments) };
});

/** Checklist order: by category, then type, as the spec lists them; then the newest year first. */
function checklistOrder(a: ChecklistItemRecord, b: ChecklistItemRecord): number {
  const typeIndex = (item: ChecklistItemRecord) => (DOCUMENT_FILE_TYPES[item.category] as readonly string[]).indexOf(item.fileType);
  return (
    DOCUMENT_CATEGORIES.indexOf(a.category) - DOCUMENT_CATEGORIES.indexOf(b.category) ||
    typeIndex(a) - typeIndex(b) ||
    a.yearModifier - b.yearModifier ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The coach's checklist (spec 002 §3): each item's year is the current year minus its modifier (the server's
 * today); an item is checked when a document is linked to it or the customer has a document of its type (for the
 * tax types, of its year), which it answers with it.
 */
export const getChecklist = defineCallable('getChecklist', async (caller) => {
  const uid = await clientUid(caller);
  const today = new Date();
  const [items, documentsSnapshot] = await Promise.all([checklistRef(uid).get(), documentsRef(uid).get()]);
  const documents = documentsSnapshot.docs
    .map((doc) => toDocumentRecord(doc.id, parseStored(storedDocumentSchema, doc.ref.path, doc.data())))
    .sort(compareDocuments);
  const byId = new Map(documents.map((document) => [document.id, document]));
  const answered = items.docs.map((doc): ChecklistItemRecord => {
    const item = parseStored(storedChecklistItemSchema, doc.ref.path, doc.data());
    const year = checklistYear(item.yearModifier, today);
    const linked: DocumentRecord | undefined = item.documentId === null ? undefined : byId.get(item.documentId);
    const matching = documents.find(
      (document) => document.fileType === item.fileType && (!requiresYear(item.fileType) || document.year === year),
    );
    const document = linked ?? matching ?? null;
    return {
      id: doc.id,
      category: item.category,
      fileType: item.fileType,
      yearModifier: item.yearModifier,
      year,
      checked: item.documentId !== null || matching !== undefined,
      documentId: document?.id ?? item.documentId,
      document,
    };
  });
  return { items: answered.sort(checklistOrder) };
});

/**
 * A link to one of the customer's files, to view (inline) or download (attachment), good for DOCUMENT_URL_TTL_MS
 * (spec 001 §7 getDocumentUrl). The contract's 'download' permission has been checked; a document still being
 * processed is refused (errors.document-processing, spec 002 §8).
 */
export const getDocumentUrl = defineCallable('getDocumentUrl', async (caller) => {
  const uid = await clientUid(caller);
  const { documentId, action } = caller.data;
  const { stored } = await documentOf(uid, documentId);
  if (stored.status === 'processing') throw stillProcessing();
  if (stored.storagePath === null) throw documentNotFound();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + DOCUMENT_URL_TTL_MS);
  await urlTokenRef(token).create({
    userId: uid,
    documentId,
    storagePath: stored.storagePath,
    action,
    name: stored.name,
    mimeType: stored.mimeType,
    createdAt: Timestamp.now(),
    // Also the field a Firestore TTL policy on documentUrlTokens removes spent links by.
    expiresAt: Timestamp.fromDate(expiresAt),
  });
  const url = new URL(sandboxPageUrl(DOCUMENT_FILE_FUNCTION));
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
});

/**
 * Prepares an upload (spec 001 §4 "Upload", §7 document upload): the form and the announced file are checked by the
 * contract (documentFormErrors, size, accepted types); `replaces` must be one of the customer's documents; at most
 * OPEN_UPLOADS_PER_CUSTOMER may be open at once ('resource-exhausted'). Writes only the prepared upload
 * documentUploads/{uploadId}, and answers the object path and its custom metadata.
 */
export const createDocumentUpload = defineCallable('createDocumentUpload', async (caller) => {
  const uid = await clientUid(caller);
  const { document, file } = caller.data;
  const replaces = caller.data.replaces ?? null;
  if (replaces !== null) {
    const { stored } = await documentOf(uid, replaces);
    // The file of a document still being processed is not replaced under the trigger's feet.
    if (stored.status === 'processing') throw stillProcessing();
  }
  if ((await customerContactOf(uid)) === null) throw noCustomerContactId();
  const documentId = replaces ?? documentsRef(uid).doc().id;
  const uploads = db().collection(COLLECTIONS.documentUploads);
  const uploadRef = uploads.doc();
  const uploadId = uploadRef.id;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + UPLOAD_SESSION_TTL_MS);
  await db().runTransaction(async (transaction) => {
    const open = await transaction.get(
      uploads.where('userId', '==', uid).where('expiresAt', '>', Timestamp.fromDate(now)).limit(OPEN_UPLOADS_PER_CUSTOMER),
    );
    if (open.size >= OPEN_UPLOADS_PER_CUSTOMER) {
      throw callableError('resource-exhausted', 'too-many-open-uploads', { key: ERROR_KEYS.tooManyRequests });
    }
    transaction.create(uploadRef, {
      userId: uid,
      documentId,
      document,
      file,
      replaces,
      preparedBy: caller.uid,
      createdAt: Timestamp.fromDate(now),
      expiresAt: Timestamp.fromDate(expiresAt),
    });
  });
  return {
    uploadId,
    documentId,
    storagePath: documentStoragePath(uid, documentId, uploadId),
    metadata: { documentId, uploadId, document: JSON.stringify({ ...document, name: file.name }) },
    expiresAt: expiresAt.toISOString(),
  };
});

/**
 * Cancels one of the customer's prepared uploads (the upload dialog's Cancel, a retry's fresh start): removes it and
 * whatever was stored at its path, so nothing half-stored stays behind. An upload the trigger already accepted is a
 * stored document now (delete it instead).
 */
export const cancelDocumentUpload = defineCallable('cancelDocumentUpload', async (caller) => {
  const uid = await clientUid(caller);
  const { uploadId } = caller.data;
  if (!isDocumentId(uploadId)) throw uploadNotFound();
  const ref = preparedUploadRef(uploadId);
  const prepared = await db().runTransaction(async (transaction) => {
    const [snapshot, progress] = await Promise.all([transaction.get(ref), transaction.get(uploadProgressRef(uploadId))]);
    if (!snapshot.exists) throw uploadNotFound();
    const upload = parseStored(storedPreparedUploadSchema, ref.path, snapshot.data());
    if (upload.userId !== uid) throw uploadNotFound();
    if (progress.exists && parseStored(storedUploadProgressSchema, progress.ref.path, progress.data()).documentValidationSuccessful === true) {
      throw callableError('failed-precondition', DOCUMENT_REFUSALS.uploadAlreadyStored, { key: DOCUMENT_REFUSALS.uploadAlreadyStored });
    }
    transaction.delete(ref);
    return upload;
  });
  await documentsBucket()
    .file(documentStoragePath(uid, prepared.documentId, uploadId))
    .delete({ ignoreNotFound: true });
  return { ok: true as const };
});

/** Changes a document's fields (the file itself is replaced through createDocumentUpload with `replaces`). */
export const updateDocument = defineCallable('updateDocument', async (caller) => {
  const uid = await clientUid(caller);
  const { documentId, document } = caller.data;
  if (!isDocumentId(documentId)) throw documentNotFound();
  const ref = documentsRef(uid).doc(documentId);
  const now = Timestamp.now();
  const changes = {
    category: document.category,
    fileType: document.fileType,
    year: document.year,
    documentDate: document.documentDate,
    comments: document.comments,
    updatedAt: now,
  };
  const stored = await db().runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw documentNotFound();
    const current = parseStored(storedDocumentSchema, ref.path, snapshot.data());
    transaction.update(ref, changes);
    return { ...current, ...changes };
  });
  // Its type or year may now answer the checklist, or no longer (spec 001 §7 calculateActions).
  await recalculateActionsAfter(uid, 'document changed');
  return toDocumentRecord(documentId, parseStored(storedDocumentSchema, ref.path, stored));
});

/**
 * Deletes one of the customer's documents: its record, the checklist's links to it, every file stored under it
 * (users/{uid}/documents/{id}/, the current one and any earlier upload), and its copy on the CRM contact.
 */
export const deleteDocument = defineCallable('deleteDocument', async (caller) => {
  const uid = await clientUid(caller);
  const { id } = caller.data;
  if (!isDocumentId(id)) throw documentNotFound();
  const ref = documentsRef(uid).doc(id);
  await db().runTransaction(async (transaction) => {
    const [snapshot, links] = await Promise.all([transaction.get(ref), transaction.get(checklistRef(uid).where('documentId', '==', id))]);
    if (!snapshot.exists) throw documentNotFound();
    transaction.delete(ref);
    for (const link of links.docs) transaction.update(link.ref, { documentId: null });
  });
  await documentsBucket().deleteFiles({ prefix: documentFolder(uid, id), force: true });
  // The checklist item it answered is open again (spec 001 §7 calculateActions).
  await recalculateActionsAfter(uid, 'document deleted');
  const contactId = await customerContactOf(uid);
  if (contactId !== null) {
    // The locker no longer has it; the CRM's copy follows, and a CRM that cannot be reached now is logged, not
    // answered as a failed delete (the customer's document is gone).
    await crm()
      .removeDocument(contactId, id)
      .catch((error: unknown) => logger.error('document not removed from the CRM', { documentId: id, error: String(error) }));
  }
  return { ok: true as const };
});
