import { Anchor, Badge, FileButton, Group, List, Progress, ScrollArea, Stack, Switch, Text } from '@mantine/core';
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

function Figure({ label, covered, total }: { label: string; covered: number; total: number }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600} data-testid={`coverage-${label.toLowerCase()}`}>
          {covered}/{total} ({percent(covered, total)})
        </Text>
      </Group>
      <Progress value={total === 0 ? 100 : (covered / total) * 100} color="green" aria-label={`${label} covered`} />
    </Stack>
  );
}

export function CoveragePanel({ summary, available, overlay, error, onOverlay, onLoadFile, onSelectState }: CoveragePanelProps) {
  return (
    <Stack gap="sm">
      <Switch label="Show coverage overlay" checked={overlay} onChange={(event) => onOverlay(event.currentTarget.checked)} disabled={!available} />
      {!available && (
        <Text size="sm">
          No coverage yet. Run the tests, then <code>npm run coverage:statecharts</code>, or load a coverage file.
        </Text>
      )}
      <FileButton onChange={(file) => file && onLoadFile(file)} accept="application/json">
        {(props) => (
          <Anchor component="button" size="sm" {...props}>
            Load a coverage file…
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
              covered
            </Badge>
            <Badge color="red" variant="light" style={{ border: `1px dashed ${colors.uncovered}` }}>
              uncovered
            </Badge>
          </Group>
          <Figure label="States" covered={summary.states.covered.length} total={summary.states.total} />
          <Figure label="Transitions" covered={summary.transitions.covered.length} total={summary.transitions.total} />
          <ScrollArea.Autosize mah={360}>
            {summary.states.uncovered.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  Uncovered states
                </Text>
                <List size="xs" spacing={2}>
                  {summary.states.uncovered.map((id) => (
                    <List.Item key={id}>
                      <Anchor component="button" size="xs" onClick={() => onSelectState(id)}>
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
                  Uncovered transitions
                </Text>
                <List size="xs" spacing={2}>
                  {summary.transitions.uncovered.map((t) => (
                    <List.Item key={t.id} ff="monospace">
                      {describeTransition(t)}
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
