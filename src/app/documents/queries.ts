import type { ChecklistItemData, DocumentData, StashedUpload } from '../../../machines/documents/ports';
import { QUERY_KEYS, type AppPorts } from '../ports';

// The locker's cached reads (spec 001 §7, spec 000 §9 caching): the documents and the checklist below one root, so
// a change (an upload, an edit, a delete) marks both stale at once. The files kept in this browser for an upload
// (IndexedDB) are read the same way, per signed-in user, under the same root.

export const DOCUMENT_QUERY_KEYS = {
  root: QUERY_KEYS.documents,
  documents: [...QUERY_KEYS.documents, 'list'],
  checklist: QUERY_KEYS.documentChecklist,
  stash: (uid: string) => [...QUERY_KEYS.documents, 'stash', uid],
} as const;

export function documentQueries(ports: AppPorts) {
  return {
    documents: { queryKey: DOCUMENT_QUERY_KEYS.documents, queryFn: async (): Promise<DocumentData[]> => (await ports.documents()).getDocuments() },
    checklist: { queryKey: DOCUMENT_QUERY_KEYS.checklist, queryFn: async (): Promise<ChecklistItemData[]> => (await ports.documents()).getChecklist() },
  } as const;
}

/** How long the stash may take to answer before the locker shows no kept files (a browser whose IndexedDB hangs). */
export const STASH_READ_TIMEOUT_MS = 3_000;

/** The files of `uid` kept in this browser; a browser without IndexedDB (some private windows) has none. */
export function stashQuery(ports: AppPorts, uid: string) {
  return {
    queryKey: DOCUMENT_QUERY_KEYS.stash(uid),
    queryFn: (): Promise<StashedUpload[]> =>
      new Promise<StashedUpload[]>((resolve) => {
        const timer = setTimeout(() => resolve([]), STASH_READ_TIMEOUT_MS);
        ports
          .documentFiles(uid)
          .then((files) => files.stash.list())
          .catch((): StashedUpload[] => [])
          .then((uploads) => {
            clearTimeout(timer);
            resolve(uploads);
          });
      }),
  } as const;
}

/**
 * Refetches what the locker shows (DocumentsPort.refresh): the documents and the checklist, waited for; the files kept
 * in this browser are read again in the background.
 */
export async function refreshDocuments(ports: AppPorts): Promise<void> {
  const client = await ports.queryClient();
  void client.invalidateQueries({ queryKey: [...DOCUMENT_QUERY_KEYS.root, 'stash'] });
  await Promise.all([
    client.invalidateQueries({ queryKey: [...DOCUMENT_QUERY_KEYS.documents] }),
    client.invalidateQueries({ queryKey: [...DOCUMENT_QUERY_KEYS.checklist] }),
  ]);
}
