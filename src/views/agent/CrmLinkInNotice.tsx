import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorsKey } from '../../i18n/keys';

// spec 000 §8: the CRM link-in toasts. Not registered: the message with a 'View in Admin Console' button for the
// contact; any other failure: the session expired or invalid message.

export interface CrmLinkInNoticeProps {
  messageKey: ErrorsKey;
  /** The contact in the admin console, for the 'View in Admin Console' button. */
  adminConsoleUrl: string | null;
}

export function CrmLinkInNotice({ messageKey, adminConsoleUrl }: CrmLinkInNoticeProps) {
  const { t } = useTranslation('errors');
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t(messageKey)}</Text>
      {adminConsoleUrl ? (
        <Button component="a" href={adminConsoleUrl} target="_blank" rel="noopener noreferrer" size="xs" variant="light">
          {t('auth.errors.crm-view-in-admin-console')}
        </Button>
      ) : null}
    </Stack>
  );
}
