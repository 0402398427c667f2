import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HubActionData } from '../../../machines/hub/actionCompletion.machine';
import { AppModal } from '../components/AppModal';

// The content of a notification, offer, personal finance or joint account action (spec 002 §4 "Actions and hub"):
// what the action is about, the coach's own note when there is one, and for the savings notification that linking
// the bank account completes it (spec 002 §4).

export interface ActionContentDialogProps {
  action: HubActionData | null;
  onClose: () => void;
}

export function ActionContentDialog({ action, onClose }: ActionContentDialogProps) {
  const { t } = useTranslation('hub');
  return (
    <AppModal opened={action !== null} onClose={onClose} title={action?.name ?? ''}>
      {action ? (
        <Stack gap="md">
          <Text>{t(`actions.types.${action.type}`)}</Text>
          {action.properties.message ? (
            <Stack gap={4}>
              <Text fw={600}>{t('actions.contentNote')}</Text>
              <Text style={{ whiteSpace: 'pre-line' }}>{action.properties.message}</Text>
            </Stack>
          ) : null}
          {action.properties.topic === 'savings' ? <Text>{t('actions.savingsTopic')}</Text> : null}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('actions.contentClose')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}
