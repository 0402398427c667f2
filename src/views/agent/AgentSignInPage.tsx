import { Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../domain/errors';
import { MessageAlert } from '../components/MessageAlert';

// spec 000 §2.2 /agent: a loader while the agent is signed in, or 'Unable to launch. Record the following reference
// code and contact us for assistance. Code: {code}.' (spec 000 §8).

export interface AgentSignInPageProps {
  /** The reference code of a failed launch; null while launching. */
  failureCode: string | null;
}

export function AgentSignInPage({ failureCode }: AgentSignInPageProps) {
  const { t } = useTranslation('auth');
  if (failureCode !== null) {
    return (
      <Stack>
        <Title order={1}>{t('agent.title')}</Title>
        <MessageAlert messageKey={ERROR_KEYS.agentLaunchFailed} values={{ code: failureCode }} />
      </Stack>
    );
  }
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader role="progressbar" aria-label={t('agent.launching')} />
    </Center>
  );
}
