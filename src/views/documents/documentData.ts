import type { DocumentCategory, DocumentFileType } from '../../domain/documents';

// What the documents views read of a document, a checklist item and a file kept in the browser: the fields they show,
// so the route passes the machines' data (machines/documents/ports.ts) as it is and the views depend on no machine.

/** spec 001 §3 "Document" as the locker shows it. */
export interface LockerDocument {
  id: string;
  name: string;
  category: DocumentCategory;
  fileType: DocumentFileType;
  year: number | null;
  /** yyyy-MM-dd. */
  documentDate: string | null;
  comments: string;
  fileSize: number;
  mimeType: string;
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string | null;
  /** 'processing' until the CRM has the file. */
  status: 'processing' | 'ready';
}

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
