import { Box, Group, List, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DiagramMarks } from '../diff/diagramDiff';
import { colors } from '../diagram/theme';

// What changed since the revision the build was given (docs/statecharts.md "What changed"): the switch that shows
// it on the diagram, the legend of its three colours, and what was removed (no longer drawn).

function Swatch({ color, dash, label }: { color: string; dash?: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <svg width={22} height={10} aria-hidden="true">
        <line x1={1} y1={5} x2={21} y2={5} stroke={color} strokeWidth={3} strokeDasharray={dash} />
      </svg>
      <Text size="xs">{label}</Text>
    </Group>
  );
}

interface DiffLegendProps {
  ref_: string;
  marks: DiagramMarks | null;
  shown: boolean;
  onShow: (shown: boolean) => void;
}

export function DiffLegend({ ref_, marks, shown, onShow }: DiffLegendProps) {
  const { t } = useTranslation('statecharts');
  const added = marks ? Object.values(marks.states).filter((m) => m === 'added').length + Object.values(marks.transitions).filter((m) => m === 'added').length : 0;
  const changed = marks ? Object.values(marks.states).filter((m) => m === 'changed').length + Object.values(marks.transitions).filter((m) => m === 'changed').length : 0;
  const removed = marks ? marks.removed.states.length + marks.removed.transitions.length : 0;
  return (
    <Box data-testid="diff-legend">
      <Group gap="sm" wrap="wrap">
        <Switch size="xs" label={t('diff.show', { ref: ref_ })} checked={shown} onChange={(event) => onShow(event.currentTarget.checked)} />
        {shown && (
          <>
            <Swatch color={colors.added} label={t('diff.added', { count: added })} />
            <Swatch color={colors.changed} dash="8 3" label={t('diff.changed', { count: changed })} />
            <Swatch color={colors.removed} dash="2 2" label={t('diff.removed', { count: removed })} />
            {!marks && <Text size="xs">{t('diff.unchanged', { ref: ref_ })}</Text>}
          </>
        )}
      </Group>
      {shown && marks && removed > 0 && (
        <List size="xs" spacing={0} aria-label={t('diff.removedList')} c={colors.removed} ff="monospace">
          {marks.removed.states.map((state) => (
            <List.Item key={`s:${state}`}>{t('diff.removedState', { state })}</List.Item>
          ))}
          {marks.removed.transitions.map((transition) => (
            <List.Item key={`t:${transition}`}>{t('diff.removedTransition', { transition })}</List.Item>
          ))}
        </List>
      )}
    </Box>
  );
}
