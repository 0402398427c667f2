import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeInKb, type DocumentCategory, type DocumentFileType, type DocumentFilter } from '../../domain/documents';
import type { LockerDocument } from './documentData';

// How the documents views put a document into words: its category and type by name, its tax year or issue date in
// the reader's language (a plain calendar day, formatted in UTC so the time zone never shifts it), its size in kb
// (spec 001 §5: bytes / 1024) and its file format.

const FORMAT_KEYS = {
  'application/pdf': 'formats.application/pdf',
  'image/jpeg': 'formats.image/jpeg',
  'image/png': 'formats.image/png',
  'image/heic': 'formats.image/heic',
  'image/heif': 'formats.image/heif',
} as const;

function utcDay(isoDay: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDay.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** yyyy-MM-dd (the customer's today) → that day at local midnight, what the domain's year rules take. */
export function localDay(isoDay: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDay.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function useDocumentText() {
  const { t, i18n } = useTranslation('documents');
  const language = i18n.language;
  const days = useMemo(() => new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }), [language]);
  const category = useCallback((value: DocumentCategory) => t(`categories.${value}`), [t]);
  const fileType = useCallback((value: DocumentFileType) => t(`fileTypes.${value}`), [t]);
  const filter = useCallback((value: DocumentFilter) => t(`filters.${value}`), [t]);
  /** yyyy-MM-dd or an ISO timestamp → "Mar 5, 2026" ("5 mar 2026" in Spanish). */
  const day = useCallback((iso: string) => days.format(utcDay(iso)), [days]);
  const size = useCallback((bytes: number) => t('list.size', { kb: sizeInKb(bytes) }), [t]);
  const format = useCallback(
    (mimeType: string) => (mimeType in FORMAT_KEYS ? t(FORMAT_KEYS[mimeType as keyof typeof FORMAT_KEYS]) : mimeType),
    [t],
  );
  /** The tax year, the issue date, or null when the document has neither. */
  const when = useCallback(
    (document: Pick<LockerDocument, 'year' | 'documentDate'>) =>
      document.year !== null ? t('list.taxYear', { year: document.year }) : document.documentDate ? t('list.issued', { date: day(document.documentDate) }) : null,
    [day, t],
  );
  return { category, fileType, filter, day, size, format, when };
}
