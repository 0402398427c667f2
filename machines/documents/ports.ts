// What the documents machines need from the outside world (conventions as in machines/ports.ts): the
// document calls of spec 001 §7 / spec 002 §7 as plain data, mirroring src/contract/documents.ts (machines may not
// import the contract; the adapter parses with it and TypeScript checks the adapter against this port), the
// browser's files, Storage upload, connection and IndexedDB as ports, and each machine's actor signatures.
// Failures reject with a PortError; refusals carry the spec's key (`key`): 'coach.toast.not-permitted',
// 'errors.file-permission-denied', ...
import type {
  AcceptedContentType,
  ConnectionQuality,
  CropArea,
  DocumentCategory,
  DocumentFileType,
  DocumentFormValues,
  UploadRefusal,
} from '../../src/domain/documents';
import type { CallbackActorSignature, PromiseActorSignature, Unsubscribe } from '../ports';

// ---------------------------------------------------------------------------------------------------------------
// Data

/** spec 001 §3 "Document" as the locker shows it. */
export interface DocumentData {
  id: string;
  name: string;
  category: DocumentCategory;
  fileType: DocumentFileType;
  year: number | null;
  documentDate: string | null;
  comments: string;
  fileSize: number;
  mimeType: string;
  createdAt: string;
  updatedAt: string | null;
  /** 'processing' until the CRM has the file: opening it warns (errors.document-processing, not reported). */
  status: 'processing' | 'ready';
}

/** spec 001 §3, spec 002 §3 "Checklist item"; year = current year − yearModifier. */
export interface ChecklistItemData {
  id: string;
  category: DocumentCategory;
  fileType: DocumentFileType;
  yearModifier: number;
  year: number;
  checked: boolean;
  documentId: string | null;
  document: DocumentData | null;
}

/** A file the browser has read (and converted or cropped): what is uploaded and stashed. */
export interface ChosenFile {
  /** The bytes (a File or a Blob made from a conversion or a crop). */
  blob: Blob;
  name: string;
  size: number;
  /** The type the bytes are (after conversion, never HEIC for photos that were converted). */
  mimeType: AcceptedContentType;
}

/** createDocumentUpload's answer: where to put the file and the metadata to send with it. */
export interface UploadTarget {
  uploadId: string;
  documentId: string;
  storagePath: string;
  metadata: Record<string, string>;
  expiresAt: string;
}

/** What opens the upload flow: empty for a new document; a checklist item or an action presets the form. */
export interface UploadPreset {
  category: DocumentCategory | null;
  fileType: DocumentFileType | null;
  year: number | null;
}

/** A file kept in the browser (IndexedDB) until it is stored, so a reload or a failure never loses it. */
export interface StashedUpload {
  /** The stash key (one per chosen file). */
  id: string;
  file: ChosenFile;
  document: DocumentFormValues;
  /** The document whose file this replaces (edit), or null for a new one. */
  replaces: string | null;
  /** The prepared upload it was last sent under (cancelled on the server when started again). */
  uploadId: string | null;
  savedAt: string;
}

/** The upload's progress as the Storage SDK reports it. */
export interface UploadProgressData {
  bytesTransferred: number;
  totalBytes: number;
}

/** The server's answer for an upload (the progress record, spec 001 §3). */
export type UploadOutcome = { ok: true; documentId: string } | { ok: false; reason: UploadRefusal };

/** Events the uploadFile callback actor sends its parent. */
export type UploadFileEvent =
  | ({ type: 'upload.progress' } & UploadProgressData)
  | { type: 'upload.stored' }
  | { type: 'upload.failed'; code: string };

/** Events the uploadFile callback actor receives (sendTo the child). */
export type UploadControlEvent = { type: 'upload.pause' } | { type: 'upload.resume' } | { type: 'upload.cancel' };

/** Events the watchConnection callback actor sends: at start, and at every change. */
export type ConnectionEvent = { type: 'connection.changed'; quality: ConnectionQuality };

// ---------------------------------------------------------------------------------------------------------------
// Ports

export interface DocumentsPort {
  getDocuments(): Promise<DocumentData[]>;
  getChecklist(): Promise<ChecklistItemData[]>;
  /** getDocumentUrl, then opens the document (view: a new tab) or saves it (download). */
  openDocument(documentId: string, action: 'view' | 'download'): Promise<void>;
  deleteDocument(id: string): Promise<void>;
  updateDocument(documentId: string, document: DocumentFormValues): Promise<DocumentData>;
  createUpload(request: {
    document: DocumentFormValues;
    file: Pick<ChosenFile, 'name' | 'size' | 'mimeType'>;
    replaces: string | null;
  }): Promise<UploadTarget>;
  /** Forgets a prepared upload on the server and removes anything of it that was stored. */
  cancelUpload(uploadId: string): Promise<void>;
  /** Resolves when the progress record reports the file stored (documentUploadedToSf) or refused. */
  waitForUploadOutcome(uploadId: string): Promise<UploadOutcome>;
  /** Refetches the documents and checklist queries. */
  refresh(): Promise<void>;
}

export interface UploadHandle {
  pause(): void;
  resume(): void;
  cancel(): void;
}

export interface FilesPort {
  /** Reads the chosen file; an unreadable one rejects with key 'errors.file-permission-denied'. */
  readFile(file: File): Promise<ChosenFile>;
  /** HEIC/HEIF → JPEG in the browser. */
  convertHeic(file: ChosenFile): Promise<ChosenFile>;
  /** The image cropped to `area` (source pixels) after rotating by `rotation` degrees. */
  cropImage(file: ChosenFile, area: CropArea, rotation: number): Promise<ChosenFile>;
  /** Starts a resumable upload of `file` to `target`; `listener` hears progress, stored and failed. */
  upload(file: ChosenFile, target: UploadTarget, listener: (event: UploadFileEvent) => void): UploadHandle;
  /** The connection now, and each change (online/offline events, the Network Information API). */
  connection(): ConnectionQuality;
  onConnectionChange(listener: (quality: ConnectionQuality) => void): Unsubscribe;
  /** The browser's stash (IndexedDB) of files not yet stored. */
  stash: {
    save(upload: StashedUpload): Promise<void>;
    list(): Promise<StashedUpload[]>;
    remove(id: string): Promise<void>;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Actor signatures

export interface DocumentUploadActorSignatures {
  readFile: PromiseActorSignature<{ file: File }, ChosenFile>;
  convertHeic: PromiseActorSignature<{ file: ChosenFile }, ChosenFile>;
  cropImage: PromiseActorSignature<{ file: ChosenFile; area: CropArea; rotation: number }, ChosenFile>;
  /** Keeps the file (and the form) in IndexedDB until it is stored. */
  stashFile: PromiseActorSignature<{ upload: StashedUpload }, void>;
  removeStash: PromiseActorSignature<{ id: string }, void>;
  createUpload: PromiseActorSignature<
    { document: DocumentFormValues; file: Pick<ChosenFile, 'name' | 'size' | 'mimeType'>; replaces: string | null },
    UploadTarget
  >;
  /** The resumable upload: sends UploadFileEvent, receives UploadControlEvent. */
  uploadFile: CallbackActorSignature<{ file: ChosenFile; target: UploadTarget }, UploadFileEvent>;
  waitForUploadOutcome: PromiseActorSignature<{ uploadId: string }, UploadOutcome>;
  cancelUpload: PromiseActorSignature<{ uploadId: string }, void>;
  /** Sends ConnectionEvent at start and at each change. */
  watchConnection: CallbackActorSignature<void, ConnectionEvent>;
  refreshDocuments: PromiseActorSignature<void, void>;
}

export interface DocumentEditActorSignatures {
  updateDocument: PromiseActorSignature<{ documentId: string; document: DocumentFormValues }, DocumentData>;
  refreshDocuments: PromiseActorSignature<void, void>;
}

export interface DocumentDeleteActorSignatures {
  deleteDocument: PromiseActorSignature<{ id: string }, void>;
  refreshDocuments: PromiseActorSignature<void, void>;
}

export interface DocumentOpenActorSignatures {
  openDocument: PromiseActorSignature<{ documentId: string; action: 'view' | 'download' }, void>;
}
