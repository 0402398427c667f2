import type { NavigateFunction } from 'react-router-dom';
import type { UploadPreset } from '../../../machines/documents/ports';
import { categoryOfFileType, fileTypeBelongsTo, isDocumentCategory, isDocumentFileType } from '../../domain/documents';
import { documentUploadPath, type DocumentUploadPreset } from '../../domain/routes';

// Opening the upload flow from anywhere (spec 002 §4 "Document upload from the hub"): a checklist
// item, the hub's document_upload actions (a later issue) or a link open /documents/all/file/new with the category,
// type and year chosen, in the navigation state or in the address's query (a link that can be shared or reloaded).

/** Navigation state the upload route reads. */
export interface DocumentUploadNavigationState {
  /** The form's category, type and year, chosen already. */
  preset?: DocumentUploadPreset;
  /** A file kept in this browser (the stash's id): the flow starts at "start again". */
  resumeId?: string;
}

function presetValues(raw: { category?: unknown; fileType?: unknown; year?: unknown }): UploadPreset | null {
  const fileType = isDocumentFileType(raw.fileType) ? raw.fileType : null;
  let category = isDocumentCategory(raw.category) ? raw.category : null;
  if (fileType !== null && category === null) category = categoryOfFileType(fileType);
  const year = typeof raw.year === 'number' ? raw.year : typeof raw.year === 'string' && /^\d{4}$/.test(raw.year) ? Number(raw.year) : null;
  const preset: UploadPreset = {
    category,
    // A type of another category is not kept (the form would show it as a mismatch the customer did not choose).
    fileType: fileType !== null && category !== null && !fileTypeBelongsTo(category, fileType) ? null : fileType,
    year: year !== null && Number.isInteger(year) ? year : null,
  };
  return preset.category === null && preset.fileType === null && preset.year === null ? null : preset;
}

/** The preset the upload route opens with: the navigation state's, else the query's; null for an empty form. */
export function presetFrom(state: DocumentUploadNavigationState | null, search: string): UploadPreset | null {
  if (state?.preset) return presetValues(state.preset);
  const query = new URLSearchParams(search);
  return presetValues({ category: query.get('category'), fileType: query.get('fileType'), year: query.get('year') });
}

/** Opens the upload flow with `preset` chosen, over the documents locker (the hub's document_upload actions use it). */
export function openDocumentUpload(navigate: NavigateFunction, preset: DocumentUploadPreset = {}): void {
  void navigate(documentUploadPath(), { state: { preset } satisfies DocumentUploadNavigationState });
}

export { documentUploadPath };
