import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../domain/errors';

// spec 000 §2.2: the session error screen shows a not-registered notice when the error code is not-found,
// otherwise a session-expired notice. A failure that may pass (a network blip while resolving the session) offers
// Try again beside Sign in, so it does not become a sign-out; a user who has no account cannot retry into one.

export interface SessionErrorScreenProps {
  errorCode: string | null;
  onSignIn: () => void;
  onTryAgain: () => void;
}

export function SessionErrorScreen({ errorCode, onSignIn, onTryAgain }: SessionErrorScreenProps) {
  const { t } = useTranslation('common');
  const notRegistered = errorCode === 'not-found';
  return (
    <Stack align="center" ta="center" py="xl" px="md" maw={520} mx="auto">
      <Title order={1}>{notRegistered ? t('sessionError.notRegisteredTitle') : t('sessionError.expiredTitle')}</Title>
      <Text>{t(notRegistered ? ERROR_KEYS.sessionNotRegistered : ERROR_KEYS.sessionExpired, { ns: 'errors' })}</Text>
      <Group justify="center">
        {!notRegistered && <Button onClick={onTryAgain}>{t('actions.tryAgain')}</Button>}
        <Button variant={notRegistered ? 'filled' : 'default'} onClick={onSignIn}>
          {t('actions.signIn')}
        </Button>
      </Group>
    </Stack>
  );
}
