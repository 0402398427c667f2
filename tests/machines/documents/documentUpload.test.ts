import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { documentUploadMachine, documentUploadSelectors, type DocumentUploadInput, type DocumentUploadTag } from '../../../machines/documents/documentUpload.machine';
import { SAMPLE_CHOSEN_FILES, SAMPLE_DOCUMENT, SAMPLE_DOCUMENTS_COACH, SAMPLE_FILE_BYTES, SAMPLE_INVALID_FORM, SAMPLE_STASHED_UPLOAD, SAMPLE_UPLOAD_INPUT, SAMPLE_VALID_FORM, sampleFile } from '../../../machines/documents/entries';
import type { ChosenFile, StashedUpload, UploadControlEvent, UploadFileEvent, UploadOutcome, UploadTarget } from '../../../machines/documents/ports';
import type { ConnectionQuality, CropArea, DocumentFormValues } from '../../../src/domain/documents';
import { UPLOAD_TOO_LARGE_TOAST_MS } from '../../../src/domain/constants';
import { run, settle } from '../../support/machineTestKit';
import { pickEvents, runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('documentUpload');
if (!entry) throw new Error('documentUpload is not registered');

runModelPaths(entry, {
  variants: [
    { name: 'resumed from the stash', input: { ...SAMPLE_UPLOAD_INPUT, resume: SAMPLE_STASHED_UPLOAD } },
    {
      name: 'a coach without permission',
      input: { ...SAMPLE_UPLOAD_INPUT, actor: SAMPLE_DOCUMENTS_COACH },
      events: (registered) => pickEvents(registered, ['file.chosen', 'upload.close', 'connection.changed']),
    },
    {
      name: 'a coach without permission, a stashed file',
      input: { ...SAMPLE_UPLOAD_INPUT, actor: SAMPLE_DOCUMENTS_COACH, resume: SAMPLE_STASHED_UPLOAD },
      events: (registered) => pickEvents(registered, ['upload.restart', 'upload.close']),
    },
  ],
});

// ------------------------------------------------------------------------------------------------ the harness

const PDF = sampleFile('tax-return-2025.pdf', SAMPLE_FILE_BYTES.pdf, 'application/pdf');
const PHOTO = sampleFile('pay-stub.jpg', SAMPLE_FILE_BYTES.jpeg, 'image/jpeg');
const HEIC = sampleFile('IMG_0042.HEIC', SAMPLE_FILE_BYTES.heic, 'image/heic');
const BIG = sampleFile('scan-600dpi.pdf', SAMPLE_FILE_BYTES.pdf, 'application/pdf');
const LOCKED = sampleFile('locked.pdf', SAMPLE_FILE_BYTES.pdf, 'application/pdf');
const EMPTY = sampleFile('empty.pdf', new Uint8Array(), 'application/pdf');

/** What the browser reads from each picked file. */
const READS: Record<string, ChosenFile> = {
  [PDF.name]: SAMPLE_CHOSEN_FILES.pdf,
  [PHOTO.name]: SAMPLE_CHOSEN_FILES.photo,
  [HEIC.name]: SAMPLE_CHOSEN_FILES.heic,
  [BIG.name]: SAMPLE_CHOSEN_FILES.oversized,
  [EMPTY.name]: SAMPLE_CHOSEN_FILES.empty,
};

interface UploadChild {
  target: UploadTarget;
  file: ChosenFile;
  /** The control events the child received. */
  received: UploadControlEvent['type'][];
  send: (event: UploadFileEvent) => void;
  stopped: boolean;
}

/**
 * The upload flow over faked browser, Storage and server: every call is logged in order; `children` are the
 * uploads started (tests drive them); `connection` tells the flow the connection changed; `outcome` settles the
 * server's answer.
 */
function flow(input: Partial<DocumentUploadInput> = {}, options: { failCreate?: number; initialQuality?: ConnectionQuality; holdCreate?: boolean; convertTo?: ChosenFile } = {}) {
  const log: string[] = [];
  const children: UploadChild[] = [];
  const stashes: StashedUpload[] = [];
  let creates = 0;
  let tellConnection: ((quality: ConnectionQuality) => void) | null = null;
  let settleOutcome: ((outcome: UploadOutcome) => void) | null = null;
  const heldCreates: (() => void)[] = [];
  const machine = documentUploadMachine.provide({
    actors: {
      readFile: fromPromise<ChosenFile, { file: File }>(async ({ input: { file } }) => {
        log.push(`readFile:${file.name}`);
        const read = READS[file.name];
        if (!read) throw { code: 'permission-denied', key: 'errors.file-permission-denied' };
        return read;
      }),
      convertHeic: fromPromise<ChosenFile, { file: ChosenFile }>(async ({ input: { file } }) => {
        log.push(`convertHeic:${file.name}`);
        return options.convertTo ?? SAMPLE_CHOSEN_FILES.converted;
      }),
      cropImage: fromPromise<ChosenFile, { file: ChosenFile; area: CropArea; rotation: number }>(async ({ input: request }) => {
        log.push(`cropImage:${request.file.name}:${request.rotation}`);
        return SAMPLE_CHOSEN_FILES.cropped;
      }),
      stashFile: fromPromise<void, { upload: StashedUpload }>(async ({ input: { upload } }) => {
        log.push(`stashFile:${upload.uploadId ?? 'none'}`);
        stashes.push(upload);
      }),
      removeStash: fromPromise<void, { id: string }>(async ({ input: { id } }) => {
        log.push(`removeStash:${id}`);
      }),
      createUpload: fromPromise<UploadTarget, { document: DocumentFormValues; file: Pick<ChosenFile, 'name' | 'size' | 'mimeType'>; replaces: string | null }>(
        async ({ input: request }) => {
          creates += 1;
          log.push(`createUpload:${request.file.name}:${request.replaces ?? 'new'}`);
          if (options.holdCreate) await new Promise<void>((resolve) => heldCreates.push(resolve));
          if (creates <= (options.failCreate ?? 0)) throw { code: 'unavailable' };
          const uploadId = `upload-${creates}`;
          return { uploadId, documentId: 'doc-new', storagePath: `users/customer-1/documents/doc-new/${uploadId}`, metadata: {}, expiresAt: '2026-11-26T10:00:00.000Z' };
        },
      ),
      uploadFile: fromCallback<EventObject, { file: ChosenFile; target: UploadTarget }>(({ input: request, sendBack, receive }) => {
        const child: UploadChild = { ...request, received: [], send: (event) => sendBack(event), stopped: false };
        children.push(child);
        log.push(`uploadFile:${request.target.uploadId}`);
        receive((event) => child.received.push(event.type as UploadControlEvent['type']));
        return () => {
          child.stopped = true;
        };
      }),
      waitForUploadOutcome: fromPromise<UploadOutcome, { uploadId: string }>(({ input: { uploadId } }) => {
        log.push(`waitForUploadOutcome:${uploadId}`);
        return new Promise((resolve) => {
          settleOutcome = resolve;
        });
      }),
      cancelUpload: fromPromise<void, { uploadId: string }>(async ({ input: { uploadId } }) => {
        log.push(`cancelUpload:${uploadId}`);
      }),
      watchConnection: fromCallback<EventObject, void>(({ sendBack }) => {
        tellConnection = (quality) => sendBack({ type: 'connection.changed', quality });
        tellConnection(options.initialQuality ?? 'online');
      }),
      refreshDocuments: fromPromise<void, void>(async () => {
        log.push('refreshDocuments');
      }),
    },
  });
  const running = run(machine, { ...SAMPLE_UPLOAD_INPUT, ...input });
  const { snapshot } = running;
  const send = async (event: Parameters<typeof running.actor.send>[0]) => {
    running.actor.send(event);
    await settle();
  };
  return {
    ...running,
    log,
    children,
    stashes,
    snapshot,
    send,
    tags: () => [...snapshot().tags].sort(),
    notices: () => running.emitted.map(({ level, key, durationMs }) => (durationMs === undefined ? { level, key } : { level, key, durationMs })),
    connection: async (quality: ConnectionQuality) => {
      tellConnection?.(quality);
      await settle();
    },
    child: (index = -1) => {
      const child = children.at(index);
      if (!child) throw new Error('no upload started');
      return child;
    },
    /** Lets the oldest held createUpload answer. */
    releaseCreate: async () => {
      heldCreates.shift()?.();
      await settle();
    },
    outcome: async (outcome: UploadOutcome) => {
      settleOutcome?.(outcome);
      await settle();
    },
    /** Picks a PDF and submits a valid form: the flow is uploading. */
    async toUpload() {
      await send({ type: 'file.chosen', file: PDF });
      await send({ type: 'form.change', values: SAMPLE_VALID_FORM });
      await send({ type: 'form.submit' });
    },
  };
}

// ------------------------------------------------------------------------------------------------ behaviour

describe('choosing a file (spec 001 §4, §5)', () => {
  it('an oversized file shows the size warning for 5 s and nothing is read further or uploaded', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: BIG });
    expect(f.notices()).toEqual([{ level: 'warning', key: 'toast.file-size-warning', durationMs: UPLOAD_TOO_LARGE_TOAST_MS }]);
    expect(UPLOAD_TOO_LARGE_TOAST_MS).toBe(5_000);
    expect(f.log).toEqual(['readFile:scan-600dpi.pdf']);
    expect([documentUploadSelectors.step(f.snapshot()), documentUploadSelectors.file(f.snapshot())]).toEqual(['pick', null]);
  });

  it('an unreadable file shows file-permission-denied and the customer can pick again', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: LOCKED });
    expect(f.notices()).toEqual([{ level: 'error', key: 'errors.file-permission-denied' }]);
    expect(documentUploadSelectors.step(f.snapshot())).toBe('pick');
  });

  it('an empty file is refused at once with its reason', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: EMPTY });
    expect(f.notices()).toEqual([{ level: 'warning', key: 'refusal.empty-file' }]);
    expect(f.log).toEqual(['readFile:empty.pdf']);
  });

  it('a HEIC photo is converted to JPEG, then cropped, then goes to the form', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: HEIC });
    expect(f.log).toEqual(['readFile:IMG_0042.HEIC', 'convertHeic:IMG_0042.HEIC']);
    expect(documentUploadSelectors.step(f.snapshot())).toBe('crop');
    expect(documentUploadSelectors.original(f.snapshot())?.mimeType).toBe('image/jpeg');
    await f.send({ type: 'crop.apply', area: { x: 0, y: 0, width: 800, height: 600 }, rotation: 90 });
    expect(f.log.at(-1)).toBe('cropImage:IMG_0042.jpg:90');
    expect(documentUploadSelectors.step(f.snapshot())).toBe('form');
    expect(documentUploadSelectors.file(f.snapshot())).toBe(SAMPLE_CHOSEN_FILES.cropped);
  });

  it('a HEIC photo whose JPEG is over the limit shows the size warning and goes no further', async () => {
    const f = flow({}, { convertTo: SAMPLE_CHOSEN_FILES.convertedOversized });
    await f.send({ type: 'file.chosen', file: HEIC });
    expect(f.notices()).toEqual([{ level: 'warning', key: 'toast.file-size-warning', durationMs: UPLOAD_TOO_LARGE_TOAST_MS }]);
    expect([documentUploadSelectors.step(f.snapshot()), documentUploadSelectors.original(f.snapshot())]).toEqual(['pick', null]);
  });

  it('a photo can be kept whole (crop skipped)', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: PHOTO });
    expect(documentUploadSelectors.step(f.snapshot())).toBe('crop');
    await f.send({ type: 'crop.skip' });
    expect(documentUploadSelectors.file(f.snapshot())).toBe(SAMPLE_CHOSEN_FILES.photo);
    expect(f.log).toEqual(['readFile:pay-stub.jpg']);
  });

  it('a PDF skips the crop and goes straight to the form', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: PDF });
    expect(documentUploadSelectors.step(f.snapshot())).toBe('form');
    expect(f.log).toEqual(['readFile:tax-return-2025.pdf']);
  });

  it('a coach without permission is refused with not-permitted and nothing is read', async () => {
    const f = flow({ actor: SAMPLE_DOCUMENTS_COACH });
    await f.send({ type: 'file.chosen', file: PDF });
    expect([f.notices(), f.log, documentUploadSelectors.step(f.snapshot())]).toEqual([
      [{ level: 'warning', key: 'coach.toast.not-permitted' }],
      [],
      'pick',
    ]);
  });
});

describe('the document form (spec 001 §5)', () => {
  it('flags invalid fields only after submit, and stops flagging once corrected', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: PDF });
    await f.send({ type: 'form.change', values: SAMPLE_INVALID_FORM });
    expect(documentUploadSelectors.shownFormErrors(f.snapshot())).toEqual({});
    expect(f.snapshot().hasTag('form.invalid')).toBe(false);
    await f.send({ type: 'form.submit' });
    expect(documentUploadSelectors.shownFormErrors(f.snapshot())).toEqual({ year: 'form.errors.year-required' });
    expect([f.snapshot().hasTag('form.invalid'), documentUploadSelectors.step(f.snapshot()), f.log]).toEqual([
      true,
      'form',
      ['readFile:tax-return-2025.pdf'],
    ]);
    await f.send({ type: 'form.change', values: SAMPLE_VALID_FORM });
    expect(f.snapshot().hasTag('form.invalid')).toBe(false);
  });

  it("starts with a checklist item preset, or with the replaced document's fields", () => {
    const preset = flow({ preset: { category: null, fileType: 'w2', year: 2024 } });
    expect(documentUploadSelectors.form(preset.snapshot())).toEqual({ category: 'taxes', fileType: 'w2', year: 2024, documentDate: null, comments: '' });
    const replacing = flow({ replaces: SAMPLE_DOCUMENT });
    expect(documentUploadSelectors.form(replacing.snapshot())).toEqual({
      category: 'income-statements',
      fileType: 'pay_stub',
      year: null,
      documentDate: '2026-10-31',
      comments: '',
    });
  });

  it('choosing another file keeps the form', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: PDF });
    await f.send({ type: 'form.change', values: SAMPLE_VALID_FORM });
    await f.send({ type: 'file.clear' });
    expect([documentUploadSelectors.step(f.snapshot()), documentUploadSelectors.file(f.snapshot())]).toEqual(['pick', null]);
    await f.send({ type: 'file.chosen', file: PHOTO });
    await f.send({ type: 'crop.skip' });
    expect(documentUploadSelectors.form(f.snapshot())).toEqual(SAMPLE_VALID_FORM);
  });
});

describe('uploading (spec 001 §4)', () => {
  it('stashes the file, prepares the upload, uploads with progress, waits for the server, and closes', async () => {
    const f = flow();
    await f.toUpload();
    expect(f.log).toEqual(['readFile:tax-return-2025.pdf', 'stashFile:none', 'createUpload:tax-return-2025.pdf:new', 'uploadFile:upload-1', 'stashFile:upload-1']);
    expect(f.child().file).toBe(SAMPLE_CHOSEN_FILES.pdf);
    f.child().send({ type: 'upload.progress', bytesTransferred: 37, totalBytes: 74 });
    await settle();
    expect([documentUploadSelectors.step(f.snapshot()), documentUploadSelectors.progress(f.snapshot())]).toEqual(['upload', 50]);
    f.child().send({ type: 'upload.stored' });
    await settle();
    expect(documentUploadSelectors.step(f.snapshot())).toBe('processing');
    await f.outcome({ ok: true, documentId: 'doc-new' });
    expect(f.log.slice(-3)).toEqual(['waitForUploadOutcome:upload-1', `removeStash:${f.stashes[0]?.id}`, 'refreshDocuments']);
    expect(f.notices()).toEqual([{ level: 'success', key: 'toast.document-uploaded' }]);
    expect([f.snapshot().status, f.snapshot().output]).toEqual(['done', { documentId: 'doc-new' }]);
  });

  it('going offline mid-upload pauses it, and back online resumes it (the same upload, not a new one)', async () => {
    const f = flow();
    await f.toUpload();
    f.child().send({ type: 'upload.progress', bytesTransferred: 30, totalBytes: 74 });
    await f.connection('offline');
    expect([f.child().received, documentUploadSelectors.paused(f.snapshot()), documentUploadSelectors.progress(f.snapshot())]).toEqual([
      ['upload.pause'],
      true,
      40,
    ]);
    await f.connection('online');
    expect([f.child().received, documentUploadSelectors.paused(f.snapshot()), f.children.length]).toEqual([
      ['upload.pause', 'upload.resume'],
      false,
      1,
    ]);
    expect(f.log.filter((line) => line.startsWith('createUpload'))).toHaveLength(1);
  });

  it('offline before the upload is prepared waits, then prepares it once back online', async () => {
    const f = flow();
    await f.send({ type: 'file.chosen', file: PDF });
    await f.send({ type: 'form.change', values: SAMPLE_VALID_FORM });
    await f.connection('offline');
    await f.send({ type: 'form.submit' });
    expect(f.snapshot().hasTag('waiting.connection')).toBe(true);
    expect(f.log.some((line) => line.startsWith('createUpload'))).toBe(false);
    await f.connection('poor');
    expect(f.snapshot().hasTag('waiting.connection')).toBe(false);
    expect(f.log.at(-3)).toBe('createUpload:tax-return-2025.pdf:new');
    expect(documentUploadSelectors.step(f.snapshot())).toBe('upload');
  });

  it('a prepared upload that arrives while offline starts paused', async () => {
    const f = flow({}, { holdCreate: true });
    await f.send({ type: 'file.chosen', file: PDF });
    await f.send({ type: 'form.change', values: SAMPLE_VALID_FORM });
    await f.send({ type: 'form.submit' });
    await f.connection('offline');
    await f.releaseCreate();
    expect([f.child().received, documentUploadSelectors.paused(f.snapshot())]).toEqual([['upload.pause'], true]);
    await f.connection('online');
    expect(f.child().received).toEqual(['upload.pause', 'upload.resume']);
  });

  it('a prepare that fails because the connection went waits for it and asks again', async () => {
    const f = flow({}, { failCreate: 1, holdCreate: true });
    await f.send({ type: 'file.chosen', file: PDF });
    await f.send({ type: 'form.change', values: SAMPLE_VALID_FORM });
    await f.send({ type: 'form.submit' });
    await f.connection('offline');
    await f.releaseCreate();
    expect([f.snapshot().hasTag('waiting.connection'), f.snapshot().hasTag('dialog.createError')]).toEqual([true, false]);
    await f.connection('online');
    await f.releaseCreate();
    expect([documentUploadSelectors.step(f.snapshot()), f.child().target.uploadId]).toEqual(['upload', 'upload-2']);
  });

  it('the connection dialog: shown while sending on a poor connection, closed by Continue, open again on the next change', async () => {
    const f = flow();
    await f.toUpload();
    expect(documentUploadSelectors.connectionDialog(f.snapshot())).toBe(false);
    await f.connection('poor');
    expect([documentUploadSelectors.connectionDialog(f.snapshot()), f.snapshot().hasTag('connection.poor')]).toEqual([true, true]);
    await f.send({ type: 'connection.continue' });
    expect(documentUploadSelectors.connectionDialog(f.snapshot())).toBe(false);
    await f.connection('offline');
    expect([documentUploadSelectors.connectionDialog(f.snapshot()), f.snapshot().hasTag('connection.offline')]).toEqual([true, true]);
    // No Continue while offline.
    expect(f.snapshot().can({ type: 'connection.continue' })).toBe(false);
    await f.send({ type: 'connection.continue' });
    expect(documentUploadSelectors.connectionDialog(f.snapshot())).toBe(true);
    await f.connection('poor');
    expect(documentUploadSelectors.connectionDialog(f.snapshot())).toBe(true);
    await f.connection('online');
    expect(documentUploadSelectors.connectionDialog(f.snapshot())).toBe(false);
  });

  it('shows no connection dialog while the customer is still choosing or filling the form', async () => {
    const f = flow();
    await f.connection('offline');
    expect(documentUploadSelectors.connectionDialog(f.snapshot())).toBe(false);
    await f.send({ type: 'file.chosen', file: PDF });
    expect([documentUploadSelectors.step(f.snapshot()), documentUploadSelectors.connectionDialog(f.snapshot())]).toEqual(['form', false]);
  });

  it('a failed upload retries under a new prepared upload, the old one cancelled first', async () => {
    const f = flow();
    await f.toUpload();
    f.child().send({ type: 'upload.failed', code: 'storage/retry-limit-exceeded' });
    await settle();
    expect([f.snapshot().hasTag('error.upload'), f.child(0).stopped]).toEqual([true, true]);
    await f.send({ type: 'upload.retry' });
    expect(f.log.slice(-4)).toEqual(['cancelUpload:upload-1', 'createUpload:tax-return-2025.pdf:new', 'uploadFile:upload-2', 'stashFile:upload-2']);
    expect(f.child().target.uploadId).toBe('upload-2');
  });

  it('a failed prepare shows create-document-error as a dialog; retry prepares again', async () => {
    const f = flow({}, { failCreate: 1 });
    await f.toUpload();
    expect([f.snapshot().hasTag('dialog.createError'), documentUploadSelectors.errorKey(f.snapshot())]).toEqual([
      true,
      'errors.create-document-error',
    ]);
    await f.send({ type: 'upload.retry' });
    expect([documentUploadSelectors.errorKey(f.snapshot()), documentUploadSelectors.step(f.snapshot()), f.child().target.uploadId]).toEqual([
      null,
      'upload',
      'upload-2',
    ]);
  });

  it('Cancel stops the upload, forgets the prepared upload on the server and the stash', async () => {
    const f = flow();
    await f.toUpload();
    const stashId = f.stashes[0]?.id;
    await f.connection('offline');
    await f.send({ type: 'upload.cancel' });
    expect(f.child().received).toEqual(['upload.pause', 'upload.cancel']);
    expect(f.child().stopped).toBe(true);
    expect(f.log.slice(-2)).toEqual(['cancelUpload:upload-1', `removeStash:${stashId}`]);
    expect(f.notices()).toEqual([{ level: 'info', key: 'toast.upload-cancelled' }]);
    expect([f.snapshot().status, f.snapshot().output]).toEqual(['done', { documentId: null }]);
  });

  it('the server refusing the file shows its reason and forgets the stash', async () => {
    const f = flow();
    await f.toUpload();
    f.child().send({ type: 'upload.stored' });
    await settle();
    await f.outcome({ ok: false, reason: 'type-mismatch' });
    expect([f.snapshot().hasTag('error.refused'), documentUploadSelectors.refusal(f.snapshot())]).toEqual([true, 'type-mismatch']);
    expect(f.log.at(-1)).toBe(`removeStash:${f.stashes[0]?.id}`);
    await f.send({ type: 'file.clear' });
    expect(documentUploadSelectors.step(f.snapshot())).toBe('pick');
  });

  it('replacing a file sends the replaced document with the prepared upload', async () => {
    const f = flow({ replaces: SAMPLE_DOCUMENT });
    await f.send({ type: 'file.chosen', file: PDF });
    await f.send({ type: 'form.submit' });
    expect(f.log).toContain('createUpload:tax-return-2025.pdf:doc-pay-stub');
    expect(f.stashes[0]?.replaces).toBe('doc-pay-stub');
  });
});

describe('a file kept in the browser', () => {
  it('starts again with one click, without choosing the file, and forgets the old prepared upload', async () => {
    const f = flow({ resume: SAMPLE_STASHED_UPLOAD });
    expect(f.snapshot().hasTag('step.resume')).toBe(true);
    await f.send({ type: 'upload.restart' });
    expect(f.log).toEqual(['cancelUpload:upload-1', 'createUpload:tax-return-2025.pdf:new', 'uploadFile:upload-1', 'stashFile:upload-1']);
    expect(f.child().file).toBe(SAMPLE_STASHED_UPLOAD.file);
    expect(f.stashes[0]?.id).toBe(SAMPLE_STASHED_UPLOAD.id);
  });

  it('can be discarded', async () => {
    const f = flow({ resume: SAMPLE_STASHED_UPLOAD });
    await f.send({ type: 'upload.discard' });
    expect([f.log, f.snapshot().output]).toEqual([[`removeStash:${SAMPLE_STASHED_UPLOAD.id}`], { documentId: null }]);
  });

  it('a coach without permission cannot start it again', async () => {
    const f = flow({ resume: SAMPLE_STASHED_UPLOAD, actor: SAMPLE_DOCUMENTS_COACH });
    await f.send({ type: 'upload.restart' });
    expect([f.log, f.notices()]).toEqual([[], [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });
});

describe('the connection in every phase', () => {
  /** Ways to reach each phase of the flow. */
  const phases: { name: string; step: string; tag: DocumentUploadTag | null; reach: (f: ReturnType<typeof flow>) => Promise<void>; dialog: boolean }[] = [
    { name: 'choosing', step: 'pick', tag: 'step.pick', dialog: false, reach: async () => undefined },
    { name: 'cropping', step: 'crop', tag: 'step.crop', dialog: false, reach: (f) => f.send({ type: 'file.chosen', file: PHOTO }) },
    { name: 'the form', step: 'form', tag: 'step.form', dialog: false, reach: (f) => f.send({ type: 'file.chosen', file: PDF }) },
    { name: 'uploading', step: 'upload', tag: 'step.upload', dialog: true, reach: (f) => f.toUpload() },
    {
      name: 'processing',
      step: 'processing',
      tag: 'step.processing',
      dialog: true,
      reach: async (f) => {
        await f.toUpload();
        f.child().send({ type: 'upload.stored' });
        await settle();
      },
    },
    {
      name: 'a failed upload',
      step: 'other',
      tag: 'error.upload',
      dialog: false,
      reach: async (f) => {
        await f.toUpload();
        f.child().send({ type: 'upload.failed', code: 'storage/unknown' });
        await settle();
      },
    },
    {
      name: 'a refused file',
      step: 'other',
      tag: 'error.refused',
      dialog: false,
      reach: async (f) => {
        await f.toUpload();
        f.child().send({ type: 'upload.stored' });
        await settle();
        await f.outcome({ ok: false, reason: 'empty-file' });
      },
    },
  ];

  for (const phase of phases) {
    it(`offline and back online during ${phase.name} keeps the customer where they were${phase.dialog ? ', with the connection dialog while offline' : ''}`, async () => {
      const f = flow();
      await phase.reach(f);
      const calls = f.log.length;
      await f.connection('offline');
      expect([documentUploadSelectors.step(f.snapshot()), phase.tag && f.snapshot().hasTag(phase.tag)]).toEqual([phase.step, phase.tag && true]);
      expect(documentUploadSelectors.connectionDialog(f.snapshot())).toBe(phase.dialog);
      await f.connection('online');
      expect([documentUploadSelectors.step(f.snapshot()), documentUploadSelectors.connectionDialog(f.snapshot())]).toEqual([phase.step, false]);
      // Nothing is sent again because the connection came and went.
      expect(f.log.length).toBe(calls);
    });
  }

  it('a retry while offline waits for the connection before forgetting the failed upload and preparing a new one', async () => {
    const f = flow();
    await f.toUpload();
    f.child().send({ type: 'upload.failed', code: 'storage/unknown' });
    await settle();
    await f.connection('offline');
    await f.send({ type: 'upload.retry' });
    expect([f.snapshot().hasTag('waiting.connection'), documentUploadSelectors.connectionDialog(f.snapshot()), f.log.at(-1)]).toEqual([
      true,
      true,
      'stashFile:upload-1',
    ]);
    await f.connection('online');
    expect(f.log.slice(-4)).toEqual(['cancelUpload:upload-1', 'createUpload:tax-return-2025.pdf:new', 'uploadFile:upload-2', 'stashFile:upload-2']);
  });
});
