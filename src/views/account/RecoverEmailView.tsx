import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { recoverEmailSelectors, type recoverEmailMachine } from '../../../machines/account/recoverEmail.machine';
import { ERROR_KEYS } from '../../domain/errors';
import { MessageAlert } from '../components/MessageAlert';
import { ROUTES } from '../../domain/routes';

// spec 000 §4.5 and §8: /handle?mode=recoverEmail. Initial, loading, then success, expired, email-in-use, or
// not-found.

export type RecoverEmailActor = ActorRefFrom<typeof recoverEmailMachine>;

export function RecoverEmailView({ actor }: { actor: RecoverEmailActor }) {
  const { t } = useTranslation(['auth', 'common']);
  const loading = useSelector(actor, recoverEmailSelectors.loading);
  const outcome = useSelector(actor, recoverEmailSelectors.outcome);
  const email = useSelector(actor, recoverEmailSelectors.email);

  if (loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader role="progressbar" aria-label={t('recoverEmail.restoring')} />
      </Center>
    );
  }
  return (
    <Stack>
      <Title order={1}>{outcome === 'success' ? t('recoverEmail.successTitle') : t('recoverEmail.failedTitle')}</Title>
      {outcome === 'success' ? <Text>{t('recoverEmail.successBody', { email: email ?? '' })}</Text> : null}
      {outcome === 'expired' ? <MessageAlert messageKey={ERROR_KEYS.recoverEmailExpired} /> : null}
      {outcome === 'emailInUse' ? <MessageAlert messageKey={ERROR_KEYS.recoverEmailInUse} /> : null}
      {outcome === 'notFound' ? <MessageAlert messageKey={ERROR_KEYS.recoverEmailNotFound} /> : null}
      <Button component={Link} to={ROUTES.signIn} state={email ? { email } : undefined}>
        {t('common:actions.signIn')}
      </Button>
    </Stack>
  );
}
