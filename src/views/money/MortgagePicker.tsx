import { Alert, Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { mortgagePickerSelectors, type mortgagePickerMachine } from '../../../machines/money/mortgagePicker.machine';
import { formatUsd } from './moneyFormat';

// The money overview's existing mortgages (spec 002 §7 getMortgages, §3 Goal's selectedMortgages): one checkbox per
// open mortgage of the credit report; a pick is saved at once (the machine puts it back with a toast when the save
// fails). The intro says what a pick means for the goal: a refinance refinances it, a purchase pays it off.

export type MortgagePickerActor = ActorRefFrom<typeof mortgagePickerMachine>;

export interface MortgagePickerProps {
  actor: MortgagePickerActor;
  goalType: 'refinance' | 'mortgage_loan';
}

export function MortgagePicker({ actor, goalType }: MortgagePickerProps) {
  const { t, i18n } = useTranslation('money');
  const mortgages = useSelector(actor, mortgagePickerSelectors.mortgages);
  const loading = useSelector(actor, mortgagePickerSelectors.loading);
  const loadFailed = useSelector(actor, mortgagePickerSelectors.loadFailed);
  const saving = useSelector(actor, mortgagePickerSelectors.saving);
  const canPick = useSelector(actor, mortgagePickerSelectors.canPick);
  const hasGoal = useSelector(actor, mortgagePickerSelectors.hasGoal);
  const usd = (amount: number) => formatUsd(amount, i18n.language);
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }), [i18n.language]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" id="existingMortgages" aria-labelledby="existing-mortgages-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="existing-mortgages-title">
          {t('mortgages.title')}
        </Title>
        {loading ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{t('mortgages.loading')}</Text>
          </Group>
        ) : loadFailed ? (
          <Alert color="red" title={t('mortgages.loadFailed')}>
            <Button variant="light" onClick={() => actor.send({ type: 'load.retry' })}>
              {t('mortgages.retry')}
            </Button>
          </Alert>
        ) : mortgages.length === 0 ? (
          <Text c="gray.7">{t('mortgages.none')}</Text>
        ) : (
          <>
            <Text c="gray.7">{hasGoal ? t(goalType === 'refinance' ? 'mortgages.intro.refinance' : 'mortgages.intro.purchase') : t('mortgages.noGoal')}</Text>
            <Stack gap="sm" aria-busy={saving}>
              {mortgages.map((mortgage) => (
                <Checkbox
                  key={mortgage.id}
                  checked={mortgage.selected}
                  disabled={!canPick}
                  onChange={(event) => actor.send({ type: 'mortgage.toggle', id: mortgage.id, selected: event.currentTarget.checked })}
                  label={t('mortgages.pick', { name: mortgage.name })}
                  description={[
                    t('mortgages.details', { balance: usd(mortgage.balance), payment: usd(mortgage.monthlyPayment) }),
                    mortgage.openedOn ? t('mortgages.opened', { date: dayFormat.format(new Date(`${mortgage.openedOn}T00:00:00Z`)) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ))}
            </Stack>
            {saving ? (
              <Text size="sm" c="gray.7" role="status">
                {t('mortgages.saving')}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
