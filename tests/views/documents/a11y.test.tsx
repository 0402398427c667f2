import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { documentDeleteMachine } from '../../../machines/documents/documentDelete.machine';
import { documentEditMachine } from '../../../machines/documents/documentEdit.machine';
import { documentUploadMachine } from '../../../machines/documents/documentUpload.machine';
import type { ChosenFile, ConnectionEvent, DocumentData, StashedUpload, UploadOutcome, UploadTarget } from '../../../machines/documents/ports';
import type { ConnectionQuality } from '../../../src/domain/documents';
import { ConfirmDeleteDialog } from '../../../src/views/documents/ConfirmDeleteDialog';
import { DocumentDetailsDialog } from '../../../src/views/documents/DocumentDetailsDialog';
import { DocumentEditDialog } from '../../../src/views/documents/DocumentEditDialog';
import { DocumentsLocker } from '../../../src/views/documents/DocumentsLocker';
import { UploadDialog } from '../../../src/views/documents/UploadDialog';
import { renderView } from '../../support/render';
import { checklistItem, lockerDocument } from './documentFixtures';
import { actorsStoppedAfterEach, axeViolations } from '../../support/viewActors';

// The documents views under axe's rules that need no layout (names, roles, ARIA, lists, headings, forms): the locker
// with every section, each upload step (dropzone, crop, the form with its errors, progress with the connection
// dialog on top), and the details, edit and delete dialogs. Contrast is checked in the browser (e2e).

const TODAY = '2026-11-26';
const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };
const TARGET: UploadTarget = { uploadId: 'upload-1', documentId: 'doc-1', storagePath: 'users/u/documents/doc-1/upload-1', metadata: {}, expiresAt: '2026-11-27T00:00:00.000Z' };

const { actors } = actorsStoppedAfterEach();
beforeEach(() => {
  URL.createObjectURL = () => 'blob:photo';
  URL.revokeObjectURL = () => undefined;
});

/** `nested`: a second dialog is open over the upload; each Mantine dialog has its own <header>. */
function violations(nested = false) {
  return axeViolations(nested ? ['landmark-no-duplicate-banner', 'landmark-unique'] : []);
}

const statement: DocumentData = lockerDocument({ name: 'October statement.pdf', category: 'account-statements', fileType: 'bank', year: null, documentDate: '2026-10-31', status: 'processing' });

function startUpload() {
  const connection: { send: (quality: ConnectionQuality) => void } = { send: () => undefined };
  const machine = documentUploadMachine.provide({
    actors: {
      readFile: fromPromise(async ({ input: { file } }: { input: { file: File } }): Promise<ChosenFile> => ({
        blob: file,
        name: file.name,
        size: file.size,
        mimeType: file.type === 'image/jpeg' ? 'image/jpeg' : 'application/pdf',
      })),
      stashFile: fromPromise<void, { upload: StashedUpload }>(async () => undefined),
      createUpload: fromPromise(async () => TARGET),
      uploadFile: fromCallback(() => undefined),
      waitForUploadOutcome: fromPromise<UploadOutcome, { uploadId: string }>(() => new Promise<never>(() => undefined)),
      watchConnection: fromCallback(({ sendBack }) => {
        connection.send = (quality) => sendBack({ type: 'connection.changed', quality } satisfies ConnectionEvent);
        sendBack({ type: 'connection.changed', quality: 'online' } satisfies ConnectionEvent);
      }),
    },
  });
  const actor = createActor(machine, { input: { actor: customer, today: TODAY, preset: null, replaces: null, resume: null } });
  actor.start();
  actors.push(actor);
  return { actor, connection };
}

describe('the documents views with axe', () => {
  it('finds nothing on the locker', async () => {
    await renderView(
      <DocumentsLocker
        filter="other"
        documents={{ status: 'shown', data: [statement, lockerDocument({ category: 'other', fileType: 'government_id', year: null })] }}
        onFilterChange={vi.fn()}
        onUpload={vi.fn()}
        canModify
        canDownload
        onOpen={vi.fn()}
        opening={null}
        onDetails={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        checklist={{ status: 'shown', data: [checklistItem(), checklistItem({ checked: true, document: { name: 'W2.pdf' } })] }}
        onChecklistUpload={vi.fn()}
        stashed={[{ id: 'stash-1', file: { name: 'Pay stub.pdf', size: 40_000 } }]}
        onRestart={vi.fn()}
        onDiscard={vi.fn()}
      />,
    );
    expect(await violations()).toEqual([]);
  });

  it('finds nothing in the upload steps, nor with the connection dialog on top', async () => {
    const { actor, connection } = startUpload();
    await renderView(<UploadDialog upload={actor} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    expect(await violations()).toEqual([]);

    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'receipt.jpg', { type: 'image/jpeg' }));
    await within(dialog).findByRole('heading', { name: 'Crop your photo' });
    expect(await violations()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use whole photo' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Choose a category.')).toBeTruthy();
    expect(await violations()).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Other');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Document type' }), 'Government ID');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    act(() => connection.send('offline'));
    await screen.findByRole('dialog', { name: 'No connection' });
    expect(await violations(true)).toEqual([]);
    // Four axe runs over a dialog.
  }, 20_000);

  it('finds nothing in the details, edit and delete dialogs', async () => {
    const edit = createActor(documentEditMachine, { input: { actor: customer, today: TODAY, document: statement } });
    const remove = createActor(documentDeleteMachine.provide({ actors: { deleteDocument: fromPromise<void, { id: string }>(async () => undefined) } }), { input: { actor: customer, document: statement } });
    edit.start();
    remove.start();
    actors.push(edit, remove);
    const { unmount } = await renderView(<DocumentDetailsDialog document={statement} onClose={vi.fn()} canDownload canModify onOpen={vi.fn()} opening={null} onEdit={vi.fn()} onDelete={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'October statement.pdf' });
    expect(await violations()).toEqual([]);
    unmount();
    const second = await renderView(<DocumentEditDialog edit={edit} onReplaceFile={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Edit October statement.pdf' });
    expect(await violations()).toEqual([]);
    second.unmount();
    await renderView(<ConfirmDeleteDialog remove={remove} />);
    await screen.findByRole('dialog', { name: 'Delete this document?' });
    expect(await violations()).toEqual([]);
  });
});
