import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Slider, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { paymentSimulatorSelectors, type paymentSimulatorMachine } from '../../../machines/money/paymentSimulator.machine';
import {
  formatSimulatorCurrency,
  MORTGAGE_TERM_MONTHS,
  mortgagePayment,
  simulatorGauge,
  simulatorMaximum,
  type SimulatorField,
} from '../../domain/mortgageSimulator';
import { SimulatorGauge } from './SimulatorGauge';

// The mortgage payment simulator (spec 001 §9 "Simulator"; spec 002 §2 Money overview, mortgage goals): a slider
// (arrow keys move it, Page Up/Down in bigger steps, Home/End to the ends) and a typed field for each input. A
// typed value beyond the field's maximum takes the maximum and says so under the field (the machine decides). The
// payment range, the breakdown, what is affordable and the DTI gauge (0–207°) follow the inputs; nothing is saved.

export type PaymentSimulatorActor = ActorRefFrom<typeof paymentSimulatorMachine>;

const FIELDS: readonly { field: SimulatorField; step: number; kind: 'usd' | 'percent' }[] = [
  { field: 'purchasePrice', step: 5_000, kind: 'usd' },
  { field: 'savings', step: 1_000, kind: 'usd' },
  { field: 'annualIncome', step: 1_000, kind: 'usd' },
  { field: 'monthlyDebts', step: 50, kind: 'usd' },
  { field: 'interestRatePercent', step: 0.125, kind: 'percent' },
];

export function PaymentSimulator({ actor, pmiTable, state }: { actor: PaymentSimulatorActor; pmiTable: { savingsRatio: number; pmi: number }[] | null; state: string | null }) {
  const { t, i18n } = useTranslation('money');
  const inputs = useSelector(actor, paymentSimulatorSelectors.inputs);
  const clampedField = useSelector(actor, paymentSimulatorSelectors.clampedField);
  const payment = useMemo(() => mortgagePayment(inputs, { pmiTable, state }), [inputs, pmiTable, state]);
  const gauge = simulatorGauge(inputs, payment);
  const money = (amount: number) => formatSimulatorCurrency(amount, i18n.language);
  const formatValue = (kind: 'usd' | 'percent', value: number) => (kind === 'usd' ? money(value) : t('simulator.percent', { value }));

  return (
    <Card withBorder padding="lg" radius="md" component="section" id="paymentSimulator" aria-labelledby="payment-simulator-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="payment-simulator-title">
            {t('simulator.title')}
          </Title>
          <Text c="gray.7">{t('simulator.intro', { months: MORTGAGE_TERM_MONTHS, years: MORTGAGE_TERM_MONTHS / 12 })}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="lg">
            {FIELDS.map(({ field, step, kind }) => (
              <SimulatorField
                key={field}
                field={field}
                label={t(`simulator.fields.${field}`)}
                value={inputs[field]}
                max={simulatorMaximum(field, inputs)}
                step={step}
                kind={kind}
                formatted={formatValue(kind, inputs[field])}
                formattedMax={formatValue(kind, simulatorMaximum(field, inputs))}
                clampedMessage={clampedField === field ? t('simulator.clamped', { max: formatValue(kind, simulatorMaximum(field, inputs)) }) : null}
                onChange={(value) => actor.send({ type: 'simulator.change', field, value })}
              />
            ))}
            <Group>
              <Button variant="default" data-track="money.simulator-reset" onClick={() => actor.send({ type: 'simulator.reset' })}>
                {t('simulator.reset')}
              </Button>
            </Group>
          </Stack>
          <Stack gap="sm" aria-live="polite">
            <Text fw={600}>{t('simulator.paymentTitle')}</Text>
            <Text fz={32} fw={700} data-testid="payment-range">
              {t('simulator.range', { low: money(payment.range.low), high: money(payment.range.high) })}
            </Text>
            <Table>
              <Table.Tbody>
                <AmountRow label={t('simulator.breakdown.principalAndInterest')} amount={money(payment.principalAndInterest)} />
                <AmountRow label={t('simulator.breakdown.pmi')} amount={money(payment.pmi)} />
                <AmountRow label={t('simulator.breakdown.propertyTax')} amount={money(payment.propertyTax)} />
                <AmountRow label={t('simulator.breakdown.total')} amount={money(payment.total)} total />
                <AmountRow label={t('simulator.breakdown.loan')} amount={money(payment.loan)} />
              </Table.Tbody>
            </Table>
            <Group gap="xs">
              <Text>{t('simulator.affordable', { amount: money(payment.affordable) })}</Text>
              <Badge color={payment.isAffordable ? 'teal.9' : 'red.9'} variant="filled">
                {payment.isAffordable ? t('simulator.withinBudget') : t('simulator.overBudget')}
              </Badge>
            </Group>
            <SimulatorGauge gauge={gauge} />
            <Text size="sm" c="gray.7">
              {t('simulator.disclaimer')}
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** A line of the payment's breakdown: what it is, and its amount (the total in bold). */
function AmountRow({ label, amount, total = false }: { label: string; amount: string; total?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td ta="right" fw={total ? 700 : undefined} data-testid={total ? 'payment-total' : undefined}>
        {amount}
      </Table.Td>
    </Table.Tr>
  );
}

interface SimulatorFieldProps {
  field: SimulatorField;
  label: string;
  value: number;
  max: number;
  step: number;
  kind: 'usd' | 'percent';
  formatted: string;
  formattedMax: string;
  clampedMessage: string | null;
  onChange: (value: number) => void;
}

/** A slider and a typed field for one input; the typed value is sent when the field is left or Enter is pressed. */
function SimulatorField({ field, label, value, max, step, kind, formatted, formattedMax, clampedMessage, onChange }: SimulatorFieldProps) {
  const { t } = useTranslation('money');
  const [draft, setDraft] = useState<string | number>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const typed = typeof draft === 'number' ? draft : Number.parseFloat(String(draft).replace(/[^0-9.-]/g, ''));
    if (Number.isFinite(typed) && typed !== value) onChange(typed);
    else setDraft(value);
  };
  const inputId = `simulator-${field}`;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text component="label" htmlFor={inputId} fw={600}>
          {label}
        </Text>
        <Text fw={600} data-testid={`simulator-value-${field}`}>
          {formatted}
        </Text>
      </Group>
      <Slider
        value={Math.min(value, max)}
        min={0}
        max={Math.max(max, step)}
        step={step}
        onChange={onChange}
        label={null}
        thumbLabel={label}
        color="indigo.8"
        thumbProps={{ 'aria-valuetext': formatted } as React.ComponentProps<'div'>}
      />
      <NumberInput
        id={inputId}
        value={draft}
        onChange={setDraft}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        min={0}
        step={step}
        decimalScale={kind === 'percent' ? 3 : 0}
        prefix={kind === 'usd' ? '$' : undefined}
        suffix={kind === 'percent' ? '%' : undefined}
        thousandSeparator={kind === 'usd' ? ',' : undefined}
        clampBehavior="none"
        hideControls
        description={t('simulator.max', { max: formattedMax })}
        error={clampedMessage}
      />
    </Stack>
  );
}
