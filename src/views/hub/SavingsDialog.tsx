import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { savingsUpdateSelectors, type savingsUpdateMachine } from '../../../machines/hub/savingsUpdate.machine';
import { INTAKE_AMOUNT_MAX_USD } from '../../domain/constants';
import { AppModal } from '../components/AppModal';

// The update-savings dialog of the hub's savings action (spec 002 §2 modal state updateSavings, §7 goal update then
// score recompute): the current savings in whole dollars; once saved, the new score.

export interface SavingsDialogProps {
  opened: boolean;
  /** The dialog's savingsUpdate actor (a new one each time it opens). */
  actor: ActorRefFrom<typeof savingsUpdateMachine> | null;
  /** The goal's savings as stored, to start from. */
  currentSavings: number | null;
  onClose: () => void;
}

export function SavingsDialog({ opened, actor, currentSavings, onClose }: SavingsDialogProps) {
  const { t } = useTranslation('hub');
  const [value, setValue] = useState<string | number>(currentSavings ?? '');
  const busy = useSelector(actor ?? undefined, (s) => (s ? savingsUpdateSelectors.busy(s) : false));
  const saved = useSelector(actor ?? undefined, (s) => (s ? savingsUpdateSelectors.saved(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? savingsUpdateSelectors.error(s) : null));
  const score = useSelector(actor ?? undefined, (s) => (s ? savingsUpdateSelectors.displayScore(s) : null));
  const submit = () => actor?.send({ type: 'savings.submit', amount: typeof value === 'number' ? value : value.trim() === '' ? null : Number(value) });
  return (
    <AppModal opened={opened && actor !== null} onClose={onClose} title={t('savings.title')}>
      {saved ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            {t('savings.saved', { score })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('savings.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text>{t('savings.body')}</Text>
            <NumberInput
              label={t('savings.label')}
              value={value}
              onChange={setValue}
              min={0}
              max={INTAKE_AMOUNT_MAX_USD}
              allowNegative={false}
              decimalScale={0}
              thousandSeparator=","
              prefix="$"
              error={error === 'invalid-amount' ? t('savings.invalid') : undefined}
              data-autofocus
            />
            {error === 'update-failed' ? (
              <Alert color="red" role="alert">
                {t('savings.failed')}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('savings.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('savings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
