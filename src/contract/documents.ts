// The documents callables' shapes (spec 001 §3 "Document", "Checklist item", "Upload progress record", §7 the
// document calls; spec 002 §3, §7). The form's rules are src/domain/documents.ts: the client's form and
// these schemas answer from the same functions. Dates are yyyy-MM-dd, times ISO 8601.
//
// An upload runs in three steps: createDocumentUpload checks the form and the file's announced name, size and type
// and answers where to put the file (nothing is stored yet but the prepared upload); the browser uploads the bytes
// to Storage under the customer's own path with the answer's metadata; a Storage trigger checks the bytes (type by
// signature, size, not empty), creates or replaces the document and writes the progress record
// documentUploadProgress/{uploadId}, which the browser listens to.
import { z } from 'zod/mini';
import {
  ACCEPTED_CONTENT_TYPES,
  ALL_DOCUMENT_FILE_TYPES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_COMMENTS_MAX_LENGTH,
  DOCUMENT_NAME_MAX_LENGTH,
  documentFormErrors,
  UPLOAD_REFUSALS,
} from '../domain/documents';
import { UPLOAD_MAX_BYTES } from '../domain/constants';
import { idSchema, isoDateSchema, isoDateTimeSchema, okResponseSchema } from './common';

export const documentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export const documentFileTypeSchema = z.enum(ALL_DOCUMENT_FILE_TYPES as [string, ...string[]]);
export const acceptedContentTypeSchema = z.enum(ACCEPTED_CONTENT_TYPES);

/** A document as the locker shows it (spec 001 §3). status 'processing' until the CRM has the file. */
export const documentSchema = z.object({
  id: idSchema,
  name: z.string(),
  category: documentCategorySchema,
  fileType: documentFileTypeSchema,
  year: z.nullable(z.number().check(z.int())),
  documentDate: z.nullable(isoDateSchema),
  comments: z.string(),
  fileSize: z.number().check(z.int(), z.gte(0)),
  mimeType: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: z.nullable(isoDateTimeSchema),
  status: z.enum(['processing', 'ready']),
});
export type DocumentRecord = z.infer<typeof documentSchema>;

/** The document form (spec 001 §5), checked with documentFormErrors: every invalid field is an issue at its path. */
export const documentFormSchema = z
  .strictObject({
    category: documentCategorySchema,
    fileType: documentFileTypeSchema,
    year: z.nullable(z.number().check(z.int())),
    documentDate: z.nullable(isoDateSchema),
    comments: z.string().check(z.maxLength(DOCUMENT_COMMENTS_MAX_LENGTH)),
  })
  .check(
    z.superRefine((values, context) => {
      // documentFormValues' types are the domain's; the enums above already narrowed them.
      const errors = documentFormErrors(values as Parameters<typeof documentFormErrors>[0], new Date());
      for (const [field, key] of Object.entries(errors)) {
        context.addIssue({ code: 'custom', message: key, path: [field], input: values });
      }
    }),
  );
export type DocumentForm = z.output<typeof documentFormSchema>;

/** What the browser says about the file before sending it; the trigger checks the bytes against it. */
export const announcedFileSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(DOCUMENT_NAME_MAX_LENGTH)),
  size: z.number().check(z.int(), z.gte(1), z.lte(UPLOAD_MAX_BYTES)),
  mimeType: acceptedContentTypeSchema,
});

/** Prepares an upload: a new document, or (replaces) a new file for one of the customer's documents. */
export const createDocumentUploadRequestSchema = z.strictObject({
  document: documentFormSchema,
  file: announcedFileSchema,
  replaces: z.optional(z.nullable(idSchema)),
});

/** Where and how to upload: the object path and the custom metadata to send with it (spec 001 §7). */
export const documentUploadTargetSchema = z.object({
  uploadId: idSchema,
  documentId: idSchema,
  storagePath: z.string(),
  /** Storage custom metadata: documentId, uploadId and the document as JSON. */
  metadata: z.record(z.string(), z.string()),
  expiresAt: isoDateTimeSchema,
});

export const cancelDocumentUploadRequestSchema = z.strictObject({ uploadId: idSchema });

export const getDocumentsResponseSchema = z.object({ documents: z.array(documentSchema) });

/** spec 001 §3, spec 002 §3: year = current year − yearModifier (answered computed, for the customer's today). */
export const checklistItemSchema = z.object({
  id: idSchema,
  category: documentCategorySchema,
  fileType: documentFileTypeSchema,
  yearModifier: z.number().check(z.int(), z.gte(0)),
  year: z.number().check(z.int()),
  checked: z.boolean(),
  documentId: z.nullable(idSchema),
  document: z.nullable(documentSchema),
});
export type ChecklistItemRecord = z.infer<typeof checklistItemSchema>;
export const getChecklistResponseSchema = z.object({ items: z.array(checklistItemSchema) });

export const documentUrlActionSchema = z.enum(['view', 'download']);
export const getDocumentUrlRequestSchema = z.strictObject({ documentId: idSchema, action: documentUrlActionSchema });
export const documentUrlResponseSchema = z.object({ url: z.string(), expiresAt: isoDateTimeSchema });

export const deleteDocumentRequestSchema = z.strictObject({ id: idSchema });
export const deleteDocumentResponseSchema = okResponseSchema;

/** Changes a document's fields (a new file goes through createDocumentUpload with `replaces`). */
export const updateDocumentRequestSchema = z.strictObject({ documentId: idSchema, document: documentFormSchema });

/** documentUploadProgress/{uploadId} as the browser reads it (spec 001 §3 "Upload progress record"). */
export const uploadProgressSchema = z.object({
  progressId: idSchema,
  userId: idSchema,
  documentId: idSchema,
  fileProcessed: z.boolean(),
  /** null until checked. */
  documentValidationSuccessful: z.nullable(z.boolean()),
  documentUploadedToSf: z.boolean(),
  /** Why the file was refused (documentValidationSuccessful false). */
  reason: z.nullable(z.enum(UPLOAD_REFUSALS)),
});
export type UploadProgressRecord = z.infer<typeof uploadProgressSchema>;
