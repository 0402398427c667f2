import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { debtsSelectors as select, type debtsMachine } from '../../../../machines/money/debts.machine';
import { DEBTS_TABLE_MIN_WIDTH_PX, type DebtPayoffRow } from '../../../domain/debtPayoff';

// /money/debts (spec 002 §2, §3 "Credit balance account (debts)", §4 "Debt payoff", §9): one row per account, lowest
// balance first and hidden accounts last, each with its show switch; the extra monthly payment; the payoff plan with
// each account's final payment date ('apr too high' when the payment never covers the interest) and the total
// paydown. A table from 875 px, cards below. Amounts in whole USD; the graded colours are dark enough for text.

export type DebtsActor = ActorRefFrom<typeof debtsMachine>;

/** Messages the server may name a failed load with; anything else is the generic one. */
const LOAD_ERROR_KEYS: ReadonlySet<string> = new Set(['debts.errors.no-report', 'debts.errors.stale-display'] as const);
type LoadErrorKey = 'debts.errors.no-report' | 'debts.errors.stale-display';

function useFormats() {
  const { i18n } = useTranslation('money');
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    usd: (value: number) => usd.format(Math.round(value)),
    apr: (value: number) => `${percent.format(value)}%`,
    month: (yearMonth: string) => month.format(new Date(`${yearMonth}-01T00:00:00Z`)),
  };
}

function FinalDate({ row }: { row: DebtPayoffRow }) {
  const { t } = useTranslation('money');
  const format = useFormats();
  if (!row.show) return <Text size="sm" c="gray.7">{t('debts.hidden')}</Text>;
  if (row.finalPaymentDate === null) return <Text size="sm" fw={600} c="red.9">{t('debts.aprTooHigh')}</Text>;
  return (
    <Text size="sm" fw={600} style={{ color: row.color ?? undefined }}>
      {format.month(row.finalPaymentDate)}
    </Text>
  );
}

function ShowSwitch({ row, actor }: { row: DebtPayoffRow; actor: DebtsActor }) {
  const { t } = useTranslation('money');
  const busy = useSelector(actor, select.savingShow);
  return (
    <Switch
      checked={row.show}
      disabled={busy}
      label={<VisuallyHidden>{t('debts.showLabel', { name: row.name })}</VisuallyHidden>}
      onChange={(event) => actor.send({ type: 'debt.toggle', id: row.id, show: event.currentTarget.checked })}
    />
  );
}

function DebtsTable({ rows, actor }: { rows: DebtPayoffRow[]; actor: DebtsActor }) {
  const { t } = useTranslation('money');
  const format = useFormats();
  return (
    <Table striped highlightOnHover aria-label={t('debts.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('debts.columns.show')}</Table.Th>
          <Table.Th scope="col">{t('debts.columns.account')}</Table.Th>
          <Table.Th scope="col" ta="right">{t('debts.columns.balance')}</Table.Th>
          <Table.Th scope="col" ta="right">{t('debts.columns.apr')}</Table.Th>
          <Table.Th scope="col" ta="right">{t('debts.columns.payment')}</Table.Th>
          <Table.Th scope="col">{t('debts.columns.finalPayment')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={`debt-row-${row.id}`}>
            <Table.Td>
              <ShowSwitch row={row} actor={actor} />
            </Table.Td>
            <Table.Th scope="row" fw={500}>
              {row.name}
            </Table.Th>
            <Table.Td ta="right">{format.usd(row.balance)}</Table.Td>
            <Table.Td ta="right">{format.apr(row.apr)}</Table.Td>
            <Table.Td ta="right">
              {format.usd(row.payment)}
              {row.extraPayment > 0 ? (
                <Text span size="xs" c="gray.7" display="block">
                  {t('debts.includesExtra', { amount: format.usd(row.extraPayment) })}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <FinalDate row={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DebtCards({ rows, actor }: { rows: DebtPayoffRow[]; actor: DebtsActor }) {
  const { t } = useTranslation('money');
  const format = useFormats();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('debts.tableLabel')}>
      {rows.map((row) => (
        <Card component="li" withBorder key={row.id} data-testid={`debt-row-${row.id}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{row.name}</Text>
            <ShowSwitch row={row} actor={actor} />
          </Group>
          <SimpleGrid cols={2} spacing="xs" mt="xs">
            <Text size="sm" c="gray.7">{t('debts.columns.balance')}</Text>
            <Text size="sm" ta="right">{format.usd(row.balance)}</Text>
            <Text size="sm" c="gray.7">{t('debts.columns.apr')}</Text>
            <Text size="sm" ta="right">{format.apr(row.apr)}</Text>
            <Text size="sm" c="gray.7">{t('debts.columns.payment')}</Text>
            <Text size="sm" ta="right">{format.usd(row.payment)}</Text>
            <Text size="sm" c="gray.7">{t('debts.columns.finalPayment')}</Text>
            <div style={{ textAlign: 'right' }}>
              <FinalDate row={row} />
            </div>
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

function ExtraPaymentForm({ actor }: { actor: DebtsActor }) {
  const { t } = useTranslation('money');
  const draft = useSelector(actor, select.extraDraft);
  const error = useSelector(actor, select.extraError);
  const busy = useSelector(actor, select.savingExtra);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'extra.submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('debts.extra.label')}
          description={t('debts.extra.description')}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          inputMode="decimal"
          leftSection="$"
          value={draft}
          error={error ? t(`debts.extra.errors.${error}`) : undefined}
          onChange={(event) => actor.send({ type: 'extra.change', value: event.currentTarget.value })}
          maw={260}
        />
        <Button type="submit" loading={busy} disabled={busy}>
          {t('debts.extra.apply')}
        </Button>
      </Group>
    </form>
  );
}

function PlanSummary({ actor }: { actor: DebtsActor }) {
  const { t } = useTranslation('money');
  const format = useFormats();
  const plan = useSelector(actor, select.plan);
  const shown = plan.rows.filter((row) => row.show).length;
  return (
    <Card withBorder role="status" aria-live="polite">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stack gap={2}>
          <Text size="sm" c="gray.7">{t('debts.summary.totalBalance')}</Text>
          <Text fw={700} size="lg">{format.usd(plan.totalBalance)}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="gray.7">{t('debts.summary.monthlyPayment')}</Text>
          <Text fw={700} size="lg">{format.usd(plan.totalMonthlyPayment)}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="gray.7">{t('debts.summary.debtFree')}</Text>
          <Text fw={700} size="lg" data-testid="debt-free">
            {shown === 0
              ? t('debts.summary.nothingShown')
              : plan.totalPaydownMonths === null || plan.debtFreeDate === null
                ? t('debts.aprTooHigh')
                : t('debts.summary.debtFreeIn', { count: plan.totalPaydownMonths, date: format.month(plan.debtFreeDate) })}
          </Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

export function DebtsPage({ actor }: { actor: DebtsActor }) {
  const { t } = useTranslation('money');
  const status = useSelector(actor, select.status);
  const loadErrorKey = useSelector(actor, select.loadErrorKey);
  const rows = useSelector(actor, (s) => select.plan(s).rows);
  const wide = useMediaQuery(`(min-width: ${DEBTS_TABLE_MIN_WIDTH_PX}px)`) ?? true;
  return (
    <Stack gap="md" component="section" aria-labelledby="debts-title">
      <Title order={1} id="debts-title">
        {t('debts.title')}
      </Title>
      <Text c="gray.7">{t('debts.intro')}</Text>
      {status === 'loading' ? <Loader role="status" aria-label={t('debts.loading')} /> : null}
      {status === 'loadFailed' ? (
        <Alert color="red" role="alert" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text>{t(loadErrorKey !== null && LOAD_ERROR_KEYS.has(loadErrorKey) ? (loadErrorKey as LoadErrorKey) : 'debts.errors.load')}</Text>
            {/* Without a credit report there is nothing to try again until one is ordered. */}
            {loadErrorKey === 'debts.errors.no-report' ? null : (
              <Button variant="outline" onClick={() => actor.send({ type: 'load.retry' })}>
                {t('debts.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : null}
      {status === 'ready' && rows.length === 0 ? <Text>{t('debts.empty')}</Text> : null}
      {status === 'ready' && rows.length > 0 ? (
        <>
          <PlanSummary actor={actor} />
          <ExtraPaymentForm actor={actor} />
          {wide ? <DebtsTable rows={rows} actor={actor} /> : <DebtCards rows={rows} actor={actor} />}
          <Text size="sm" c="gray.7">{t('debts.method')}</Text>
        </>
      ) : null}
    </Stack>
  );
}
