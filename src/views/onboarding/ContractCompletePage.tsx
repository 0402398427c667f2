import { Button, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { contractPollingSelectors, type contractPollingMachine } from '../../../machines/onboarding/contractPolling.machine';
import { OnboardingFrame } from './OnboardingFrame';

// /sign-up/contract-complete (spec 001 §4): while the contract polling machine asks for the signed contract's link
// (up to 15 times, 1 s apart), the customer sees that it is being confirmed; when the polls keep failing, an error
// with Try again. Where to go next is the route's job.

export type ContractPollingActor = ActorRefFrom<typeof contractPollingMachine>;

export interface ContractCompletePageProps {
  actor: ContractPollingActor;
  onSignOut?: () => void;
}

export function ContractCompletePage({ actor, onSignOut }: ContractCompletePageProps) {
  const { t } = useTranslation('onboarding');
  const busy = useSelector(actor, contractPollingSelectors.busy);
  const failed = useSelector(actor, contractPollingSelectors.failed);
  const { t: tCommon } = useTranslation('common');
  if (failed) {
    return (
      <OnboardingFrame step="contract" onSignOut={onSignOut}>
        <Stack align="center" gap="md" py="md">
          <Text fw={600}>{t('contractComplete.title')}</Text>
          <Text role="alert" ta="center">
            {t('contractComplete.failed')}
          </Text>
          <Button onClick={() => actor.send({ type: 'poll.retry' })}>{tCommon('actions.tryAgain')}</Button>
        </Stack>
      </OnboardingFrame>
    );
  }
  return (
    <OnboardingFrame step="contract" onSignOut={onSignOut}>
      <Stack align="center" gap="md" py="md" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text fw={600}>{t('contractComplete.title')}</Text>
        <Text c="dimmed" ta="center">
          {busy ? t('contractComplete.checking') : t('contractComplete.continuing')}
        </Text>
      </Stack>
    </OnboardingFrame>
  );
}
