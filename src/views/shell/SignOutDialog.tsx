import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/AppModal';

// spec 000 §2.4, §2.5: signing out asks for confirmation, with cancel or proceed.

export interface SignOutDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function SignOutDialog({ opened, onCancel, onConfirm }: SignOutDialogProps) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <AppModal opened={opened} onClose={onCancel} title={t('signOut.title')}>
      <Stack>
        <Text>{t('signOut.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('signOut.proceed')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
