import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { intakeSelectors } from '../../../../machines/onboarding/intake.machine';
import { IntakeAlert } from './IntakeAlert';
import type { IntakeActor } from './intakeActor';

// spec 002 §4 completion: completeIntake, the wait for the initial report (up to 10 s), the credit display, the
// first readiness score, then the recalculating screen, from which the guard chain opens the home hub. A refused
// completion (missing answers, a failure) can be retried or taken back to the last step.

export function FinishingScreen({ actor }: { actor: IntakeActor }) {
  const { t } = useTranslation('intake');
  const failed = useSelector(actor, intakeSelectors.failed);
  const recalculating = useSelector(actor, intakeSelectors.recalculating);
  const errorKey = useSelector(actor, intakeSelectors.errorKey);

  if (failed) {
    return (
      <Stack gap="md">
        <Title order={2}>{t('finishing.failedTitle')}</Title>
        {errorKey ? <IntakeAlert messageKey={errorKey} /> : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => actor.send({ type: 'step.back' })}>
            {t('actions.back')}
          </Button>
          <Button onClick={() => actor.send({ type: 'completion.retry' })}>{t('actions.tryAgain')}</Button>
        </Group>
      </Stack>
    );
  }

  if (recalculating) {
    return (
      <Stack gap="md" align="center" ta="center" py="lg">
        <Loader />
        <Title order={2}>{t('recalculating.title')}</Title>
        <Text role="status">{t('recalculating.body')}</Text>
        <Button component={Link} to="/" variant="subtle">
          {t('recalculating.goHome')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" align="center" ta="center" py="lg">
      <Loader />
      <Title order={2}>{t('finishing.title')}</Title>
      <Text role="status">{t('finishing.body')}</Text>
    </Stack>
  );
}
