import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { READINESS_COMPONENT_TYPES, type ReadinessComponentType } from '../../domain/readinessScore';
import { AppModal } from '../components/AppModal';
import type { HubLoadable, ScoreDetailsData } from './hubTypes';
import type { ReadinessHistoryPoint } from './ReadinessHistoryChart';

// The score details dialog (spec 002 §1, §2 modal state scoreDetails): each component of the readiness score (DTI,
// credit score, savings, documents, credit card utilization, LTV, intake) with its current and goal value, and the
// score's history as a chart (visx, loaded with the dialog) with its text alternative.

const ReadinessHistoryChart = lazy(() => import('./ReadinessHistoryChart'));

export interface ScoreDetailsDialogProps {
  opened: boolean;
  onClose: () => void;
  details: HubLoadable<ScoreDetailsData | null>;
  history: HubLoadable<readonly ReadinessHistoryPoint[]>;
}

function isComponentType(type: string): type is ReadinessComponentType {
  return (READINESS_COMPONENT_TYPES as readonly string[]).includes(type);
}

function Waiting({ label }: { label: string }) {
  return (
    <Group role="status" gap="xs">
      <Loader size="sm" aria-hidden />
      <Text>{label}</Text>
    </Group>
  );
}

function Failed({ label, onRetry }: { label: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="xs" align="flex-start" role="alert">
      <Text>{label}</Text>
      <Button variant="light" onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
    </Stack>
  );
}

function Components({ data }: { data: ScoreDetailsData }) {
  const { t, i18n } = useTranslation('hub');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const components = data.components.filter((component) => isComponentType(component.type));
  const order = (type: string) => READINESS_COMPONENT_TYPES.indexOf(type as ReadinessComponentType);
  return (
    <Stack gap="xs">
      <Text>{t('details.intro', { score: data.displayScore })}</Text>
      <Table striped withTableBorder aria-label={t('details.componentsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('details.component')}</Table.Th>
            <Table.Th scope="col">{t('details.current')}</Table.Th>
            <Table.Th scope="col">{t('details.goal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...components]
            .sort((a, b) => order(a.type) - order(b.type))
            .map((component) => {
              const type = component.type as ReadinessComponentType;
              return (
                <Table.Tr key={type}>
                  <Table.Th scope="row" fw={500}>
                    {t(`details.components.${type}`)}
                  </Table.Th>
                  <Table.Td>{component.currentValue === null ? t('details.notYet') : component.currentDisplayValue}</Table.Td>
                  <Table.Td>{t(`details.goals.${type}`, { value: number.format(component.goalValue) })}</Table.Td>
                </Table.Tr>
              );
            })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function ScoreDetailsDialog({ opened, onClose, details, history }: ScoreDetailsDialogProps) {
  const { t } = useTranslation('hub');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('details.title')} size="lg">
      <Stack gap="lg">
        {details.status === 'loading' ? <Waiting label={t('details.loading')} /> : null}
        {details.status === 'failed' ? <Failed label={t('details.error')} onRetry={details.onRetry} /> : null}
        {details.status === 'shown' && details.data !== null ? <Components data={details.data} /> : null}
        <section aria-labelledby="score-history-title">
          <Title order={3} size="h5" id="score-history-title" mb="xs">
            {t('details.history.title')}
          </Title>
          {history.status === 'loading' ? <Waiting label={t('details.loading')} /> : null}
          {history.status === 'failed' ? <Failed label={t('details.history.error')} onRetry={history.onRetry} /> : null}
          {history.status === 'shown' ? (
            <Suspense fallback={<Waiting label={t('details.loading')} />}>
              <ReadinessHistoryChart history={history.data} />
            </Suspense>
          ) : null}
        </section>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('details.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
