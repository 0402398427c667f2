import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Back and Next under every step (spec 002 §4: Back goes to the previous step). Back shows where the step's machine
// allows it; Next is a submit button of the step's form, 'Finish' on the goal's last step.

export interface StepButtonsProps {
  /** Whether the step's machine takes Back now. */
  canGoBack: boolean;
  onBack: () => void;
  /** A call is under way: Back waits, Next shows it is busy. */
  busy: boolean;
  /** The goal's last step: Next reads 'Finish'. */
  isLast: boolean;
  /** Whether the machine takes Next now (the bank step: accounts linked or the opt-out ticked). */
  nextEnabled?: boolean;
}

export function StepButtons({ canGoBack, onBack, busy, isLast, nextEnabled = true }: StepButtonsProps) {
  const { t } = useTranslation('intake');
  return (
    <Group justify="space-between" mt="md">
      {canGoBack ? (
        <Button variant="default" onClick={onBack} disabled={busy}>
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
