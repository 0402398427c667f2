import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type Actor, type EventObject } from 'xstate';
import { documentUploadMachine, type DocumentUploadInput } from '../../../machines/documents/documentUpload.machine';
import type { ChosenFile, ConnectionEvent, StashedUpload, UploadControlEvent, UploadFileEvent, UploadOutcome, UploadTarget } from '../../../machines/documents/ports';
import type { ConnectionQuality, CropArea } from '../../../src/domain/documents';
import { UploadDialog } from '../../../src/views/documents/UploadDialog';
import { renderView } from '../../support/render';

// The upload dialog (spec 001 §4 "Upload", §5; spec 002 §4, §5) bound to the real documentUpload machine with fake
// actors: the dropzone hands the picked file to the machine, the form shows the tax year only for tax types and flags
// its fields only after a submit, photos go to the crop step with the spec's slider ranges, the progress holds while
// offline with the connection dialog (no Continue offline), and the failures: the create error's dialog, a stopped
// upload, a refused file, and a file kept from earlier.

const TODAY = '2026-11-26';
const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };
const TARGET: UploadTarget = { uploadId: 'upload-1', documentId: 'doc-1', storagePath: 'users/u/documents/doc-1/upload-1', metadata: {}, expiresAt: '2026-11-27T00:00:00.000Z' };

function chosen(file: File): ChosenFile {
  const mimeType = file.type === 'image/jpeg' || file.type === 'image/png' ? file.type : 'application/pdf';
  return { blob: file, name: file.name, size: file.size, mimeType };
}

interface Fakes {
  createUpload?: () => Promise<UploadTarget>;
  waitForUploadOutcome?: () => Promise<UploadOutcome>;
}

let running: Actor<typeof documentUploadMachine> | null = null;
afterEach(() => {
  running?.stop();
  running = null;
});

beforeEach(() => {
  // jsdom has no object URLs: the crop step's image address.
  URL.createObjectURL = () => 'blob:photo';
  URL.revokeObjectURL = () => undefined;
});

async function openUpload(input: Partial<DocumentUploadInput> = {}, fakes: Fakes = {}) {
  const connection: { send: (quality: ConnectionQuality) => void } = { send: () => undefined };
  const upload: { send: (event: UploadFileEvent) => void; received: UploadControlEvent['type'][] } = { send: () => undefined, received: [] };
  const createUpload = vi.fn(fakes.createUpload ?? (async () => TARGET));
  const cancelUpload = vi.fn(async () => undefined);
  const machine = documentUploadMachine.provide({
    actors: {
      readFile: fromPromise(async ({ input: { file } }: { input: { file: File } }) => chosen(file)),
      convertHeic: fromPromise(async ({ input: { file } }: { input: { file: ChosenFile } }) => file),
      cropImage: fromPromise<ChosenFile, { file: ChosenFile; area: CropArea; rotation: number }>(async ({ input: { file } }) => file),
      stashFile: fromPromise<void, { upload: StashedUpload }>(async () => undefined),
      removeStash: fromPromise<void, { id: string }>(async () => undefined),
      createUpload: fromPromise(async () => createUpload()),
      uploadFile: fromCallback<EventObject, { file: ChosenFile; target: UploadTarget }>(({ sendBack, receive }) => {
        upload.send = (event) => sendBack(event);
        receive((event) => upload.received.push(event.type as UploadControlEvent['type']));
      }),
      waitForUploadOutcome: fromPromise(fakes.waitForUploadOutcome ?? (() => new Promise<UploadOutcome>(() => undefined))),
      cancelUpload: fromPromise<void, { uploadId: string }>(async () => cancelUpload()),
      watchConnection: fromCallback(({ sendBack }) => {
        connection.send = (quality) => sendBack({ type: 'connection.changed', quality } satisfies ConnectionEvent);
        sendBack({ type: 'connection.changed', quality: 'online' } satisfies ConnectionEvent);
      }),
      refreshDocuments: fromPromise<void, void>(async () => undefined),
    },
  });
  const actor = createActor(machine, { input: { actor: customer, today: TODAY, preset: null, replaces: null, resume: null, ...input } });
  actor.start();
  running = actor;
  await renderView(<UploadDialog upload={actor} />);
  const dialog = await screen.findByRole('dialog', { name: input.replaces ? `Replace the file of ${input.replaces.name}` : 'Upload a document' });
  return { actor, dialog, connection, upload, createUpload, cancelUpload };
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;
const pdf = () => new File(['%PDF-1.7 statement'], 'statement.pdf', { type: 'application/pdf' });
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'receipt.jpg', { type: 'image/jpeg' });

async function toForm(dialog: HTMLElement) {
  await userEvent.upload(fileInput(dialog), pdf());
  await within(dialog).findByRole('heading', { name: 'About this document' });
}

async function fillTaxForm(dialog: HTMLElement) {
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Taxes');
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Document type' }), 'W-2');
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Tax year' }), '2025');
}

describe('the upload dialog', () => {
  it('takes a picked PDF to the form, naming the file and its size in kb', async () => {
    const { dialog } = await openUpload();
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeTruthy();
    expect(within(dialog).getByText('PDF, JPEG, PNG or HEIC, up to 20 MB.')).toBeTruthy();
    await toForm(dialog);
    expect(within(dialog).getByTestId('upload-file').textContent).toBe('statement.pdf, 1 kb');
  });

  it('refuses a kind of file the locker does not store before reading it', async () => {
    const { dialog, actor } = await openUpload();
    await userEvent.upload(fileInput(dialog), new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This kind of file cannot be stored. Choose a PDF, JPEG, PNG or HEIC file.');
    expect(actor.getSnapshot().hasTag('step.pick')).toBe(true);
  });

  it('asks for the tax year (the two prior years) only for tax types, and an issue date otherwise', async () => {
    const { dialog } = await openUpload();
    await toForm(dialog);
    expect((within(dialog).getByRole('combobox', { name: 'Document type' }) as HTMLSelectElement).disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Taxes');
    expect(within(within(dialog).getByRole('combobox', { name: 'Document type' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a document type',
      'Federal tax return',
      'Business return',
      'W-2',
      '1099',
      'K-1',
      'Other tax document',
    ]);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Document type' }), 'W-2');
    const year = within(dialog).getByRole('combobox', { name: 'Tax year' });
    expect(within(year).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose the tax year', '2025', '2024']);
    expect(within(dialog).queryByRole('textbox', { name: /Issue date/ })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Account statements');
    expect(within(dialog).queryByRole('combobox', { name: 'Tax year' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /Issue date/ })).toBeTruthy();
  });

  it('flags the invalid fields only after a submit, and uploads once they are corrected', async () => {
    const { dialog, createUpload } = await openUpload();
    await toForm(dialog);
    expect(within(dialog).queryByText('Choose a category.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Check the fields marked below.');
    expect(within(dialog).getByText('Choose a category.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a document type.')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Category' }).getAttribute('aria-invalid')).toBe('true');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Taxes');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Document type' }), 'W-2');
    expect(within(dialog).getByText('Choose the tax year.')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Tax year' }), '2025');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(createUpload).toHaveBeenCalledTimes(1);
  });

  it('counts the comments against their limit', async () => {
    const { dialog } = await openUpload();
    await toForm(dialog);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comments (optional)' }), 'Both pages');
    expect(within(dialog).getByText('10 of 1000 characters')).toBeTruthy();
  });

  it('shows the progress as a bar and in words, holds it while offline with the connection dialog, and goes on when back', async () => {
    const { dialog, connection, upload } = await openUpload();
    await toForm(dialog);
    await fillTaxForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    act(() => upload.send({ type: 'upload.progress', bytesTransferred: 40, totalBytes: 100 }));
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(dialog).getByTestId('upload-percent').textContent).toBe('40% uploaded');

    act(() => connection.send('offline'));
    expect(within(dialog).getByTestId('upload-paused').textContent).toBe('Paused — waiting for the connection');
    expect(upload.received).toEqual(['upload.pause']);
    const offline = await screen.findByRole('dialog', { name: 'No connection' });
    expect(within(offline).queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(within(offline).getByRole('button', { name: 'Cancel upload' })).toBeTruthy();
    expect(within(offline).queryByRole('button', { name: 'Close' })).toBeNull();

    act(() => connection.send('poor'));
    const poor = await screen.findByRole('dialog', { name: 'Poor connection' });
    expect(upload.received).toEqual(['upload.pause', 'upload.resume']);
    expect(within(dialog).queryByTestId('upload-paused')).toBeNull();
    await userEvent.click(within(poor).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Poor connection' })).toBeNull());
    act(() => upload.send({ type: 'upload.progress', bytesTransferred: 100, totalBytes: 100 }));
    act(() => upload.send({ type: 'upload.stored' }));
    expect(await within(dialog).findByText('Checking your file…')).toBeTruthy();
  });

  it("cancels from the connection dialog, which forgets the prepared upload", async () => {
    const { dialog, connection, cancelUpload, actor } = await openUpload();
    await toForm(dialog);
    await fillTaxForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    act(() => connection.send('offline'));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'No connection' })).getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(cancelUpload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the create error as a dialog with Try again and Cancel', async () => {
    let attempt = 0;
    const { dialog, createUpload } = await openUpload(
      {},
      {
        createUpload: async () => {
          attempt += 1;
          if (attempt === 1) throw new Error('unavailable');
          return TARGET;
        },
      },
    );
    await toForm(dialog);
    await fillTaxForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const error = await screen.findByRole('dialog', { name: 'The upload could not start' });
    expect(within(error).getByRole('alert').textContent).toBe('We could not save your document. Your file is kept; please try again.');
    expect(within(error).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(createUpload).toHaveBeenCalledTimes(2);
  });

  it('offers to try a stopped upload again without choosing the file again', async () => {
    const { dialog, upload, createUpload } = await openUpload();
    await toForm(dialog);
    await fillTaxForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    act(() => upload.send({ type: 'upload.failed', code: 'storage/retry-limit-exceeded' }));
    expect(await within(dialog).findByRole('heading', { name: 'The upload stopped' })).toBeTruthy();
    expect(within(dialog).getByTestId('upload-file').textContent).toBe('statement.pdf, 1 kb');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(createUpload).toHaveBeenCalledTimes(2);
  });

  it("shows the server's refusal and lets the customer choose another file", async () => {
    const { dialog, upload } = await openUpload({}, { waitForUploadOutcome: async () => ({ ok: false, reason: 'type-mismatch' }) });
    await toForm(dialog);
    await fillTaxForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    act(() => upload.send({ type: 'upload.stored' }));
    expect(await within(dialog).findByRole('heading', { name: 'The file was not accepted' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe("The file's contents do not match its type. Choose the original file again.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });

  it('crops a photo with zoom 0.1…3 by 0.1 and rotation −180…180 by 1, operable by keyboard', async () => {
    const { dialog, actor } = await openUpload();
    await userEvent.upload(fileInput(dialog), photo());
    expect(await within(dialog).findByRole('heading', { name: 'Crop your photo' })).toBeTruthy();
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' });
    const rotation = within(dialog).getByRole('slider', { name: 'Rotation' });
    expect([zoom.getAttribute('aria-valuemin'), zoom.getAttribute('aria-valuemax'), zoom.getAttribute('aria-valuenow')]).toEqual(['0.1', '3', '1']);
    expect([rotation.getAttribute('aria-valuemin'), rotation.getAttribute('aria-valuemax'), rotation.getAttribute('aria-valuenow')]).toEqual(['-180', '180', '0']);
    rotation.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(rotation.getAttribute('aria-valuenow')).toBe('2');
    expect(rotation.getAttribute('aria-valuetext')).toBe('2°');
    await userEvent.keyboard('{Home}');
    expect(rotation.getAttribute('aria-valuenow')).toBe('-180');
    zoom.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(zoom.getAttribute('aria-valuenow')).toBe('1.1');
    expect(zoom.getAttribute('aria-valuetext')).toBe('1.1×');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use whole photo' }));
    expect(await within(dialog).findByRole('heading', { name: 'About this document' })).toBeTruthy();
    expect(actor.getSnapshot().context.file?.name).toBe('receipt.jpg');
  });

  it('goes back to the dropzone from the crop step', async () => {
    const { dialog } = await openUpload();
    await userEvent.upload(fileInput(dialog), photo());
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose another file' }));
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });

  it('offers a file kept from an unfinished upload again, with its name and size', async () => {
    const kept: StashedUpload = {
      id: 'stash-1',
      file: { blob: new Blob(['%PDF-1.7']), name: 'Pay stub.pdf', size: 4_200_000, mimeType: 'application/pdf' },
      document: { category: 'income-statements', fileType: 'pay_stub', year: null, documentDate: null, comments: '' },
      replaces: null,
      uploadId: 'old-upload',
      savedAt: '2026-11-25T10:00:00.000Z',
    };
    const { dialog, createUpload, cancelUpload } = await openUpload({ resume: kept });
    expect(within(dialog).getByRole('heading', { name: 'Unfinished upload' })).toBeTruthy();
    expect(within(dialog).getByTestId('upload-file').textContent).toBe('Pay stub.pdf, 4102 kb');
    expect(within(dialog).getByRole('button', { name: 'Discard' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload again' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(cancelUpload).toHaveBeenCalledTimes(1);
    expect(createUpload).toHaveBeenCalledTimes(1);
  });

  it('closes from the dropzone without sending anything', async () => {
    const { dialog, actor } = await openUpload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the upload' }));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ documentId: null });
  });

  it('starts keyboard focus on the file picker, keeps Tab inside, and gives focus back to the opener on Escape', async () => {
    const machine = documentUploadMachine.provide({
      actors: { watchConnection: fromCallback(({ sendBack }) => sendBack({ type: 'connection.changed', quality: 'online' } satisfies ConnectionEvent)) },
    });
    function Opener() {
      const [actor, setActor] = useState<Actor<typeof documentUploadMachine> | null>(null);
      const open = () => {
        const started = createActor(machine, { input: { actor: customer, today: TODAY, preset: null, replaces: null, resume: null } });
        started.start();
        running = started;
        setActor(started);
      };
      return (
        <>
          <button type="button" onClick={open}>
            Upload document
          </button>
          {actor !== null ? <UploadDialog upload={actor} /> : null}
        </>
      );
    }
    await renderView(<Opener />);
    const opener = screen.getByRole('button', { name: 'Upload document' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Choose a file' })));
    for (let press = 0; press < 4; press += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload a document' })).toBeNull());
    expect(running?.getSnapshot().output).toEqual({ documentId: null });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('names a replacement after the document it replaces', async () => {
    const replaces = {
      id: 'doc-9',
      name: 'W2 Acme 2025.pdf',
      category: 'taxes' as const,
      fileType: 'w2' as const,
      year: 2025,
      documentDate: null,
      comments: '',
      fileSize: 1000,
      mimeType: 'application/pdf',
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: null,
      status: 'ready' as const,
    };
    const { dialog } = await openUpload({ replaces });
    await toForm(dialog);
    expect((within(dialog).getByRole('combobox', { name: 'Tax year' }) as HTMLSelectElement).value).toBe('2025');
  });

  it('reads in Spanish', async () => {
    const { dialog } = await openUploadSpanish();
    expect(within(dialog).getByRole('button', { name: 'Elegir un archivo' })).toBeTruthy();
    await userEvent.upload(fileInput(dialog), pdf());
    expect(await within(dialog).findByRole('heading', { name: 'Sobre este documento' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(within(dialog).getByText('Elija una categoría.')).toBeTruthy();
  });
});

async function openUploadSpanish() {
  const machine = documentUploadMachine.provide({
    actors: {
      readFile: fromPromise(async ({ input: { file } }: { input: { file: File } }) => chosen(file)),
      watchConnection: fromCallback(({ sendBack }) => sendBack({ type: 'connection.changed', quality: 'online' } satisfies ConnectionEvent)),
    },
  });
  const actor = createActor(machine, { input: { actor: customer, today: TODAY, preset: null, replaces: null, resume: null } });
  actor.start();
  running = actor;
  await renderView(<UploadDialog upload={actor} />, { language: 'es' });
  return { dialog: await screen.findByRole('dialog', { name: 'Subir un documento' }) };
}

