import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/AppModal';
import { Fact as SharedFact } from '../components/Fact';
import type { LockerDocument } from './documentData';
import type { DocumentAction } from './DocumentsLocker';
import { useDocumentText } from './documentText';

// file/info/:documentId/* (spec 001 §2, spec 002 §2 modal routes): every field of a document in words, its
// processing state, and View / Download (with the download permission) and Edit / Delete (with the modify
// permission). Opening a document that is still processing warns (the documentOpen machine's toast); the dialog
// says so beforehand.

export interface DocumentDetailsDialogProps<Doc extends LockerDocument = LockerDocument> {
  document: Doc;
  onClose: () => void;
  canDownload: boolean;
  canModify: boolean;
  onOpen: (document: Doc, action: DocumentAction) => void;
  /** The action being opened for this document (its button busy), or null. */
  opening: DocumentAction | null;
  onEdit: (document: Doc) => void;
  onDelete: (document: Doc) => void;
}

/** A document's fact: long names and comments wrap anywhere and keep their line breaks. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SharedFact label={label} valueProps={{ style: { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } }}>
      {children}
    </SharedFact>
  );
}

export function DocumentDetailsDialog<Doc extends LockerDocument>({ document, onClose, canDownload, canModify, onOpen, opening, onEdit, onDelete }: DocumentDetailsDialogProps<Doc>) {
  const { t } = useTranslation('documents');
  const text = useDocumentText();
  const none = t('details.none');
  const processing = document.status === 'processing';
  return (
    <AppModal opened onClose={onClose} title={document.name} size="lg" data-testid="document-details">
      <Stack gap="md">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
          <Fact label={t('details.name')}>{document.name}</Fact>
          <Fact label={t('details.status')}>{t(`list.status.${document.status}`)}</Fact>
          <Fact label={t('details.category')}>{text.category(document.category)}</Fact>
          <Fact label={t('details.fileType')}>{text.fileType(document.fileType)}</Fact>
          {document.year !== null ? <Fact label={t('details.year')}>{document.year}</Fact> : <Fact label={t('details.documentDate')}>{document.documentDate ? text.day(document.documentDate) : none}</Fact>}
          <Fact label={t('details.size')}>{text.size(document.fileSize)}</Fact>
          <Fact label={t('details.format')}>{text.format(document.mimeType)}</Fact>
          <Fact label={t('details.uploaded')}>{text.day(document.createdAt)}</Fact>
          <Fact label={t('details.updated')}>{document.updatedAt ? text.day(document.updatedAt) : none}</Fact>
          <Fact label={t('details.comments')}>{document.comments.trim() !== '' ? document.comments : none}</Fact>
        </SimpleGrid>
        {processing ? (
          <Alert color="orange" variant="light" styles={{ message: { color: '#8a3c00' } }}>
            {t('details.processingNote')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {canModify ? (
            <>
              <Button variant="default" c="red.9" onClick={() => onDelete(document)} aria-haspopup="dialog" disabled={opening !== null}>
                {t('details.delete')}
              </Button>
              <Button variant="default" onClick={() => onEdit(document)} aria-haspopup="dialog" disabled={opening !== null}>
                {t('details.edit')}
              </Button>
            </>
          ) : null}
          {canDownload ? (
            <>
              <Button variant="light" onClick={() => onOpen(document, 'download')} loading={opening === 'download'} disabled={opening === 'view'}>
                {t('details.download')}
              </Button>
              <Button onClick={() => onOpen(document, 'view')} loading={opening === 'view'} disabled={opening === 'download'} data-autofocus>
                {t('details.view')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </AppModal>
  );
}
