import { Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { documentDeleteSelectors as select, type documentDeleteMachine } from '../../../machines/documents/documentDelete.machine';
import { AppModal } from '../components/AppModal';

// confirm-delete (spec 002 §2 modal routes): delete a document only after confirming, bound to a documentDelete
// actor (a coach without permission is refused; a failure says errors.delete-document-error and the dialog stays).
// Focus starts on the safe choice.

export type DocumentDeleteActor = ActorRefFrom<typeof documentDeleteMachine>;

export interface ConfirmDeleteDialogProps {
  remove: DocumentDeleteActor;
}

export function ConfirmDeleteDialog({ remove }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('documents');
  const opened = useSelector(remove, (snapshot) => snapshot.hasTag('dialog.confirmDelete'));
  const document = useSelector(remove, select.document);
  const busy = useSelector(remove, select.busy);
  const cancel = () => {
    if (!busy) remove.send({ type: 'delete.cancel' });
  };
  return (
    <AppModal opened={opened} onClose={cancel} title={t('delete.title')} data-testid="confirm-delete">
      <Stack gap="md" aria-busy={busy}>
        <Text style={{ overflowWrap: 'anywhere' }}>{t('delete.body', { name: document.name })}</Text>
        {busy ? (
          <Text role="status" size="sm">
            {t('delete.deleting')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={busy} data-autofocus>
            {t('delete.cancel')}
          </Button>
          <Button color="red.9" onClick={() => remove.send({ type: 'delete.confirm' })} loading={busy}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
