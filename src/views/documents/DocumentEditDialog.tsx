import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { documentEditSelectors as select, type documentEditMachine } from '../../../machines/documents/documentEdit.machine';
import { BREAKPOINTS_PX } from '../../domain/constants';
import { AppModal } from '../components/AppModal';
import { DocumentForm } from './DocumentForm';
import { useDocumentText } from './documentText';

// file/:documentId/edit (spec 001 §2, spec 002 §2 modal routes): the document form with the document's fields,
// bound to a documentEdit actor (Save sends form.submit: unchanged closes without a call, invalid flags the fields,
// a coach without permission is refused), and Replace file, which the route opens as an upload replacing this
// document's file. Full screen on phones.

export type DocumentEditActor = ActorRefFrom<typeof documentEditMachine>;

export interface DocumentEditDialogProps {
  edit: DocumentEditActor;
  /** Replace file: the route opens documentUpload with `replaces`; hidden when absent. */
  onReplaceFile?: () => void;
}

const FULL_SCREEN_QUERY = `(max-width: ${BREAKPOINTS_PX.xs - 0.02}px)`;

export function DocumentEditDialog({ edit, onReplaceFile }: DocumentEditDialogProps) {
  const { t } = useTranslation('documents');
  const text = useDocumentText();
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY) ?? false;
  const opened = useSelector(edit, (snapshot) => snapshot.status === 'active');
  const document = useSelector(edit, select.document);
  const values = useSelector(edit, select.form);
  const errors = useSelector(edit, (snapshot) => snapshot.context.formErrors);
  const showErrors = useSelector(edit, (snapshot) => snapshot.context.showErrors);
  const today = useSelector(edit, (snapshot) => snapshot.context.today);
  const busy = useSelector(edit, select.busy);
  const cancel = () => {
    if (!busy) edit.send({ type: 'edit.cancel' });
  };
  return (
    <AppModal opened={opened} onClose={cancel} title={t('edit.title', { name: document.name })} size="lg" fullScreen={fullScreen} closeOnClickOutside={false} data-testid="document-edit">
      <Box
        component="form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          edit.send({ type: 'form.submit' });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{[text.format(document.mimeType), text.size(document.fileSize)].join(' · ')}</Text>
          <DocumentForm idPrefix="edit" values={values} errors={errors} showErrors={showErrors} today={today} disabled={busy} onChange={(next) => edit.send({ type: 'form.change', values: next })} />
          {onReplaceFile !== undefined ? (
            <Stack gap={4} align="flex-start">
              <Button variant="light" onClick={onReplaceFile} disabled={busy} aria-haspopup="dialog">
                {t('edit.replace')}
              </Button>
              <Text size="sm">{t('edit.replaceHelp')}</Text>
            </Stack>
          ) : null}
          {busy ? (
            <Text role="status" size="sm">
              {t('edit.saving')}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={busy}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </Box>
    </AppModal>
  );
}
