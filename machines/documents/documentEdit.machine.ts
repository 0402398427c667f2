import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { documentFormErrors, type DocumentFormErrors, type DocumentFormValues } from '../../src/domain/documents';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canModifyDocuments, type Actor } from '../../src/domain/permissions';
import { eitherWay, provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import { localDay } from './documentUpload.machine';
import type { DocumentData, DocumentEditActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// Changing a document's fields (spec 001 §2 "Documents locker" edit, §5 "Document form", §7 updateDocument; the
// modal route file/:documentId/edit, spec 002 §2). The file itself is replaced with the upload flow (`replaces`).
// The form starts with the document's fields; its errors show after a submit; an unchanged form closes without a
// call; a coach without permission (canModifyDocuments) is refused with coach.toast.not-permitted. Saved, the
// documents and the checklist are fetched again and the dialog closes with the updated document.

type Sig = DocumentEditActorSignatures;

export const DOCUMENT_EDIT_KEYS = {
  updated: 'toast.document-updated',
} as const;

export type DocumentEditNotifyKey =
  | typeof DOCUMENT_EDIT_KEYS.updated
  | typeof ERROR_KEYS.coachNotPermitted
  | typeof ERROR_KEYS.createDocumentError;

export interface DocumentEditInput {
  actor: Actor;
  /** yyyy-MM-dd, the customer's today. */
  today: string;
  document: DocumentData;
}

export interface DocumentEditOutput {
  /** The document as saved, null when the dialog was closed without saving. */
  document: DocumentData | null;
}

export interface DocumentEditContext {
  actor: Actor;
  today: string;
  document: DocumentData;
  form: DocumentFormValues;
  formErrors: DocumentFormErrors;
  showErrors: boolean;
  saved: DocumentData | null;
}

export type DocumentEditEvent =
  | { type: 'form.change'; values: DocumentFormValues }
  | { type: 'form.submit' }
  | { type: 'edit.cancel' };

export type DocumentEditEmitted = NotifyEmitted<DocumentEditNotifyKey>;
export type DocumentEditTag = 'step.form' | 'busy' | 'form.invalid';

/** The form of a stored document. */
export function documentForm(document: DocumentData): DocumentFormValues {
  const { category, fileType, year, documentDate, comments } = document;
  return { category, fileType, year, documentDate, comments };
}

function sameForm(a: DocumentFormValues, b: DocumentFormValues): boolean {
  return (
    a.category === b.category &&
    a.fileType === b.fileType &&
    a.year === b.year &&
    (a.documentDate || null) === (b.documentDate || null) &&
    a.comments === b.comments
  );
}

export const documentEditMachine = setup({
  types: {
    context: {} as DocumentEditContext,
    events: {} as DocumentEditEvent,
    input: {} as DocumentEditInput,
    output: {} as DocumentEditOutput,
    emitted: {} as DocumentEditEmitted,
    tags: {} as DocumentEditTag,
  },
  actors: {
    updateDocument: provided<Sig['updateDocument']>('updateDocument'),
    refreshDocuments: provided<Sig['refreshDocuments']>('refreshDocuments'),
  },
  guards: {
    isUnchanged: ({ context }) => sameForm(context.form, documentForm(context.document)),
    isFormInvalid: ({ context }) => Object.keys(context.formErrors).length > 0,
    isNotPermitted: ({ context }) => !canModifyDocuments(context.actor),
    showsErrors: ({ context }) => context.showErrors && Object.keys(context.formErrors).length > 0,
    showsNoErrors: ({ context }) => !context.showErrors || Object.keys(context.formErrors).length === 0,
  },
  actions: {
    assignForm: assign(({ context }, params: { values: DocumentFormValues }) => ({
      form: params.values,
      formErrors: documentFormErrors(params.values, localDay(context.today)),
    })),
    showFormErrors: assign({ showErrors: true }),
    assignSaved: assign((_, params: { document: DocumentData }) => ({ saved: params.document })),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyUpdated: emit({ type: 'notify', level: 'success', key: DOCUMENT_EDIT_KEYS.updated } as const),
    notifySaveError: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.createDocumentError } as const),
  },
}).createMachine({
  id: 'documentEdit',
  meta: machineSpec(['001 §2', '002 §2']),
  context: ({ input }) => {
    const form = documentForm(input.document);
    return {
      actor: input.actor,
      today: input.today,
      document: input.document,
      form,
      formErrors: documentFormErrors(form, localDay(input.today)),
      showErrors: false,
      saved: null,
    };
  },
  output: ({ context }) => ({ document: context.saved }),
  initial: 'editing',
  states: {
    editing: {
      meta: spec('001 §2'),
      tags: ['step.form'],
      initial: 'valid',
      states: {
        valid: {
          meta: spec('001 §2'),
          always: { guard: 'showsErrors', target: 'invalid' },
        },
        invalid: {
          // Flagged fields, after a submit with errors, until they are corrected.
          meta: spec('001 §2'),
          tags: ['form.invalid'],
          always: { guard: 'showsNoErrors', target: 'valid' },
        },
      },
      on: {
        'form.change': { actions: { type: 'assignForm', params: ({ event }) => ({ values: event.values }) } },
        'form.submit': [
          { guard: 'isUnchanged', target: 'closed' },
          { guard: 'isFormInvalid', actions: 'showFormErrors' },
          { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
          { target: 'saving' },
        ],
        'edit.cancel': 'closed',
      },
    },
    saving: {
      meta: spec('001 §2'),
      tags: ['busy'],
      initial: 'updating',
      states: {
        updating: {
          meta: spec('001 §2'),
          invoke: {
            id: 'updateDocument',
            src: 'updateDocument',
            input: ({ context }) => ({ documentId: context.document.id, document: context.form }),
            onDone: { target: 'refreshing', actions: { type: 'assignSaved', params: ({ event }) => ({ document: event.output }) } },
            onError: { target: '#documentEdit.editing', actions: 'notifySaveError' },
          },
        },
        refreshing: {
          // The locker and the checklist follow; the document was saved either way.
          meta: spec('001 §2'),
          invoke: {
            id: 'refreshDocuments',
            src: 'refreshDocuments',
            ...eitherWay({ target: '#documentEdit.done', actions: 'notifyUpdated' }),
          },
        },
      },
    },
    done: { meta: spec('001 §2'), type: 'final' },
    closed: { meta: spec('001 §2'), type: 'final' },
  },
});

export type DocumentEditSnapshot = SnapshotFrom<typeof documentEditMachine>;

/** What the edit dialog reads. */
export const documentEditSelectors = {
  document: (s: DocumentEditSnapshot): DocumentData => s.context.document,
  form: (s: DocumentEditSnapshot): DocumentFormValues => s.context.form,
  shownFormErrors: (s: DocumentEditSnapshot): DocumentFormErrors => (s.context.showErrors ? s.context.formErrors : {}),
  busy: (s: DocumentEditSnapshot): boolean => s.hasTag('busy'),
};
