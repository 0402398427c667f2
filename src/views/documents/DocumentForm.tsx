import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Alert, NativeSelect, Stack, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_COMMENTS_MAX_LENGTH,
  DOCUMENT_FILE_TYPES,
  documentYears,
  isDocumentCategory,
  isDocumentFileType,
  requiresYear,
  withCategory,
  withFileType,
  type DocumentFormErrors,
  type DocumentFormValues,
} from '../../domain/documents';
import { localDay, useDocumentText } from './documentText';

dayjs.extend(customParseFormat);

// spec 001 §5 "Document form" (the upload's form and the edit dialog's): category and type required (the types of
// the chosen category only), the tax year from the two prior years for tax types, otherwise an optional issue date
// (not after today), comments with a counter. The machine holds the values and their errors; the view flags the
// invalid fields only once a submit found them (`showErrors`), and says so in an alert read out at that moment.

export interface DocumentFormProps {
  values: DocumentFormValues;
  errors: DocumentFormErrors;
  showErrors: boolean;
  /** The customer's today (yyyy-MM-dd): the tax years and the latest issue date. */
  today: string;
  onChange: (values: DocumentFormValues) => void;
  disabled?: boolean;
  /** Prefix of the fields' ids (two forms may be in the page at once). */
  idPrefix: string;
}

/** The issue date as the reader types it: numeric, in their language's order (and yyyy-mm-dd always works). */
const DATE_FORMATS = { en: 'MM/DD/YYYY', es: 'DD/MM/YYYY' } as const;

export function DocumentForm({ values, errors, showErrors, today, onChange, disabled = false, idPrefix }: DocumentFormProps) {
  const { t, i18n } = useTranslation('documents');
  const text = useDocumentText();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const dateFormat = DATE_FORMATS[language];
  const years = useMemo(() => documentYears(localDay(today)), [today]);
  const error = (field: keyof DocumentFormValues) => {
    const key = showErrors ? errors[field] : undefined;
    return key === undefined ? undefined : t(key);
  };
  const taxes = requiresYear(values.fileType);
  const invalid = showErrors && Object.keys(errors).length > 0;
  const categoryOptions = [
    { value: '', label: t('upload.form.categoryPlaceholder'), disabled: true },
    ...DOCUMENT_CATEGORIES.map((category) => ({ value: category, label: text.category(category) })),
  ];
  const typeOptions = [
    { value: '', label: t('upload.form.fileTypePlaceholder'), disabled: true },
    ...(values.category === null ? [] : DOCUMENT_FILE_TYPES[values.category].map((fileType) => ({ value: fileType, label: text.fileType(fileType) }))),
  ];
  const yearOptions = [{ value: '', label: t('upload.form.yearPlaceholder'), disabled: true }, ...years.map((year) => ({ value: String(year), label: String(year) }))];
  return (
    <Stack gap="sm">
      {invalid ? (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {t('upload.form.invalid')}
        </Alert>
      ) : null}
      <NativeSelect
        id={`${idPrefix}-category`}
        label={t('upload.form.category')}
        required
        value={values.category ?? ''}
        data={categoryOptions}
        disabled={disabled}
        error={error('category')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange(withCategory(values, isDocumentCategory(value) ? value : null));
        }}
      />
      <NativeSelect
        id={`${idPrefix}-file-type`}
        label={t('upload.form.fileType')}
        required
        value={values.fileType ?? ''}
        data={typeOptions}
        disabled={disabled || values.category === null}
        description={values.category === null ? t('upload.form.fileTypeNeedsCategory') : undefined}
        error={error('fileType')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange(withFileType(values, isDocumentFileType(value) ? value : null));
        }}
      />
      {taxes ? (
        <NativeSelect
          id={`${idPrefix}-year`}
          label={t('upload.form.year')}
          required
          value={values.year === null ? '' : String(values.year)}
          data={yearOptions}
          disabled={disabled}
          error={error('year')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ ...values, year: value === '' ? null : Number(value) });
          }}
        />
      ) : (
        <DateInput
          id={`${idPrefix}-date`}
          label={t('upload.form.documentDate')}
          description={t('upload.form.documentDateHelp', { format: dateFormat })}
          value={values.documentDate}
          onChange={(value) => onChange({ ...values, documentDate: value })}
          valueFormat={dateFormat}
          dateParser={(input) => {
            const parsed = dayjs(input.trim(), [dateFormat, 'YYYY-MM-DD'], true);
            return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
          }}
          maxDate={today}
          locale={language}
          clearable
          clearButtonProps={{ 'aria-label': t('upload.form.clearDate') }}
          disabled={disabled}
          error={error('documentDate')}
        />
      )}
      <Textarea
        id={`${idPrefix}-comments`}
        label={t('upload.form.comments')}
        value={values.comments}
        autosize
        minRows={2}
        maxRows={6}
        disabled={disabled}
        error={error('comments')}
        onChange={(event) => onChange({ ...values, comments: event.currentTarget.value })}
        // The counter under the field, read with it.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={t('upload.form.commentsCount', { count: values.comments.length, max: DOCUMENT_COMMENTS_MAX_LENGTH })}
      />
    </Stack>
  );
}
