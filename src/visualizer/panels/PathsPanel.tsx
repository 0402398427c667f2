import { Button, Group, NavLink, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import type { QaPath, Strategy } from '../paths/qaPaths';

// Paths: the generated test paths (shortest or simple); choosing one plays it step by step on the diagram.

interface PathsPanelProps {
  strategy: Strategy;
  paths: readonly QaPath[] | null;
  error: string | null;
  selected: number | null;
  step: number;
  onStrategy: (strategy: Strategy) => void;
  onSelect: (index: number) => void;
  onStep: (step: number) => void;
}

export function PathsPanel({ strategy, paths, error, selected, step, onStrategy, onSelect, onStep }: PathsPanelProps) {
  const path = selected === null ? undefined : paths?.[selected];
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        value={strategy}
        onChange={(value) => onStrategy(value as Strategy)}
        data={[
          { value: 'shortest', label: 'Shortest' },
          { value: 'simple', label: 'Simple' },
        ]}
        aria-label="Path strategy"
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {paths === null && !error && <Text size="sm">Generating paths…</Text>}
      {paths && (
        <Text size="sm" data-testid="paths-total">
          {paths.length} paths, {paths.reduce((sum, p) => sum + p.steps.length, 0)} steps
        </Text>
      )}
      {path && (
        <Stack gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="path-player">
          <Text size="sm" fw={600}>
            Path {(selected ?? 0) + 1}: step {step} of {path.steps.length}
          </Text>
          <Group gap={4}>
            <Button size="xs" variant="default" onClick={() => onStep(0)} disabled={step === 0}>
              Start
            </Button>
            <Button size="xs" variant="default" onClick={() => onStep(step - 1)} disabled={step === 0}>
              Previous step
            </Button>
            <Button size="xs" onClick={() => onStep(step + 1)} disabled={step >= path.steps.length}>
              Next step
            </Button>
            <Button size="xs" variant="default" onClick={() => onStep(path.steps.length)} disabled={step >= path.steps.length}>
              End
            </Button>
          </Group>
          <Text size="xs" fw={step === 0 ? 700 : 400}>
            Starts in {path.start}
          </Text>
          <Stack gap={2} component="ol" style={{ margin: 0, paddingLeft: 20 }}>
            {path.steps.map((s, index) => (
              <Text
                key={index}
                component="li"
                size="xs"
                fw={index + 1 === step ? 700 : 400}
                c={index + 1 <= step ? undefined : 'dimmed'}
                aria-current={index + 1 === step ? 'step' : undefined}
              >
                {s.text}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      {paths && (
        <ScrollArea.Autosize mah={420}>
          <Stack gap={0} role="list" aria-label="Generated paths">
            {paths.map((p, index) => (
              <div role="listitem" key={index}>
                <NavLink
                  component="button"
                  active={index === selected}
                  aria-current={index === selected ? 'true' : undefined}
                  label={`Path ${index + 1}: ${p.summary}`}
                  description={`${p.steps.length} steps`}
                  onClick={() => onSelect(index)}
                />
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
