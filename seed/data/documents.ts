// The premium customer's documents locker, documents/{uid}/items/{id} (spec 001).
import { isoDay } from '../../src/domain/creditReportRecords';
import { daysBefore, type SeedDocument } from './base';

export function documentDocuments(uid: string): SeedDocument[] {
  const documents = [
    { id: 'doc-w2-2025', category: 'taxes', fileType: 'w2', year: 2025, documentDate: null, name: 'W-2 2025 - Acme Logistics.pdf', mimeType: 'application/pdf', fileSize: 184_320 },
    { id: 'doc-tax-return-2024', category: 'taxes', fileType: 'federal_tax_return', year: 2024, documentDate: null, name: '2024 Form 1040.pdf', mimeType: 'application/pdf', fileSize: 912_384 },
    { id: 'doc-bank-statement', category: 'account-statements', fileType: 'bank', year: null, documentDate: isoDay(daysBefore(2)), name: 'Checking statement October 2026.pdf', mimeType: 'application/pdf', fileSize: 256_000 },
    { id: 'doc-pay-stub', category: 'income-statements', fileType: 'pay_stub', year: null, documentDate: isoDay(daysBefore(9)), name: 'Pay stub 2026-10-24.pdf', mimeType: 'application/pdf', fileSize: 98_304 },
    { id: 'doc-government-id', category: 'other', fileType: 'government_id', year: null, documentDate: null, name: 'Driver license.jpg', mimeType: 'image/jpeg', fileSize: 1_048_576 },
  ];
  return documents.map((document, index) => ({
    path: `documents/${uid}/items/${document.id}`,
    data: {
      ...document,
      comments: '',
      userId: uid,
      storagePath: `users/${uid}/documents/${document.id}`,
      createdAt: daysBefore(40 - index),
    },
  }));
}
