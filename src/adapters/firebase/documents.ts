import type {
  ChecklistItemData,
  ChosenFile,
  DocumentData,
  DocumentsPort,
  FilesPort,
  UploadFileEvent,
  UploadHandle,
  UploadOutcome,
  UploadTarget,
} from '../../../machines/documents/ports';
import type { Unsubscribe } from '../../../machines/ports';
import type { ChecklistItemRecord, DocumentRecord } from '../../contract/documents';
import { connectionQuality, type ConnectionQuality } from '../../domain/connection';
import type { DocumentFormValues } from '../../domain/documents';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';
import type { AdapterError } from './errors';

// The documents locker at the adapter boundary (spec 001 §2-§7), as machines/documents/ports.ts asks:
//
// - the document callables over the typed client (requests and answers parsed with src/contract/documents.ts);
//   opening a document asks getDocumentUrl for a short-lived link and opens it (view: a new tab) or saves it
//   (download: the server answers Content-Disposition attachment);
// - the progress record documentUploadProgress/{uploadId} read with a Firestore listener until the server has
//   checked the file;
// - the browser's side of a file: reading it (its type from its bytes), HEIC → JPEG (heic2any, its own chunk),
//   cropping on a canvas (these three and the stash are ./documentFiles, their own chunk), the resumable Storage upload (pause/resume/cancel on the SDK's task: the SDK asks the
//   server for its offset when resumed, so an upload continues from the bytes already stored), the connection,
//   and the IndexedDB stash of files not yet stored, kept per signed-in user.
//
// The Storage and Firestore SDKs, heic2any and idb load with their first use, not with the page.

// ------------------------------------------------------------------------------------------- the callables

/** The document calls; `refresh` (the page's cached reads) is the app's (src/app/documents/queries.ts). */
export type DocumentCallsPort = Omit<DocumentsPort, 'refresh'>;

const iso = (value: Date | string): string => (typeof value === 'string' ? value : value.toISOString());
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** A document as the machines read it: the client's Dates written back as ISO text. */
export function toDocumentData(document: Dated<DocumentRecord>): DocumentData {
  return {
    ...document,
    category: document.category,
    fileType: document.fileType as DocumentData['fileType'],
    createdAt: iso(document.createdAt),
    updatedAt: isoOrNull(document.updatedAt),
  };
}

export function toChecklistItemData(item: Dated<ChecklistItemRecord>): ChecklistItemData {
  return {
    ...item,
    fileType: item.fileType as ChecklistItemData['fileType'],
    document: item.document === null ? null : toDocumentData(item.document),
  };
}

/** The form as the contract takes it (category and type are required there; the machines check before sending). */
function formRequest(document: DocumentFormValues) {
  if (document.category === null || document.fileType === null) throw { code: 'invalid-argument' } satisfies AdapterError;
  return {
    category: document.category,
    fileType: document.fileType,
    year: document.year,
    documentDate: document.documentDate === '' ? null : document.documentDate,
    comments: document.comments,
  };
}

/** How a link opens in the browser: a view in a new tab, a download as a saved file. */
export interface LinkOpener {
  /** Called at once (still inside the click): a tab the link will go to, or null (blocked, or not needed). */
  prepare(action: 'view' | 'download'): PreparedTab | null;
  open(url: string, action: 'view' | 'download', tab: PreparedTab | null): void;
}

export interface PreparedTab {
  go(url: string): void;
  close(): void;
}

/** Clicks a link the way a person would: target _blank for a view, `download` for a file. */
function clickLink(url: string, action: 'view' | 'download'): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener noreferrer';
  if (action === 'view') link.target = '_blank';
  else link.download = '';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/**
 * The browser's opener. A view opens a blank tab while the click's user activation lasts (a popup blocker refuses
 * a tab opened after the link arrives) and sends it to the link once it has come; the tab gets no opener. A
 * blocked tab falls back to a target=_blank link. A download clicks a download link in the page.
 */
export const browserLinkOpener: LinkOpener = {
  prepare(action) {
    if (action !== 'view') return null;
    const tab = window.open('about:blank', '_blank');
    if (!tab) return null;
    tab.opener = null;
    return {
      go: (url) => tab.location.replace(url),
      close: () => tab.close(),
    };
  },
  open(url, action, tab) {
    if (tab) tab.go(url);
    else clickLink(url, action);
  },
};

/** How long the server may take to check a stored file before the wait gives up (the trigger runs in seconds). */
export const UPLOAD_OUTCOME_TIMEOUT_MS = 3 * 60 * 1000;
/** A listener refused before the progress record exists (or a dropped channel) listens again after this. */
export const UPLOAD_OUTCOME_RETRY_MS = 1_000;

type SubscribeDocument = (
  path: string,
  listener: (data: Record<string, unknown> | null) => void,
  onError: (error: AdapterError) => void,
) => Unsubscribe;

const loadSubscribeDocument = async (): Promise<SubscribeDocument> => (await import('./firestoreLive')).subscribeDocument;

/**
 * Resolves with the server's outcome for an upload: the progress record (spec 001 §3) once `fileProcessed`, either
 * stored (documentUploadedToSf) or refused with its reason. Until the record exists the listener hears nothing (or
 * is refused by the rules, which grant the owner's record once it names them): it listens again.
 */
export function waitForUploadOutcome(
  uploadId: string,
  subscribe: () => Promise<SubscribeDocument> = loadSubscribeDocument,
  timeoutMs = UPLOAD_OUTCOME_TIMEOUT_MS,
): Promise<UploadOutcome> {
  return new Promise<UploadOutcome>((resolve, reject) => {
    let unsubscribe: Unsubscribe | null = null;
    let settled = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const finish = (outcome: UploadOutcome | null, error?: AdapterError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (retry) clearTimeout(retry);
      unsubscribe?.();
      if (outcome) resolve(outcome);
      else reject(error ?? { code: 'deadline-exceeded' });
    };
    const deadline = setTimeout(() => finish(null, { code: 'deadline-exceeded' }), timeoutMs);
    const listen = async () => {
      let subscribeDocument: SubscribeDocument;
      let uploadProgressSchema: typeof import('../../contract/documents').uploadProgressSchema;
      try {
        [subscribeDocument, { uploadProgressSchema }] = await Promise.all([subscribe(), import('../../contract/documents')]);
      } catch {
        finish(null, { code: 'network-request-failed' });
        return;
      }
      if (settled) return;
      unsubscribe = subscribeDocument(
        `documentUploadProgress/${uploadId}`,
        (data) => {
          if (data === null) return;
          const parsed = uploadProgressSchema.safeParse(data);
          if (!parsed.success) {
            finish(null, { code: 'invalid-response' });
            return;
          }
          const record = parsed.data;
          if (!record.fileProcessed) return;
          if (record.documentValidationSuccessful === false) {
            finish({ ok: false, reason: record.reason ?? 'unknown-upload' });
          } else if (record.documentUploadedToSf) {
            finish({ ok: true, documentId: record.documentId });
          }
        },
        () => {
          unsubscribe?.();
          unsubscribe = null;
          if (!settled) retry = setTimeout(() => void listen(), UPLOAD_OUTCOME_RETRY_MS);
        },
      );
      if (settled) unsubscribe();
    };
    void listen();
  });
}

export function createDocumentCallsPort(
  opener: LinkOpener = browserLinkOpener,
  subscribe: () => Promise<SubscribeDocument> = loadSubscribeDocument,
): DocumentCallsPort {
  return {
    getDocuments: async () => (await lazyCall('getDocuments', null)).documents.map(toDocumentData),
    getChecklist: async () => (await lazyCall('getChecklist', null)).items.map(toChecklistItemData),
    openDocument: async (documentId, action) => {
      // Before anything is awaited: the click's user activation still lets a tab open.
      const tab = opener.prepare(action);
      try {
        const { url } = await lazyCall('getDocumentUrl', { documentId, action });
        opener.open(url, action, tab);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    deleteDocument: async (id) => {
      await lazyCall('deleteDocument', { id });
    },
    updateDocument: async (documentId, document) =>
      toDocumentData(await lazyCall('updateDocument', { documentId, document: formRequest(document) })),
    createUpload: async ({ document, file, replaces }) => {
      const target = await lazyCall('createDocumentUpload', {
        document: formRequest(document),
        file: { name: file.name, size: file.size, mimeType: file.mimeType },
        replaces,
      });
      return { ...target, expiresAt: iso(target.expiresAt) } satisfies UploadTarget;
    },
    cancelUpload: async (uploadId) => {
      await lazyCall('cancelDocumentUpload', { uploadId });
    },
    waitForUploadOutcome: (uploadId) => waitForUploadOutcome(uploadId, subscribe),
  };
}

// ------------------------------------------------------------------------------------------ the upload

/** The part of the Storage SDK the upload uses (a fake in the tests). */
export interface StorageUploadSdk {
  startUpload(
    storagePath: string,
    blob: Blob,
    metadata: { contentType: string; customMetadata: Record<string, string> },
  ): StorageUploadTask;
}

export interface StorageUploadTask {
  on(
    event: 'state_changed',
    next: (snapshot: { bytesTransferred: number; totalBytes: number }) => void,
    error: (error: { code?: string }) => void,
    complete: () => void,
  ): () => void;
  pause(): boolean;
  resume(): boolean;
  cancel(): boolean;
}

const loadStorageUploadSdk = async (): Promise<StorageUploadSdk> => {
  const [{ ref, uploadBytesResumable }, { firebaseStorage }] = await Promise.all([import('firebase/storage'), import('./storage')]);
  return {
    startUpload: (storagePath, blob, metadata) => uploadBytesResumable(ref(firebaseStorage(), storagePath), blob, metadata),
  };
};

/** A Storage error code without its 'storage/' prefix ('retry-limit-exceeded', 'unauthorized', ...). */
export function storageErrorCode(error: { code?: string } | null | undefined): string {
  const code = typeof error?.code === 'string' ? error.code : 'unknown';
  return code.startsWith('storage/') ? code.slice('storage/'.length) : code;
}

/**
 * Starts the resumable upload of `file` to the prepared target with its custom metadata. The handle works from the
 * first moment: a pause, resume or cancel before the SDK has loaded is applied when the task starts. A cancel is
 * not a failure (the machine asked for it); any other error is `upload.failed` with its code.
 */
export function startUpload(
  file: ChosenFile,
  target: UploadTarget,
  listener: (event: UploadFileEvent) => void,
  loadSdk: () => Promise<StorageUploadSdk> = loadStorageUploadSdk,
): UploadHandle {
  let task: StorageUploadTask | null = null;
  let paused = false;
  let cancelled = false;
  let finished = false;
  let stopListening: (() => void) | null = null;
  const send = (event: UploadFileEvent) => {
    if (!finished && !cancelled) listener(event);
  };
  /** The last event: the task is over before the listener hears it (it may cancel the handle at once). */
  const finish = (event: UploadFileEvent) => {
    if (finished || cancelled) return;
    finished = true;
    listener(event);
  };
  loadSdk().then(
    (sdk) => {
      if (cancelled) return;
      task = sdk.startUpload(target.storagePath, file.blob, { contentType: file.mimeType, customMetadata: target.metadata });
      stopListening = task.on(
        'state_changed',
        (snapshot) => send({ type: 'upload.progress', bytesTransferred: snapshot.bytesTransferred, totalBytes: snapshot.totalBytes }),
        (error) => {
          if (storageErrorCode(error) === 'canceled') return;
          finish({ type: 'upload.failed', code: storageErrorCode(error) });
        },
        () => finish({ type: 'upload.stored' }),
      );
      if (paused) task.pause();
    },
    // The Storage SDK's chunk did not load (the connection dropped): the machine offers to try again.
    () => finish({ type: 'upload.failed', code: 'network-request-failed' }),
  );
  return {
    pause() {
      paused = true;
      task?.pause();
    },
    resume() {
      paused = false;
      task?.resume();
    },
    cancel() {
      if (cancelled) return;
      cancelled = true;
      if (!finished) task?.cancel();
      stopListening?.();
    },
  };
}

// ------------------------------------------------------------------------------------------ the connection

interface NetworkInformationLike {
  effectiveType?: string;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

/** What the connection watch reads: the browser's window and navigator (fakes in the tests). */
export interface ConnectionEnvironment {
  navigator: { onLine: boolean; connection?: NetworkInformationLike };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export function currentConnection(environment: ConnectionEnvironment): ConnectionQuality {
  return connectionQuality(environment.navigator.onLine, environment.navigator.connection?.effectiveType ?? null);
}

/** Calls back with the connection's quality each time it changes (online/offline, the effective type). */
export function watchConnectionChanges(
  environment: ConnectionEnvironment,
  listener: (quality: ConnectionQuality) => void,
): Unsubscribe {
  let last = currentConnection(environment);
  const check = () => {
    const quality = currentConnection(environment);
    if (quality === last) return;
    last = quality;
    listener(quality);
  };
  const connection = environment.navigator.connection;
  environment.addEventListener('online', check);
  environment.addEventListener('offline', check);
  connection?.addEventListener('change', check);
  return () => {
    environment.removeEventListener('online', check);
    environment.removeEventListener('offline', check);
    connection?.removeEventListener('change', check);
  };
}

const browserConnection = (): ConnectionEnvironment => window as unknown as ConnectionEnvironment;

// ----------------------------------------------------------------------------------------- the files port

export interface FilesPortOptions {
  loadStorage?: () => Promise<StorageUploadSdk>;
  connection?: () => ConnectionEnvironment;
}

/** Reading, converting, cropping and the stash: their own chunk (./documentFiles), loaded with their first use. */
const loadFiles = () => import('./documentFiles');

/** machines/documents/ports.ts FilesPort for the signed-in user `uid` (their stash). */
export function createFilesPort(uid: string, options: FilesPortOptions = {}): FilesPort {
  const environment = options.connection ?? browserConnection;
  const stash = async () => (await loadFiles()).createUploadStash(uid);
  return {
    readFile: async (file) => (await loadFiles()).readChosenFile(file),
    convertHeic: async (file) => (await loadFiles()).convertHeicFile(file),
    cropImage: async (file, area, rotation) => (await loadFiles()).cropImageFile(file, area, rotation),
    upload: (file, target, listener) => startUpload(file, target, listener, options.loadStorage),
    connection: () => currentConnection(environment()),
    onConnectionChange: (listener) => watchConnectionChanges(environment(), listener),
    stash: {
      save: async (upload) => (await stash()).save(upload),
      list: async () => (await stash()).list(),
      remove: async (id) => (await stash()).remove(id),
    },
  };
}

/** Forgets every stashed file of `uid` (sign-out: the next person at this computer must not find them). */
export async function clearUploadStash(uid: string): Promise<void> {
  return (await loadFiles()).clearUploadStash(uid);
}
