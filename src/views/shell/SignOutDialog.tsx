import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/AppModal';

// spec 000 §2.4, §2.5: signing out asks for confirmation, with cancel or proceed. The shell and the settings sidebar
// both open it through useSignOutConfirmation.

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

/**
 * The sign-out confirmation, wired once: `open` shows the dialog; proceeding closes it, then signs out.
 * Render `dialog` once in the page that offers Sign out.
 */
export function useSignOutConfirmation(onSignOut: () => void): { open: () => void; dialog: ReactElement } {
  const [opened, { open, close }] = useDisclosure(false);
  const dialog = (
    <SignOutDialog
      opened={opened}
      onCancel={close}
      onConfirm={() => {
        close();
        onSignOut();
      }}
    />
  );
  return { open, dialog };
}
