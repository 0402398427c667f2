import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsLocker, type DocumentsLockerProps } from '../../../src/views/documents/DocumentsLocker';
import { renderView } from '../../support/render';
import { checklistItem, lockerDocument, octoberStatement } from './documentFixtures';

// The documents locker (spec 001 §2 "Documents locker"): the filters as tabs with counts on wide screens and a select
// under 600 px, the info card per filter and the non-citizen help, each document's facts in words (size in kb,
// spec 001 §5), the processing state in text, actions by permission (spec 001 §6) named with the document, empty
// states, the checklist (spec 002 §3) and the files kept from unfinished uploads; in English and Spanish.

const w2 = lockerDocument({ id: 'w2', name: 'W2 Acme 2025.pdf', category: 'taxes', fileType: 'w2', year: 2025, fileSize: 188_416 });
const bank = octoberStatement({ fileSize: 1_500, status: 'processing' });
const license = lockerDocument({ id: 'id', name: 'License.jpg', category: 'other', fileType: 'government_id', year: null, mimeType: 'image/jpeg', fileSize: 2_048 });

function props(overrides: Partial<DocumentsLockerProps> = {}): DocumentsLockerProps {
  return {
    filter: 'all',
    documents: { status: 'shown', data: [w2, bank, license] },
    onFilterChange: vi.fn(),
    onUpload: vi.fn(),
    canModify: true,
    canDownload: true,
    onOpen: vi.fn(),
    opening: null,
    onDetails: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    checklist: { status: 'shown', data: [] },
    onChecklistUpload: vi.fn(),
    stashed: [],
    onRestart: vi.fn(),
    onDiscard: vi.fn(),
    ...overrides,
  };
}

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('the documents locker', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('shows the filters as tabs with their counts on wide screens, and picking one asks the route', async () => {
    const onFilterChange = vi.fn();
    await renderView(<DocumentsLocker {...props({ onFilterChange })} />);
    const tabs = within(screen.getByRole('tablist', { name: 'Document categories' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'All, 3 documents3',
      'Taxes, 1 document1',
      'Account statements, 1 document1',
      'Income statements, 0 documents0',
      'Credit reports, 0 documents0',
      'Other, 1 document1',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('combobox', { name: 'Category' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /Income statements/ }));
    expect(onFilterChange).toHaveBeenCalledWith('income-statements');
  });

  it('offers a select of the filters under 600 px', async () => {
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('max-width: 599') });
    const onFilterChange = vi.fn();
    await renderView(<DocumentsLocker {...props({ onFilterChange })} />);
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All (3)',
      'Taxes (1)',
      'Account statements (1)',
      'Income statements (0)',
      'Credit reports (0)',
      'Other (1)',
    ]);
    await userEvent.selectOptions(select, 'Taxes (1)');
    expect(onFilterChange).toHaveBeenCalledWith('taxes');
  });

  it("shows each document's category and type in words, its year or issue date, and its size in kb", async () => {
    await renderView(<DocumentsLocker {...props()} />);
    expect(within(row('W2 Acme 2025.pdf')).getByText('Taxes · W-2')).toBeTruthy();
    expect(within(row('W2 Acme 2025.pdf')).getByText('Tax year 2025 · 184 kb')).toBeTruthy();
    expect(within(row('October statement.pdf')).getByText('Account statements · Bank statement')).toBeTruthy();
    expect(within(row('October statement.pdf')).getByText('Issued Oct 31, 2026 · 2 kb')).toBeTruthy();
    expect(within(row('License.jpg')).getByText('2 kb')).toBeTruthy();
  });

  it('lists the newest document first', async () => {
    const older = lockerDocument({ name: 'Statement 2024.pdf', category: 'account-statements', fileType: 'bank', year: null, documentDate: '2024-05-01' });
    await renderView(<DocumentsLocker {...props({ filter: 'account-statements', documents: { status: 'shown', data: [older, w2, bank] } })} />);
    const names = within(screen.getByRole('list', { name: 'Your documents' }))
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('data-document-id'));
    expect(names).toEqual(['bank', older.id]);
  });

  it('says in text, not colour alone, which documents are still processing', async () => {
    await renderView(<DocumentsLocker {...props()} />);
    expect(within(row('October statement.pdf')).getByText('Processing')).toBeTruthy();
    expect(within(row('W2 Acme 2025.pdf')).getByText('Ready')).toBeTruthy();
  });

  it("names each action with its document and sends the document with it", async () => {
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const onDetails = vi.fn();
    await renderView(<DocumentsLocker {...props({ onOpen, onEdit, onDelete, onDetails })} />);
    await userEvent.click(screen.getByRole('button', { name: 'View W2 Acme 2025.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download October statement.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Details of License.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit W2 Acme 2025.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete License.jpg' }));
    expect(onOpen.mock.calls).toEqual([
      [w2, 'view'],
      [bank, 'download'],
    ]);
    expect(onDetails).toHaveBeenCalledWith(license);
    expect(onEdit).toHaveBeenCalledWith(w2);
    expect(onDelete).toHaveBeenCalledWith(license);
  });

  it('keeps the other open buttons disabled while a document opens', async () => {
    await renderView(<DocumentsLocker {...props({ opening: { documentId: 'w2', action: 'download' } })} />);
    expect(screen.getByRole('button', { name: 'Download W2 Acme 2025.pdf' }).getAttribute('data-loading')).toBe('true');
    expect((screen.getByRole('button', { name: 'View October statement.pdf' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('hides upload, edit and delete without the modify permission, and view and download without the download one', async () => {
    const { rerender } = await renderView(<DocumentsLocker {...props({ canModify: false })} />);
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByText("You can see this customer's documents, but this session may not add, change or delete them.")).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^View / })).toHaveLength(3);
    rerender(<DocumentsLocker {...props({ canModify: false, canDownload: false })} />);
    expect(screen.queryByRole('button', { name: /^View / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Download / })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Details of / })).toHaveLength(3);
  });

  it("shows the filter's info card, and the non-citizen help on all and other only", async () => {
    const { rerender } = await renderView(<DocumentsLocker {...props({ filter: 'taxes' })} />);
    expect(within(screen.getByTestId('documents-info')).getByRole('heading', { name: 'Taxes' })).toBeTruthy();
    expect(screen.getByTestId('documents-info').textContent).toContain('Form 1040');
    expect(screen.queryByRole('button', { name: 'Not a U.S. citizen?' })).toBeNull();
    rerender(<DocumentsLocker {...props({ filter: 'other' })} />);
    expect(screen.getByTestId('documents-info').textContent).toContain('lawful residence');
    await userEvent.click(screen.getByRole('button', { name: 'Not a U.S. citizen?' }));
    expect(screen.getByText(/permanent resident card/)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /citizen/i })).toBeNull();
  });

  it("shows only the filter's documents, and says when there are none", async () => {
    const { rerender } = await renderView(<DocumentsLocker {...props({ filter: 'taxes' })} />);
    expect(screen.getByText('W2 Acme 2025.pdf')).toBeTruthy();
    expect(screen.queryByText('October statement.pdf')).toBeNull();
    rerender(<DocumentsLocker {...props({ filter: 'credit-reports' })} />);
    expect(screen.getByTestId('documents-empty').textContent).toBe('You have no documents in Credit reports yet.');
    rerender(<DocumentsLocker {...props({ documents: { status: 'shown', data: [] } })} />);
    expect(screen.getByTestId('documents-empty').textContent).toBe('You have not uploaded any documents yet. Upload your first one to get started.');
  });

  it('shows loading, and a failure with a retry', async () => {
    const onRetry = vi.fn();
    const { rerender } = await renderView(<DocumentsLocker {...props({ documents: { status: 'loading' } })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your documents');
    rerender(<DocumentsLocker {...props({ documents: { status: 'failed', onRetry } })} />);
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('lists the checklist with its years and state in words, and opens the upload preset from an item', async () => {
    const missing = checklistItem({ fileType: 'federal_tax_return', year: 2024 });
    const done = checklistItem({ fileType: 'w2', year: 2025, checked: true, document: { name: 'W2 Acme 2025.pdf' } });
    const onChecklistUpload = vi.fn();
    await renderView(<DocumentsLocker {...props({ checklist: { status: 'shown', data: [missing, done] }, onChecklistUpload })} />);
    const section = screen.getByRole('region', { name: 'Requested by your loan team' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Federal tax return for 2024Still neededUpload', 'W-2 for 2025UploadedW2 Acme 2025.pdf']);
    await userEvent.click(within(section).getByRole('button', { name: 'Upload Federal tax return for 2024' }));
    expect(onChecklistUpload).toHaveBeenCalledWith(missing);
  });

  it('offers the files of unfinished uploads again, or to discard them', async () => {
    const onRestart = vi.fn();
    const onDiscard = vi.fn();
    await renderView(
      <DocumentsLocker {...props({ stashed: [{ id: 'stash-1', file: { name: 'Pay stub.pdf', size: 4_200_000 } }], onRestart, onDiscard })} />,
    );
    const notice = screen.getByRole('region', { name: 'Unfinished uploads' });
    expect(within(notice).getByText('Pay stub.pdf, 4102 kb')).toBeTruthy();
    await userEvent.click(within(notice).getByRole('button', { name: 'Upload again: Pay stub.pdf' }));
    await userEvent.click(within(notice).getByRole('button', { name: 'Discard Pay stub.pdf' }));
    expect(onRestart).toHaveBeenCalledWith('stash-1');
    expect(onDiscard).toHaveBeenCalledWith('stash-1');
  });

  it('reads in Spanish', async () => {
    await renderView(<DocumentsLocker {...props()} />, { language: 'es' });
    expect(screen.getByRole('heading', { level: 1, name: 'Documentos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subir documento' })).toBeTruthy();
    expect(within(row('October statement.pdf')).getByText('En proceso')).toBeTruthy();
    expect(within(row('October statement.pdf')).getByText('Estados de cuenta · Estado de cuenta bancario')).toBeTruthy();
    expect(within(row('October statement.pdf')).getByText('Emitido el 31 oct 2026 · 2 kb')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver W2 Acme 2025.pdf' })).toBeTruthy();
  });
});
