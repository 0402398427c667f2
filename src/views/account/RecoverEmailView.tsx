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
// not-found. The same page answers the new address's link of an email change (/handle?mode=verifyAndChangeEmail)
// in its own words: the server's results are the same.

export type RecoverEmailActor = ActorRefFrom<typeof recoverEmailMachine>;

/** Which link the page answers: the old address's (restore it) or the new address's (change to it). */
export type EmailLinkKind = 'recover' | 'confirmChange';

const TEXTS = {
  recover: {
    loading: 'recoverEmail.restoring',
    successTitle: 'recoverEmail.successTitle',
    successBody: 'recoverEmail.successBody',
    failedTitle: 'recoverEmail.failedTitle',
    inUse: ERROR_KEYS.recoverEmailInUse,
  },
  confirmChange: {
    loading: 'confirmEmailChange.changing',
    successTitle: 'confirmEmailChange.successTitle',
    successBody: 'confirmEmailChange.successBody',
    failedTitle: 'confirmEmailChange.failedTitle',
    inUse: ERROR_KEYS.settingsEmailInUse,
  },
} as const;

export function RecoverEmailView({ actor, kind = 'recover' }: { actor: RecoverEmailActor; kind?: EmailLinkKind }) {
  const { t } = useTranslation(['auth', 'common']);
  const loading = useSelector(actor, recoverEmailSelectors.loading);
  const outcome = useSelector(actor, recoverEmailSelectors.outcome);
  const email = useSelector(actor, recoverEmailSelectors.email);

  if (loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader role="progressbar" aria-label={t(TEXTS[kind].loading)} />
      </Center>
    );
  }
  return (
    <Stack>
      <Title order={1}>{outcome === 'success' ? t(TEXTS[kind].successTitle) : t(TEXTS[kind].failedTitle)}</Title>
      {outcome === 'success' ? <Text>{t(TEXTS[kind].successBody, { email: email ?? '' })}</Text> : null}
      {outcome === 'expired' ? <MessageAlert messageKey={ERROR_KEYS.recoverEmailExpired} /> : null}
      {outcome === 'emailInUse' ? <MessageAlert messageKey={TEXTS[kind].inUse} /> : null}
      {outcome === 'notFound' ? <MessageAlert messageKey={ERROR_KEYS.recoverEmailNotFound} /> : null}
      <Button component={Link} to={ROUTES.signIn} state={email ? { email } : undefined}>
        {t('common:actions.signIn')}
      </Button>
    </Stack>
  );
}
