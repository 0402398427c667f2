import { describe, expect, it } from 'vitest';
import { presetFrom } from '../../../src/app/documents/upload';
import { readDocumentsLocation } from '../../../src/app/documents/location';
import { documentsPath, documentUploadPath } from '../../../src/domain/routes';

// Opening the upload flow from anywhere (spec 002 §4) and the locker's modal addresses (spec 002
// §2): a checklist item or an action hands its category, type and year over in the navigation state or the address;
// each modal route reads back what its path names.

describe('the upload preset', () => {
  it('comes from the navigation state first (a checklist item: category, type and year)', () => {
    expect(presetFrom({ preset: { category: 'taxes', fileType: 'w2', year: 2024 } }, '?fileType=bank')).toEqual({ category: 'taxes', fileType: 'w2', year: 2024 });
  });

  it('comes from the address otherwise, the category named by the type when missing', () => {
    expect(presetFrom(null, '?fileType=pay_stub')).toEqual({ category: 'income-statements', fileType: 'pay_stub', year: null });
    expect(presetFrom(null, '?category=taxes&year=2025')).toEqual({ category: 'taxes', fileType: null, year: 2025 });
  });

  it('keeps nothing it does not know, and no type of another category', () => {
    expect(presetFrom(null, '')).toBeNull();
    expect(presetFrom(null, '?category=receipts&fileType=selfie&year=last')).toBeNull();
    expect(presetFrom(null, '?category=taxes&fileType=bank')).toEqual({ category: 'taxes', fileType: null, year: null });
  });

  it('round-trips through documentUploadPath', () => {
    const path = documentUploadPath({ category: 'taxes', fileType: 'form_1099', year: 2025 });
    expect(path).toBe('/documents/all/file/new?category=taxes&fileType=form_1099&year=2025');
    expect(presetFrom(null, path.slice(path.indexOf('?')))).toEqual({ category: 'taxes', fileType: 'form_1099', year: 2025 });
  });
});

describe('the locker’s addresses', () => {
  const read = (path: string, state: unknown = null) => {
    const [pathname = '', search = ''] = path.split('?');
    return readDocumentsLocation(pathname.replace(/^\/documents\/?/, ''), search ? `?${search}` : '', state);
  };

  it('reads each modal route back from the path documentsPath writes', () => {
    expect(read(documentsPath('taxes', { kind: 'new' }))).toEqual({ kind: 'page', filter: 'taxes', modal: { kind: 'new' } });
    expect(read(documentsPath('all', { kind: 'edit', documentId: 'doc 1' }))).toEqual({ kind: 'page', filter: 'all', modal: { kind: 'edit', documentId: 'doc 1' } });
    expect(read(documentsPath('other', { kind: 'info', documentId: 'd2' }))).toEqual({ kind: 'page', filter: 'other', modal: { kind: 'info', documentId: 'd2' } });
    expect(read(`${documentsPath('other', { kind: 'info', documentId: 'd2' })}/history`)).toMatchObject({ modal: { kind: 'info', documentId: 'd2' } });
    expect(read(documentsPath('all', { kind: 'delete', documentId: 'd3' }))).toEqual({ kind: 'page', filter: 'all', modal: { kind: 'delete', documentId: 'd3' } });
  });

  it('takes the document to delete from the navigation state when the address has no id', () => {
    expect(read('/documents/all/confirm-delete', { id: 'd4' })).toMatchObject({ modal: { kind: 'delete', documentId: 'd4' } });
    expect(read('/documents/all/confirm-delete')).toMatchObject({ modal: { kind: 'delete', documentId: null } });
  });

  it('tells the index, an unknown filter and anything unknown below a filter apart', () => {
    expect(read('/documents')).toEqual({ kind: 'index' });
    expect(read('/documents/receipts')).toEqual({ kind: 'unknownFilter' });
    expect(read('/documents/taxes/file')).toEqual({ kind: 'unknownBelow', filter: 'taxes' });
    expect(read('/documents/taxes/file/d1/rename')).toEqual({ kind: 'unknownBelow', filter: 'taxes' });
    expect(read('/documents/taxes/anything')).toEqual({ kind: 'unknownBelow', filter: 'taxes' });
  });
});
