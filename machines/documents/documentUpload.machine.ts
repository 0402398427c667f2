import { assign, emit, sendTo, setup, type SnapshotFrom } from 'xstate';
import { UPLOAD_TOO_LARGE_TOAST_MS } from '../../src/domain/constants';
import {
  categoryOfFileType,
  documentFormErrors,
  EMPTY_DOCUMENT_FORM,
  isHeic,
  isTooLarge,
  needsCropping,
  type ConnectionQuality,
  type CropArea,
  type DocumentFormErrors,
  type DocumentFormValues,
  type UploadRefusal,
} from '../../src/domain/documents';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canModifyDocuments, type Actor } from '../../src/domain/permissions';
import { eitherWay, provided, providedCallback } from '../actors';
import type { NotifyEmitted } from '../ports';
import type {
  ChosenFile,
  DocumentData,
  DocumentUploadActorSignatures,
  StashedUpload,
  UploadControlEvent,
  UploadFileEvent,
  UploadOutcome,
  UploadPreset,
  UploadTarget,
} from './ports';
import { machineSpec, spec } from '../spec';

// The document upload flow (spec 001 §4 "Upload", §5 "Document form", size limit, crop, §9; spec 002 §4 "Document
// upload from the hub", §5): opened empty (file/new), preset by a checklist item or an
// action, replacing a document's file (edit), or resuming a file kept in the browser after a reload or a failure.
// - Pick or drop a file → read it (unreadable: errors.file-permission-denied) → over UPLOAD_MAX_BYTES: the size
//   warning for 5 s and nothing else → HEIC/HEIF converted to JPEG → photos cropped (or kept whole) → the form
//   (its errors flagged only after a submit) → the file and the form kept in IndexedDB (stashFile) → a prepared
//   upload (createUpload, waiting while offline) → the resumable upload (the uploadFile child) → the server's
//   outcome (waitForUploadOutcome: stored, or refused with its reason) → done.
// - The connection (a parallel region, always watched): offline pauses the upload (the child gets upload.pause),
//   back online resumes it from the bytes already stored (upload.resume). The connection dialog shows while a file
//   is being sent and the connection is not 'online', until the customer presses Continue (refused while offline)
//   or the quality changes again.
// - Cancel stops the child (upload.cancel), forgets the prepared upload on the server (cancelUpload: anything of it
//   that was stored is removed) and the stash. A failed upload is retried under a new prepared upload (the old one
//   cancelled first); a stashed file starts again with one click, without choosing the file again.
// - A coach without permission (canModifyDocuments) is refused with coach.toast.not-permitted.

/** The documents' data as the views render it (views import machine modules, not ports). */
export type { ChecklistItemData, DocumentData } from './ports';

type Sig = DocumentUploadActorSignatures;

/** The toast keys the upload emits ('toast.*' and 'refusal.*' in the documents namespace; the rest in 'errors'). */
export const DOCUMENT_UPLOAD_KEYS = {
  fileSizeWarning: 'toast.file-size-warning',
  heicConversionFailed: 'toast.heic-conversion-failed',
  uploaded: 'toast.document-uploaded',
  cancelled: 'toast.upload-cancelled',
  emptyFile: 'refusal.empty-file',
  unsupportedType: 'refusal.unsupported-type',
} as const;

/** What a failed read says: the file cannot be read, or it is not a kind of file the locker stores. */
export type ReadErrorKey =
  | typeof ERROR_KEYS.filePermissionDenied
  | typeof DOCUMENT_UPLOAD_KEYS.unsupportedType
  | typeof DOCUMENT_UPLOAD_KEYS.emptyFile;

export type DocumentUploadNotifyKey =
  | (typeof DOCUMENT_UPLOAD_KEYS)[keyof typeof DOCUMENT_UPLOAD_KEYS]
  | typeof ERROR_KEYS.filePermissionDenied
  | typeof ERROR_KEYS.coachNotPermitted
  | typeof ERROR_KEYS.generalError;

export interface DocumentUploadInput {
  actor: Actor;
  /** The customer's today, yyyy-MM-dd (the form's years and dates). */
  today: string;
  preset: UploadPreset | null;
  /** The document whose file this replaces (edit), or null for a new document. */
  replaces: DocumentData | null;
  /** A file kept in the browser: the flow starts at "start again". */
  resume: StashedUpload | null;
}

export interface DocumentUploadOutput {
  /** The stored document, null when the flow was closed or cancelled. */
  documentId: string | null;
}

export interface DocumentUploadContext {
  actor: Actor;
  today: string;
  replaces: DocumentData | null;
  /** The file as picked or dropped, until it is read. */
  picked: File | null;
  /** What is uploaded: read, converted and cropped. */
  file: ChosenFile | null;
  /** The photo before cropping (what the crop dialog shows). */
  original: ChosenFile | null;
  crop: { area: CropArea; rotation: number } | null;
  form: DocumentFormValues;
  /** documentFormErrors(form, today), always current. */
  formErrors: DocumentFormErrors;
  /** The form was submitted with errors: the view flags the invalid fields from then on. */
  showErrors: boolean;
  target: UploadTarget | null;
  /** A prepared upload to forget on the server before the next one (a failed one, or the stash's). */
  previousUploadId: string | null;
  bytesTransferred: number;
  totalBytes: number;
  /** 0..100. */
  progress: number;
  connection: ConnectionQuality;
  /** Continue was pressed since the connection last changed. */
  connectionAcknowledged: boolean;
  refusal: UploadRefusal | null;
  errorKey: typeof ERROR_KEYS.createDocumentError | null;
  stashId: string | null;
  documentId: string | null;
}

export type DocumentUploadEvent =
  | { type: 'file.chosen'; file: File }
  | { type: 'file.clear' }
  | { type: 'crop.apply'; area: CropArea; rotation: number }
  | { type: 'crop.skip' }
  | { type: 'form.change'; values: DocumentFormValues }
  | { type: 'form.submit' }
  | { type: 'upload.retry' }
  | { type: 'upload.cancel' }
  | { type: 'upload.close' }
  | { type: 'upload.restart' }
  | { type: 'upload.discard' }
  | { type: 'connection.changed'; quality: ConnectionQuality }
  | { type: 'connection.continue' }
  | UploadFileEvent;

export type DocumentUploadEmitted = NotifyEmitted<DocumentUploadNotifyKey>;

export type DocumentUploadTag =
  | 'step.resume'
  | 'step.pick'
  | 'step.crop'
  | 'step.form'
  | 'step.upload'
  | 'step.processing'
  | 'busy'
  | 'paused'
  | 'waiting.connection'
  | 'form.invalid'
  | 'dialog.createError'
  | 'dialog.connection'
  | 'error.upload'
  | 'error.refused'
  | 'connection.offline'
  | 'connection.poor';

// ------------------------------------------------------------------------------------------------ pure helpers

/** yyyy-MM-dd as the customer's local day (the domain's year and date rules read local dates). */
export function localDay(today: string): Date {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The form a flow opens with: the stash's, the replaced document's, the preset's, or empty. */
export function initialForm(input: Pick<DocumentUploadInput, 'preset' | 'replaces' | 'resume'>): DocumentFormValues {
  if (input.resume) return { ...input.resume.document };
  if (input.replaces) {
    const { category, fileType, year, documentDate, comments } = input.replaces;
    return { category, fileType, year, documentDate, comments };
  }
  if (input.preset) {
    const { fileType, year } = input.preset;
    const category = input.preset.category ?? (fileType ? categoryOfFileType(fileType) : null);
    return { ...EMPTY_DOCUMENT_FORM, category, fileType, year };
  }
  return { ...EMPTY_DOCUMENT_FORM };
}

/** One stash key per chosen file (the same file chosen again for the same document replaces its stash). */
export function stashIdFor(file: File, replaces: DocumentData | null): string {
  return [replaces?.id ?? 'new', file.name, file.size, file.lastModified].join(':');
}

function errorKeyOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'key' in error && typeof error.key === 'string' ? error.key : null;
}

/** What a failed read tells the customer. */
export function readErrorKey(error: unknown): ReadErrorKey {
  const key = errorKeyOf(error);
  if (key === DOCUMENT_UPLOAD_KEYS.unsupportedType || key === DOCUMENT_UPLOAD_KEYS.emptyFile) return key;
  return ERROR_KEYS.filePermissionDenied;
}

export function progressOf(bytesTransferred: number, totalBytes: number): number {
  if (totalBytes <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((bytesTransferred / totalBytes) * 100)));
}

const hasFormErrors = (errors: DocumentFormErrors) => Object.keys(errors).length > 0;

function stashOf(context: DocumentUploadContext, uploadId: string | null): StashedUpload {
  if (!context.file || !context.stashId) throw new Error('nothing to stash');
  return {
    id: context.stashId,
    file: context.file,
    document: context.form,
    replaces: context.replaces?.id ?? null,
    uploadId,
    savedAt: new Date().toISOString(),
  };
}

function chosenFileOf(context: DocumentUploadContext): ChosenFile {
  if (!context.file) throw new Error('no file chosen');
  return context.file;
}

function targetOf(context: DocumentUploadContext): UploadTarget {
  if (!context.target) throw new Error('no prepared upload');
  return context.target;
}

const PICK_RESET = {
  picked: null,
  file: null,
  original: null,
  crop: null,
  target: null,
  refusal: null,
  bytesTransferred: 0,
  totalBytes: 0,
  progress: 0,
} as const;

// ------------------------------------------------------------------------------------------------ the machine

export const documentUploadMachine = setup({
  types: {
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
    input: {} as DocumentUploadInput,
    output: {} as DocumentUploadOutput,
    emitted: {} as DocumentUploadEmitted,
    tags: {} as DocumentUploadTag,
  },
  actors: {
    readFile: provided<Sig['readFile']>('readFile'),
    convertHeic: provided<Sig['convertHeic']>('convertHeic'),
    cropImage: provided<Sig['cropImage']>('cropImage'),
    stashFile: provided<Sig['stashFile']>('stashFile'),
    removeStash: provided<Sig['removeStash']>('removeStash'),
    createUpload: provided<Sig['createUpload']>('createUpload'),
    uploadFile: providedCallback<Sig['uploadFile']>('uploadFile'),
    waitForUploadOutcome: provided<Sig['waitForUploadOutcome']>('waitForUploadOutcome'),
    cancelUpload: provided<Sig['cancelUpload']>('cancelUpload'),
    watchConnection: providedCallback<Sig['watchConnection']>('watchConnection'),
    refreshDocuments: provided<Sig['refreshDocuments']>('refreshDocuments'),
  },
  guards: {
    /** Only a resumed flow starts with a file (the stash's). */
    hasStash: ({ context }) => context.stashId !== null && context.file !== null,
    isNotPermitted: ({ context }) => !canModifyDocuments(context.actor),
    isTooLarge: (_, params: { file: ChosenFile }) => isTooLarge(params.file.size),
    isEmptyFile: (_, params: { file: ChosenFile }) => params.file.size === 0,
    isHeic: (_, params: { file: ChosenFile }) => isHeic(params.file.name, params.file.mimeType),
    needsCropping: (_, params: { file: ChosenFile }) => needsCropping(params.file.mimeType),
    isFormValid: ({ context }) => !hasFormErrors(context.formErrors),
    showsFormErrors: ({ context }) => context.showErrors && hasFormErrors(context.formErrors),
    showsNoFormErrors: ({ context }) => !context.showErrors || !hasFormErrors(context.formErrors),
    isOffline: ({ context }) => context.connection === 'offline',
    isConnected: ({ context }) => context.connection !== 'offline',
    hasPreviousUpload: ({ context }) => context.previousUploadId !== null,
    hasUploadToCancel: ({ context }) => context.target !== null || context.previousUploadId !== null,
    isStored: (_, params: { outcome: UploadOutcome }) => params.outcome.ok,
    needsConnectionDialog: ({ context }) => context.connection !== 'online' && !context.connectionAcknowledged,
    isConnectionFine: ({ context }) => context.connection === 'online' || context.connectionAcknowledged,
    isOfflineEvent: (_, params: { quality: ConnectionQuality }) => params.quality === 'offline',
    isPoorEvent: (_, params: { quality: ConnectionQuality }) => params.quality === 'poor',
  },
  actions: {
    // ---------------------------------------------------------------- the file
    assignPicked: assign(({ context }, params: { file: File }) => ({
      ...PICK_RESET,
      picked: params.file,
      stashId: stashIdFor(params.file, context.replaces),
    })),
    assignFile: assign((_, params: { file: ChosenFile }) => ({ file: params.file, picked: null })),
    assignOriginal: assign((_, params: { file: ChosenFile }) => ({ original: params.file, file: params.file, picked: null })),
    keepOriginal: assign(({ context }) => ({ file: context.original, crop: null })),
    assignCrop: assign((_, params: { area: CropArea; rotation: number }) => ({ crop: { area: params.area, rotation: params.rotation } })),
    assignCropped: assign((_, params: { file: ChosenFile }) => ({ file: params.file, crop: null })),
    clearCrop: assign({ crop: null }),
    clearFile: assign({ ...PICK_RESET, stashId: null }),
    // ---------------------------------------------------------------- the form
    assignForm: assign(({ context }, params: { values: DocumentFormValues }) => ({
      form: params.values,
      formErrors: documentFormErrors(params.values, localDay(context.today)),
    })),
    showFormErrors: assign({ showErrors: true }),
    // ---------------------------------------------------------------- sending
    assignTarget: assign((_, params: { target: UploadTarget }) => ({
      target: params.target,
      errorKey: null,
      bytesTransferred: 0,
      totalBytes: 0,
      progress: 0,
    })),
    clearPreviousUpload: assign({ previousUploadId: null }),
    assignCreateError: assign({ errorKey: ERROR_KEYS.createDocumentError }),
    clearCreateError: assign({ errorKey: null }),
    /** A retry runs under a new prepared upload: the failed one is forgotten first. */
    retireTarget: assign(({ context }) => ({ previousUploadId: context.target?.uploadId ?? context.previousUploadId, target: null })),
    assignProgress: assign((_, params: { bytesTransferred: number; totalBytes: number }) => ({
      bytesTransferred: params.bytesTransferred,
      totalBytes: params.totalBytes,
      progress: progressOf(params.bytesTransferred, params.totalBytes),
    })),
    assignStored: assign(({ context }) => ({ bytesTransferred: context.totalBytes, progress: 100 })),
    pauseUploadTask: sendTo('uploadFile', { type: 'upload.pause' } satisfies UploadControlEvent),
    resumeUploadTask: sendTo('uploadFile', { type: 'upload.resume' } satisfies UploadControlEvent),
    cancelUploadTask: sendTo('uploadFile', { type: 'upload.cancel' } satisfies UploadControlEvent),
    assignOutcome: assign((_, params: { outcome: UploadOutcome }) =>
      params.outcome.ok ? { documentId: params.outcome.documentId, refusal: null } : { refusal: params.outcome.reason, target: null },
    ),
    // ---------------------------------------------------------------- the connection
    assignConnection: assign(({ context }, params: { quality: ConnectionQuality }) => ({
      connection: params.quality,
      connectionAcknowledged: params.quality === context.connection ? context.connectionAcknowledged : false,
    })),
    acknowledgeConnection: assign({ connectionAcknowledged: true }),
    // ---------------------------------------------------------------- notices
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyTooLarge: emit({
      type: 'notify',
      level: 'warning',
      key: DOCUMENT_UPLOAD_KEYS.fileSizeWarning,
      durationMs: UPLOAD_TOO_LARGE_TOAST_MS,
    } as const),
    notifyEmptyFile: emit({ type: 'notify', level: 'warning', key: DOCUMENT_UPLOAD_KEYS.emptyFile } as const),
    notifyReadError: emit((_, params: { error: unknown }) => ({ type: 'notify' as const, level: 'error' as const, key: readErrorKey(params.error) })),
    notifyConversionFailed: emit({ type: 'notify', level: 'error', key: DOCUMENT_UPLOAD_KEYS.heicConversionFailed } as const),
    notifyCropFailed: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.generalError } as const),
    notifyUploaded: emit({ type: 'notify', level: 'success', key: DOCUMENT_UPLOAD_KEYS.uploaded } as const),
    notifyCancelled: emit({ type: 'notify', level: 'info', key: DOCUMENT_UPLOAD_KEYS.cancelled } as const),
  },
}).createMachine({
  id: 'documentUpload',
  meta: machineSpec(['001 §4', '001 §5', '002 §4'], ['open.flow.starting', 'open.flow.sending.step.creating.preparing', 'open.flow.sending.step.uploading.starting', 'open.flow.sending.step.uploading.stopping', 'open.flow.cancelling.deciding']),
  context: ({ input }) => {
    const form = initialForm(input);
    return {
      actor: input.actor,
      today: input.today,
      replaces: input.replaces,
      picked: null,
      file: input.resume?.file ?? null,
      original: null,
      crop: null,
      form,
      formErrors: documentFormErrors(form, localDay(input.today)),
      showErrors: false,
      target: null,
      previousUploadId: input.resume?.uploadId ?? null,
      bytesTransferred: 0,
      totalBytes: 0,
      progress: 0,
      connection: 'online',
      connectionAcknowledged: false,
      refusal: null,
      errorKey: null,
      stashId: input.resume?.id ?? null,
      documentId: null,
    };
  },
  output: ({ context }) => ({ documentId: context.documentId }),
  initial: 'open',
  states: {
    open: {
      meta: spec('001 §4'),
      type: 'parallel',
      states: {
        flow: {
          meta: spec('001 §4'),
          initial: 'starting',
          states: {
            starting: {
              always: [{ guard: 'hasStash', target: 'resumable' }, { target: 'picking' }],
            },
            resumable: {
              // A file kept in the browser after a reload or a failed upload: start it again, or forget it.
              meta: spec('001 §4'),
              tags: ['step.resume'],
              on: {
                'upload.restart': [{ guard: 'isNotPermitted', actions: 'notifyNotPermitted' }, { target: 'sending' }],
                'upload.discard': 'discarding',
                // Decide later: the stash stays.
                'upload.close': '#documentUpload.closed',
              },
            },
            discarding: {
              meta: spec('001 §4'),
              tags: ['busy'],
              invoke: {
                id: 'removeStash',
                src: 'removeStash',
                input: ({ context }) => ({ id: context.stashId ?? '' }),
                ...eitherWay('#documentUpload.closed'),
              },
            },
            picking: {
              meta: spec('001 §4'),
              tags: ['step.pick'],
              on: {
                'file.chosen': [
                  { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
                  { target: 'reading', actions: { type: 'assignPicked', params: ({ event }) => ({ file: event.file }) } },
                ],
                'upload.close': '#documentUpload.closed',
              },
            },
            reading: {
              meta: spec('001 §4', '001 §5', '001 §9'),
              tags: ['busy'],
              invoke: {
                id: 'readFile',
                src: 'readFile',
                input: ({ context }) => {
                  if (!context.picked) throw new Error('no file picked');
                  return { file: context.picked };
                },
                onDone: [
                  // spec 001 §5, §9: over the limit, the warning for 5 s and nothing else.
                  {
                    guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.output }) },
                    target: 'picking',
                    actions: ['clearFile', 'notifyTooLarge'],
                  },
                  {
                    guard: { type: 'isEmptyFile', params: ({ event }) => ({ file: event.output }) },
                    target: 'picking',
                    actions: ['clearFile', 'notifyEmptyFile'],
                  },
                  {
                    guard: { type: 'isHeic', params: ({ event }) => ({ file: event.output }) },
                    target: 'converting',
                    actions: { type: 'assignFile', params: ({ event }) => ({ file: event.output }) },
                  },
                  {
                    guard: { type: 'needsCropping', params: ({ event }) => ({ file: event.output }) },
                    target: 'cropping',
                    actions: { type: 'assignOriginal', params: ({ event }) => ({ file: event.output }) },
                  },
                  // PDFs skip the crop.
                  { target: 'form', actions: { type: 'assignFile', params: ({ event }) => ({ file: event.output }) } },
                ],
                onError: {
                  target: 'picking',
                  actions: ['clearFile', { type: 'notifyReadError', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            converting: {
              // HEIC/HEIF → JPEG in the browser, then the crop like any photo.
              meta: spec('001 §4'),
              tags: ['busy'],
              invoke: {
                id: 'convertHeic',
                src: 'convertHeic',
                input: ({ context }) => ({ file: chosenFileOf(context) }),
                onDone: [
                  // A JPEG is often larger than its HEIC: the limit holds for what would be uploaded.
                  {
                    guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.output }) },
                    target: 'picking',
                    actions: ['clearFile', 'notifyTooLarge'],
                  },
                  { target: 'cropping', actions: { type: 'assignOriginal', params: ({ event }) => ({ file: event.output }) } },
                ],
                onError: { target: 'picking', actions: ['clearFile', 'notifyConversionFailed'] },
              },
            },
            cropping: {
              meta: spec('001 §4'),
              tags: ['step.crop'],
              initial: 'editing',
              states: {
                editing: {
                  meta: spec('001 §4'),
                  on: {
                    'crop.apply': {
                      target: 'applying',
                      actions: { type: 'assignCrop', params: ({ event }) => ({ area: event.area, rotation: event.rotation }) },
                    },
                    // Keep the photo whole.
                    'crop.skip': { target: '#documentUpload.open.flow.form', actions: 'keepOriginal' },
                    'file.clear': { target: '#documentUpload.open.flow.picking', actions: 'clearFile' },
                    'upload.close': '#documentUpload.closed',
                  },
                },
                applying: {
                  meta: spec('001 §4'),
                  tags: ['busy'],
                  invoke: {
                    id: 'cropImage',
                    src: 'cropImage',
                    input: ({ context }) => {
                      if (!context.original || !context.crop) throw new Error('nothing to crop');
                      return { file: context.original, area: context.crop.area, rotation: context.crop.rotation };
                    },
                    onDone: {
                      target: '#documentUpload.open.flow.form',
                      actions: { type: 'assignCropped', params: ({ event }) => ({ file: event.output }) },
                    },
                    onError: { target: 'editing', actions: ['clearCrop', 'notifyCropFailed'] },
                  },
                },
              },
            },
            form: {
              meta: spec('001 §4'),
              tags: ['step.form'],
              initial: 'valid',
              states: {
                valid: {
                  meta: spec('001 §4'),
                  always: { guard: 'showsFormErrors', target: 'invalid' },
                },
                invalid: {
                  // Flagged fields, after a submit with errors, until they are corrected.
                  meta: spec('001 §4'),
                  tags: ['form.invalid'],
                  always: { guard: 'showsNoFormErrors', target: 'valid' },
                },
              },
              on: {
                'form.change': { actions: { type: 'assignForm', params: ({ event }) => ({ values: event.values }) } },
                'form.submit': [{ guard: 'isFormValid', target: 'stashing' }, { actions: 'showFormErrors' }],
                // Choose another file; the form's values stay.
                'file.clear': { target: 'picking', actions: 'clearFile' },
                'upload.close': '#documentUpload.closed',
              },
            },
            stashing: {
              // The file and the form stay in the browser until stored (an error is ignored: a private window may
              // have no IndexedDB).
              meta: spec('001 §4'),
              tags: ['busy'],
              invoke: {
                id: 'stashFile',
                src: 'stashFile',
                input: ({ context }) => ({ upload: stashOf(context, context.previousUploadId) }),
                ...eitherWay('sending'),
              },
            },
            sending: {
              meta: spec('001 §4'),
              type: 'parallel',
              states: {
                step: {
                  meta: spec('001 §4'),
                  initial: 'creating',
                  states: {
                    creating: {
                      meta: spec('001 §4'),
                      tags: ['busy'],
                      initial: 'preparing',
                      on: { 'upload.cancel': '#documentUpload.open.flow.cancelling' },
                      states: {
                        preparing: {
                          always: [
                            { guard: 'isOffline', target: 'waiting' },
                            { guard: 'hasPreviousUpload', target: 'cancellingPrevious' },
                            { target: 'calling' },
                          ],
                        },
                        waiting: {
                          // No prepared upload while offline: it is asked for once the connection is back.
                          meta: spec('001 §4'),
                          tags: ['waiting.connection'],
                          always: { guard: 'isConnected', target: 'preparing' },
                        },
                        cancellingPrevious: {
                          // The failed (or the stash's) prepared upload is forgotten first; errors are ignored.
                          meta: spec('001 §4'),
                          invoke: {
                            id: 'cancelUpload',
                            src: 'cancelUpload',
                            input: ({ context }) => ({ uploadId: context.previousUploadId ?? '' }),
                            ...eitherWay({ target: 'preparing', actions: 'clearPreviousUpload' }),
                          },
                        },
                        calling: {
                          meta: spec('001 §4'),
                          invoke: {
                            id: 'createUpload',
                            src: 'createUpload',
                            input: ({ context }) => {
                              const file = chosenFileOf(context);
                              return {
                                document: context.form,
                                file: { name: file.name, size: file.size, mimeType: file.mimeType },
                                replaces: context.replaces?.id ?? null,
                              };
                            },
                            onDone: {
                              target: '#documentUpload.open.flow.sending.step.uploading',
                              actions: { type: 'assignTarget', params: ({ event }) => ({ target: event.output }) },
                            },
                            onError: [
                              // The connection went while asking: wait for it, then ask again.
                              { guard: 'isOffline', target: 'waiting' },
                              { target: '#documentUpload.open.flow.createFailed', actions: 'assignCreateError' },
                            ],
                          },
                        },
                      },
                    },
                    uploading: {
                      meta: spec('001 §4'),
                      tags: ['step.upload'],
                      invoke: [
                        {
                          id: 'uploadFile',
                          src: 'uploadFile',
                          input: ({ context }) => ({ file: chosenFileOf(context), target: targetOf(context) }),
                        },
                        {
                          // The stash remembers the prepared upload, so starting again after a reload forgets it.
                          id: 'recordUpload',
                          src: 'stashFile',
                          input: ({ context }) => ({ upload: stashOf(context, targetOf(context).uploadId) }),
                        },
                      ],
                      initial: 'starting',
                      on: {
                        'upload.progress': {
                          actions: {
                            type: 'assignProgress',
                            params: ({ event }) => ({ bytesTransferred: event.bytesTransferred, totalBytes: event.totalBytes }),
                          },
                        },
                        'upload.stored': { target: 'processing', actions: 'assignStored' },
                        'upload.failed': '#documentUpload.open.flow.uploadFailed',
                        'upload.cancel': '.stopping',
                      },
                      states: {
                        starting: {
                          always: [{ guard: 'isOffline', target: 'paused' }, { target: 'running' }],
                        },
                        running: {
                          meta: spec('001 §4'),
                          always: { guard: 'isOffline', target: 'paused' },
                        },
                        paused: {
                          // Offline: the upload holds; back online it goes on from the bytes already stored.
                          meta: spec('001 §4'),
                          tags: ['paused'],
                          entry: 'pauseUploadTask',
                          always: { guard: 'isConnected', target: 'running', actions: 'resumeUploadTask' },
                        },
                        stopping: {
                          // Cancel: the child stops the upload before it is itself stopped.
                          entry: 'cancelUploadTask',
                          always: '#documentUpload.open.flow.cancelling',
                        },
                      },
                    },
                    processing: {
                      // The server checks the bytes and stores the document (the progress record).
                      meta: spec('001 §4'),
                      tags: ['step.processing'],
                      on: { 'upload.cancel': '#documentUpload.open.flow.cancelling' },
                      invoke: {
                        id: 'waitForUploadOutcome',
                        src: 'waitForUploadOutcome',
                        input: ({ context }) => ({ uploadId: targetOf(context).uploadId }),
                        onDone: [
                          {
                            guard: { type: 'isStored', params: ({ event }) => ({ outcome: event.output }) },
                            target: '#documentUpload.open.flow.finishing',
                            actions: { type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) },
                          },
                          {
                            target: '#documentUpload.open.flow.refused',
                            actions: { type: 'assignOutcome', params: ({ event }) => ({ outcome: event.output }) },
                          },
                        ],
                        onError: '#documentUpload.open.flow.uploadFailed',
                      },
                    },
                  },
                },
                dialog: {
                  // The connection dialog while a file is being sent (spec 001 §4).
                  meta: spec('001 §4'),
                  initial: 'hidden',
                  states: {
                    hidden: {
                      meta: spec('001 §4'),
                      always: { guard: 'needsConnectionDialog', target: 'shown' },
                    },
                    shown: {
                      meta: spec('001 §4'),
                      tags: ['dialog.connection'],
                      always: { guard: 'isConnectionFine', target: 'hidden' },
                    },
                  },
                },
              },
            },
            createFailed: {
              meta: spec('001 §4'),
              tags: ['dialog.createError'],
              on: {
                'upload.retry': { target: 'sending', actions: 'clearCreateError' },
                'upload.cancel': { target: 'cancelling', actions: 'clearCreateError' },
              },
            },
            uploadFailed: {
              meta: spec('001 §4'),
              tags: ['error.upload'],
              on: {
                'upload.retry': { target: 'sending', actions: 'retireTarget' },
                'upload.cancel': 'cancelling',
              },
            },
            finishing: {
              meta: spec('001 §4'),
              tags: ['busy'],
              initial: 'removingStash',
              states: {
                removingStash: {
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'removeStash',
                    src: 'removeStash',
                    input: ({ context }) => ({ id: context.stashId ?? '' }),
                    ...eitherWay('refreshing'),
                  },
                },
                refreshing: {
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'refreshDocuments',
                    src: 'refreshDocuments',
                    ...eitherWay({ target: '#documentUpload.done', actions: 'notifyUploaded' }),
                  },
                },
              },
            },
            refused: {
              // The server refused the bytes (documents:refusal.<reason>); the kept file goes too.
              meta: spec('001 §4'),
              tags: ['error.refused'],
              invoke: {
                id: 'removeRefusedStash',
                src: 'removeStash',
                input: ({ context }) => ({ id: context.stashId ?? '' }),
              },
              on: {
                'file.clear': { target: 'picking', actions: 'clearFile' },
                'upload.close': '#documentUpload.closed',
              },
            },
            cancelling: {
              meta: spec('001 §4'),
              tags: ['busy'],
              initial: 'deciding',
              states: {
                deciding: {
                  always: [{ guard: 'hasUploadToCancel', target: 'cancellingUpload' }, { target: 'removingStash' }],
                },
                cancellingUpload: {
                  // Forgets the prepared upload and removes anything of it already stored; errors are ignored.
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'cancelUpload',
                    src: 'cancelUpload',
                    input: ({ context }) => ({ uploadId: context.target?.uploadId ?? context.previousUploadId ?? '' }),
                    ...eitherWay('removingStash'),
                  },
                },
                removingStash: {
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'removeStash',
                    src: 'removeStash',
                    input: ({ context }) => ({ id: context.stashId ?? '' }),
                    ...eitherWay({ target: '#documentUpload.closed', actions: 'notifyCancelled' }),
                  },
                },
              },
            },
          },
        },
        connection: {
          meta: spec('001 §4'),
          invoke: { id: 'watchConnection', src: 'watchConnection' },
          initial: 'online',
          on: {
            'connection.changed': [
              {
                guard: { type: 'isOfflineEvent', params: ({ event }) => ({ quality: event.quality }) },
                target: '.offline',
                actions: { type: 'assignConnection', params: ({ event }) => ({ quality: event.quality }) },
              },
              {
                guard: { type: 'isPoorEvent', params: ({ event }) => ({ quality: event.quality }) },
                target: '.poor',
                actions: { type: 'assignConnection', params: ({ event }) => ({ quality: event.quality }) },
              },
              { target: '.online', actions: { type: 'assignConnection', params: ({ event }) => ({ quality: event.quality }) } },
            ],
          },
          states: {
            online: { meta: spec('001 §4') },
            poor: {
              meta: spec('001 §4'),
              tags: ['connection.poor'],
              // Continue closes the dialog until the connection changes again.
              on: { 'connection.continue': { actions: 'acknowledgeConnection' } },
            },
            offline: {
              // Continue is refused while offline (the view hides it).
              meta: spec('001 §4'),
              tags: ['connection.offline'],
            },
          },
        },
      },
    },
    done: { meta: spec('001 §4'), type: 'final' },
    closed: { meta: spec('001 §4'), type: 'final' },
  },
});

export type DocumentUploadSnapshot = SnapshotFrom<typeof documentUploadMachine>;

export type DocumentUploadStep = 'resume' | 'pick' | 'crop' | 'form' | 'upload' | 'processing' | 'other';

/** What the upload's views read. */
export const documentUploadSelectors = {
  step: (s: DocumentUploadSnapshot): DocumentUploadStep => {
    if (s.hasTag('step.resume')) return 'resume';
    if (s.hasTag('step.pick')) return 'pick';
    if (s.hasTag('step.crop')) return 'crop';
    if (s.hasTag('step.form')) return 'form';
    if (s.hasTag('step.upload')) return 'upload';
    if (s.hasTag('step.processing')) return 'processing';
    return 'other';
  },
  file: (s: DocumentUploadSnapshot): ChosenFile | null => s.context.file,
  original: (s: DocumentUploadSnapshot): ChosenFile | null => s.context.original,
  form: (s: DocumentUploadSnapshot): DocumentFormValues => s.context.form,
  /** The errors the form flags: none until a submit with errors. */
  shownFormErrors: (s: DocumentUploadSnapshot): DocumentFormErrors => (s.context.showErrors ? s.context.formErrors : {}),
  formValid: (s: DocumentUploadSnapshot): boolean => !hasFormErrors(s.context.formErrors),
  progress: (s: DocumentUploadSnapshot): number => s.context.progress,
  connection: (s: DocumentUploadSnapshot): ConnectionQuality => s.context.connection,
  connectionDialog: (s: DocumentUploadSnapshot): boolean => s.hasTag('dialog.connection'),
  paused: (s: DocumentUploadSnapshot): boolean => s.hasTag('paused'),
  busy: (s: DocumentUploadSnapshot): boolean => s.hasTag('busy'),
  refusal: (s: DocumentUploadSnapshot): UploadRefusal | null => (s.hasTag('error.refused') ? s.context.refusal : null),
  errorKey: (s: DocumentUploadSnapshot) => (s.hasTag('dialog.createError') ? s.context.errorKey : null),
  replaces: (s: DocumentUploadSnapshot): DocumentData | null => s.context.replaces,
};
