import { Anchor, List, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeTransition, percent, type SuiteBreakdown } from '../coverage/summary';
import { SUITES, type Suite } from '../coverage/suites';

// The Coverage tab's suites (docs/statecharts.md "Statechart coverage"): each suite's figures for this machine on
// its own, the suite the overlay shows, and the transitions only the model paths reach.

interface SuiteCoverageProps {
  breakdown: SuiteBreakdown;
  /** The suite the overlay and figures above show; null for every suite merged. */
  suite: Suite | null;
  onSuite: (suite: Suite | null) => void;
  onSelectState: (stateId: string) => void;
}

export function SuiteCoverage({ breakdown, suite, onSuite, onSelectState }: SuiteCoverageProps) {
  const { t } = useTranslation('statecharts');
  const { totals } = breakdown;
  return (
    <Stack gap="xs" data-testid="suite-coverage">
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t('suites.show')}
        value={suite ?? 'all'}
        onChange={(value) => onSuite(value === 'all' ? null : (value as Suite))}
        data={[{ value: 'all', label: t('suites.all') }, ...SUITES.filter((s) => s !== 'unit').map((s) => ({ value: s, label: t(`suites.short.${s}`) }))]}
      />
      <Table withTableBorder fz="xs" verticalSpacing={2} aria-label={t('suites.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('suites.suite')}</Table.Th>
            <Table.Th>{t('coverage.states')}</Table.Th>
            <Table.Th>{t('coverage.transitions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SUITES.map((s) => (
            <Table.Tr key={s} data-suite={s}>
              <Table.Td>{t(`suites.name.${s}`)}</Table.Td>
              <Table.Td>
                {breakdown.suites[s].states}/{totals.states} ({percent(breakdown.suites[s].states, totals.states)})
              </Table.Td>
              <Table.Td>
                {breakdown.suites[s].transitions}/{totals.transitions} ({percent(breakdown.suites[s].transitions, totals.transitions)})
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600} data-testid="only-model-count">
        {t('suites.onlyModel', { count: breakdown.onlyModel.length })}
      </Text>
      {breakdown.onlyModel.length > 0 && (
        <List size="xs" spacing={2} aria-label={t('suites.onlyModelList')}>
          {breakdown.onlyModel.map((transition) => (
            <List.Item key={transition.id} ff="monospace">
              <Anchor component="button" size="xs" ff="monospace" onClick={() => onSelectState(transition.source)}>
                {describeTransition(transition)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
