import { Anchor, Badge, CopyButton, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Chart } from '../model/chart';
import { StateSpecSections } from '../spec/StateSpecSections';

// The selected state: what it is, what it does, where it can go, and a link to share it.

interface StatePanelProps {
  chart: Chart;
  stateId: string;
  shareUrl: string;
  onSelectState: (stateId: string) => void;
}

export function StatePanel({ chart, stateId, shareUrl, onSelectState }: StatePanelProps) {
  const { t } = useTranslation('statecharts');
  const state = chart.states[stateId];
  if (!state) return <Text size="sm">{t('state.missing', { id: stateId, machine: chart.id })}</Text>;
  const outgoing = chart.transitions.filter((transition) => transition.source === stateId);
  return (
    <Stack gap={6} data-testid="state-panel">
      <Group gap="xs">
        <Text fw={700} ff="monospace">
          {state.id}
        </Text>
        <Badge variant="light">{state.kind}</Badge>
        {state.tags.map((tag) => (
          <Badge key={tag} variant="outline">
            {tag}
          </Badge>
        ))}
      </Group>
      {state.description && <Text size="sm">{state.description}</Text>}
      <StateSpecSections machineId={chart.id} stateId={state.id} />
      {state.invoke.map((invoke) => (
        <Text key={invoke.id} size="sm" ff="monospace">
          invoke {invoke.src}
        </Text>
      ))}
      {state.entry.length > 0 && <Text size="sm" ff="monospace">entry / {state.entry.map((a) => a.label).join(', ')}</Text>}
      {state.exit.length > 0 && <Text size="sm" ff="monospace">exit / {state.exit.map((a) => a.label).join(', ')}</Text>}
      {outgoing.length > 0 && (
        <List size="xs" spacing={2}>
          {outgoing.map((transition) => (
            <List.Item key={transition.id} ff="monospace">
              {transition.lines.join(' ')} →{' '}
              {transition.targets.length === 0
                ? t('state.stays')
                : transition.targets.map((target) => (
                    <Anchor key={target} component="button" size="xs" ff="monospace" onClick={() => onSelectState(target)}>
                      {target}{' '}
                    </Anchor>
                  ))}
            </List.Item>
          ))}
        </List>
      )}
      <CopyButton value={shareUrl}>
        {({ copied, copy }) => (
          <Button size="xs" variant="default" onClick={copy}>
            {copied ? t('state.linkCopied') : t('state.copyLink')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
