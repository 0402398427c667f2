import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChosenFile, DocumentData, StashedUpload } from '../../../machines/documents/ports';
import type { AuthUser, RawClaims } from '../../../machines/ports';
import DocumentsRoute from '../../../src/app/documents/DocumentsRoute';
import { documentUploadPath } from '../../../src/domain/routes';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { lockerDocument } from './documentFixtures';

// The documents locker's addresses and modal routes (spec 001 §2, spec 002 §2, §4): /documents and unknown filters
// go to all, anything unknown below a filter to its list; picking an empty category shows the info toast and stays;
// the upload dialog opens preset from a checklist item or from the address; confirm-delete reads ?id= and closes
// back to the list; a stashed file is started again; a coach without permission sees no upload.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const THIS_YEAR = new Date().getFullYear();

const document = (overrides: Partial<DocumentData> = {}) => lockerDocument({ id: 'doc-w2', name: 'W-2 Acme.pdf', year: THIS_YEAR - 1, ...overrides });

const w2 = document();
const statement = document({ id: 'doc-bank', name: 'October statement.pdf', category: 'account-statements', fileType: 'bank', year: null, documentDate: '2026-10-31' });

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const chosenPdf: ChosenFile = { blob: new Blob([PDF], { type: 'application/pdf' }), name: 'scan.pdf', size: PDF.length, mimeType: 'application/pdf' };

interface Options {
  documents?: DocumentData[];
  stashed?: StashedUpload[];
  claims?: RawClaims;
}

async function openDocuments(path: string, options: Options = {}) {
  const deleteDocument = vi.fn(async () => undefined);
  const getDocuments = vi.fn(async () => options.documents ?? [w2, statement]);
  const fakes = fakeAppPorts({
    user: maria,
    ...(options.claims ? { claims: options.claims } : {}),
    documents: { getDocuments, getChecklist: async () => [], deleteDocument },
    documentFiles: () => ({
      readFile: async () => chosenPdf,
      connection: () => 'online',
      onConnectionChange: () => () => undefined,
      stash: { list: async () => options.stashed ?? [], save: async () => undefined, remove: async () => undefined },
    }),
  });
  await renderCreditPage(<DocumentsRoute />, fakes, { path, pattern: '/documents/*' });
  fakes.setMaintenance(false);
  fakes.setUser(maria);
  return { fakes, deleteDocument, getDocuments };
}

const shownAddress = () => screen.getByTestId('location').textContent;

afterEach(() => stopCreditApp());

describe('the documents addresses', { timeout: 20_000 }, () => {
  it('opens all from /documents', async () => {
    await openDocuments('/documents');
    await waitFor(() => expect(shownAddress()).toBe('/documents/all'));
    expect(await screen.findByText('W-2 Acme.pdf')).toBeTruthy();
    expect(screen.getByText('October statement.pdf')).toBeTruthy();
  });

  it.each([
    ['an unknown filter to all', '/documents/receipts', '/documents/all'],
    ['anything unknown below a filter to its list', '/documents/taxes/file/nothing-here', '/documents/taxes'],
  ])('sends %s', async (_behaviour, address, shown) => {
    await openDocuments(address);
    await waitFor(() => expect(shownAddress()).toBe(shown));
  });

  it('shows the info toast for a category without documents and stays where it is', async () => {
    await openDocuments('/documents/all');
    await screen.findByText('W-2 Acme.pdf');
    await userEvent.click(screen.getByRole('tab', { name: /^Credit reports/ }));
    expect(await screen.findByText('You have no documents in this category yet.')).toBeTruthy();
    expect(shownAddress()).toBe('/documents/all');
    await userEvent.click(screen.getByRole('tab', { name: /^Taxes/ }));
    await waitFor(() => expect(shownAddress()).toBe('/documents/taxes'));
  });
});

describe('the modal routes', { timeout: 20_000 }, () => {
  it('opens the upload flow preset from the address (a link from anywhere), and closing it goes back to the list', async () => {
    await openDocuments(documentUploadPath({ fileType: 'bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a document' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([PDF], 'scan.pdf', { type: 'application/pdf' }));
    await within(dialog).findByRole('heading', { name: 'About this document' });
    expect((within(dialog).getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('account-statements');
    expect((within(dialog).getByRole('combobox', { name: 'Document type' }) as HTMLSelectElement).value).toBe('bank');
    await userEvent.click(screen.getByRole('button', { name: 'Close the upload' }));
    await waitFor(() => expect(shownAddress()).toBe('/documents/all'));
  });

  it('asks before deleting the document named by ?id=, deletes it and goes back to the list', async () => {
    const { deleteDocument } = await openDocuments('/documents/all/confirm-delete?id=doc-bank');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    expect(within(dialog).getByText(/October statement\.pdf/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteDocument).toHaveBeenCalledWith('doc-bank'));
    await waitFor(() => expect(shownAddress()).toBe('/documents/all'));
    expect(await screen.findByText('Your document was deleted.')).toBeTruthy();
  });

  it('goes back to the list when the document to delete is not there', async () => {
    await openDocuments('/documents/taxes/confirm-delete?id=someone-elses');
    await waitFor(() => expect(shownAddress()).toBe('/documents/taxes'));
  });

  it('lists a file kept in this browser with its restart and discard', async () => {
    const stashed: StashedUpload = {
      id: 'new:scan.pdf:15:1',
      file: chosenPdf,
      document: { category: 'taxes', fileType: 'w2', year: THIS_YEAR - 1, documentDate: null, comments: '' },
      replaces: null,
      uploadId: 'up-old',
      savedAt: '2026-11-26T08:00:00.000Z',
    };
    await openDocuments('/documents/all', { stashed: [stashed] });
    expect(await screen.findByRole('button', { name: 'Upload again: scan.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard scan.pdf' })).toBeTruthy();
  });

  it('shows a coach without permission no upload, edit or delete', async () => {
    await openDocuments('/documents/all', { claims: { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true, isAgent: true, agentUid: 'coach-1' } as RawClaims });
    await screen.findByText('W-2 Acme.pdf');
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete W-2 Acme.pdf' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit W-2 Acme.pdf' })).toBeNull();
  });
});
