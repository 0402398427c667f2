import { Anchor, Badge, Code, FileButton, Group, List, Progress, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { colors } from '../diagram/theme';
import { describeTransition, percent, type CoverageSummary } from '../coverage/summary';

// Coverage overlay: from the last `npm run coverage:statecharts`, covered states and transitions in green,
// uncovered ones in red and dashed, with the figures and the list of what no test reached.

interface CoveragePanelProps {
  summary: CoverageSummary | null;
  available: boolean;
  overlay: boolean;
  error: string | null;
  onOverlay: (on: boolean) => void;
  onLoadFile: (file: File) => void;
  onSelectState: (stateId: string) => void;
}

function Figure({ id, label, progressLabel, covered, total }: { id: string; label: string; progressLabel: string; covered: number; total: number }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600} data-testid={`coverage-${id}`}>
          {covered}/{total} ({percent(covered, total)})
        </Text>
      </Group>
      <Progress value={total === 0 ? 100 : (covered / total) * 100} color="green" aria-label={progressLabel} />
    </Stack>
  );
}

const COVERAGE_COMMAND = 'npm run coverage:statecharts';

export function CoveragePanel({ summary, available, overlay, error, onOverlay, onLoadFile, onSelectState }: CoveragePanelProps) {
  const { t } = useTranslation('statecharts');
  return (
    <Stack gap="sm">
      <Switch label={t('coverage.overlay')} checked={overlay} onChange={(event) => onOverlay(event.currentTarget.checked)} disabled={!available} />
      {!available && (
        <Text size="sm">
          <Trans t={t} i18nKey="coverage.none" values={{ command: COVERAGE_COMMAND }} components={[<Code key="command" />]} />
        </Text>
      )}
      <FileButton onChange={(file) => file && onLoadFile(file)} accept="application/json">
        {(props) => (
          <Anchor component="button" size="sm" {...props}>
            {t('coverage.loadFile')}
          </Anchor>
        )}
      </FileButton>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {summary && (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light" style={{ border: `1px solid ${colors.covered}` }}>
              {t('coverage.covered')}
            </Badge>
            <Badge color="red" variant="light" style={{ border: `1px dashed ${colors.uncovered}` }}>
              {t('coverage.uncovered')}
            </Badge>
          </Group>
          <Figure id="states" label={t('coverage.states')} progressLabel={t('coverage.statesCovered')} covered={summary.states.covered.length} total={summary.states.total} />
          <Figure
            id="transitions"
            label={t('coverage.transitions')}
            progressLabel={t('coverage.transitionsCovered')}
            covered={summary.transitions.covered.length}
            total={summary.transitions.total}
          />
          <ScrollArea.Autosize mah={360} viewportProps={{ tabIndex: 0 }}>
            {summary.states.uncovered.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  {t('coverage.uncoveredStates')}
                </Text>
                <List size="xs" spacing={4}>
                  {summary.states.uncovered.map((id) => (
                    <List.Item key={id}>
                      <Anchor component="button" size="xs" mih={24} onClick={() => onSelectState(id)}>
                        {id}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {summary.transitions.uncovered.length > 0 && (
              <>
                <Text size="sm" fw={600} mt="xs">
                  {t('coverage.uncoveredTransitions')}
                </Text>
                <List size="xs" spacing={2}>
                  {summary.transitions.uncovered.map((transition) => (
                    <List.Item key={transition.id} ff="monospace">
                      {describeTransition(transition)}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </ScrollArea.Autosize>
        </>
      )}
    </Stack>
  );
}
