import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { documentDeleteMachine } from '../../../machines/documents/documentDelete.machine';
import { documentEditMachine } from '../../../machines/documents/documentEdit.machine';
import type { DocumentData } from '../../../machines/documents/ports';
import type { DocumentFormValues } from '../../../src/domain/documents';
import { ConfirmDeleteDialog } from '../../../src/views/documents/ConfirmDeleteDialog';
import { DocumentDetailsDialog } from '../../../src/views/documents/DocumentDetailsDialog';
import { DocumentEditDialog } from '../../../src/views/documents/DocumentEditDialog';
import { renderView } from '../../support/render';
import { octoberStatement } from './documentFixtures';
import { actorsStoppedAfterEach } from '../../support/viewActors';

// The document's modal routes (spec 002 §2): file/info/:documentId (every field, the processing state, View and
// Download by permission), file/:documentId/edit bound to the real documentEdit machine (the form's fields, the year
// only for tax types, errors after a submit, Save, Replace file), confirm-delete bound to documentDelete.

const TODAY = '2026-11-26';
const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };

const { actors: running } = actorsStoppedAfterEach();

const statement: DocumentData = octoberStatement({
  comments: 'All 4 pages',
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-03T09:00:00.000Z',
  status: 'processing',
});

const facts = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the document details dialog', () => {
  it('shows every field in words, with the processing note', async () => {
    await renderView(<DocumentDetailsDialog document={statement} onClose={vi.fn()} canDownload canModify onOpen={vi.fn()} opening={null} onEdit={vi.fn()} onDelete={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'October statement.pdf' });
    expect(facts(dialog)).toEqual([
      ['Name', 'October statement.pdf'],
      ['Status', 'Processing'],
      ['Category', 'Account statements'],
      ['Document type', 'Bank statement'],
      ['Issue date', 'Oct 31, 2026'],
      ['Size', '184 kb'],
      ['File format', 'PDF'],
      ['Uploaded', 'Nov 2, 2026'],
      ['Last changed', 'Nov 3, 2026'],
      ['Comments', 'All 4 pages'],
    ]);
    expect(within(dialog).getByText(/still being processed/)).toBeTruthy();
  });

  it('opens the document to view or download, and offers edit and delete, as the permissions allow', async () => {
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    const ready = { ...statement, status: 'ready' as const, year: 2025, documentDate: null, category: 'taxes' as const, fileType: 'w2' as const };
    const { rerender } = await renderView(<DocumentDetailsDialog document={ready} onClose={vi.fn()} canDownload canModify onOpen={onOpen} opening={null} onEdit={onEdit} onDelete={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'October statement.pdf' });
    expect(facts(dialog)).toContainEqual(['Tax year', '2025']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'View' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(onOpen.mock.calls).toEqual([
      [ready, 'view'],
      [ready, 'download'],
    ]);
    expect(onEdit).toHaveBeenCalledWith(ready);
    rerender(<DocumentDetailsDialog document={ready} onClose={vi.fn()} canDownload={false} canModify={false} onOpen={onOpen} opening={null} onEdit={onEdit} onDelete={vi.fn()} />);
    expect(within(dialog).queryByRole('button', { name: 'View' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

async function openEdit(document: DocumentData, updateDocument = vi.fn(async (_: DocumentFormValues) => document), onReplaceFile?: () => void) {
  const machine = documentEditMachine.provide({
    actors: {
      updateDocument: fromPromise(async ({ input }: { input: { documentId: string; document: DocumentFormValues } }) => updateDocument(input.document)),
      refreshDocuments: fromPromise<void, void>(async () => undefined),
    },
  });
  const actor = createActor(machine, { input: { actor: customer, today: TODAY, document } });
  actor.start();
  running.push(actor);
  await renderView(<DocumentEditDialog edit={actor} onReplaceFile={onReplaceFile} />);
  const dialog = await screen.findByRole('dialog', { name: `Edit ${document.name}` });
  return { actor, dialog, updateDocument };
}

describe('the document edit dialog', () => {
  it("starts with the document's fields and saves the changes", async () => {
    const { dialog, actor, updateDocument } = await openEdit(statement);
    expect((within(dialog).getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('account-statements');
    expect((within(dialog).getByRole('combobox', { name: 'Document type' }) as HTMLSelectElement).value).toBe('bank');
    expect((within(dialog).getByRole('textbox', { name: /Issue date/ }) as HTMLInputElement).value).toBe('10/31/2026');
    expect(within(dialog).queryByRole('combobox', { name: 'Tax year' })).toBeNull();
    const comments = within(dialog).getByRole('textbox', { name: 'Comments (optional)' });
    await userEvent.clear(comments);
    await userEvent.type(comments, 'Pages 1-4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(updateDocument).toHaveBeenCalledWith({ category: 'account-statements', fileType: 'bank', year: null, documentDate: '2026-10-31', comments: 'Pages 1-4' });
  });

  it('asks for the tax year once the type is a tax type, and flags it only after Save', async () => {
    const { dialog, updateDocument } = await openEdit(statement);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Taxes');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Document type' }), '1099');
    const year = within(dialog).getByRole('combobox', { name: 'Tax year' });
    expect(within(year).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose the tax year', '2025', '2024']);
    expect(within(dialog).queryByText('Choose the tax year.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose the tax year.')).toBeTruthy();
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(updateDocument).not.toHaveBeenCalled();
  });

  it('takes an issue date typed in the reader\'s format, never one after today', async () => {
    const { dialog, actor } = await openEdit(statement);
    const date = within(dialog).getByRole('textbox', { name: /Issue date/ });
    expect(within(dialog).getByText('The day the document was issued, as MM/DD/YYYY.')).toBeTruthy();
    await userEvent.clear(date);
    await userEvent.type(date, '11/01/2026');
    expect(actor.getSnapshot().context.form.documentDate).toBe('2026-11-01');
    await userEvent.clear(date);
    await userEvent.type(date, '12/31/2026');
    await userEvent.tab();
    expect(actor.getSnapshot().context.form.documentDate).toBeNull();
  });

  it('offers to replace the file when the route wires it', async () => {
    const onReplaceFile = vi.fn();
    const { dialog } = await openEdit(statement, undefined, onReplaceFile);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace file' }));
    expect(onReplaceFile).toHaveBeenCalledTimes(1);
  });

  it('cancels without saving', async () => {
    const { dialog, actor, updateDocument } = await openEdit(statement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().output).toEqual({ document: null });
    expect(updateDocument).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: 'Replace file' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    const machine = documentEditMachine.provide({ actors: { updateDocument: fromPromise(async () => statement), refreshDocuments: fromPromise<void, void>(async () => undefined) } });
    const actor = createActor(machine, { input: { actor: customer, today: TODAY, document: statement } });
    actor.start();
    running.push(actor);
    await renderView(<DocumentEditDialog edit={actor} />, { language: 'es' });
    const dialog = await screen.findByRole('dialog', { name: 'Editar October statement.pdf' });
    expect((within(dialog).getByRole('textbox', { name: /Fecha de emisión/ }) as HTMLInputElement).value).toBe('31/10/2026');
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeTruthy();
  });
});

describe('the delete confirmation', () => {
  async function openDelete(deleteDocument: () => Promise<void>) {
    const machine = documentDeleteMachine.provide({
      actors: { deleteDocument: fromPromise<void, { id: string }>(async () => deleteDocument()), refreshDocuments: fromPromise<void, void>(async () => undefined) },
    });
    const actor = createActor(machine, { input: { actor: customer, document: statement } });
    actor.start();
    running.push(actor);
    await renderView(<ConfirmDeleteDialog remove={actor} />);
    return { actor, dialog: await screen.findByRole('dialog', { name: 'Delete this document?' }) };
  }

  it('deletes only after confirming, busy while it runs', async () => {
    let finish: () => void = () => undefined;
    const deleteDocument = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog, actor } = await openDelete(deleteDocument);
    expect(within(dialog).getByText(/October statement\.pdf will be deleted/)).toBeTruthy();
    expect(deleteDocument).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Deleting…');
    expect((within(dialog).getByRole('button', { name: 'Keep it' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(actor.getSnapshot().output).toEqual({ deleted: true }));
  });

  it('keeps the document when asked to', async () => {
    const deleteDocument = vi.fn(async () => undefined);
    const { dialog, actor } = await openDelete(deleteDocument);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(actor.getSnapshot().output).toEqual({ deleted: false });
    expect(deleteDocument).not.toHaveBeenCalled();
  });
});
