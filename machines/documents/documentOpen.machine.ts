import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canDownloadDocuments, type Actor } from '../../src/domain/permissions';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { DocumentData, DocumentOpenActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The locker's view and download buttons (spec 001 §2 "Documents locker", §6 download permission, §7
// getDocumentUrl): one long-lived actor per locker page. A coach without download permission
// (canDownloadDocuments: the modify set or allowPortalDownload) is refused with coach.toast.not-permitted; a
// document still processing warns (errors.document-processing, not reported); otherwise openDocument asks for a
// short-lived link and opens it (view) or saves it (download). A failure says toast.open-error.

type Sig = DocumentOpenActorSignatures;

export type DocumentOpenAction = 'view' | 'download';

export const DOCUMENT_OPEN_KEYS = {
  failed: 'toast.open-error',
} as const;

export type DocumentOpenNotifyKey =
  | typeof DOCUMENT_OPEN_KEYS.failed
  | typeof ERROR_KEYS.coachNotPermitted
  | typeof ERROR_KEYS.documentProcessing;

export interface DocumentOpenInput {
  actor: Actor;
}

export interface DocumentOpenContext {
  actor: Actor;
  /** The document being opened, and how. */
  openingId: string | null;
  openingAction: DocumentOpenAction | null;
}

export type DocumentOpenEvent = { type: 'document.open'; document: DocumentData; action: DocumentOpenAction };
export type DocumentOpenEmitted = NotifyEmitted<DocumentOpenNotifyKey>;
export type DocumentOpenTag = 'busy';

export const documentOpenMachine = setup({
  types: {
    context: {} as DocumentOpenContext,
    events: {} as DocumentOpenEvent,
    input: {} as DocumentOpenInput,
    emitted: {} as DocumentOpenEmitted,
    tags: {} as DocumentOpenTag,
  },
  actors: {
    openDocument: provided<Sig['openDocument']>('openDocument'),
  },
  guards: {
    isNotPermitted: ({ context }) => !canDownloadDocuments(context.actor),
    isProcessing: (_, params: { document: DocumentData }) => params.document.status === 'processing',
  },
  actions: {
    assignOpening: assign((_, params: { documentId: string; action: DocumentOpenAction }) => ({
      openingId: params.documentId,
      openingAction: params.action,
    })),
    clearOpening: assign({ openingId: null, openingAction: null }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyProcessing: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.documentProcessing } as const),
    notifyOpenError: emit({ type: 'notify', level: 'error', key: DOCUMENT_OPEN_KEYS.failed } as const),
  },
}).createMachine({
  id: 'documentOpen',
  meta: machineSpec(['001 §2']),
  context: ({ input }) => ({ actor: input.actor, openingId: null, openingAction: null }),
  initial: 'idle',
  states: {
    idle: {
      meta: spec('001 §2'),
      on: {
        'document.open': [
          { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
          { guard: { type: 'isProcessing', params: ({ event }) => ({ document: event.document }) }, actions: 'notifyProcessing' },
          {
            target: 'opening',
            actions: { type: 'assignOpening', params: ({ event }) => ({ documentId: event.document.id, action: event.action }) },
          },
        ],
      },
    },
    opening: {
      meta: spec('001 §2'),
      tags: ['busy'],
      invoke: {
        id: 'openDocument',
        src: 'openDocument',
        input: ({ context }) => ({ documentId: context.openingId ?? '', action: context.openingAction ?? 'view' }),
        onDone: { target: 'idle', actions: 'clearOpening' },
        onError: { target: 'idle', actions: ['clearOpening', 'notifyOpenError'] },
      },
    },
  },
});

export type DocumentOpenSnapshot = SnapshotFrom<typeof documentOpenMachine>;

/** What the locker's buttons read: which document is opening, and how. */
export const documentOpenSelectors = {
  openingId: (s: DocumentOpenSnapshot): string | null => s.context.openingId,
  openingAction: (s: DocumentOpenSnapshot): DocumentOpenAction | null => s.context.openingAction,
  busy: (s: DocumentOpenSnapshot): boolean => s.hasTag('busy'),
};
