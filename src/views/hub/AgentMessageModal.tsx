import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgentMessageData } from '../../../machines/hub/welcomeFlow.machine';
import { AppModal } from '../components/AppModal';

// The welcome flow's agent message modal (spec 002 §2 modal state agentMessage, §3 Agent message, §4 "Welcome flow
// after login"): the coach's latest message, once; closing it marks it viewed.

export interface AgentMessageModalProps {
  opened: boolean;
  message: AgentMessageData | null;
  onDismiss: () => void;
}

export function AgentMessageModal({ opened, message, onDismiss }: AgentMessageModalProps) {
  const { t, i18n } = useTranslation('hub');
  const date = message ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(message.createdAt)) : '';
  return (
    <AppModal opened={opened && message !== null} onClose={onDismiss} title={t('agentMessage.title')} size="lg">
      {message ? (
        <Stack gap="md">
          <Text fw={700}>{message.subject}</Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{message.body}</Text>
          <Text size="sm" c="gray.7">
            {t('agentMessage.from', { name: message.from, date })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onDismiss} data-autofocus>
              {t('agentMessage.dismiss')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}
