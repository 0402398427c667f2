import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canModifyDocuments, type Actor } from '../../src/domain/permissions';
import { eitherWay, provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { DocumentData, DocumentDeleteActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// Deleting a document after a confirmation (spec 001 §2 "Documents locker", §7 deleteDocument; the modal route
// confirm-delete, spec 002 §2). A coach without permission (canModifyDocuments) is refused with
// coach.toast.not-permitted and the dialog stays; a failed delete keeps the dialog with
// errors.delete-document-error; deleted, the documents and the checklist are fetched again.

type Sig = DocumentDeleteActorSignatures;

export const DOCUMENT_DELETE_KEYS = {
  deleted: 'toast.document-deleted',
} as const;

export type DocumentDeleteNotifyKey =
  | typeof DOCUMENT_DELETE_KEYS.deleted
  | typeof ERROR_KEYS.coachNotPermitted
  | typeof ERROR_KEYS.deleteDocumentError;

export interface DocumentDeleteInput {
  actor: Actor;
  document: DocumentData;
}

export interface DocumentDeleteOutput {
  deleted: boolean;
}

export interface DocumentDeleteContext {
  actor: Actor;
  document: DocumentData;
  deleted: boolean;
}

export type DocumentDeleteEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' };
export type DocumentDeleteEmitted = NotifyEmitted<DocumentDeleteNotifyKey>;
export type DocumentDeleteTag = 'dialog.confirmDelete' | 'busy';

export const documentDeleteMachine = setup({
  types: {
    context: {} as DocumentDeleteContext,
    events: {} as DocumentDeleteEvent,
    input: {} as DocumentDeleteInput,
    output: {} as DocumentDeleteOutput,
    emitted: {} as DocumentDeleteEmitted,
    tags: {} as DocumentDeleteTag,
  },
  actors: {
    deleteDocument: provided<Sig['deleteDocument']>('deleteDocument'),
    refreshDocuments: provided<Sig['refreshDocuments']>('refreshDocuments'),
  },
  guards: {
    isNotPermitted: ({ context }) => !canModifyDocuments(context.actor),
  },
  actions: {
    markDeleted: assign({ deleted: true }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyDeleted: emit({ type: 'notify', level: 'success', key: DOCUMENT_DELETE_KEYS.deleted } as const),
    notifyDeleteError: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.deleteDocumentError } as const),
  },
}).createMachine({
  id: 'documentDelete',
  meta: machineSpec(['001 §2', '002 §2']),
  context: ({ input }) => ({ actor: input.actor, document: input.document, deleted: false }),
  output: ({ context }) => ({ deleted: context.deleted }),
  initial: 'confirming',
  states: {
    confirming: {
      meta: spec('001 §2'),
      tags: ['dialog.confirmDelete'],
      on: {
        'delete.confirm': [{ guard: 'isNotPermitted', actions: 'notifyNotPermitted' }, { target: 'deleting' }],
        'delete.cancel': 'closed',
      },
    },
    deleting: {
      meta: spec('001 §2'),
      tags: ['dialog.confirmDelete', 'busy'],
      initial: 'removing',
      states: {
        removing: {
          meta: spec('001 §2'),
          invoke: {
            id: 'deleteDocument',
            src: 'deleteDocument',
            input: ({ context }) => ({ id: context.document.id }),
            onDone: { target: 'refreshing', actions: 'markDeleted' },
            onError: { target: '#documentDelete.confirming', actions: 'notifyDeleteError' },
          },
        },
        refreshing: {
          meta: spec('001 §2'),
          invoke: {
            id: 'refreshDocuments',
            src: 'refreshDocuments',
            ...eitherWay({ target: '#documentDelete.done', actions: 'notifyDeleted' }),
          },
        },
      },
    },
    done: { meta: spec('001 §2'), type: 'final' },
    closed: { meta: spec('001 §2'), type: 'final' },
  },
});

export type DocumentDeleteSnapshot = SnapshotFrom<typeof documentDeleteMachine>;

/** What the confirmation dialog reads. */
export const documentDeleteSelectors = {
  document: (s: DocumentDeleteSnapshot): DocumentData => s.context.document,
  busy: (s: DocumentDeleteSnapshot): boolean => s.hasTag('busy'),
};
