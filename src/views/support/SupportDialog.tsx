import { Button, CopyButton, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPhoneDisplay } from '../../domain/format';
import { telHref } from '../components/phone';
import { useSupport } from './SupportContext';
import { AppModal } from '../components/AppModal';

// spec 000 §2.2: the support dialog has a call button, a copy-phone button (shows 'Copied!') and a contact form.

export interface SupportDialogProps {
  opened: boolean;
  onClose: () => void;
  email?: string | null;
  /** The dialog's title where it is opened for a reason of its own (the support center's 'still need assistance'). */
  title?: string;
}

export function SupportPhone() {
  const { t } = useTranslation('common');
  const { phone } = useSupport();
  return (
    <Stack gap="xs">
      <Text fw={600} fz="lg">
        {formatPhoneDisplay(phone)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('support.hours')}
      </Text>
      <Group>
        <Button component="a" href={telHref(phone)}>
          {t('support.call')}
        </Button>
        <CopyButton value={phone} timeout={2_000}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'green' : undefined} onClick={copy} aria-live="polite">
              {copied ? t('support.copied') : t('support.copyPhone')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

export function SupportDialog({ opened, onClose, email, title }: SupportDialogProps) {
  const { t } = useTranslation('common');
  const { showPhone, SupportRequestForm } = useSupport();
  return (
    <AppModal opened={opened} onClose={onClose} title={title ?? t('support.title')} size="lg">
      <Stack>
        {showPhone ? (
          <>
            <Title order={3} size="h5">
              {t('support.callUs')}
            </Title>
            <SupportPhone />
            <Divider />
          </>
        ) : null}
        <Title order={3} size="h5">
          {t('support.writeUs')}
        </Title>
        {opened ? <SupportRequestForm email={email} onDone={onClose} /> : null}
      </Stack>
    </AppModal>
  );
}
