import { Button, Group } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { IntakeActor } from './intakeActor';

// Back and Next under every step (spec 002 §4: Back goes to the previous step). Back shows where the machine
// allows it; Next is a submit button of the step's form, 'Finish' on the goal's last step.

export interface StepButtonsProps {
  actor: IntakeActor;
  /** Whether the machine takes Next now (the bank step: accounts linked or the opt-out ticked). */
  nextEnabled?: boolean;
}

export function StepButtons({ actor, nextEnabled = true }: StepButtonsProps) {
  const { t } = useTranslation('intake');
  const canGoBack = useSelector(actor, (s) => s.can({ type: 'step.back' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const isLast = useSelector(actor, (s) => s.context.stepIndex === s.context.steps.length - 1);
  return (
    <Group justify="space-between" mt="md">
      {canGoBack ? (
        <Button variant="default" onClick={() => actor.send({ type: 'step.back' })} disabled={busy}>
          {t('actions.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={busy} disabled={!nextEnabled}>
        {isLast ? t('actions.finish') : t('actions.next')}
      </Button>
    </Group>
  );
}
