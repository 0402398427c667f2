import type { ChosenFile, FilesPort, StashedUpload } from '../../../machines/documents/ports';
import {
  isAcceptedContentType,
  sniffContentType,
  SIGNATURE_BYTES,
  type AcceptedContentType,
  type CropArea,
  type DocumentFormValues,
} from '../../domain/documents';
import { UPLOAD_STASH_MAX_AGE_MS } from '../../domain/constants';
import { ERROR_KEYS } from '../../domain/errors';
import type { AdapterError } from './errors';

// The browser's side of a chosen file, loaded with the first upload rather than with the app
// (src/adapters/firebase/documents.ts createFilesPort imports it when first asked): reading it (its type from its
// bytes), HEIC → JPEG (heic2any, its own chunk), cropping on a canvas, and the IndexedDB stash of files not yet
// stored, kept per signed-in user for at most UPLOAD_STASH_MAX_AGE_MS and forgotten when their session ends (idb
// loads with the stash's first use).

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
  /** When this browser stored it (ms): a record older than UPLOAD_STASH_MAX_AGE_MS is forgotten. */
  storedAtMs?: number;
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
    storedAtMs: Date.now(),
  };
}

/** A record past UPLOAD_STASH_MAX_AGE_MS (by when it was stored, else by its form's save time). */
function isExpired(record: StashRecord, nowMs: number): boolean {
  const storedAt = record.storedAtMs ?? Date.parse(record.savedAt);
  return !Number.isFinite(storedAt) || nowMs - storedAt > UPLOAD_STASH_MAX_AGE_MS;
}

/**
 * Deletes the records past UPLOAD_STASH_MAX_AGE_MS, whoever kept them, and, with `signedInUid`, every record of
 * another user: only one user is signed in to a browser, so another user's files are those of a session that
 * ended (signed out elsewhere, expired, revoked) and must not stay on a shared computer.
 */
async function purgeStash(db: StashDb, signedInUid?: string): Promise<void> {
  const now = Date.now();
  const transaction = db.transaction(STASH_STORE, 'readwrite');
  let cursor = await transaction.store.openCursor();
  while (cursor) {
    const record = cursor.value as StashRecord;
    if (isExpired(record, now) || (signedInUid !== undefined && record.uid !== signedInUid)) await cursor.delete();
    cursor = await cursor.continue();
  }
  await transaction.done;
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
      await purgeStash(db);
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

/**
 * A user signed in: forgets the files of every other user and every file past its 24 hours (see purgeStash).
 */
export async function clearStashOfEndedSessions(signedInUid: string): Promise<void> {
  await purgeStash(await openStash(), signedInUid);
}

/** Forgets every stashed file of `uid` (sign-out or the session's end: the next person at this computer must not find them). */
export async function clearUploadStash(uid: string): Promise<void> {
  const db = await openStash();
  const transaction = db.transaction(STASH_STORE, 'readwrite');
  const keys = await transaction.store.index(BY_USER).getAllKeys(uid);
  await Promise.all(keys.map((key) => transaction.store.delete(key)));
  await transaction.done;
}

