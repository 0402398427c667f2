import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorsKey } from '../../i18n/keys';
import { MessageAlert } from '../components/MessageAlert';

// A settings page whose data could not be read: the machine's error key as an alert and the Try again that sends the
// page's retry event.

export function SettingsLoadFailed({ messageKey, onRetry }: { messageKey: ErrorsKey; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Stack align="flex-start" gap="sm">
      <MessageAlert messageKey={messageKey} />
      <Button variant="light" onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
    </Stack>
  );
}
