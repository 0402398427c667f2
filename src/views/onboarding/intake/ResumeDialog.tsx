import { Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { intakeSelectors } from '../../../../machines/onboarding/intake.machine';
import { AppModal } from '../../components/AppModal';
import type { IntakeActor } from './intakeActor';

// spec 002 §4: resuming an intake edited before shows this dialog after 1 s, at the first incomplete step.

export function ResumeDialog({ actor }: { actor: IntakeActor }) {
  const { t } = useTranslation('intake');
  const opened = useSelector(actor, intakeSelectors.resumeOpen);
  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <AppModal opened={opened} onClose={close} title={t('resume.title')}>
      <Stack>
        <Text>{t('resume.body')}</Text>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {t('resume.continue')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
