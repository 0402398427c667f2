import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// spec 000 §2.3 gate 1: signed-in users whose email is not verified land on /not-verified, where they can have
// the verification email sent again.

export type ResendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface NotVerifiedPageProps {
  email: string | null;
  resendStatus: ResendStatus;
  onResend: () => void;
  onSignOut: () => void;
}

export function NotVerifiedPage({ email, resendStatus, onResend, onSignOut }: NotVerifiedPageProps) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  return (
    <Stack>
      <Title order={1}>{t('notVerified.title')}</Title>
      <Text>{t('notVerified.body', { email: email ?? '' })}</Text>
      {resendStatus === 'sent' ? (
        <Alert color="yellow" role="status" variant="light">
          {t('errors:auth.verify.verification-sent')}
        </Alert>
      ) : null}
      {resendStatus === 'failed' ? (
        <Alert color="red" role="alert" variant="light">
          {t('errors:errors.general-error')}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={onResend} loading={resendStatus === 'sending'}>
          {t('notVerified.resend')}
        </Button>
        <Button variant="default" onClick={onSignOut}>
          {t('common:actions.signOut')}
        </Button>
      </Group>
    </Stack>
  );
}
