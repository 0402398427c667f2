// The files the documents e2e uploads, and what the Storage emulator holds afterwards (
// "Bad input"). Large files are made at test time into a temporary folder (removed when the process ends), the same
// bytes every run; the HEIC photo is committed (e2e/fixtures/receipt.heic, made by e2e/fixtures/make.ts).
// The emulator appends chunks without checking offsets: compare the stored object's size and SHA-256 with the
// file's, never the progress events alone.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdfOfSize } from '../../seed/pdf';
import { encodePng, receiptPhoto } from '../../seed/png';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants';

const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-credit-readiness';
const STORAGE = `http://${process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '127.0.0.1:9199'}`;
const FIRESTORE = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080'}/v1/projects/${PROJECT}/databases/(default)/documents`;
/** The app's default bucket (src/app/config.ts): VITE_FIREBASE_STORAGE_BUCKET, else `<project>.appspot.com`. */
export const BUCKET = process.env.VITE_FIREBASE_STORAGE_BUCKET || `${PROJECT}.appspot.com`;
/** The emulators' admin bypass: reads whatever the rules say. */
const OWNER = { Authorization: 'Bearer owner' };

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** A file on disk for `setInputFiles`, with what the test compares against. */
export interface TestFile {
  path: string;
  /** The file's name as the browser sees it. */
  name: string;
  /** The type its name claims (what a browser would say). */
  mimeType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

let folder: string | undefined;
function tempFolder(): string {
  if (!folder) {
    const made = mkdtempSync(path.join(tmpdir(), 'documents-e2e-'));
    folder = made;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return folder;
}

const made = new Map<string, TestFile>();
function testFile(name: string, mimeType: string, bytes: () => Uint8Array): TestFile {
  const cached = made.get(name);
  if (cached) return cached;
  const content = bytes();
  const file = { path: path.join(tempFolder(), name), name, mimeType, size: content.length, sha256: sha256(content) };
  writeFileSync(file.path, content);
  made.set(name, file);
  return file;
}

/** `length` pseudo-random bytes from `seed` (xorshift32): the same bytes for the same seed, and incompressible. */
export function pseudoRandomBytes(length: number, seed = 13): Uint8Array {
  const bytes = new Uint8Array(length);
  const words = new Uint32Array(bytes.buffer, 0, Math.floor(length / 4));
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  for (let index = 0; index < words.length; index += 1) words[index] = next();
  for (let index = words.length * 4; index < length; index += 1) bytes[index] = next() & 0xff;
  return bytes;
}

export const MB = 1024 * 1024;

/**
 * A valid one-page PDF of exactly `size` bytes (6 MB unless told) whose bulk is an attached scan of pseudo-random
 * bytes: big enough that an upload is still running when the network is cut half-way.
 */
export function largePdf({ size = 6 * MB, seed = 13, name = 'Bank statements 2025 (scan).pdf' }: { size?: number; seed?: number; name?: string } = {}): TestFile {
  return testFile(name, 'application/pdf', () =>
    pdfOfSize(size, { title: `${name} (e2e)`, lines: ['Bank statements, scanned (e2e test file)', `${size} bytes, seed ${seed}`] }, (length) =>
      pseudoRandomBytes(length, seed),
    ),
  );
}

/** A PDF one byte over the upload limit (UPLOAD_MAX_BYTES): refused in the browser with the size warning. */
export function oversizedPdf(): TestFile {
  return largePdf({ size: UPLOAD_MAX_BYTES + 1, seed: 20, name: 'Tax returns 2024-2025 (too large).pdf' });
}

/** A file named .pdf whose bytes are a PNG image: the server refuses it (the type by its bytes, not its name). */
export function pngNamedPdf(): TestFile {
  return testFile('Pay stub (really a picture).pdf', 'application/pdf', () => encodePng(receiptPhoto(300, 400)));
}

/** An empty file named .pdf. */
export function emptyPdf(): TestFile {
  return testFile('Empty statement.pdf', 'application/pdf', () => new Uint8Array(0));
}

/** A phone photo of a receipt in HEIC (brand heic), committed: the browser converts it to JPEG and crops it. */
export function receiptHeic(): TestFile {
  const file = path.join(FIXTURES, 'receipt.heic');
  const bytes = readFileSync(file);
  return { path: file, name: 'receipt.heic', mimeType: 'image/heic', size: bytes.length, sha256: sha256(bytes) };
}

// ------------------------------------------------------------------------------ what the emulators hold

/** A Storage object as the emulator holds it: its size, type, custom metadata and the SHA-256 of its bytes. */
export interface StoredObject {
  path: string;
  size: number;
  contentType: string;
  metadata: Record<string, string>;
  sha256: string;
}

const objectUrl = (objectPath: string) => `${STORAGE}/v0/b/${BUCKET}/o/${encodeURIComponent(objectPath)}`;

/** The object at `objectPath` in the app's bucket, or null when there is none. */
export async function storedObject(objectPath: string): Promise<StoredObject | null> {
  const head = await fetch(objectUrl(objectPath), { headers: OWNER });
  if (head.status === 404) return null;
  if (!head.ok) throw new Error(`reading ${objectPath}'s metadata failed: ${head.status} ${await head.text()}`);
  const info = (await head.json()) as { size: string | number; contentType?: string; metadata?: Record<string, string> };
  const body = await fetch(`${objectUrl(objectPath)}?alt=media`, { headers: OWNER });
  if (!body.ok) throw new Error(`reading ${objectPath} failed: ${body.status}`);
  const bytes = new Uint8Array(await body.arrayBuffer());
  return { path: objectPath, size: bytes.length, contentType: info.contentType ?? '', metadata: info.metadata ?? {}, sha256: sha256(bytes) };
}

/** The paths of the objects under `prefix` (e.g. `users/<uid>/documents/<documentId>/`): what an upload left behind. */
export async function storedObjectPaths(prefix: string): Promise<string[]> {
  const paths: string[] = [];
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({ prefix, ...(pageToken ? { pageToken } : {}) });
    const res = await fetch(`${STORAGE}/v0/b/${BUCKET}/o?${query}`, { headers: OWNER });
    if (!res.ok) throw new Error(`listing ${prefix} failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { items?: { name: string }[]; nextPageToken?: string };
    paths.push(...(body.items ?? []).map((item) => item.name));
    pageToken = body.nextPageToken;
  } while (pageToken);
  return paths.sort();
}

/** A customer's document record as stored (documents/{uid}/items/{id}), the fields a test compares. */
export interface StoredDocument {
  id: string;
  name: string;
  category: string;
  fileType: string;
  year: number | null;
  documentDate: string | null;
  fileSize: number;
  mimeType: string;
  storagePath: string;
  status: string;
}

type Value = { stringValue?: string; integerValue?: string; nullValue?: null; doubleValue?: number };
const plain = (value: Value | undefined): unknown =>
  value === undefined || 'nullValue' in value ? null : value.stringValue ?? (value.integerValue !== undefined ? Number(value.integerValue) : value.doubleValue ?? null);

function toStoredDocument(id: string, fields: Record<string, Value>): StoredDocument {
  const field = (name: string) => plain(fields[name]);
  return {
    id,
    name: field('name') as string,
    category: field('category') as string,
    fileType: field('fileType') as string,
    year: field('year') as number | null,
    documentDate: field('documentDate') as string | null,
    fileSize: field('fileSize') as number,
    mimeType: field('mimeType') as string,
    storagePath: field('storagePath') as string,
    status: field('status') as string,
  };
}

/** The customer's stored documents. */
export async function storedDocuments(uid: string): Promise<StoredDocument[]> {
  const res = await fetch(`${FIRESTORE}/documents/${uid}/items?pageSize=300`, { headers: OWNER });
  if (!res.ok) throw new Error(`listing ${uid}'s documents failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { documents?: { name: string; fields?: Record<string, Value> }[] };
  return (body.documents ?? []).map((doc) => toStoredDocument(doc.name.split('/').at(-1)!, doc.fields ?? {}));
}

/**
 * Waits until the customer has a 'ready' document named `name` (the file's name as uploaded) and answers it with
 * its stored object: compare `object.sha256` and `object.size` with the uploaded TestFile's.
 */
export async function storedDocumentFile(uid: string, name: string, timeoutMs = 30_000): Promise<{ document: StoredDocument; object: StoredObject }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const document = (await storedDocuments(uid)).find((candidate) => candidate.name === name && candidate.status === 'ready');
    const object = document ? await storedObject(document.storagePath) : null;
    if (document && object) return { document, object };
    if (Date.now() > deadline) throw new Error(`no stored document named ${name} for ${uid}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
