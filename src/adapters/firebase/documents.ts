import type {
  ChecklistItemData,
  ChosenFile,
  DocumentData,
  DocumentsPort,
  FilesPort,
  StashedUpload,
  UploadFileEvent,
  UploadHandle,
  UploadOutcome,
  UploadTarget,
} from '../../../machines/documents/ports';
import type { Unsubscribe } from '../../../machines/ports';
import type { ChecklistItemRecord, DocumentRecord } from '../../contract/documents';
import {
  connectionQuality,
  isAcceptedContentType,
  sniffContentType,
  SIGNATURE_BYTES,
  type AcceptedContentType,
  type ConnectionQuality,
  type CropArea,
  type DocumentFormValues,
} from '../../domain/documents';
import { ERROR_KEYS } from '../../domain/errors';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';
import type { AdapterError } from './errors';

// The documents locker at the adapter boundary (spec 001 §2-§7, issue 13), as machines/documents/ports.ts asks:
//
// - the document callables over the typed client (requests and answers parsed with src/contract/documents.ts);
//   opening a document asks getDocumentUrl for a short-lived link and opens it (view: a new tab) or saves it
//   (download: the server answers Content-Disposition attachment);
// - the progress record documentUploadProgress/{uploadId} read with a Firestore listener until the server has
//   checked the file;
// - the browser's side of a file: reading it (its type from its bytes), HEIC → JPEG (heic2any, its own chunk),
//   cropping on a canvas, the resumable Storage upload (pause/resume/cancel on the SDK's task: the SDK asks the
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

// ---------------------------------------------------------------------------------------------- the files

function permissionDenied(): AdapterError {
  return { code: 'file-permission-denied', key: ERROR_KEYS.filePermissionDenied };
}

/** The refusal of an empty file (nothing to store; keys without a namespace are the documents'). */
export function emptyFile(): AdapterError {
  return { code: 'empty-file', key: 'refusal.empty-file' };
}

/** The refusal of a file that is none of the locker's types (before anything is sent). */
export function unsupportedType(): AdapterError {
  return { code: 'unsupported-type', key: 'refusal.unsupported-type' };
}

/**
 * Reads a chosen file fully (a file the browser may not read, or that went away, is refused with
 * errors.file-permission-denied). Its type is what its first bytes are; bytes the locker does not recognise keep
 * the type the browser gave, when it is one of the locker's (the server checks the bytes and refuses a file whose
 * bytes lie); anything else is refused as unsupported, and an empty file as empty, before anything is sent.
 */
export async function readChosenFile(file: File): Promise<ChosenFile> {
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    // NotReadableError (the file changed or is locked), NotFoundError (it went away), SecurityError: all the
    // customer can do is choose it again.
    throw permissionDenied();
  }
  if (bytes.byteLength === 0) throw emptyFile();
  const sniffed = sniffContentType(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, SIGNATURE_BYTES)));
  const claimed = file.type.toLowerCase();
  const mimeType: AcceptedContentType | null = sniffed ?? (isAcceptedContentType(claimed) ? claimed : null);
  if (mimeType === null) throw unsupportedType();
  return { blob: new Blob([bytes], { type: mimeType }), name: file.name || 'document', size: bytes.byteLength, mimeType };
}

/** The name with another extension: 'IMG_0001.HEIC' → 'IMG_0001.jpg'. */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'photo'}.${extension}`;
}

export const HEIC_JPEG_QUALITY = 0.9;
export const CROP_JPEG_QUALITY = 0.92;
/** A phone photo converts in seconds (the decoder's first start takes longer on a slow phone); one that has not answered by then never will. */
export const HEIC_CONVERSION_TIMEOUT_MS = 120_000;

/** The browser refused heic2any's decoder worker once (it is made once, when the module loads): every later conversion fails at once. */
let heicWorkerRefused = false;

type Heic2Any = (options: { blob: Blob; toType?: string; quality?: number }) => Promise<Blob | Blob[]>;
const loadHeic2Any = async (): Promise<Heic2Any> => (await import('heic2any')).default as Heic2Any;

/** HEIC/HEIF → JPEG in the browser (spec 001 §4); a burst keeps its first photo. */
export async function convertHeicFile(
  file: ChosenFile,
  load: () => Promise<Heic2Any> = loadHeic2Any,
  timeoutMs = HEIC_CONVERSION_TIMEOUT_MS,
): Promise<ChosenFile> {
  let converted: Blob | Blob[];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWatching = () => undefined as void;
  try {
    // A decoder worker the browser refused (a security policy) or that crashed never answers: say so as soon as the
    // browser reports the refusal, and give up after a while otherwise.
    const refused = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('HEIC conversion timed out')), timeoutMs);
      if (heicWorkerRefused) reject(new Error('HEIC decoder refused by the security policy'));
      if (typeof document === 'undefined') return;
      const onViolation = (event: SecurityPolicyViolationEvent) => {
        if (event.effectiveDirective !== 'worker-src' || !event.blockedURI.startsWith('blob')) return;
        heicWorkerRefused = true;
        reject(new Error('HEIC decoder refused by the security policy'));
      };
      document.addEventListener('securitypolicyviolation', onViolation);
      stopWatching = () => document.removeEventListener('securitypolicyviolation', onViolation);
    });
    const heic2any = await Promise.race([load(), refused]);
    converted = await Promise.race([heic2any({ blob: file.blob, toType: 'image/jpeg', quality: HEIC_JPEG_QUALITY }), refused]);
  } catch {
    throw { code: 'heic-conversion-failed', key: 'toast.heic-conversion-failed' } satisfies AdapterError;
  } finally {
    clearTimeout(timer);
    stopWatching();
  }
  const first = Array.isArray(converted) ? converted[0] : converted;
  if (!first || first.size === 0) throw { code: 'heic-conversion-failed', key: 'toast.heic-conversion-failed' } satisfies AdapterError;
  const blob = first.type === 'image/jpeg' ? first : new Blob([first], { type: 'image/jpeg' });
  return { blob, name: withExtension(file.name, 'jpg'), size: blob.size, mimeType: 'image/jpeg' };
}

/** The size of the box a w×h image fills once rotated by `rotation` degrees. */
export function rotatedSize(width: number, height: number, rotation: number): { width: number; height: number } {
  const radians = (rotation * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(radians) * width) + Math.abs(Math.sin(radians) * height),
    height: Math.abs(Math.sin(radians) * width) + Math.abs(Math.cos(radians) * height),
  };
}

interface Canvas2D {
  width: number;
  height: number;
  getContext(type: '2d'): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
}

function makeCanvas(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function canvasBlob(canvas: Canvas2D, type: string, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas) return canvas.convertToBlob({ type, quality });
  return new Promise<Blob>((resolve, reject) =>
    (canvas as HTMLCanvasElement).toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no image'))), type, quality),
  );
}

/**
 * The photo cropped as react-easy-crop reports it: `area` is in the pixels of the image rotated by `rotation`
 * degrees about its centre (the rotated image's bounding box). A PNG stays PNG; a JPEG stays JPEG.
 */
export async function cropImageFile(file: ChosenFile, area: CropArea, rotation: number): Promise<ChosenFile> {
  const image = await createImageBitmap(file.blob);
  try {
    const box = rotatedSize(image.width, image.height, rotation);
    const boxWidth = Math.max(1, Math.round(box.width));
    const boxHeight = Math.max(1, Math.round(box.height));
    const rotated = makeCanvas(boxWidth, boxHeight);
    const context = rotated.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.translate(boxWidth / 2, boxHeight / 2);
    context.rotate((rotation * Math.PI) / 180);
    context.translate(-image.width / 2, -image.height / 2);
    context.drawImage(image, 0, 0);

    const x = Math.min(Math.max(0, Math.round(area.x)), boxWidth - 1);
    const y = Math.min(Math.max(0, Math.round(area.y)), boxHeight - 1);
    const width = Math.max(1, Math.min(Math.round(area.width), boxWidth - x));
    const height = Math.max(1, Math.min(Math.round(area.height), boxHeight - y));
    const cropped = makeCanvas(width, height);
    const croppedContext = cropped.getContext('2d');
    if (!croppedContext) throw new Error('no 2d canvas');
    croppedContext.drawImage(rotated as unknown as CanvasImageSource, x, y, width, height, 0, 0, width, height);

    const mimeType: AcceptedContentType = file.mimeType === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await canvasBlob(cropped, mimeType, CROP_JPEG_QUALITY);
    return { blob, name: withExtension(file.name, mimeType === 'image/png' ? 'png' : 'jpg'), size: blob.size, mimeType };
  } finally {
    image.close();
  }
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

// -------------------------------------------------------------------------------------------- the stash

/** The IndexedDB database and store of files not yet stored (one record per chosen file, marked with its user). */
export const STASH_DATABASE = 'documents-uploads';
export const STASH_STORE = 'uploads';
const STASH_VERSION = 1;
const BY_USER = 'uid';

/** A stash record: the file's bytes (an ArrayBuffer: Blobs in IndexedDB fail in some private windows), the form. */
interface StashRecord {
  id: string;
  uid: string;
  bytes: ArrayBuffer;
  name: string;
  size: number;
  mimeType: AcceptedContentType;
  document: DocumentFormValues;
  replaces: string | null;
  uploadId: string | null;
  savedAt: string;
}

type StashDb = import('idb').IDBPDatabase;

let stashDb: Promise<StashDb> | null = null;
function openStash(): Promise<StashDb> {
  stashDb ??= import('idb')
    .then(({ openDB }) =>
      openDB(STASH_DATABASE, STASH_VERSION, {
        upgrade(database) {
          const store = database.createObjectStore(STASH_STORE, { keyPath: 'id' });
          store.createIndex(BY_USER, 'uid');
        },
      }),
    )
    .catch((error: unknown) => {
      stashDb = null;
      throw error;
    });
  return stashDb;
}

/** Test seam: the next stash use opens the database again. */
export async function closeStashForTests(): Promise<void> {
  const db = stashDb;
  stashDb = null;
  if (db) (await db).close();
}

function recordOf(uid: string, upload: StashedUpload, bytes: ArrayBuffer): StashRecord {
  return {
    id: upload.id,
    uid,
    bytes,
    name: upload.file.name,
    size: upload.file.size,
    mimeType: upload.file.mimeType,
    document: upload.document,
    replaces: upload.replaces,
    uploadId: upload.uploadId,
    savedAt: upload.savedAt,
  };
}

function uploadOf(record: StashRecord): StashedUpload {
  return {
    id: record.id,
    file: { blob: new Blob([record.bytes], { type: record.mimeType }), name: record.name, size: record.size, mimeType: record.mimeType },
    document: record.document,
    replaces: record.replaces,
    uploadId: record.uploadId,
    savedAt: record.savedAt,
  };
}

/**
 * The stash of one signed-in user: another user of the same browser neither lists nor removes it (the records
 * carry their user's uid; a key of another user's record is left alone).
 */
export function createUploadStash(uid: string): FilesPort['stash'] {
  return {
    async save(upload) {
      const bytes = await upload.file.blob.arrayBuffer();
      const db = await openStash();
      const existing = (await db.get(STASH_STORE, upload.id)) as StashRecord | undefined;
      if (existing && existing.uid !== uid) throw { code: 'permission-denied' } satisfies AdapterError;
      await db.put(STASH_STORE, recordOf(uid, upload, bytes));
    },
    async list() {
      const db = await openStash();
      const records = (await db.getAllFromIndex(STASH_STORE, BY_USER, uid)) as StashRecord[];
      return records.sort((a, b) => b.savedAt.localeCompare(a.savedAt)).map(uploadOf);
    },
    async remove(id) {
      const db = await openStash();
      const transaction = db.transaction(STASH_STORE, 'readwrite');
      const record = (await transaction.store.get(id)) as StashRecord | undefined;
      if (record && record.uid === uid) await transaction.store.delete(id);
      await transaction.done;
    },
  };
}

/** Forgets every stashed file of `uid` (sign-out: the next person at this computer must not find them). */
export async function clearUploadStash(uid: string): Promise<void> {
  const db = await openStash();
  const transaction = db.transaction(STASH_STORE, 'readwrite');
  const keys = await transaction.store.index(BY_USER).getAllKeys(uid);
  await Promise.all(keys.map((key) => transaction.store.delete(key)));
  await transaction.done;
}

// ----------------------------------------------------------------------------------------- the files port

export interface FilesPortOptions {
  loadStorage?: () => Promise<StorageUploadSdk>;
  connection?: () => ConnectionEnvironment;
}

/** machines/documents/ports.ts FilesPort for the signed-in user `uid` (their stash). */
export function createFilesPort(uid: string, options: FilesPortOptions = {}): FilesPort {
  const environment = options.connection ?? browserConnection;
  return {
    readFile: readChosenFile,
    convertHeic: (file) => convertHeicFile(file),
    cropImage: cropImageFile,
    upload: (file, target, listener) => startUpload(file, target, listener, options.loadStorage),
    connection: () => currentConnection(environment()),
    onConnectionChange: (listener) => watchConnectionChanges(environment(), listener),
    stash: createUploadStash(uid),
  };
}
