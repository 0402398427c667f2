import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { documentOpenSelectors } from '../../../machines/documents/documentOpen.machine';
import type { ChecklistItemData, DocumentData, StashedUpload, UploadPreset } from '../../../machines/documents/ports';
import { EMPTY_CATEGORY_TOAST_MS } from '../../domain/constants';
import { documentsInFilter, type DocumentFilter } from '../../domain/documents';
import { canDownloadDocuments, canModifyDocuments } from '../../domain/permissions';
import { documentsPath } from '../../domain/routes';
import { inspect } from '../../inspect';
import type { Loadable } from '../../views/credit/report/CreditReportPage';
import { ConfirmDeleteDialog } from '../../views/documents/ConfirmDeleteDialog';
import { DocumentDetailsDialog } from '../../views/documents/DocumentDetailsDialog';
import { DocumentEditDialog } from '../../views/documents/DocumentEditDialog';
import { DocumentsLocker } from '../../views/documents/DocumentsLocker';
import { UploadDialog } from '../../views/documents/UploadDialog';
import { useAppActors } from '../shell/appActors';
import { NOTIFY_NAMESPACES, showNotifyToast, useNotify } from '../shell/notify';
import { useCachedQuery } from '../shell/queries';
import { useSessionFacts, type SessionFacts } from '../shell/sessionFacts';
import { readDocumentsLocation, type DocumentsModalLocation } from './location';
import { provideDocumentDeleteMachine, provideDocumentEditMachine, provideDocumentOpenMachine, provideDocumentUploadMachine } from './machines';
import { documentQueries, DOCUMENT_QUERY_KEYS, stashQuery } from './queries';
import { presetFrom, type DocumentUploadNavigationState } from './upload';

// /documents/:filter/* (spec 001 §2 "Documents locker", spec 002 §2 modal routes): the address decides what shows.
// /documents → /documents/all (replace); an unknown filter → /documents/all, anything unknown below a filter → the
// filter's list. Picking a filter with no documents shows the info toast for 2 s and stays. The modals: file/new (the
// upload flow, preset from the navigation state or the query, or a stashed file started again), file/:id/edit (the
// fields; "Replace file" turns it into the upload flow replacing that document's file), file/info/:id/* (details),
// confirm-delete (?id= or the navigation state's id). Closing a modal goes back to the filter's list. One
// documentOpen actor serves the page's View and Download buttons.

function loadable<T>(query: { data: T | undefined; isError: boolean; refetch: () => void }): Loadable<T> {
  if (query.data !== undefined) return { status: 'shown', data: query.data };
  if (query.isError) return { status: 'failed', onRetry: query.refetch };
  return { status: 'loading' };
}

/** Runs `onDone` with the machine's output once the actor reaches a final state. */
function useOnDone<Output>(actor: { subscribe: (listener: (snapshot: { status: string; output?: Output }) => void) => { unsubscribe(): void } }, onDone: (output: Output | undefined) => void) {
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    let called = false;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done' || called) return;
      called = true;
      doneRef.current(snapshot.output);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}

interface UploadHostProps {
  facts: SessionFacts & { uid: string };
  preset: UploadPreset | null;
  replaces: DocumentData | null;
  resume: StashedUpload | null;
  onClosed: (documentId: string | null) => void;
}

/** The upload flow (documentUpload) for as long as the dialog is open; its input is read when it opens. */
function UploadHost({ facts, preset, replaces, resume, onClosed }: UploadHostProps) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideDocumentUploadMachine(ports, () => ports.documentFiles(facts.uid)), [ports, facts.uid]);
  const upload = useActorRef(machine, { input: { actor: facts.actor, today: facts.today, preset, replaces, resume }, inspect });
  useNotify(upload, 'documents');
  useOnDone<{ documentId: string | null }>(upload, (output) => onClosed(output?.documentId ?? null));
  return <UploadDialog upload={upload} />;
}

function EditHost({ facts, document, onClosed }: { facts: SessionFacts & { uid: string }; document: DocumentData; onClosed: () => void }) {
  const { ports } = useAppActors();
  const [replacing, setReplacing] = useState(false);
  const machine = useMemo(() => provideDocumentEditMachine(ports), [ports]);
  const edit = useActorRef(machine, { input: { actor: facts.actor, today: facts.today, document }, inspect });
  useNotify(edit, 'documents');
  useOnDone(edit, () => {
    if (!replacing) onClosed();
  });
  if (replacing) return <UploadHost facts={facts} preset={null} replaces={document} resume={null} onClosed={onClosed} />;
  return <DocumentEditDialog edit={edit} onReplaceFile={canModifyDocuments(facts.actor) ? () => setReplacing(true) : undefined} />;
}

function DeleteHost({ facts, document, onClosed }: { facts: SessionFacts; document: DocumentData; onClosed: () => void }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideDocumentDeleteMachine(ports), [ports]);
  const remove = useActorRef(machine, { input: { actor: facts.actor, document }, inspect });
  useNotify(remove, 'documents');
  useOnDone(remove, () => onClosed());
  return <ConfirmDeleteDialog remove={remove} />;
}

function DocumentsPage({ filter, modal, facts }: { filter: DocumentFilter; modal: DocumentsModalLocation | null; facts: SessionFacts & { uid: string } }) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation(NOTIFY_NAMESPACES.documents);
  const queries = useMemo(() => documentQueries(ports), [ports]);
  const documents = useCachedQuery(queries.documents.queryKey, queries.documents.queryFn, true);
  const checklist = useCachedQuery(queries.checklist.queryKey, queries.checklist.queryFn, true);
  const stash = useMemo(() => stashQuery(ports, facts.uid), [ports, facts.uid]);
  const stashed = useCachedQuery(stash.queryKey, stash.queryFn, true);

  const openMachine = useMemo(() => provideDocumentOpenMachine(ports), [ports]);
  const opener = useActorRef(openMachine, { input: { actor: facts.actor }, inspect });
  useNotify(opener, 'documents');
  const openingId = useSelector(opener, documentOpenSelectors.openingId);
  const openingAction = useSelector(opener, documentOpenSelectors.openingAction);
  const onOpen = useCallback((document: DocumentData, action: 'view' | 'download') => opener.send({ type: 'document.open', document, action }), [opener]);

  const canModify = canModifyDocuments(facts.actor);
  const canDownload = canDownloadDocuments(facts.actor);
  const close = useCallback(() => void navigate(documentsPath(filter)), [navigate, filter]);

  const onFilterChange = (next: DocumentFilter) => {
    if (next === filter) return;
    // spec 001 §2: a category without documents says so for 2 s, and the locker stays where it is.
    if (next !== 'all' && documents.data !== undefined && documentsInFilter(documents.data, next).length === 0) {
      showNotifyToast({ type: 'notify', level: 'info', key: 'toast.empty-category', durationMs: EMPTY_CATEGORY_TOAST_MS }, t, NOTIFY_NAMESPACES.documents);
      return;
    }
    void navigate(documentsPath(next));
  };

  const onDiscard = async (id: string) => {
    const upload = stashed.data?.find((entry) => entry.id === id);
    await ports
      .documentFiles(facts.uid)
      .then((files) => files.stash.remove(id))
      .catch(() => undefined);
    // Its prepared upload, if any, is forgotten on the server too (and anything of it that was stored).
    if (upload?.uploadId) await (await ports.documents()).cancelUpload(upload.uploadId).catch(() => undefined);
    const client = await ports.queryClient();
    await client.invalidateQueries({ queryKey: [...DOCUMENT_QUERY_KEYS.stash(facts.uid)] });
  };

  const shownDocument = useRef<DocumentData | null>(null);
  const findDocument = (id: string) => documents.data?.find((document) => document.id === id) ?? null;
  const documentsRead = documents.data !== undefined;

  let dialog: ReactNode = null;
  if (modal?.kind === 'new') {
    const state = location.state as DocumentUploadNavigationState | null;
    const resumeId = state?.resumeId ?? null;
    const resume = resumeId === null ? null : (stashed.data?.find((entry) => entry.id === resumeId) ?? null);
    // A stashed file is looked up before the flow opens (its input is read once).
    if (resumeId !== null && stashed.data === undefined) dialog = null;
    else {
      dialog = (
        <UploadHost
          key={`${location.key}`}
          facts={facts}
          preset={resume ? null : presetFrom(state, location.search)}
          replaces={null}
          resume={resume}
          onClosed={close}
        />
      );
    }
  } else if (modal?.kind === 'edit' || modal?.kind === 'info' || modal?.kind === 'delete') {
    const found = modal.documentId === null ? null : findDocument(modal.documentId);
    // A dialog keeps its document while it closes: a delete refreshes the list (the document leaves it) before it
    // says it is done.
    if (found !== null) shownDocument.current = found;
    const document = found ?? (shownDocument.current?.id === modal.documentId ? shownDocument.current : null);
    if (document === null) {
      // A document that is not (or no longer) there: the filter's list.
      if (documentsRead || modal.documentId === null) return <Navigate to={documentsPath(filter)} replace />;
    } else if (modal.kind === 'edit') {
      dialog = <EditHost key={document.id} facts={facts} document={document} onClosed={close} />;
    } else if (modal.kind === 'delete') {
      dialog = <DeleteHost key={document.id} facts={facts} document={document} onClosed={close} />;
    } else {
      dialog = (
        <DocumentDetailsDialog<DocumentData>
          document={document}
          onClose={close}
          canDownload={canDownload}
          canModify={canModify}
          onOpen={onOpen}
          opening={openingId === document.id ? openingAction : null}
          onEdit={(entry) => void navigate(documentsPath(filter, { kind: 'edit', documentId: entry.id }))}
          onDelete={(entry) => void navigate(documentsPath(filter, { kind: 'delete', documentId: entry.id }))}
        />
      );
    }
  }

  return (
    <>
      <DocumentsLocker
        filter={filter}
        documents={loadable(documents)}
        onFilterChange={onFilterChange}
        onUpload={() => void navigate(documentsPath(filter, { kind: 'new' }))}
        canModify={canModify}
        canDownload={canDownload}
        onOpen={onOpen}
        opening={openingId !== null && openingAction !== null ? { documentId: openingId, action: openingAction } : null}
        onDetails={(document) => void navigate(documentsPath(filter, { kind: 'info', documentId: document.id }))}
        onEdit={(document) => void navigate(documentsPath(filter, { kind: 'edit', documentId: document.id }))}
        onDelete={(document) => void navigate(documentsPath(filter, { kind: 'delete', documentId: document.id }))}
        checklist={loadable(checklist)}
        onChecklistUpload={(item: ChecklistItemData) =>
          void navigate(documentsPath(filter, { kind: 'new' }), {
            state: { preset: { category: item.category, fileType: item.fileType, year: item.year } } satisfies DocumentUploadNavigationState,
          })
        }
        stashed={canModify ? (stashed.data ?? []) : []}
        onRestart={(id) => void navigate(documentsPath(filter, { kind: 'new' }), { state: { resumeId: id } satisfies DocumentUploadNavigationState })}
        onDiscard={(id) => void onDiscard(id)}
      />
      <Suspense fallback={null}>{dialog}</Suspense>
    </>
  );
}

export default function DocumentsRoute() {
  const params = useParams();
  const location = useLocation();
  const facts = useSessionFacts();
  const where = readDocumentsLocation(params['*'], location.search, location.state);
  if (where.kind === 'index' || where.kind === 'unknownFilter') return <Navigate to={documentsPath('all')} replace />;
  if (where.kind === 'unknownBelow') return <Navigate to={documentsPath(where.filter)} replace />;
  // The guard chain lets only a signed-in session here; until its user is known there is nothing to show.
  if (facts.uid === null) return null;
  // New permissions (claims read again) start the page's actors again with them.
  const actorKey = JSON.stringify(facts.actor);
  return <DocumentsPage key={actorKey} filter={where.filter} modal={where.modal} facts={{ ...facts, uid: facts.uid }} />;
}
