import { Center, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { portErrorCode } from '../../../machines/ports';
import { ERROR_KEYS } from '../../domain/errors';
import { MessageAlert } from '../../views/components/MessageAlert';
import { PublicLayout } from '../../views/components/PublicLayout';
import { useAppActors } from '../appActors';

// /agent (spec 000 §2.2): an agent signs in on a customer's behalf with the token in the query. The session stays
// loading meanwhile (externalSignIn, spec 000 §4.1); on success the agent goes home, on failure sees
// 'Unable to launch ... Code: {code}.' (spec 000 §8).

export default function AgentRoute() {
  const { session, ports } = useAppActors();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [failure, setFailure] = useState<string | null>(token ? null : 'missing-token');

  useEffect(() => {
    if (!token) return undefined;
    let cancelled = false;
    session.send({ type: 'externalSignIn.start' });
    ports.auth.signInWithCustomToken(token).then(
      () => {
        session.send({ type: 'externalSignIn.finish' });
        if (!cancelled) navigate('/', { replace: true });
      },
      (error: unknown) => {
        session.send({ type: 'externalSignIn.finish' });
        if (!cancelled) setFailure(portErrorCode(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, session, ports, navigate]);

  return (
    <PublicLayout>
      {failure ? (
        <Stack>
          <Title order={1}>{t('agent.title')}</Title>
          <MessageAlert messageKey={ERROR_KEYS.agentLaunchFailed} values={{ code: failure }} />
        </Stack>
      ) : (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label={t('agent.launching')} />
        </Center>
      )}
    </PublicLayout>
  );
}
