import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';
import type { DocumentFormValues } from '../../src/domain/documents';
import { actorFromClaims, type Actor } from '../../src/domain/permissions';
import { actorSamples, contextKey, defineMachineEntry, eventsByType, sampleEvents } from '../registry';
import { documentDeleteMachine } from './documentDelete.machine';
import { documentEditMachine } from './documentEdit.machine';
import { documentOpenMachine } from './documentOpen.machine';
import { documentUploadMachine, type DocumentUploadInput } from './documentUpload.machine';
import type {
  ChosenFile,
  DocumentData,
  DocumentDeleteActorSignatures,
  DocumentEditActorSignatures,
  DocumentOpenActorSignatures,
  DocumentUploadActorSignatures,
  StashedUpload,
  UploadTarget,
} from './ports';

// The documents machines' registry entries, listed in machines/index.ts. Sample events carry real
// payloads (files built from real bytes, a prepared upload as the server answers it, the Storage SDK's progress);
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result.

// ------------------------------------------------------------------------------------------------ people

/** The customer: may upload, edit, delete and download. */
export const SAMPLE_DOCUMENTS_CUSTOMER: Actor = actorFromClaims({});
/** A coach without client actions: may do none of it. */
export const SAMPLE_DOCUMENTS_COACH: Actor = actorFromClaims({ isAgent: true });
/** A coach with allowPortalDownload: may view and download, not change. */
export const SAMPLE_DOCUMENTS_DOWNLOADING_COACH: Actor = actorFromClaims({ isAgent: true, allowPortalDownload: true });

/** The customer's today in the samples: tax documents are for 2025 or 2024. */
export const SAMPLE_DOCUMENTS_TODAY = '2026-11-25';

// ------------------------------------------------------------------------------------------------ files

const ascii = (text: string) => new TextEncoder().encode(text);

/** The smallest real PDF, JPEG, PNG and HEIC headers: what the browser reads and the server sniffs. */
export const SAMPLE_FILE_BYTES = {
  pdf: ascii('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  heic: new Uint8Array([0x00, 0x00, 0x00, 0x18, ...ascii('ftypheic'), 0x00, 0x00, 0x00, 0x00, ...ascii('mif1heic')]),
} as const;

const LAST_MODIFIED = Date.UTC(2026, 10, 20, 9, 30);

/** A file as the customer picks or drops it. */
export function sampleFile(name: string, bytes: Uint8Array<ArrayBuffer>, type: string): File {
  return new File([bytes], name, { type, lastModified: LAST_MODIFIED });
}

function chosen(name: string, bytes: Uint8Array<ArrayBuffer>, mimeType: ChosenFile['mimeType'], size = bytes.length): ChosenFile {
  return { blob: new Blob([bytes], { type: mimeType }), name, size, mimeType };
}

/** What readFile, convertHeic and cropImage answer in the samples. */
export const SAMPLE_CHOSEN_FILES = {
  pdf: chosen('tax-return-2025.pdf', SAMPLE_FILE_BYTES.pdf, 'application/pdf'),
  photo: chosen('pay-stub.jpg', SAMPLE_FILE_BYTES.jpeg, 'image/jpeg'),
  heic: chosen('IMG_0042.HEIC', SAMPLE_FILE_BYTES.heic, 'image/heic'),
  converted: chosen('IMG_0042.jpg', SAMPLE_FILE_BYTES.jpeg, 'image/jpeg'),
  /** A large HEIC photo whose JPEG is over the limit. */
  convertedOversized: chosen('IMG_0043.jpg', SAMPLE_FILE_BYTES.jpeg, 'image/jpeg', UPLOAD_MAX_BYTES + 4_096),
  cropped: chosen('pay-stub.jpg', SAMPLE_FILE_BYTES.jpeg, 'image/jpeg'),
  /** Announced over the limit (the sample's blob stays small: only the size is read). */
  oversized: chosen('scan-600dpi.pdf', SAMPLE_FILE_BYTES.pdf, 'application/pdf', UPLOAD_MAX_BYTES + 1),
  empty: chosen('empty.pdf', new Uint8Array(), 'application/pdf'),
} satisfies Record<string, ChosenFile>;

// ------------------------------------------------------------------------------------------------ documents

export const SAMPLE_VALID_FORM: DocumentFormValues = {
  category: 'taxes',
  fileType: 'federal_tax_return',
  year: 2025,
  documentDate: null,
  comments: 'Signed copy',
};

/** A tax document without its year: flagged after submit. */
export const SAMPLE_INVALID_FORM: DocumentFormValues = { ...SAMPLE_VALID_FORM, year: null };

export const SAMPLE_DOCUMENT: DocumentData = {
  id: 'doc-pay-stub',
  name: 'pay-stub-october.pdf',
  category: 'income-statements',
  fileType: 'pay_stub',
  year: null,
  documentDate: '2026-10-31',
  comments: '',
  fileSize: 184_320,
  mimeType: 'application/pdf',
  createdAt: '2026-11-02T10:15:00.000Z',
  updatedAt: null,
  status: 'ready',
};

export const SAMPLE_PROCESSING_DOCUMENT: DocumentData = {
  ...SAMPLE_DOCUMENT,
  id: 'doc-w2',
  name: 'w2-2025.pdf',
  category: 'taxes',
  fileType: 'w2',
  year: 2025,
  documentDate: null,
  status: 'processing',
};

/** createDocumentUpload's answer. */
export const SAMPLE_UPLOAD_TARGET: UploadTarget = {
  uploadId: 'upload-2',
  documentId: 'doc-new',
  storagePath: 'users/customer-1/documents/doc-new/upload-2',
  metadata: { documentId: 'doc-new', uploadId: 'upload-2', document: JSON.stringify(SAMPLE_VALID_FORM) },
  expiresAt: '2026-11-26T10:00:00.000Z',
};

/** A file kept in the browser after a reload, last sent under upload-1. */
export const SAMPLE_STASHED_UPLOAD: StashedUpload = {
  id: 'new:tax-return-2025.pdf:74:1795685400000',
  file: SAMPLE_CHOSEN_FILES.pdf,
  document: SAMPLE_VALID_FORM,
  replaces: null,
  uploadId: 'upload-1',
  savedAt: '2026-11-25T08:00:00.000Z',
};

export const SAMPLE_UPLOAD_INPUT: DocumentUploadInput = {
  actor: SAMPLE_DOCUMENTS_CUSTOMER,
  today: SAMPLE_DOCUMENTS_TODAY,
  preset: null,
  replaces: null,
  resume: null,
};

// ------------------------------------------------------------------------------------------------ upload

const uploadEvent = sampleEvents<typeof documentUploadMachine>();
const uploadActors = actorSamples<DocumentUploadActorSignatures>();

export const documentUploadEntry = defineMachineEntry({
  id: 'documentUpload',
  title: 'Document upload (offline pause)',
  purpose:
    'Choose a file, convert and crop photos, fill the form, and upload it; offline pauses and back online resumes; the server checks the file.',
  machine: documentUploadMachine,
  testModel: {
    input: SAMPLE_UPLOAD_INPUT,
    events: eventsByType(
      uploadEvent({ type: 'file.chosen', file: sampleFile('tax-return-2025.pdf', SAMPLE_FILE_BYTES.pdf, 'application/pdf') }),
      uploadEvent({ type: 'file.clear' }),
      uploadEvent({ type: 'crop.apply', area: { x: 120, y: 80, width: 1600, height: 2100 }, rotation: -90 }),
      uploadEvent({ type: 'crop.skip' }),
      uploadEvent({ type: 'form.change', values: SAMPLE_VALID_FORM }),
      uploadEvent({ type: 'form.change', values: SAMPLE_INVALID_FORM }),
      uploadEvent({ type: 'form.submit' }),
      uploadEvent({ type: 'upload.progress', bytesTransferred: 262_144, totalBytes: 1_048_576 }),
      uploadEvent({ type: 'upload.stored' }),
      uploadEvent({ type: 'upload.failed', code: 'storage/retry-limit-exceeded' }),
      uploadEvent({ type: 'upload.retry' }),
      uploadEvent({ type: 'upload.cancel' }),
      uploadEvent({ type: 'upload.close' }),
      uploadEvent({ type: 'upload.restart' }),
      uploadEvent({ type: 'upload.discard' }),
      uploadEvent({ type: 'connection.changed', quality: 'offline' }),
      uploadEvent({ type: 'connection.changed', quality: 'poor' }),
      uploadEvent({ type: 'connection.changed', quality: 'online' }),
      uploadEvent({ type: 'connection.continue' }),
      uploadActors.done('readFile', SAMPLE_CHOSEN_FILES.pdf),
      uploadActors.done('readFile', SAMPLE_CHOSEN_FILES.photo),
      uploadActors.done('readFile', SAMPLE_CHOSEN_FILES.heic),
      uploadActors.done('readFile', SAMPLE_CHOSEN_FILES.oversized),
      uploadActors.done('readFile', SAMPLE_CHOSEN_FILES.empty),
      uploadActors.fail('readFile', 'permission-denied', 'errors.file-permission-denied'),
      uploadActors.done('convertHeic', SAMPLE_CHOSEN_FILES.converted),
      uploadActors.done('convertHeic', SAMPLE_CHOSEN_FILES.convertedOversized),
      uploadActors.fail('convertHeic', 'conversion-failed'),
      uploadActors.done('cropImage', SAMPLE_CHOSEN_FILES.cropped),
      uploadActors.fail('cropImage', 'canvas-unavailable'),
      uploadActors.done('stashFile'),
      uploadActors.fail('stashFile', 'indexeddb-unavailable'),
      uploadActors.done('createUpload', SAMPLE_UPLOAD_TARGET),
      uploadActors.fail('createUpload', 'unavailable'),
      uploadActors.done('waitForUploadOutcome', { ok: true, documentId: 'doc-new' }),
      uploadActors.done('waitForUploadOutcome', { ok: false, reason: 'type-mismatch' }),
      uploadActors.fail('waitForUploadOutcome', 'permission-denied'),
      uploadActors.done('cancelUpload'),
      uploadActors.fail('cancelUpload', 'not-found'),
      uploadActors.done('removeStash'),
      uploadActors.fail('removeStash', 'indexeddb-unavailable'),
      uploadActors.done('refreshDocuments'),
      uploadActors.fail('refreshDocuments', 'unavailable'),
    ),
    // The guards read the connection (and whether Continue was pressed), the form's validity and whether its errors
    // show, and whether a prepared upload exists or waits to be forgotten; a resumed flow starts from its stash.
    stateKey: (snapshot) => {
      const { context } = snapshot;
      return JSON.stringify({
        value: snapshot.value,
        connection: context.connection,
        acknowledged: context.connectionAcknowledged,
        formValid: Object.keys(context.formErrors).length === 0,
        showErrors: context.showErrors,
        target: context.target !== null,
        previous: context.previousUploadId !== null,
      });
    },
  },
});

// ------------------------------------------------------------------------------------------------ edit

const editEvent = sampleEvents<typeof documentEditMachine>();
const editActors = actorSamples<DocumentEditActorSignatures>();

export const documentEditEntry = defineMachineEntry({
  id: 'documentEdit',
  title: "Edit a document's details",
  purpose: "Change a stored document's category, type, year or date, and comments (the file is replaced with the upload).",
  machine: documentEditMachine,
  testModel: {
    input: { actor: SAMPLE_DOCUMENTS_CUSTOMER, today: SAMPLE_DOCUMENTS_TODAY, document: SAMPLE_DOCUMENT },
    events: eventsByType(
      editEvent({ type: 'form.change', values: { category: 'income-statements', fileType: 'pay_stub', year: null, documentDate: '2026-11-15', comments: 'November' } }),
      // A future issue date (flagged after submit).
      editEvent({ type: 'form.change', values: { category: 'income-statements', fileType: 'pay_stub', year: null, documentDate: '2027-01-01', comments: '' } }),
      // Back to what is stored.
      editEvent({ type: 'form.change', values: { category: 'income-statements', fileType: 'pay_stub', year: null, documentDate: '2026-10-31', comments: '' } }),
      editEvent({ type: 'form.submit' }),
      editEvent({ type: 'edit.cancel' }),
      editActors.done('updateDocument', { ...SAMPLE_DOCUMENT, documentDate: '2026-11-15', comments: 'November', updatedAt: '2026-11-25T10:00:00.000Z' }),
      editActors.fail('updateDocument', 'unavailable'),
      editActors.done('refreshDocuments'),
      editActors.fail('refreshDocuments', 'unavailable'),
    ),
    stateKey: contextKey('form', 'showErrors'),
  },
});

// ------------------------------------------------------------------------------------------------ delete

const deleteEvent = sampleEvents<typeof documentDeleteMachine>();
const deleteActors = actorSamples<DocumentDeleteActorSignatures>();

export const documentDeleteEntry = defineMachineEntry({
  id: 'documentDelete',
  title: 'Delete a document',
  purpose: 'Delete a document from the locker after a confirmation.',
  machine: documentDeleteMachine,
  testModel: {
    input: { actor: SAMPLE_DOCUMENTS_CUSTOMER, document: SAMPLE_DOCUMENT },
    events: eventsByType(
      deleteEvent({ type: 'delete.confirm' }),
      deleteEvent({ type: 'delete.cancel' }),
      deleteActors.done('deleteDocument'),
      deleteActors.fail('deleteDocument', 'unavailable'),
      deleteActors.done('refreshDocuments'),
      deleteActors.fail('refreshDocuments', 'unavailable'),
    ),
    stateKey: contextKey('deleted'),
  },
});

// ------------------------------------------------------------------------------------------------ open

const openEvent = sampleEvents<typeof documentOpenMachine>();
const openActors = actorSamples<DocumentOpenActorSignatures>();

export const documentOpenEntry = defineMachineEntry({
  id: 'documentOpen',
  title: 'View or download a document',
  purpose: "The locker's view and download buttons: a short-lived link, after the download permission; a processing document warns.",
  machine: documentOpenMachine,
  testModel: {
    input: { actor: SAMPLE_DOCUMENTS_CUSTOMER },
    events: eventsByType(
      openEvent({ type: 'document.open', document: SAMPLE_DOCUMENT, action: 'view' }),
      openEvent({ type: 'document.open', document: SAMPLE_DOCUMENT, action: 'download' }),
      // Still processing (warned, nothing opened).
      openEvent({ type: 'document.open', document: SAMPLE_PROCESSING_DOCUMENT, action: 'view' }),
      openActors.done('openDocument'),
      openActors.fail('openDocument', 'permission-denied'),
    ),
    stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, opening: snapshot.context.openingId, action: snapshot.context.openingAction }),
  },
});
