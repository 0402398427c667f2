import { Button, Group, NavLink, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { QaPath, QaStep, Strategy } from '../paths/qaPaths';

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
  /** Downloads the chosen path as a test skeleton (paths/testSkeleton.ts). */
  onSkeleton?: (kind: 'vitest' | 'playwright') => void;
}

function stepText(t: TFunction<'statecharts'>, { words }: QaStep): string {
  const values = { name: words.name, detail: words.detail ?? '', state: words.state };
  switch (words.kind) {
    case 'wait':
      return t('paths.step.wait', values);
    case 'done':
      return words.detail === null ? t('paths.step.doneBare', values) : t('paths.step.done', values);
    case 'error':
      return words.detail === null ? t('paths.step.errorBare', values) : t('paths.step.error', values);
    case 'send':
      return words.detail === null ? t('paths.step.sendBare', values) : t('paths.step.send', values);
  }
}

export function PathsPanel({ strategy, paths, error, selected, step, onStrategy, onSelect, onStep, onSkeleton }: PathsPanelProps) {
  const { t } = useTranslation('statecharts');
  const path = selected === null ? undefined : paths?.[selected];
  const summary = (p: QaPath) => (p.end === null ? t('paths.staysInitial') : t('paths.reaches', { state: p.end }));
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        value={strategy}
        onChange={(value) => onStrategy(value as Strategy)}
        data={[
          { value: 'shortest', label: t('paths.shortest') },
          { value: 'simple', label: t('paths.simple') },
        ]}
        aria-label={t('paths.strategy')}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {paths === null && !error && <Text size="sm">{t('paths.generating')}</Text>}
      {paths && (
        <Text size="sm" data-testid="paths-total">
          {t('paths.total', { paths: paths.length, steps: paths.reduce((sum, p) => sum + p.steps.length, 0) })}
        </Text>
      )}
      {path && (
        <Stack gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="path-player">
          <Text size="sm" fw={600}>
            {t('paths.player', { number: (selected ?? 0) + 1, step, total: path.steps.length })}
          </Text>
          <Group gap={4}>
            <Button size="xs" variant="default" onClick={() => onStep(0)} disabled={step === 0}>
              {t('paths.start')}
            </Button>
            <Button size="xs" variant="default" onClick={() => onStep(step - 1)} disabled={step === 0}>
              {t('paths.previous')}
            </Button>
            <Button size="xs" onClick={() => onStep(step + 1)} disabled={step >= path.steps.length}>
              {t('paths.next')}
            </Button>
            <Button size="xs" variant="default" onClick={() => onStep(path.steps.length)} disabled={step >= path.steps.length}>
              {t('paths.end')}
            </Button>
          </Group>
          {onSkeleton && (
            <Group gap={4}>
              <Button size="xs" variant="light" onClick={() => onSkeleton('vitest')}>
                {t('paths.vitestSkeleton')}
              </Button>
              <Button size="xs" variant="light" onClick={() => onSkeleton('playwright')}>
                {t('paths.playwrightSkeleton')}
              </Button>
            </Group>
          )}
          <Text size="xs" fw={step === 0 ? 700 : 400}>
            {t('paths.startsIn', { state: path.start })}
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
                {stepText(t, s)}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      {paths && (
        <ScrollArea.Autosize mah={420}>
          <Stack gap={0} role="list" aria-label={t('paths.list')}>
            {paths.map((p, index) => (
              <div role="listitem" key={index}>
                <NavLink
                  component="button"
                  active={index === selected}
                  aria-current={index === selected ? 'true' : undefined}
                  label={t('paths.item', { number: index + 1, summary: summary(p) })}
                  description={t('paths.steps', { count: p.steps.length })}
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
