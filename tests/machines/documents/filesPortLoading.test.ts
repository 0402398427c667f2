import { assign, createActor, sendTo, setup, type AnyActorLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ChosenFile, FilesPort, UploadControlEvent, UploadFileEvent, UploadTarget } from '../../../machines/documents/ports';
import { provideDocumentUploadMachine } from '../../../src/app/documents/machines';
import type { AppPorts } from '../../../src/app/ports';

// The documents adapter loads with the locker's first use, not with the app (docs/benchmarks.md §1), so the upload
// flow's actors may start before the signed-in user's files port is there. What the flow sees must not change: controls
// sent meanwhile apply once the upload starts, an upload left meanwhile never starts, and a port that cannot load is
// an upload that failed.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const file: ChosenFile = { blob: new Blob(['%PDF']), name: 'scan.pdf', size: 4, mimeType: 'application/pdf' };
const target: UploadTarget = {
  uploadId: 'up-1',
  documentId: 'doc-1',
  storagePath: 'uploads/u1/up-1/scan.pdf',
  metadata: {},
  expiresAt: '2026-12-07T12:00:00.000Z',
};

/** A files port whose upload records what happened to it. */
function recordingFiles() {
  const calls: string[] = [];
  let listener: (event: UploadFileEvent) => void = () => undefined;
  const port = {
    upload: (_file: ChosenFile, _target: UploadTarget, onEvent: (event: UploadFileEvent) => void) => {
      calls.push('start');
      listener = onEvent;
      return { pause: () => calls.push('pause'), resume: () => calls.push('resume'), cancel: () => calls.push('cancel') };
    },
  } as unknown as FilesPort;
  return { port, calls, emit: (event: UploadFileEvent) => listener(event) };
}

/** The upload flow's uploadFile actor under a parent that keeps what it hears, as the flow's upload state does. */
function startUpload(files: () => Promise<FilesPort>) {
  const uploadFile = provideDocumentUploadMachine({} as AppPorts, files).implementations.actors.uploadFile as AnyActorLogic;
  const flow = setup({
    types: { context: {} as { heard: string[] }, events: {} as UploadFileEvent | UploadControlEvent | { type: 'upload.leave' } },
    actors: { uploadFile },
  }).createMachine({
    context: { heard: [] },
    initial: 'uploading',
    states: {
      uploading: {
        invoke: { id: 'upload', src: 'uploadFile', input: { file, target } },
        on: {
          'upload.pause': { actions: sendTo('upload', ({ event }) => event) },
          'upload.leave': 'left',
          'upload.stored': { actions: assign({ heard: ({ context, event }) => [...context.heard, event.type] }) },
          'upload.failed': { actions: assign({ heard: ({ context, event }) => [...context.heard, `${event.type} ${event.code}`] }) },
        },
      },
      left: {},
    },
  });
  return createActor(flow).start();
}

/** Lets the port's promise settle and what follows it run. */
const settled = async (promise: Promise<unknown>) => {
  await promise.catch(() => undefined);
  await Promise.resolve();
};

describe('the upload flow over a files port that loads on first use', () => {
  it('applies a pause sent while the port loads once the upload starts, and its events reach the flow', async () => {
    const loading = deferred<FilesPort>();
    const files = recordingFiles();
    const flow = startUpload(() => loading.promise);
    flow.send({ type: 'upload.pause' });
    expect(files.calls).toEqual([]);

    loading.resolve(files.port);
    await settled(loading.promise);
    expect(files.calls).toEqual(['start', 'pause']);
    files.emit({ type: 'upload.stored' });
    expect(flow.getSnapshot().context.heard).toEqual(['upload.stored']);
  });

  it('never starts an upload that was left before the port loaded', async () => {
    const loading = deferred<FilesPort>();
    const files = recordingFiles();
    const flow = startUpload(() => loading.promise);
    flow.send({ type: 'upload.leave' });

    loading.resolve(files.port);
    await settled(loading.promise);
    expect(files.calls).toEqual([]);
  });

  it('is an upload that failed (network) when the port cannot load', async () => {
    const loading = deferred<FilesPort>();
    const flow = startUpload(() => loading.promise);

    loading.reject(new Error('Failed to fetch dynamically imported module'));
    await settled(loading.promise);
    expect(flow.getSnapshot().context.heard).toEqual(['upload.failed network-request-failed']);
  });
});
