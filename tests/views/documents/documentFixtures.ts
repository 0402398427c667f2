import type { LockerChecklistItem, LockerDocument } from '../../../src/views/documents/documentData';

// Documents as the locker receives them (spec 001 §3 "Document", spec 002 §3 "Checklist item").

let next = 0;

export function lockerDocument(overrides: Partial<LockerDocument> = {}): LockerDocument {
  next += 1;
  return {
    id: `doc-${next}`,
    name: `document-${next}.pdf`,
    category: 'taxes',
    fileType: 'w2',
    year: 2025,
    documentDate: null,
    comments: '',
    fileSize: 188_416,
    mimeType: 'application/pdf',
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: null,
    status: 'ready',
    ...overrides,
  };
}

/** The customer's October bank statement: an account statement dated by its day, with no tax year. */
export function octoberStatement(overrides: Partial<LockerDocument> = {}): LockerDocument {
  return lockerDocument({ id: 'bank', name: 'October statement.pdf', category: 'account-statements', fileType: 'bank', year: null, documentDate: '2026-10-31', ...overrides });
}

export function checklistItem(overrides: Partial<LockerChecklistItem> = {}): LockerChecklistItem {
  next += 1;
  return { id: `check-${next}`, category: 'taxes', fileType: 'w2', year: 2025, checked: false, document: null, ...overrides };
}
