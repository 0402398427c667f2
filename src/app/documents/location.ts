import { isDocumentFilter, type DocumentFilter } from '../../domain/documents';

// What a documents address names (spec 001 §2 "Documents locker", spec 002 §2 modal routes):
// /documents/{filter}, with the modals below it: file/new, file/{documentId}/edit, file/info/{documentId}/*,
// confirm-delete (the document by ?id= or the navigation state's id). Everything after /documents/ is read here so
// the route decides in one place: no filter → all; an unknown filter → all; anything else unknown below a filter →
// that filter's list.

export type DocumentsModalLocation =
  | { kind: 'new' }
  | { kind: 'edit'; documentId: string }
  | { kind: 'info'; documentId: string }
  | { kind: 'delete'; documentId: string | null };

export type DocumentsLocation =
  | { kind: 'index' }
  | { kind: 'unknownFilter' }
  | { kind: 'unknownBelow'; filter: DocumentFilter }
  | { kind: 'page'; filter: DocumentFilter; modal: DocumentsModalLocation | null };

/** Navigation state the confirm-delete route reads when the address has no ?id=. */
export interface DocumentsDeleteState {
  id?: string;
}

function decoded(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

/** `splat`: the part of the path after /documents/ (the router's `*`); `search`: the address's query. */
export function readDocumentsLocation(splat: string | undefined, search: string, state: unknown): DocumentsLocation {
  const segments = (splat ?? '').split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'index' };
  const [filterParam = '', ...rest] = segments;
  if (!isDocumentFilter(filterParam)) return { kind: 'unknownFilter' };
  const filter = filterParam;
  const page = (modal: DocumentsModalLocation | null): DocumentsLocation => ({ kind: 'page', filter, modal });
  const unknown: DocumentsLocation = { kind: 'unknownBelow', filter };
  if (rest.length === 0) return page(null);
  if (rest[0] === 'confirm-delete' && rest.length === 1) {
    const fromQuery = new URLSearchParams(search).get('id');
    const fromState = typeof state === 'object' && state !== null ? (state as DocumentsDeleteState).id : undefined;
    const documentId = fromQuery || (typeof fromState === 'string' && fromState !== '' ? fromState : null);
    return page({ kind: 'delete', documentId });
  }
  if (rest[0] !== 'file') return unknown;
  if (rest[1] === 'new' && rest.length === 2) return page({ kind: 'new' });
  if (rest[1] === 'info' && rest.length >= 3) {
    const documentId = decoded(rest[2] ?? '');
    return documentId === null ? unknown : page({ kind: 'info', documentId });
  }
  if (rest.length === 3 && rest[2] === 'edit') {
    const documentId = decoded(rest[1] ?? '');
    return documentId === null ? unknown : page({ kind: 'edit', documentId });
  }
  return unknown;
}
