// The documents locker under the emulators (spec 001 §2-§4, §6, §7; spec 002 §3, §4): a prepared upload, the file
// uploaded to Storage with its metadata, the upload trigger's verdict in the progress record, the document in the
// locker and on the CRM contact, a replacement, the short-lived links (identical bytes, the right headers, byte
// ranges, expiry), the checklist, deletion, the coach's permissions, and bad input: every refusal leaves Firestore
// and Storage as they were.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallableResponse } from '../../src/contract/callables';
import type { DocumentForm } from '../../src/contract/documents';
import { DOCUMENT_URL_TTL_MS, documentYears, type UploadRefusal } from '../../src/domain/documents';
import { emulatorAdminApp } from '../../seed/admin';
import { adminDb, call, closeClientApps, createCustomer, delegateSession, failureOf, PROJECT_ID, signIn, Timestamp, type TestCustomer } from '../support/emulator';

type AdminStorageModule = typeof import('../../functions/node_modules/firebase-admin/lib/storage/index');
const adminStorage = createRequire(new URL('../../functions/package.json', import.meta.url))('firebase-admin/storage') as AdminStorageModule;

const BUCKET = `${PROJECT_ID}.appspot.com`;
const [storageHost = '127.0.0.1', storagePort = '9199'] = (process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '127.0.0.1:9199').split(':');
/** The first upload starts the trigger's worker in the Functions emulator (several seconds). */
const UPLOAD_TIMEOUT_MS = 120_000;

afterAll(closeClientApps);

const bucket = () => adminStorage.getStorage(emulatorAdminApp(PROJECT_ID)).bucket(BUCKET);

const [LAST_YEAR, YEAR_BEFORE] = documentYears(new Date());

// ------------------------------------------------------------------------------------------- files

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF-signed file of `size` bytes (deterministic filler after the header, like a real PDF's body). */
function pdfBytes(size = 300_000): Uint8Array {
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const body = Buffer.alloc(size - header.length);
  for (let index = 0; index < body.length; index += 1) body[index] = (index * 31 + 7) % 256;
  return new Uint8Array(Buffer.concat([header, body]));
}

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(2_000)]);
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, ...randomBytes(4_000)]);
const TEXT_BYTES = new Uint8Array(Buffer.from('These are my bank statements, honestly.\n'.repeat(40)));

const W2_FORM: DocumentForm = { category: 'taxes', fileType: 'w2', year: LAST_YEAR, documentDate: null, comments: 'From Acme' };
const BANK_FORM: DocumentForm = { category: 'account-statements', fileType: 'bank', year: null, documentDate: null, comments: '' };

// ------------------------------------------------------------------------------------------- helpers

const storages = new WeakMap<FirebaseApp, ReturnType<typeof getStorage>>();

/** The app's Storage, on the emulator's default bucket (what the browser uploads to). */
function storageOf(app: FirebaseApp) {
  let storage = storages.get(app);
  if (!storage) {
    storage = getStorage(app, `gs://${BUCKET}`);
    connectStorageEmulator(storage, storageHost, Number(storagePort));
    storages.set(app, storage);
  }
  return storage;
}

type Target = CallableResponse<'createDocumentUpload'>;

/** Uploads bytes as the browser does: to the target's path, with its custom metadata and a content type. */
async function uploadTo(app: FirebaseApp, target: Target, bytes: Uint8Array, contentType: string) {
  await uploadBytes(ref(storageOf(app), target.storagePath), bytes, { contentType, customMetadata: target.metadata });
}

async function prepare(app: FirebaseApp, file: { name: string; size: number; mimeType: string }, document: DocumentForm = W2_FORM, replaces?: string) {
  return call(app, 'createDocumentUpload', {
    document,
    file: file as never,
    ...(replaces ? { replaces } : {}),
  });
}

interface Progress {
  progressId: string;
  userId: string;
  documentId: string;
  fileProcessed: boolean;
  documentValidationSuccessful: boolean | null;
  documentUploadedToSf: boolean;
  reason: UploadRefusal | null;
}

/** The progress record once the trigger's verdict is final (stored in the CRM, or refused). */
async function finalProgress(uploadId: string): Promise<Progress> {
  const deadline = Date.now() + UPLOAD_TIMEOUT_MS - 5_000;
  while (Date.now() < deadline) {
    const data = (await adminDb().doc(`documentUploadProgress/${uploadId}`).get()).data() as Progress | undefined;
    if (data && (data.documentUploadedToSf || data.documentValidationSuccessful === false)) return data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no final progress record for upload ${uploadId}`);
}

/** Uploads a file through the whole flow and answers the target and the verdict. */
async function uploadDocument(app: FirebaseApp, bytes: Uint8Array, options: { name?: string; mimeType?: string; document?: DocumentForm; replaces?: string } = {}) {
  const mimeType = options.mimeType ?? 'application/pdf';
  const target = await prepare(app, { name: options.name ?? 'W-2.pdf', size: bytes.length, mimeType }, options.document, options.replaces);
  await uploadTo(app, target, bytes, mimeType);
  return { target, progress: await finalProgress(target.uploadId) };
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const [files] = await bucket().getFiles({ prefix });
  return files.map((file) => file.name).sort();
}

const folderOf = (customer: TestCustomer) => `users/${customer.uid}/documents/`;

/** Everything the locker stores for these customers, in Firestore and Storage, to prove a refusal wrote nothing. */
async function lockerState(...customers: TestCustomer[]): Promise<string> {
  const state: Record<string, unknown> = {};
  for (const customer of customers) {
    for (const collection of [`documents/${customer.uid}/items`, `documentChecklist/${customer.uid}/items`]) {
      for (const doc of (await adminDb().collection(collection).get()).docs) state[doc.ref.path] = doc.data();
    }
    for (const collection of ['documentUploads', 'documentUploadProgress', 'documentUrlTokens']) {
      for (const doc of (await adminDb().collection(collection).where('userId', '==', customer.uid).get()).docs) state[doc.ref.path] = doc.data();
    }
    state[`storage:${customer.uid}`] = await objectsUnder(folderOf(customer));
    const files = await adminDb().collection(`crm/sandbox/contacts/${customer.contactId}/files`).get();
    for (const doc of files.docs) state[doc.ref.path] = doc.data();
  }
  return JSON.stringify(state, Object.keys(state).sort());
}

async function customerApp() {
  const customer = await createCustomer();
  return { customer, app: await signIn(customer) };
}

async function documentsOf(app: FirebaseApp) {
  return (await call(app, 'getDocuments')).documents;
}

// ------------------------------------------------------------------------------------------- the tests

describe('documents: upload, locker and links', () => {
  it(
    'stores an uploaded PDF as a ready document, files it on the CRM contact, and serves the identical bytes by link',
    async () => {
      const { customer, app } = await customerApp();
      const bytes = pdfBytes();
      const target = await prepare(app, { name: 'W-2 Acme Logistics.pdf', size: bytes.length, mimeType: 'application/pdf' });
      expect(target.storagePath).toBe(`users/${customer.uid}/documents/${target.documentId}/${target.uploadId}`);
      expect(target.metadata).toMatchObject({ documentId: target.documentId, uploadId: target.uploadId });
      expect(JSON.parse(target.metadata.document ?? '{}')).toMatchObject({ fileType: 'w2', year: LAST_YEAR });
      // Preparing stores no document yet.
      expect(await documentsOf(app)).toEqual([]);

      await uploadTo(app, target, bytes, 'application/pdf');
      expect(await finalProgress(target.uploadId)).toEqual({
        progressId: target.uploadId,
        userId: customer.uid,
        documentId: target.documentId,
        fileProcessed: true,
        documentValidationSuccessful: true,
        documentUploadedToSf: true,
        reason: null,
        updatedAt: expect.anything(),
      });

      const [document] = await documentsOf(app);
      expect(document).toMatchObject({
        id: target.documentId,
        name: 'W-2 Acme Logistics.pdf',
        category: 'taxes',
        fileType: 'w2',
        year: LAST_YEAR,
        documentDate: null,
        comments: 'From Acme',
        fileSize: bytes.length,
        mimeType: 'application/pdf',
        status: 'ready',
        updatedAt: null,
      });
      const crmFile = (await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}/files/${target.documentId}`).get()).data();
      expect(crmFile).toMatchObject({ name: 'W-2 Acme Logistics.pdf', fileType: 'w2', sha256: sha256(bytes), bytesReceived: bytes.length });
      expect(crmFile?.contentVersionId).toMatch(/^068/);
      expect((await adminDb().doc(`documentUploads/${target.uploadId}`).get()).exists).toBe(false);

      const view = await call(app, 'getDocumentUrl', { documentId: target.documentId, action: 'view' });
      expect(Date.parse(view.expiresAt) - Date.now()).toBeLessThanOrEqual(DOCUMENT_URL_TTL_MS);
      const viewed = await fetch(view.url);
      expect(viewed.status).toBe(200);
      expect(sha256(new Uint8Array(await viewed.arrayBuffer()))).toBe(sha256(bytes));
      expect(Object.fromEntries(viewed.headers)).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(bytes.length),
        'content-disposition': `inline; filename="W-2 Acme Logistics.pdf"; filename*=UTF-8''W-2%20Acme%20Logistics.pdf`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });

      const download = await call(app, 'getDocumentUrl', { documentId: target.documentId, action: 'download' });
      const downloaded = await fetch(download.url);
      expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(downloaded.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(sha256(new Uint8Array(await downloaded.arrayBuffer()))).toBe(sha256(bytes));

      // The same link again, for a byte range (as a PDF viewer asks).
      const range = await fetch(view.url, { headers: { Range: 'bytes=100-199' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
      expect(Buffer.from(await range.arrayBuffer()).equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true);
    },
    UPLOAD_TIMEOUT_MS,
  );

  it(
    "replaces a document's file: the same id and createdAt, the new file's name, size and type, the old file removed",
    async () => {
      const { customer, app } = await customerApp();
      const first = await uploadDocument(app, pdfBytes(50_000), { document: BANK_FORM, name: 'statement.pdf' });
      const [before] = await documentsOf(app);
      const photo = await uploadDocument(app, JPEG_BYTES, {
        name: 'statement photo.jpg',
        mimeType: 'image/jpeg',
        replaces: first.target.documentId,
        document: { ...BANK_FORM, documentDate: '2026-01-31', comments: 'Clearer copy' },
      });
      expect(photo.target.documentId).toBe(first.target.documentId);
      expect(photo.progress).toMatchObject({ documentValidationSuccessful: true, documentUploadedToSf: true });
      const after = await documentsOf(app);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        id: first.target.documentId,
        createdAt: before!.createdAt,
        name: 'statement photo.jpg',
        fileSize: JPEG_BYTES.length,
        mimeType: 'image/jpeg',
        documentDate: '2026-01-31',
        comments: 'Clearer copy',
        status: 'ready',
      });
      expect(after[0]!.updatedAt).not.toBeNull();
      expect(await objectsUnder(folderOf(customer))).toEqual([photo.target.storagePath]);
      const link = await call(app, 'getDocumentUrl', { documentId: first.target.documentId, action: 'view' });
      const viewed = await fetch(link.url);
      expect(viewed.headers.get('content-type')).toBe('image/jpeg');
      expect(viewed.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(sha256(new Uint8Array(await viewed.arrayBuffer()))).toBe(sha256(JPEG_BYTES));
    },
    UPLOAD_TIMEOUT_MS,
  );

  it(
    'deletes a document: its record, every file stored under it, the checklist link, and its copy on the CRM contact',
    async () => {
      const { customer, app } = await customerApp();
      const { target } = await uploadDocument(app, pdfBytes(20_000));
      // An earlier upload's object left under the same document is removed too.
      await bucket().file(`${folderOf(customer)}${target.documentId}/older-upload`).save(Buffer.from(pdfBytes(1_000)), { contentType: 'application/pdf' });
      await adminDb().doc(`documentChecklist/${customer.uid}/items/w2`).set({ category: 'taxes', fileType: 'w2', yearModifier: 1, documentId: target.documentId });

      await expect(call(app, 'deleteDocument', { id: target.documentId })).resolves.toEqual({ ok: true });
      expect(await documentsOf(app)).toEqual([]);
      expect(await objectsUnder(folderOf(customer))).toEqual([]);
      expect((await adminDb().doc(`documentChecklist/${customer.uid}/items/w2`).get()).data()).toMatchObject({ documentId: null });
      expect((await adminDb().doc(`crm/sandbox/contacts/${customer.contactId}/files/${target.documentId}`).get()).exists).toBe(false);
      const again = await failureOf(call(app, 'deleteDocument', { id: target.documentId }));
      expect(again).toMatchObject({ code: 'functions/not-found', details: { key: 'document-not-found' } });
    },
    UPLOAD_TIMEOUT_MS,
  );

  it('changes a document’s fields only, and answers the changed document', async () => {
    const { customer, app } = await customerApp();
    await adminDb().doc(`documents/${customer.uid}/items/doc-paystub`).set({
      id: 'doc-paystub',
      name: 'pay stub.pdf',
      category: 'income-statements',
      fileType: 'pay_stub',
      year: null,
      documentDate: null,
      comments: '',
      fileSize: 1_234,
      mimeType: 'application/pdf',
      userId: customer.uid,
      storagePath: `users/${customer.uid}/documents/doc-paystub/seed`,
      createdAt: Timestamp.fromDate(new Date('2026-01-02T03:04:05Z')),
    });
    const updated = await call(app, 'updateDocument', {
      documentId: 'doc-paystub',
      document: { category: 'income-statements', fileType: 'other_income', year: null, documentDate: '2026-01-15', comments: 'Bonus' },
    });
    expect(updated).toMatchObject({
      id: 'doc-paystub',
      name: 'pay stub.pdf',
      fileType: 'other_income',
      documentDate: '2026-01-15',
      comments: 'Bonus',
      fileSize: 1_234,
      createdAt: '2026-01-02T03:04:05.000Z',
      status: 'ready',
    });
    expect(await documentsOf(app)).toEqual([updated]);
  });

  it('answers the checklist with each item’s year, checked by a matching document (of that year for tax types)', async () => {
    const { customer, app } = await customerApp();
    const stored = (id: string, fields: Record<string, unknown>) =>
      adminDb().doc(`documents/${customer.uid}/items/${id}`).set({
        id,
        name: `${id}.pdf`,
        comments: '',
        fileSize: 10,
        mimeType: 'application/pdf',
        documentDate: null,
        year: null,
        storagePath: `users/${customer.uid}/documents/${id}/seed`,
        createdAt: Timestamp.now(),
        ...fields,
      });
    await stored('w2-last', { category: 'taxes', fileType: 'w2', year: LAST_YEAR });
    await stored('bank', { category: 'account-statements', fileType: 'bank' });
    const item = (id: string, fields: Record<string, unknown>) => adminDb().doc(`documentChecklist/${customer.uid}/items/${id}`).set({ documentId: null, ...fields });
    await item('w2-1', { category: 'taxes', fileType: 'w2', yearModifier: 1 });
    await item('w2-2', { category: 'taxes', fileType: 'w2', yearModifier: 2 });
    await item('bank', { category: 'account-statements', fileType: 'bank', yearModifier: 0 });
    await item('id', { category: 'other', fileType: 'government_id', yearModifier: 0 });

    const { items } = await call(app, 'getChecklist');
    expect(items.map(({ id, year, checked, documentId }) => ({ id, year, checked, documentId }))).toEqual([
      { id: 'w2-1', year: LAST_YEAR, checked: true, documentId: 'w2-last' },
      { id: 'w2-2', year: YEAR_BEFORE, checked: false, documentId: null },
      { id: 'bank', year: new Date().getFullYear(), checked: true, documentId: 'bank' },
      { id: 'id', year: new Date().getFullYear(), checked: false, documentId: null },
    ]);
    expect(items[0]?.document).toMatchObject({ id: 'w2-last', fileType: 'w2', year: LAST_YEAR });
  });

  it(
    'cancels a prepared upload: it is removed, and a file sent for it afterwards is refused and deleted',
    async () => {
      const { customer, app } = await customerApp();
      const before = await lockerState(customer);
      const target = await prepare(app, { name: 'W-2.pdf', size: 4_000, mimeType: 'application/pdf' });
      await expect(call(app, 'cancelDocumentUpload', { uploadId: target.uploadId })).resolves.toEqual({ ok: true });
      expect((await adminDb().doc(`documentUploads/${target.uploadId}`).get()).exists).toBe(false);
      await uploadTo(app, target, pdfBytes(4_000), 'application/pdf');
      expect(await finalProgress(target.uploadId)).toMatchObject({ documentValidationSuccessful: false, reason: 'unknown-upload' });
      expect(await objectsUnder(folderOf(customer))).toEqual([]);
      await adminDb().doc(`documentUploadProgress/${target.uploadId}`).delete();
      expect(await lockerState(customer)).toBe(before);
    },
    UPLOAD_TIMEOUT_MS,
  );
});

describe('documents: bad input is refused with a clear message and nothing is stored', () => {
  /** Uploads `bytes` for a prepared upload that announced `announced`; answers the verdict once final. */
  async function refusedUpload(bytes: Uint8Array, announced: { size: number; mimeType: string }, contentType = announced.mimeType) {
    const { customer, app } = await customerApp();
    const before = await lockerState(customer);
    const target = await prepare(app, { name: 'statement.pdf', ...announced }, BANK_FORM);
    await uploadTo(app, target, bytes, contentType);
    const progress = await finalProgress(target.uploadId);
    // Only the verdict remains: no document, no file, no prepared upload, nothing on the CRM contact.
    expect(await documentsOf(app)).toEqual([]);
    await adminDb().doc(`documentUploadProgress/${target.uploadId}`).delete();
    expect(await lockerState(customer)).toBe(before);
    return progress;
  }

  it(
    'refuses a file whose bytes are not the type it claims (a photo sent as a PDF; text sent as a PDF)',
    async () => {
      expect(await refusedUpload(PNG_BYTES, { size: PNG_BYTES.length, mimeType: 'application/pdf' })).toMatchObject({
        fileProcessed: true,
        documentValidationSuccessful: false,
        documentUploadedToSf: false,
        reason: 'type-mismatch',
      });
      expect(await refusedUpload(TEXT_BYTES, { size: TEXT_BYTES.length, mimeType: 'application/pdf' })).toMatchObject({ reason: 'unsupported-type' });
    },
    UPLOAD_TIMEOUT_MS,
  );

  it(
    'refuses an empty file, and a file of another size than announced',
    async () => {
      expect(await refusedUpload(new Uint8Array(0), { size: 5_000, mimeType: 'application/pdf' })).toMatchObject({ reason: 'empty-file' });
      expect(await refusedUpload(pdfBytes(6_000), { size: 5_000, mimeType: 'application/pdf' })).toMatchObject({ reason: 'type-mismatch' });
      const { app } = await customerApp();
      const announcedEmpty = await failureOf(prepare(app, { name: 'empty.pdf', size: 0, mimeType: 'application/pdf' }));
      expect(announcedEmpty.code).toBe('functions/invalid-argument');
      expect(announcedEmpty.details?.issues?.[0]?.path).toEqual(['file', 'size']);
    },
    UPLOAD_TIMEOUT_MS,
  );

  it(
    'deletes a file uploaded without a prepared upload (unknown-upload)',
    async () => {
      const { customer } = await customerApp();
      const path = `users/${customer.uid}/documents/planted-doc/planted-upload`;
      await bucket().file(path).save(Buffer.from(pdfBytes(3_000)), { contentType: 'application/pdf' });
      expect(await finalProgress('planted-upload')).toMatchObject({ userId: customer.uid, documentValidationSuccessful: false, reason: 'unknown-upload' });
      expect(await objectsUnder(folderOf(customer))).toEqual([]);
      expect((await adminDb().collection(`documents/${customer.uid}/items`).get()).empty).toBe(true);
    },
    UPLOAD_TIMEOUT_MS,
  );

  it('refuses a tax document without a year, and a year outside the two prior years, with the form’s message', async () => {
    const { customer, app } = await customerApp();
    const before = await lockerState(customer);
    const file = { name: 'W-2.pdf', size: 1_000, mimeType: 'application/pdf' };
    const thisYear = new Date().getFullYear();
    for (const [year, message] of [
      [null, 'form.errors.year-required'],
      [thisYear, 'form.errors.year-out-of-range'],
      [thisYear - 3, 'form.errors.year-out-of-range'],
    ] as const) {
      const failure = await failureOf(prepare(app, file, { ...W2_FORM, year }));
      expect(failure.code, String(year)).toBe('functions/invalid-argument');
      expect(failure.details?.issues, String(year)).toEqual([expect.objectContaining({ path: ['document', 'year'], message })]);
    }
    const update = await failureOf(call(app, 'updateDocument', { documentId: 'any', document: { ...W2_FORM, year: null } }));
    expect(update.details?.issues).toEqual([expect.objectContaining({ path: ['document', 'year'], message: 'form.errors.year-required' })]);
    expect(await lockerState(customer)).toBe(before);
  });

  it(
    "refuses another customer's document and upload ids: link, change, delete, replace, cancel (not-found)",
    async () => {
      const owner = await customerApp();
      const { target } = await uploadDocument(owner.app, pdfBytes(10_000));
      const pending = await prepare(owner.app, { name: 'later.pdf', size: 10_000, mimeType: 'application/pdf' });
      const intruder = await customerApp();
      const before = await lockerState(owner.customer, intruder.customer);
      const notFound = { code: 'functions/not-found', details: { key: 'document-not-found' } };
      const { documentId } = target;
      expect(await failureOf(call(intruder.app, 'getDocumentUrl', { documentId, action: 'download' }))).toMatchObject(notFound);
      expect(await failureOf(call(intruder.app, 'updateDocument', { documentId, document: W2_FORM }))).toMatchObject(notFound);
      expect(await failureOf(call(intruder.app, 'deleteDocument', { id: documentId }))).toMatchObject(notFound);
      expect(await failureOf(prepare(intruder.app, { name: 'x.pdf', size: 10, mimeType: 'application/pdf' }, W2_FORM, documentId))).toMatchObject(notFound);
      expect(await failureOf(call(intruder.app, 'cancelDocumentUpload', { uploadId: pending.uploadId }))).toMatchObject({
        code: 'functions/not-found',
        details: { key: 'upload-not-found' },
      });
      expect(await lockerState(owner.customer, intruder.customer)).toBe(before);
    },
    UPLOAD_TIMEOUT_MS,
  );
});

describe('documents: links and permissions', () => {
  async function storedDocument(customer: TestCustomer, status: 'processing' | 'ready', bytes = pdfBytes(2_000)) {
    const path = `users/${customer.uid}/documents/doc-stored/seed`;
    await adminDb().doc(`documents/${customer.uid}/items/doc-stored`).set({
      id: 'doc-stored',
      name: 'Résumé & “letter”.pdf',
      category: 'other',
      fileType: 'letter_of_explanation',
      year: null,
      documentDate: null,
      comments: '',
      fileSize: bytes.length,
      mimeType: 'application/pdf',
      userId: customer.uid,
      storagePath: path,
      createdAt: Timestamp.now(),
      status,
    });
    await bucket().file(path).save(Buffer.from(bytes), { contentType: 'application/pdf' });
    return bytes;
  }

  it(
    'refuses a link to a document still being processed (errors.document-processing), writing no link',
    async () => {
      const { customer, app } = await customerApp();
      await storedDocument(customer, 'processing');
      const before = await lockerState(customer);
      const failure = await failureOf(call(app, 'getDocumentUrl', { documentId: 'doc-stored', action: 'view' }));
      expect(failure).toMatchObject({ code: 'functions/failed-precondition', details: { key: 'errors.document-processing' } });
      expect(await lockerState(customer)).toBe(before);
    },
    UPLOAD_TIMEOUT_MS,
  );

  it(
    'serves a link until it expires (410 after), names the file in UTF-8, and answers 404 for an unknown token',
    async () => {
      const { customer, app } = await customerApp();
      const bytes = await storedDocument(customer, 'ready');
      const link = await call(app, 'getDocumentUrl', { documentId: 'doc-stored', action: 'download' });
      const served = await fetch(link.url);
      expect(served.headers.get('content-disposition')).toBe(
        `attachment; filename="R_sum_ & _letter_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%26%20%E2%80%9Cletter%E2%80%9D.pdf`,
      );
      expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));

      const token = new URL(link.url).searchParams.get('token')!;
      await adminDb().doc(`documentUrlTokens/${token}`).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1_000) });
      const expired = await fetch(link.url);
      expect(expired.status).toBe(410);
      expect(expired.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await expired.text()).toContain('expired');

      const unknown = new URL(link.url);
      unknown.searchParams.set('token', randomBytes(32).toString('base64url'));
      expect((await fetch(unknown)).status).toBe(404);
    },
    UPLOAD_TIMEOUT_MS,
  );

  it(
    'refuses a coach without allowClientActions to prepare, cancel or delete (coach.toast.not-permitted); allowPortalDownload lets a coach download',
    async () => {
      const { customer } = await customerApp();
      const bytes = await storedDocument(customer, 'ready');
      await delegateSession(customer, { isAgent: true, agentUid: 'coach-no-actions', allowClientActions: false });
      const coach = await signIn(customer);
      const before = await lockerState(customer);
      const notPermitted = { code: 'functions/permission-denied', details: { key: 'coach.toast.not-permitted' } };
      expect(await failureOf(prepare(coach, { name: 'W-2.pdf', size: 100, mimeType: 'application/pdf' }))).toMatchObject(notPermitted);
      expect(await failureOf(call(coach, 'deleteDocument', { id: 'doc-stored' }))).toMatchObject(notPermitted);
      expect(await failureOf(call(coach, 'cancelDocumentUpload', { uploadId: 'any' }))).toMatchObject(notPermitted);
      expect(await failureOf(call(coach, 'updateDocument', { documentId: 'doc-stored', document: BANK_FORM }))).toMatchObject(notPermitted);
      expect(await failureOf(call(coach, 'getDocumentUrl', { documentId: 'doc-stored', action: 'download' }))).toMatchObject(notPermitted);
      // Reading the lists stays open to the coach.
      expect((await documentsOf(coach)).map((document) => document.id)).toEqual(['doc-stored']);
      expect(await lockerState(customer)).toBe(before);

      const other = await customerApp();
      const otherBytes = await storedDocument(other.customer, 'ready', pdfBytes(3_000));
      await delegateSession(other.customer, { isAgent: true, agentUid: 'coach-downloads', allowPortalDownload: true });
      const downloader = await signIn(other.customer);
      const link = await call(downloader, 'getDocumentUrl', { documentId: 'doc-stored', action: 'download' });
      expect(sha256(new Uint8Array(await (await fetch(link.url)).arrayBuffer()))).toBe(sha256(otherBytes));
      expect(await failureOf(prepare(downloader, { name: 'W-2.pdf', size: 100, mimeType: 'application/pdf' }))).toMatchObject(notPermitted);
      expect(bytes).not.toEqual(otherBytes);
    },
    UPLOAD_TIMEOUT_MS,
  );
});

describe('documents: limits on prepared uploads', () => {
  const FILE = { name: 'W-2.pdf', size: 2_000, mimeType: 'application/pdf' };
  const tooMany = { code: 'functions/resource-exhausted', details: { key: 'errors.too-many-requests' } };

  /** Prepared uploads written directly, open (expiring tomorrow) or already expired. */
  async function preparedUploads(customer: TestCustomer, open: number, expired: number) {
    const day = 24 * 60 * 60 * 1_000;
    const write = (index: number, expiresAt: number) =>
      adminDb().doc(`documentUploads/limit-${customer.uid}-${index}`).set({
        userId: customer.uid,
        documentId: `doc-${index}`,
        document: W2_FORM,
        file: FILE,
        replaces: null,
        preparedBy: customer.uid,
        createdAt: Timestamp.fromMillis(expiresAt - day),
        expiresAt: Timestamp.fromMillis(expiresAt),
      });
    await Promise.all([
      ...Array.from({ length: open }, (_, index) => write(index, Date.now() + day)),
      ...Array.from({ length: expired }, (_, index) => write(open + index, Date.now() - 1_000)),
    ]);
  }

  it('refuses a customer an eleventh open upload, counting only the open ones, and writes nothing', async () => {
    const { customer, app } = await customerApp();
    // Nine open and one expired: the tenth open one is allowed.
    await preparedUploads(customer, 9, 1);
    await prepare(app, FILE);
    const before = await lockerState(customer);
    expect(await failureOf(prepare(app, FILE))).toMatchObject(tooMany);
    expect(await lockerState(customer)).toBe(before);
  });

  it("refuses a customer's uploads over their budget per account, and not another customer's", async () => {
    const [first, second] = [await customerApp(), await customerApp()];
    await prepare(first.app, FILE);
    // The budget spent by writing its counters (a counter carries its label) instead of sixty calls.
    const counters = await adminDb().collection('rateLimits').where('label', '==', 'createDocumentUpload:user').get();
    await Promise.all(counters.docs.map((doc) => doc.ref.update({ count: 1_000_000, windowStart: Date.now() })));
    try {
      const before = await lockerState(first.customer);
      expect(await failureOf(prepare(first.app, FILE))).toMatchObject(tooMany);
      expect(await lockerState(first.customer)).toBe(before);
      expect(await prepare(second.app, FILE)).toMatchObject({ storagePath: expect.stringContaining(second.customer.uid) });
    } finally {
      await Promise.all(counters.docs.map((doc) => doc.ref.delete()));
    }
  });
});
