import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../domain/errors';

// spec 000 §2.2: the session error screen shows a not-registered notice when the error code is not-found,
// otherwise a session-expired notice.

export interface SessionErrorScreenProps {
  errorCode: string | null;
  onSignIn: () => void;
}

export function SessionErrorScreen({ errorCode, onSignIn }: SessionErrorScreenProps) {
  const { t } = useTranslation('common');
  const notRegistered = errorCode === 'not-found';
  return (
    <Stack align="center" ta="center" py="xl" px="md" maw={520} mx="auto">
      <Title order={1}>{notRegistered ? t('sessionError.notRegisteredTitle') : t('sessionError.expiredTitle')}</Title>
      <Text>{t(notRegistered ? ERROR_KEYS.sessionNotRegistered : ERROR_KEYS.sessionExpired, { ns: 'errors' })}</Text>
      <Button onClick={onSignIn}>{t('actions.signIn')}</Button>
    </Stack>
  );
}
