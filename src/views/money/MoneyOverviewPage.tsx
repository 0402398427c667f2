import { Alert, Anchor, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MoneyOverviewData } from '../../../machines/money/moneyOverview.machine';
import { MORTGAGE_DTI_GOAL_PERCENT } from '../../domain/mortgageSimulator';
import { dtiMeter, savingsMeter, totalCash } from '../../domain/money';
import { formatUsd } from './moneyFormat';

// The money overview (spec 002 §2 Money overview; spec 002 §9): total cash over the linked cash accounts, the
// down-payment / savings meter, total debt and the DTI meter, the savings forecast, and for mortgage goals the
// payment simulator and the existing mortgages (passed in: each has its own machine). Every figure comes from src/domain/money.ts. The ids are
// the guided tour's anchors.

const SavingsForecastChart = lazy(() => import('./SavingsForecastChart'));

export interface MoneyOverviewPageProps {
  data: MoneyOverviewData;
  debtsPath: string;
  linkAccountsPath: string;
  /** The payment simulator, for a mortgage goal. */
  simulator: ReactNode;
  /** The existing mortgages to pick from, for a mortgage or refinance goal (spec 002 §7 getMortgages). */
  mortgages?: ReactNode;
}

function Meter({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function MoneyOverviewPage({ data, debtsPath, linkAccountsPath, simulator, mortgages = null }: MoneyOverviewPageProps) {
  const { t, i18n } = useTranslation('money');
  const usd = (amount: number) => formatUsd(amount, i18n.language);
  const cash = totalCash(data.institutions);
  const accountCount = data.institutions.reduce((count, institution) => count + institution.accounts.length, 0);
  const savings = data.goal ? savingsMeter(data.goal) : null;
  const dti = data.debts ? dtiMeter(data.debts.monthlyDebtPayment, data.annualIncome) : null;
  const dtiAboveGoal = dti !== null && dti.dti > MORTGAGE_DTI_GOAL_PERCENT;

  return (
    <Stack gap="lg" id="moneyOverview">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Meter id="totalCashMeter" title={t('overview.cash.title')}>
          <Text fz={32} fw={700} data-testid="total-cash">
            {usd(cash)}
          </Text>
          {data.institutions.length > 0 ? (
            <Text c="gray.7">{t('overview.cash.across', { count: accountCount, institutions: data.institutions.map((i) => i.name).join(', ') })}</Text>
          ) : (
            <Text c="gray.7">{t('overview.cash.none')}</Text>
          )}
          <Anchor component={Link} to={linkAccountsPath}>
            {data.institutions.length > 0 ? t('overview.cash.linkMore') : t('overview.cash.link')}
          </Anchor>
        </Meter>

        <Meter id="downPaymentMeter" title={savings?.isDownPayment ? t('overview.savings.downPaymentTitle') : t('overview.savings.title')}>
          {savings && savings.target > 0 ? (
            <>
              <Text fz={32} fw={700}>
                {usd(savings.saved)}
              </Text>
              <Progress
                value={savings.percent}
                size="lg"
                color="teal.8"
                aria-label={t('overview.savings.meterLabel', { percent: Math.round(savings.percent) })}
              />
              <Text c="gray.7">{t('overview.savings.ofTarget', { saved: usd(savings.saved), target: usd(savings.target), percent: Math.round(savings.percent) })}</Text>
            </>
          ) : (
            <>
              <Text fz={32} fw={700}>
                {usd(savings?.saved ?? 0)}
              </Text>
              <Text c="gray.7">{t('overview.savings.noTarget')}</Text>
            </>
          )}
        </Meter>

        <Meter id="totalDebtMeter" title={t('overview.debt.title')}>
          {data.debts ? (
            <>
              <Text fz={32} fw={700} data-testid="total-debt">
                {usd(data.debts.totalDebt)}
              </Text>
              <Text c="gray.7">{t('overview.debt.monthly', { amount: usd(data.debts.monthlyDebtPayment) })}</Text>
            </>
          ) : (
            <Text c="gray.7">{t('overview.debt.noReport')}</Text>
          )}
          <Anchor component={Link} to={debtsPath}>
            {t('overview.debt.seeDebts')}
          </Anchor>
        </Meter>

        <Meter id="dtiMeter" title={t('overview.dti.title')}>
          {dti ? (
            <>
              <Text fz={32} fw={700} data-testid="dti">
                {dti.capped ? t('overview.dti.capped', { percent: dti.displayPercent }) : t('overview.dti.percent', { percent: dti.displayPercent })}
              </Text>
              <Progress
                value={dti.fillPercent}
                size="lg"
                color={dtiAboveGoal ? 'red.8' : 'teal.8'}
                aria-label={t('overview.dti.meterLabel', { percent: dti.displayPercent, max: dti.scaleMax })}
              />
              <Text c="gray.7">
                {data.annualIncome && data.annualIncome > 0
                  ? t(dtiAboveGoal ? 'overview.dti.aboveGoal' : 'overview.dti.withinGoal', { goal: MORTGAGE_DTI_GOAL_PERCENT })
                  : t('overview.dti.noIncome')}
              </Text>
            </>
          ) : (
            <Text c="gray.7">{t('overview.debt.noReport')}</Text>
          )}
        </Meter>
      </SimpleGrid>

      {simulator}

      {mortgages}

      <Card withBorder padding="lg" radius="md" component="section" id="savingsForecast" aria-labelledby="savings-forecast-title">
        <Stack gap="xs">
          <Title order={2} size="h4" id="savings-forecast-title">
            {t('forecast.title')}
          </Title>
          <Text c="gray.7">{t(`forecast.source.${data.savingsHistory.source}`)}</Text>
          <Suspense fallback={<Loader size="sm" role="status" aria-label={t('forecast.loading')} />}>
            <SavingsForecastChart points={data.savingsHistory.points} />
          </Suspense>
        </Stack>
      </Card>
    </Stack>
  );
}

export function MoneyLoading() {
  const { t } = useTranslation('money');
  return (
    <Group justify="center" p="xl" role="status">
      <Loader size="md" aria-hidden />
      <Text>{t('overview.loading')}</Text>
    </Group>
  );
}

export function MoneyLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('money');
  return (
    <Alert color="red" variant="light" title={t('overview.loadFailed')} role="alert">
      <Button mt="sm" onClick={onRetry}>
        {t('overview.retry')}
      </Button>
    </Alert>
  );
}
