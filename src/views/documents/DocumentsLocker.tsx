import { Accordion, Badge, Box, Button, Group, NativeSelect, Paper, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS_PX } from '../../domain/constants';
import { compareDocuments, DOCUMENT_FILTERS, documentsInFilter, isDocumentFilter, sizeInKb, type DocumentFilter } from '../../domain/documents';
import { LoadFailedNotice, LoadingNotice } from '../components/LoadStates';
import { TitledSection } from '../components/TitledSection';
import type { Loadable } from '../credit/report/CreditReportPage';
import type { LockerChecklistItem, LockerDocument, StashedFile } from './documentData';
import { useDocumentText } from './documentText';

// spec 001 §2 "Documents locker" (/documents/:filter/*): the filters as tabs with their counts (a select under
// 600 px), the filter's info card (what belongs in it, with examples) and, on all and other, the help for customers
// who are not U.S. citizens (non-us-citizen-id: help text, no tab), the documents of the filter (name, category and
// type in words, tax year or issue date, size in kb, the processing state in words, and View, Download, Details,
// Edit, Delete as the session's permissions allow: spec 001 §6), the checklist the loan team asked for (spec 002 §3)
// and the files chosen earlier but not stored yet (kept in this browser). Data and actions come from the route,
// which also decides the empty-category toast (spec 001 §2); this view keeps no state of its own.

export type DocumentAction = 'view' | 'download';

export interface DocumentsLockerProps<Doc extends LockerDocument = LockerDocument, Item extends LockerChecklistItem = LockerChecklistItem> {
  filter: DocumentFilter;
  /** Every document of the customer (the view filters and counts them). */
  documents: Loadable<readonly Doc[]>;
  /** A tab or the select picked another filter. */
  onFilterChange: (filter: DocumentFilter) => void;
  /** Opens the upload dialog (file/new). */
  onUpload: () => void;
  /** canModifyDocuments: upload, edit, delete (hidden without it). */
  canModify: boolean;
  /** canDownloadDocuments: view and download (hidden without it). */
  canDownload: boolean;
  onOpen: (document: Doc, action: DocumentAction) => void;
  /** The document being opened (its button busy), or null. */
  opening: { documentId: string; action: DocumentAction } | null;
  /** Details opens file/info/:documentId. */
  onDetails: (document: Doc) => void;
  /** Edit opens file/:documentId/edit. */
  onEdit: (document: Doc) => void;
  /** Delete opens confirm-delete. */
  onDelete: (document: Doc) => void;
  checklist: Loadable<readonly Item[]>;
  /** A checklist item's Upload: the upload flow with its category, type and year chosen. */
  onChecklistUpload: (item: Item) => void;
  /** Files chosen earlier and not stored yet (IndexedDB), newest first. */
  stashed: readonly StashedFile[];
  onRestart: (id: string) => void;
  onDiscard: (id: string) => void;
}

/** Each filter's number of documents. */
export function documentCounts(documents: readonly LockerDocument[]): Record<DocumentFilter, number> {
  return Object.fromEntries(DOCUMENT_FILTERS.map((filter) => [filter, documentsInFilter(documents, filter).length])) as Record<DocumentFilter, number>;
}

/** Below this width the filters are a select (spec 000 §9 breakpoint 600 px). */
export const FILTER_SELECT_QUERY = `(max-width: ${BREAKPOINTS_PX.xs - 0.02}px)`;

/** The processing state's text colours on their light tints (WCAG 1.4.3), as the disputes' warning text. */
const STATUS_TEXT = { processing: '#8a3c00', ready: 'var(--mantine-color-green-9)' } as const;

function Pending({ state, loading, failed }: { state: Exclude<Loadable<unknown>, { status: 'shown' }>; loading: string; failed: string }) {
  if (state.status === 'loading') return <LoadingNotice label={loading} gap="sm" />;
  return <LoadFailedNotice message={failed} onRetry={state.onRetry} gap="xs" />;
}

function FilterSelect({ filter, counts, onFilterChange }: { filter: DocumentFilter; counts: Record<DocumentFilter, number> | null } & Pick<DocumentsLockerProps, 'onFilterChange'>) {
  const { t } = useTranslation('documents');
  const text = useDocumentText();
  return (
    <NativeSelect
      label={t('filters.select')}
      value={filter}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isDocumentFilter(value)) onFilterChange(value);
      }}
      data={DOCUMENT_FILTERS.map((entry) => ({
        value: entry,
        label: counts === null ? text.filter(entry) : t('filters.option', { filter: text.filter(entry), count: counts[entry] }),
      }))}
    />
  );
}

function InfoCard({ filter }: { filter: DocumentFilter }) {
  const { t } = useTranslation('documents');
  return (
    <Paper component="section" withBorder p="md" radius="md" bg="purple.0" aria-labelledby="documents-info-title" data-testid="documents-info">
      <Stack gap={6}>
        <Title order={2} size="h4" id="documents-info-title">
          {t(`info.${filter}.title`)}
        </Title>
        <Text>{t(`info.${filter}.body`)}</Text>
        <Text size="sm">{t('info.examples', { examples: t(`info.${filter}.examples`) })}</Text>
      </Stack>
    </Paper>
  );
}

/** non-us-citizen-id (spec 001 §2): help text, no tab. */
function NonUsCitizenHelp() {
  const { t } = useTranslation('documents');
  return (
    <Accordion variant="contained" chevronPosition="left" data-testid="non-us-citizen-id">
      <Accordion.Item value="non-us-citizen-id">
        <Accordion.Control>
          <Text fw={600}>{t('nonUsCitizen.title')}</Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap={6}>
            <Text>{t('nonUsCitizen.body')}</Text>
            <Text size="sm">{t('nonUsCitizen.examples')}</Text>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function StatusBadge({ status }: { status: LockerDocument['status'] }) {
  const { t } = useTranslation('documents');
  return (
    <Badge variant="light" color={status === 'processing' ? 'orange' : 'green'} tt="none" styles={{ label: { color: STATUS_TEXT[status] } }} data-status={status}>
      {t(`list.status.${status}`)}
    </Badge>
  );
}

function DocumentRow<Doc extends LockerDocument>({ document, ...props }: { document: Doc } & Pick<DocumentsLockerProps<Doc>, 'canModify' | 'canDownload' | 'onOpen' | 'opening' | 'onDetails' | 'onEdit' | 'onDelete'>) {
  const { t } = useTranslation('documents');
  const text = useDocumentText();
  const when = text.when(document);
  const name = document.name;
  const busy = (action: DocumentAction) => props.opening?.documentId === document.id && props.opening.action === action;
  const openingAny = props.opening !== null;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-document-id={document.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm">{t('list.kind', { category: text.category(document.category), fileType: text.fileType(document.fileType) })}</Text>
            <Text size="sm">{[when, text.size(document.fileSize)].filter((part) => part !== null).join(' · ')}</Text>
          </Stack>
          <StatusBadge status={document.status} />
        </Group>
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('list.actions', { name })}>
          {props.canDownload ? (
            <>
              <Button size="xs" variant="light" onClick={() => props.onOpen(document, 'view')} loading={busy('view')} disabled={openingAny && !busy('view')} aria-label={t('list.viewName', { name })}>
                {t('list.view')}
              </Button>
              <Button size="xs" variant="light" onClick={() => props.onOpen(document, 'download')} loading={busy('download')} disabled={openingAny && !busy('download')} aria-label={t('list.downloadName', { name })}>
                {t('list.download')}
              </Button>
            </>
          ) : null}
          <Button size="xs" variant="default" onClick={() => props.onDetails(document)} aria-haspopup="dialog" aria-label={t('list.detailsName', { name })}>
            {t('list.details')}
          </Button>
          {props.canModify ? (
            <>
              <Button size="xs" variant="default" onClick={() => props.onEdit(document)} aria-haspopup="dialog" aria-label={t('list.editName', { name })}>
                {t('list.edit')}
              </Button>
              <Button size="xs" variant="default" color="red.9" c="red.9" onClick={() => props.onDelete(document)} aria-haspopup="dialog" aria-label={t('list.deleteName', { name })}>
                {t('list.delete')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function DocumentList<Doc extends LockerDocument>({ filter, documents, ...props }: { filter: DocumentFilter; documents: readonly Doc[] } & Pick<DocumentsLockerProps<Doc>, 'canModify' | 'canDownload' | 'onOpen' | 'opening' | 'onDetails' | 'onEdit' | 'onDelete'>) {
  const { t } = useTranslation('documents');
  const text = useDocumentText();
  const shown = useMemo(() => documentsInFilter(documents, filter).sort(compareDocuments), [documents, filter]);
  if (documents.length === 0) return <Text data-testid="documents-empty">{t('list.empty')}</Text>;
  if (shown.length === 0) return <Text data-testid="documents-empty">{t('list.emptyFilter', { filter: text.filter(filter) })}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.title')}>
      {shown.map((document) => (
        <DocumentRow key={document.id} document={document} {...props} />
      ))}
    </Stack>
  );
}

function ChecklistSection<Item extends LockerChecklistItem>({ checklist, canModify, onChecklistUpload }: Pick<DocumentsLockerProps<LockerDocument, Item>, 'checklist' | 'canModify' | 'onChecklistUpload'>) {
  const { t } = useTranslation('documents');
  const text = useDocumentText();
  return (
    <TitledSection id="documents-checklist-title" title={t('checklist.title')} titleGap={4}>
      {checklist.status !== 'shown' ? (
        <Pending state={checklist} loading={t('checklist.loading')} failed={t('checklist.loadError')} />
      ) : checklist.data.length === 0 ? (
        <Text>{t('checklist.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <Text>{t('checklist.intro')}</Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {checklist.data.map((item) => {
              const label = t('checklist.item', { fileType: text.fileType(item.fileType), year: item.year });
              return (
                <Paper component="li" key={item.id} withBorder p="sm" radius="md" data-checklist-id={item.id} data-checked={item.checked}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Text fw={600}>{label}</Text>
                      <Group gap={6}>
                        <Badge variant="light" color={item.checked ? 'green' : 'gray'} tt="none" styles={{ label: { color: item.checked ? 'var(--mantine-color-green-9)' : 'var(--mantine-color-gray-8)' } }}>
                          {item.checked ? t('checklist.done') : t('checklist.missing')}
                        </Badge>
                        {item.document !== null ? <Text size="sm">{item.document.name}</Text> : null}
                      </Group>
                    </Stack>
                    {canModify && !item.checked ? (
                      <Button size="xs" onClick={() => onChecklistUpload(item)} aria-haspopup="dialog" aria-label={t('checklist.uploadName', { fileType: text.fileType(item.fileType), year: item.year })}>
                        {t('checklist.upload')}
                      </Button>
                    ) : null}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Stack>
      )}
    </TitledSection>
  );
}

function StashedNotice({ stashed, canModify, onRestart, onDiscard }: Pick<DocumentsLockerProps, 'stashed' | 'canModify' | 'onRestart' | 'onDiscard'>) {
  const { t } = useTranslation('documents');
  return (
    <Paper component="section" withBorder p="md" radius="md" bg="orange.0" aria-labelledby="documents-stash-title" data-testid="unfinished-uploads">
      <Stack gap="sm">
        <Title order={2} size="h4" id="documents-stash-title">
          {t('stash.title')}
        </Title>
        <Text>{t('stash.body')}</Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {stashed.map((upload) => {
            const name = upload.file.name;
            return (
              <Group component="li" key={upload.id} justify="space-between" wrap="wrap" gap="xs" data-stash-id={upload.id}>
                <Text style={{ overflowWrap: 'anywhere' }}>{t('stash.file', { name, kb: sizeInKb(upload.file.size) })}</Text>
                <Group gap="xs">
                  {canModify ? (
                    <Button size="xs" onClick={() => onRestart(upload.id)} aria-haspopup="dialog" aria-label={t('stash.restartName', { name })}>
                      {t('stash.restart')}
                    </Button>
                  ) : null}
                  <Button size="xs" variant="default" onClick={() => onDiscard(upload.id)} aria-label={t('stash.discardName', { name })}>
                    {t('stash.discard')}
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

export function DocumentsLocker<Doc extends LockerDocument, Item extends LockerChecklistItem>(props: DocumentsLockerProps<Doc, Item>) {
  const { filter, documents, onFilterChange } = props;
  const { t } = useTranslation('documents');
  const text = useDocumentText();
  const narrow = useMediaQuery(FILTER_SELECT_QUERY) ?? false;
  const all = documents.status === 'shown' ? documents.data : null;
  const counts = useMemo(() => (all === null ? null : documentCounts(all)), [all]);
  const content: ReactNode = (
    <Stack gap="md" pt="md">
      <InfoCard filter={filter} />
      {filter === 'all' || filter === 'other' ? <NonUsCitizenHelp /> : null}
      <TitledSection id="documents-list-title" title={filter === 'all' ? t('list.title') : text.filter(filter)} titleGap="sm">
        {documents.status !== 'shown' ? (
          <Pending state={documents} loading={t('list.loading')} failed={t('list.loadError')} />
        ) : (
          <DocumentList
            filter={filter}
            documents={documents.data}
            canModify={props.canModify}
            canDownload={props.canDownload}
            onOpen={props.onOpen}
            opening={props.opening}
            onDetails={props.onDetails}
            onEdit={props.onEdit}
            onDelete={props.onDelete}
          />
        )}
      </TitledSection>
    </Stack>
  );
  return (
    <Stack gap="lg" py="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1}>{t('title')}</Title>
        {props.canModify ? (
          <Button onClick={props.onUpload} aria-haspopup="dialog">
            {t('uploadButton')}
          </Button>
        ) : null}
      </Group>
      <Text>{t('intro')}</Text>
      {!props.canModify ? (
        <Text fw={600} data-testid="documents-read-only">
          {t('readOnly')}
        </Text>
      ) : null}
      {props.stashed.length > 0 ? <StashedNotice stashed={props.stashed} canModify={props.canModify} onRestart={props.onRestart} onDiscard={props.onDiscard} /> : null}
      {narrow ? (
        <Box>
          <FilterSelect filter={filter} counts={counts} onFilterChange={onFilterChange} />
          {content}
        </Box>
      ) : (
        <Tabs
          value={filter}
          onChange={(value) => {
            if (isDocumentFilter(value)) onFilterChange(value);
          }}
          activateTabWithKeyboard={false}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('filters.label')}>
            {DOCUMENT_FILTERS.map((entry) => (
              <Tabs.Tab
                key={entry}
                value={entry}
                rightSection={
                  counts !== null ? (
                    <Badge variant={entry === filter ? 'filled' : 'light'} size="sm" aria-hidden>
                      {counts[entry]}
                    </Badge>
                  ) : undefined
                }
              >
                {text.filter(entry)}
                {counts !== null ? <VisuallyHidden>, {t('filters.count', { count: counts[entry] })}</VisuallyHidden> : null}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {DOCUMENT_FILTERS.map((entry) => (
            <Tabs.Panel key={entry} value={entry}>
              {entry === filter ? content : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <ChecklistSection checklist={props.checklist} canModify={props.canModify} onChecklistUpload={props.onChecklistUpload} />
    </Stack>
  );
}
