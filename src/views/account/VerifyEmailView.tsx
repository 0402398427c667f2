import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { verifyEmailSelectors, type verifyEmailMachine } from '../../../machines/account/verifyEmail.machine';
import { ERROR_KEYS } from '../../domain/errors';

// spec 000 §4.5 and §8: /handle?mode=verifyEmail. Success leads to sign-in with the email kept; an expired link
// shows 'Need a new link?' with sign-in to resend.

export type VerifyEmailActor = ActorRefFrom<typeof verifyEmailMachine>;

export function VerifyEmailView({ actor }: { actor: VerifyEmailActor }) {
  const { t } = useTranslation(['auth', 'common']);
  const loading = useSelector(actor, verifyEmailSelectors.loading);
  const success = useSelector(actor, verifyEmailSelectors.success);
  const canSignIn = useSelector(actor, verifyEmailSelectors.canSignIn);

  if (loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader role="progressbar" aria-label={t('verifyEmail.verifying')} />
      </Center>
    );
  }
  return (
    <Stack>
      <Title order={1}>{success ? t('verifyEmail.successTitle') : t(ERROR_KEYS.verifyLinkExpired, { ns: 'errors' })}</Title>
      <Text>{success ? t('verifyEmail.successBody') : t('verifyEmail.expiredBody')}</Text>
      <Button disabled={!canSignIn} onClick={() => actor.send({ type: 'signIn.open' })}>
        {t('common:actions.signIn')}
      </Button>
    </Stack>
  );
}
