import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChosenFile, StashedUpload, UploadFileEvent, UploadTarget } from '../../machines/documents/ports';
import { EMPTY_DOCUMENT_FORM, type DocumentFormValues } from '../../src/domain/documents';

// The documents locker at the adapter boundary: the calls parsed with the contract, a document opened in
// a tab prepared inside the click, the server's outcome read from the progress record, files read by their bytes,
// the resumable upload driven through the SDK's task, the connection's quality from the browser's events, and the
// stash of files kept per signed-in user.

const callFunction = vi.fn<(name: string, data: unknown) => Promise<unknown>>();
vi.mock('../../src/adapters/firebase/functions', () => ({ callFunction }));

const { clearUploadStash, createDocumentCallsPort, createFilesPort, startUpload, waitForUploadOutcome, watchConnectionChanges } =
  await import('../../src/adapters/firebase/documents');
const { clearStashOfEndedSessions, closeStashForTests, convertHeicFile, createUploadStash, readChosenFile, rotatedSize, withExtension } = await import(
  '../../src/adapters/firebase/documentFiles'
);

const callableError = (code: string, message: string) => Object.assign(new Error(message), { code });

const storedDocument = {
  id: 'doc-1',
  name: 'w2-2025.pdf',
  category: 'taxes',
  fileType: 'w2',
  year: 2025,
  documentDate: null,
  comments: '',
  fileSize: 2048,
  mimeType: 'application/pdf',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: null,
  status: 'ready',
};

const taxForm: DocumentFormValues = { category: 'taxes', fileType: 'w2', year: 2025, documentDate: null, comments: 'for the loan' };

const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const pdfFile = (): ChosenFile => ({ blob: new Blob([PDF_BYTES], { type: 'application/pdf' }), name: 'w2.pdf', size: PDF_BYTES.length, mimeType: 'application/pdf' });

const target: UploadTarget = {
  uploadId: 'up-1',
  documentId: 'doc-9',
  storagePath: 'users/u1/documents/doc-9/up-1',
  metadata: { documentId: 'doc-9', uploadId: 'up-1', document: '{}' },
  expiresAt: '2026-11-27T10:00:00.000Z',
};

beforeEach(() => callFunction.mockReset());

describe('the document calls', () => {
  it('gives the documents with their times as ISO text', async () => {
    callFunction.mockResolvedValueOnce({ documents: [storedDocument] });
    const documents = await createDocumentCallsPort().getDocuments();
    expect(callFunction).toHaveBeenCalledWith('getDocuments', null);
    expect(documents).toEqual([storedDocument]);
  });

  it('refuses an answer outside the contract', async () => {
    callFunction.mockResolvedValueOnce({ documents: [{ ...storedDocument, status: 'lost' }] });
    await expect(createDocumentCallsPort().getDocuments()).rejects.toEqual({ code: 'invalid-response' });
  });

  it('gives the checklist items with their documents', async () => {
    const item = { id: 'c-1', category: 'taxes', fileType: 'w2', yearModifier: 1, year: 2025, checked: true, documentId: 'doc-1', document: storedDocument };
    callFunction.mockResolvedValueOnce({ items: [item] });
    expect(await createDocumentCallsPort().getChecklist()).toEqual([item]);
  });

  it('prepares an upload with the form and the announced file, and gives the target', async () => {
    callFunction.mockResolvedValueOnce({ ...target });
    const answer = await createDocumentCallsPort().createUpload({
      document: taxForm,
      file: { name: 'w2.pdf', size: 2048, mimeType: 'application/pdf' },
      replaces: null,
    });
    expect(callFunction).toHaveBeenCalledWith('createDocumentUpload', {
      document: taxForm,
      file: { name: 'w2.pdf', size: 2048, mimeType: 'application/pdf' },
      replaces: null,
    });
    expect(answer).toEqual(target);
  });

  it('does not send a form without its category', async () => {
    await expect(
      createDocumentCallsPort().createUpload({ document: EMPTY_DOCUMENT_FORM, file: { name: 'a.pdf', size: 3, mimeType: 'application/pdf' }, replaces: null }),
    ).rejects.toEqual({ code: 'invalid-argument' });
    expect(callFunction).not.toHaveBeenCalled();
  });

  it('passes the server’s refusal of a delete on with its code', async () => {
    callFunction.mockRejectedValueOnce(callableError('functions/permission-denied', 'coach-not-permitted'));
    await expect(createDocumentCallsPort().deleteDocument('doc-1')).rejects.toMatchObject({ code: 'coach-not-permitted' });
    expect(callFunction).toHaveBeenCalledWith('deleteDocument', { id: 'doc-1' });
  });

  it('opens a view in the tab prepared inside the click, once the link has come', async () => {
    const steps: string[] = [];
    const tab = { go: vi.fn((url: string) => steps.push(`go ${url}`)), close: vi.fn() };
    const opener = { prepare: vi.fn(() => (steps.push('prepare'), tab)), open: vi.fn((url: string, _a: unknown, t: typeof tab | null) => t?.go(url)) };
    callFunction.mockImplementationOnce(async () => {
      steps.push('getDocumentUrl');
      return { url: 'http://files/documentFile?token=abc', expiresAt: '2026-11-26T10:05:00.000Z' };
    });
    await createDocumentCallsPort(opener).openDocument('doc-1', 'view');
    expect(callFunction).toHaveBeenCalledWith('getDocumentUrl', { documentId: 'doc-1', action: 'view' });
    expect(steps).toEqual(['prepare', 'getDocumentUrl', 'go http://files/documentFile?token=abc']);
  });

  it('closes the prepared tab when the link is refused', async () => {
    const tab = { go: vi.fn(), close: vi.fn() };
    const opener = { prepare: () => tab, open: vi.fn() };
    callFunction.mockRejectedValueOnce(callableError('functions/permission-denied', 'coach-not-permitted'));
    await expect(createDocumentCallsPort(opener).openDocument('doc-1', 'view')).rejects.toMatchObject({ code: 'coach-not-permitted' });
    expect(tab.close).toHaveBeenCalled();
    expect(opener.open).not.toHaveBeenCalled();
  });

  it('saves a download through the download link', async () => {
    const opener = { prepare: vi.fn(() => null), open: vi.fn() };
    callFunction.mockResolvedValueOnce({ url: 'http://files/documentFile?token=def', expiresAt: '2026-11-26T10:05:00.000Z' });
    await createDocumentCallsPort(opener).openDocument('doc-1', 'download');
    expect(opener.open).toHaveBeenCalledWith('http://files/documentFile?token=def', 'download', null);
  });
});

describe('waiting for the server’s outcome of an upload', () => {
  type Listener = (data: Record<string, unknown> | null) => void;
  const progress = (fields: Record<string, unknown>) => ({
    progressId: 'up-1',
    userId: 'u1',
    documentId: 'doc-9',
    fileProcessed: true,
    documentValidationSuccessful: true,
    documentUploadedToSf: true,
    reason: null,
    ...fields,
  });

  function fakeListener() {
    const listeners: { path: string; listener: Listener; onError: (e: { code: string }) => void; closed: boolean }[] = [];
    const subscribe = async () => (path: string, listener: Listener, onError: (e: { code: string }) => void) => {
      const entry = { path, listener, onError, closed: false };
      listeners.push(entry);
      return () => {
        entry.closed = true;
      };
    };
    return { listeners, subscribe };
  }

  it('resolves with the document once the record says it reached the CRM, and stops listening', async () => {
    const fake = fakeListener();
    const outcome = waitForUploadOutcome('up-1', fake.subscribe);
    await vi.waitFor(() => expect(fake.listeners).toHaveLength(1));
    expect(fake.listeners[0]?.path).toBe('documentUploadProgress/up-1');
    fake.listeners[0]?.listener(null);
    fake.listeners[0]?.listener(progress({ fileProcessed: false, documentValidationSuccessful: null, documentUploadedToSf: false }));
    fake.listeners[0]?.listener(progress({}));
    await expect(outcome).resolves.toEqual({ ok: true, documentId: 'doc-9' });
    expect(fake.listeners[0]?.closed).toBe(true);
  });

  it('resolves with the reason of a refused file', async () => {
    const fake = fakeListener();
    const outcome = waitForUploadOutcome('up-1', fake.subscribe);
    await vi.waitFor(() => expect(fake.listeners).toHaveLength(1));
    fake.listeners[0]?.listener(progress({ documentValidationSuccessful: false, documentUploadedToSf: false, reason: 'type-mismatch' }));
    await expect(outcome).resolves.toEqual({ ok: false, reason: 'type-mismatch' });
  });

  it('listens again when the listener is refused before the record exists', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeListener();
      const outcome = waitForUploadOutcome('up-1', fake.subscribe);
      await vi.waitFor(() => expect(fake.listeners).toHaveLength(1));
      fake.listeners[0]?.onError({ code: 'permission-denied' });
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(fake.listeners).toHaveLength(2));
      fake.listeners[1]?.listener(progress({}));
      await expect(outcome).resolves.toEqual({ ok: true, documentId: 'doc-9' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up when the server never answers', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeListener();
      const outcome = waitForUploadOutcome('up-1', fake.subscribe, 5_000);
      const settled = expect(outcome).rejects.toEqual({ code: 'deadline-exceeded' });
      await vi.advanceTimersByTimeAsync(5_000);
      await settled;
      await vi.waitFor(() => expect(fake.listeners.every((entry) => entry.closed)).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('reading a chosen file', () => {
  it('takes the type from the bytes, not from the name or the browser’s guess', async () => {
    const file = new File([PDF_BYTES], 'scan.jpg', { type: 'image/jpeg' });
    const chosen = await readChosenFile(file);
    expect(chosen).toMatchObject({ name: 'scan.jpg', size: PDF_BYTES.length, mimeType: 'application/pdf' });
    expect(new Uint8Array(await chosen.blob.arrayBuffer())).toEqual(PDF_BYTES);
  });

  it('keeps the browser’s type for bytes it cannot recognise, so the server can refuse them', async () => {
    const file = new File(['not really a pdf'], 'statement.pdf', { type: 'application/pdf' });
    expect(await readChosenFile(file)).toMatchObject({ mimeType: 'application/pdf', size: 16 });
  });

  it('refuses a file that is none of the locker’s types before anything is sent', async () => {
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(readChosenFile(file)).rejects.toEqual({ code: 'unsupported-type', key: 'refusal.unsupported-type' });
  });

  it('refuses an empty file before anything is sent', async () => {
    await expect(readChosenFile(new File([], 'empty.pdf', { type: 'application/pdf' }))).rejects.toEqual({ code: 'empty-file', key: 'refusal.empty-file' });
  });

  it('refuses a file the browser may not read with errors.file-permission-denied', async () => {
    const file = new File(['x'], 'locked.pdf', { type: 'application/pdf' });
    Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.reject(new DOMException('locked', 'NotReadableError')) });
    await expect(readChosenFile(file)).rejects.toEqual({ code: 'file-permission-denied', key: 'errors.file-permission-denied' });
  });

  it('converts a HEIC photo to a JPEG named .jpg', async () => {
    const heic: ChosenFile = { blob: new Blob([new Uint8Array([0, 0, 0, 24])], { type: 'image/heic' }), name: 'IMG_0042.HEIC', size: 4, mimeType: 'image/heic' };
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], { type: 'image/jpeg' });
    const heic2any = vi.fn(async () => [jpeg]);
    const converted = await convertHeicFile(heic, async () => heic2any);
    expect(heic2any).toHaveBeenCalledWith({ blob: heic.blob, toType: 'image/jpeg', quality: 0.9 });
    expect(converted).toEqual({ blob: jpeg, name: 'IMG_0042.jpg', size: 6, mimeType: 'image/jpeg' });
  });

  it('refuses a photo the converter cannot read, or that it never answers for', async () => {
    const heic: ChosenFile = { blob: new Blob([new Uint8Array([1])], { type: 'image/heic' }), name: 'a.heic', size: 1, mimeType: 'image/heic' };
    const refusal = { code: 'heic-conversion-failed', key: 'toast.heic-conversion-failed' };
    await expect(convertHeicFile(heic, async () => () => Promise.reject(new Error('ERR_LIBHEIF format not supported')))).rejects.toEqual(refusal);
    await expect(convertHeicFile(heic, async () => () => new Promise(() => undefined), 20)).rejects.toEqual(refusal);
  });

  it('names a converted photo with its new extension', () => {
    expect(withExtension('IMG_0042.HEIC', 'jpg')).toBe('IMG_0042.jpg');
    expect(withExtension('.heic', 'jpg')).toBe('.heic.jpg');
    expect(withExtension('scan', 'png')).toBe('scan.png');
  });

  it('sizes the rotated photo’s box as the crop area is measured in', () => {
    expect(rotatedSize(400, 300, 90)).toEqual({ width: expect.closeTo(300, 6), height: expect.closeTo(400, 6) });
    expect(rotatedSize(400, 300, 0)).toEqual({ width: 400, height: 300 });
    expect(rotatedSize(100, 100, 45).width).toBeCloseTo(141.42, 1);
  });
});

describe('the resumable upload', () => {
  type Snapshot = { bytesTransferred: number; totalBytes: number };
  function fakeTask() {
    const calls: string[] = [];
    let next: (snapshot: Snapshot) => void = () => undefined;
    let error: (error: { code?: string }) => void = () => undefined;
    let complete: () => void = () => undefined;
    const task = {
      on: (_event: 'state_changed', n: typeof next, e: typeof error, c: typeof complete) => {
        next = n;
        error = e;
        complete = c;
        return () => calls.push('unsubscribe');
      },
      pause: () => (calls.push('pause'), true),
      resume: () => (calls.push('resume'), true),
      cancel: () => (calls.push('cancel'), true),
    };
    const started: { path: string; blob: Blob; metadata: unknown }[] = [];
    const sdk = async () => ({
      startUpload: (path: string, blob: Blob, metadata: unknown) => {
        started.push({ path, blob, metadata });
        return task;
      },
    });
    return { calls, started, sdk, progress: (s: Snapshot) => next(s), fail: (code: string) => error({ code }), complete: () => complete() };
  }

  it('sends the file to the target’s path with its type and the prepared metadata, and reports progress and completion', async () => {
    const fake = fakeTask();
    const events: UploadFileEvent[] = [];
    const file = pdfFile();
    startUpload(file, target, (event) => events.push(event), fake.sdk);
    await vi.waitFor(() => expect(fake.started).toHaveLength(1));
    expect(fake.started[0]).toEqual({ path: target.storagePath, blob: file.blob, metadata: { contentType: 'application/pdf', customMetadata: target.metadata } });
    fake.progress({ bytesTransferred: 262_144, totalBytes: 1_000_000 });
    fake.complete();
    expect(events).toEqual([{ type: 'upload.progress', bytesTransferred: 262_144, totalBytes: 1_000_000 }, { type: 'upload.stored' }]);
  });

  it('pauses, resumes and cancels the SDK’s task; a cancel is not reported as a failure', async () => {
    const fake = fakeTask();
    const events: UploadFileEvent[] = [];
    const handle = startUpload(pdfFile(), target, (event) => events.push(event), fake.sdk);
    await vi.waitFor(() => expect(fake.started).toHaveLength(1));
    handle.pause();
    handle.resume();
    handle.cancel();
    fake.fail('storage/canceled');
    expect(fake.calls).toEqual(['pause', 'resume', 'cancel', 'unsubscribe']);
    expect(events).toEqual([]);
  });

  it('applies a pause asked for before the SDK loaded as soon as the task starts', async () => {
    const fake = fakeTask();
    const handle = startUpload(pdfFile(), target, () => undefined, fake.sdk);
    handle.pause();
    await vi.waitFor(() => expect(fake.started).toHaveLength(1));
    expect(fake.calls).toEqual(['pause']);
  });

  it('never starts an upload cancelled before the SDK loaded', async () => {
    const fake = fakeTask();
    const handle = startUpload(pdfFile(), target, () => undefined, fake.sdk);
    handle.cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.started).toEqual([]);
  });

  it('reports a Storage failure with its code without the storage/ prefix', async () => {
    const fake = fakeTask();
    const events: UploadFileEvent[] = [];
    startUpload(pdfFile(), target, (event) => events.push(event), fake.sdk);
    await vi.waitFor(() => expect(fake.started).toHaveLength(1));
    fake.fail('storage/retry-limit-exceeded');
    fake.progress({ bytesTransferred: 1, totalBytes: 2 });
    expect(events).toEqual([{ type: 'upload.failed', code: 'retry-limit-exceeded' }]);
  });

  it('reports a failure when the Storage SDK cannot be loaded', async () => {
    const events: UploadFileEvent[] = [];
    startUpload(pdfFile(), target, (event) => events.push(event), () => Promise.reject(new TypeError('Failed to fetch')));
    await vi.waitFor(() => expect(events).toEqual([{ type: 'upload.failed', code: 'network-request-failed' }]));
  });
});

describe('the connection', () => {
  function fakeBrowser(onLine: boolean, effectiveType?: string) {
    const windowListeners = new Map<string, Set<() => void>>();
    const changeListeners = new Set<() => void>();
    const connection = effectiveType === undefined
      ? undefined
      : {
          effectiveType,
          addEventListener: (_type: 'change', listener: () => void) => changeListeners.add(listener),
          removeEventListener: (_type: 'change', listener: () => void) => changeListeners.delete(listener),
        };
    const environment = {
      navigator: { onLine, connection },
      addEventListener: (type: string, listener: () => void) => {
        if (!windowListeners.has(type)) windowListeners.set(type, new Set());
        windowListeners.get(type)?.add(listener);
      },
      removeEventListener: (type: string, listener: () => void) => windowListeners.get(type)?.delete(listener),
    };
    return {
      environment,
      goOffline: () => {
        environment.navigator.onLine = false;
        windowListeners.get('offline')?.forEach((listener) => listener());
      },
      goOnline: () => {
        environment.navigator.onLine = true;
        windowListeners.get('online')?.forEach((listener) => listener());
      },
      changeType: (type: string) => {
        if (connection) connection.effectiveType = type;
        changeListeners.forEach((listener) => listener());
      },
      listenerCount: () => [...windowListeners.values()].reduce((sum, set) => sum + set.size, 0) + changeListeners.size,
    };
  }

  it('reads offline, poor (an effective type other than 4g) and online', () => {
    expect(createFilesPort('u1', { connection: () => fakeBrowser(false, '4g').environment }).connection()).toBe('offline');
    expect(createFilesPort('u1', { connection: () => fakeBrowser(true, '3g').environment }).connection()).toBe('poor');
    expect(createFilesPort('u1', { connection: () => fakeBrowser(true, '4g').environment }).connection()).toBe('online');
    expect(createFilesPort('u1', { connection: () => fakeBrowser(true).environment }).connection()).toBe('online');
  });

  it('reports each change once, and stops listening when unsubscribed', () => {
    const browser = fakeBrowser(true, '4g');
    const heard: string[] = [];
    const stop = watchConnectionChanges(browser.environment, (quality) => heard.push(quality));
    browser.goOffline();
    browser.goOffline();
    browser.goOnline();
    browser.changeType('2g');
    browser.changeType('slow-2g');
    browser.changeType('4g');
    expect(heard).toEqual(['offline', 'online', 'poor', 'online']);
    stop();
    expect(browser.listenerCount()).toBe(0);
    browser.goOffline();
    expect(heard).toHaveLength(4);
  });
});

describe('the stash of files not yet stored', () => {
  const stashed = (id: string, savedAt: string, bytes = PDF_BYTES): StashedUpload => ({
    id,
    file: { blob: new Blob([bytes], { type: 'application/pdf' }), name: `${id}.pdf`, size: bytes.length, mimeType: 'application/pdf' },
    document: taxForm,
    replaces: null,
    uploadId: 'up-1',
    savedAt,
  });

  afterEach(async () => {
    await clearUploadStash('u1');
    await clearUploadStash('u2');
    await closeStashForTests();
  });

  it('gives the file back byte for byte with its form, newest first', async () => {
    const stash = createUploadStash('u1');
    await stash.save(stashed('a', '2026-11-26T09:00:00.000Z'));
    await stash.save(stashed('b', '2026-11-26T10:00:00.000Z', new Uint8Array([1, 2, 3])));
    const listed = await stash.list();
    expect(listed.map((upload) => upload.id)).toEqual(['b', 'a']);
    const a = listed[1];
    expect(a).toMatchObject({ document: taxForm, replaces: null, uploadId: 'up-1', file: { name: 'a.pdf', size: PDF_BYTES.length, mimeType: 'application/pdf' } });
    expect(new Uint8Array(await (a?.file.blob ?? new Blob()).arrayBuffer())).toEqual(PDF_BYTES);
  });

  it('never shows or removes one customer’s files to another user of the same browser', async () => {
    await createUploadStash('u1').save(stashed('mine', '2026-11-26T09:00:00.000Z'));
    const other = createUploadStash('u2');
    expect(await other.list()).toEqual([]);
    await other.remove('mine');
    await expect(other.save(stashed('mine', '2026-11-26T11:00:00.000Z'))).rejects.toEqual({ code: 'permission-denied' });
    expect((await createUploadStash('u1').list()).map((upload) => upload.id)).toEqual(['mine']);
  });

  it('forgets a stored file, and every file of a user who signs out', async () => {
    const stash = createUploadStash('u1');
    await stash.save(stashed('a', '2026-11-26T09:00:00.000Z'));
    await stash.save(stashed('b', '2026-11-26T10:00:00.000Z'));
    await createUploadStash('u2').save(stashed('c', '2026-11-26T10:00:00.000Z'));
    await stash.remove('a');
    expect((await stash.list()).map((upload) => upload.id)).toEqual(['b']);
    await clearUploadStash('u1');
    expect(await stash.list()).toEqual([]);
    expect((await createUploadStash('u2').list()).map((upload) => upload.id)).toEqual(['c']);
  });

  it('forgets a file 24 hours after it was kept, even while the session lasts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-26T09:00:00.000Z'));
      const stash = createUploadStash('u1');
      await stash.save(stashed('old', '2026-11-26T09:00:00.000Z'));
      vi.setSystemTime(new Date('2026-11-27T08:00:00.000Z'));
      await stash.save(stashed('new', '2026-11-27T08:00:00.000Z'));
      expect((await stash.list()).map((upload) => upload.id)).toEqual(['new', 'old']);
      vi.setSystemTime(new Date('2026-11-27T09:00:01.000Z'));
      expect((await stash.list()).map((upload) => upload.id)).toEqual(['new']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when someone signs in, forgets the files of every other user (their session has ended)', async () => {
    await createUploadStash('u1').save(stashed('left-behind', '2026-11-26T09:00:00.000Z'));
    await createUploadStash('u2').save(stashed('mine', '2026-11-26T10:00:00.000Z'));
    await clearStashOfEndedSessions('u2');
    expect(await createUploadStash('u1').list()).toEqual([]);
    expect((await createUploadStash('u2').list()).map((upload) => upload.id)).toEqual(['mine']);
  });
});
