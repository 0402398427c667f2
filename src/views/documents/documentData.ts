import type { DocumentData } from '../../../machines/documents/documentUpload.machine';
import type { DocumentCategory, DocumentFileType } from '../../domain/documents';

// What the documents views read of a document (the machines' DocumentData), a checklist item and a file kept in the
// browser (only the fields they show), so the route passes the machines' data as it is.

/** spec 001 §3 "Document" as the locker shows it: the machines' own data. */
export type LockerDocument = DocumentData;

/** spec 002 §3 "Checklist item" (year = current year − yearModifier). */
export interface LockerChecklistItem {
  id: string;
  category: DocumentCategory;
  fileType: DocumentFileType;
  year: number;
  checked: boolean;
  document: Pick<LockerDocument, 'name'> | null;
}

/** A file chosen earlier and kept in this browser until it is stored. */
export interface StashedFile {
  id: string;
  file: { name: string; size: number };
}

/** A file as the upload shows it. */
export interface FileFacts {
  name: string;
  size: number;
}
