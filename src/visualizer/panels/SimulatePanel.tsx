import { Badge, Button, Code, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventObject } from 'xstate';
import { stablePretty } from '../model/format';
import type { EventOption, SimulationStep } from '../simulate/simulator';

// Simulate: the events the machine listens to now, each with the registry's sample payloads; delays and the
// invoked actors' done/error results are buttons too. Step back undoes the last event, Reset starts over.
// Event buttons show the statechart's own notation (event types, payloads), which is not translated.

const groups: Array<{ title: 'simulate.events' | 'simulate.delays' | 'simulate.actors'; kinds: ReadonlyArray<EventOption['kind']> }> = [
  { title: 'simulate.events', kinds: ['event'] },
  { title: 'simulate.delays', kinds: ['after'] },
  { title: 'simulate.actors', kinds: ['done', 'error', 'snapshot'] },
];

const STATUSES = ['active', 'done', 'error', 'stopped'] as const;

interface SimulatePanelProps {
  steps: readonly SimulationStep[];
  options: readonly EventOption[];
  error: string | null;
  onSend: (event: EventObject) => void;
  onBack: () => void;
  onReset: () => void;
}

export function SimulatePanel({ steps, options, error, onSend, onBack, onReset }: SimulatePanelProps) {
  const { t } = useTranslation('statecharts');
  const current = steps.at(-1);
  if (!current) return null;
  const status = current.snapshot.status;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onBack} disabled={steps.length < 2}>
          {t('simulate.stepBack')}
        </Button>
        <Button size="xs" variant="default" onClick={onReset}>
          {t('simulate.reset')}
        </Button>
        <Badge variant="light" color={status === 'done' ? 'green' : 'blue'} data-testid="simulation-status" data-status={status}>
          {(STATUSES as readonly string[]).includes(status) ? t(`simulate.status.${status as (typeof STATUSES)[number]}`) : status}
        </Badge>
      </Group>
      <div>
        <Text size="sm" fw={600}>
          {t('simulate.currentState')}
        </Text>
        <Code block data-testid="simulation-state">
          {stablePretty(current.snapshot.value)}
        </Code>
      </div>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {options.length === 0 && <Text size="sm">{status === 'done' ? t('simulate.finished') : t('simulate.noEvent')}</Text>}
      {groups.map(({ title, kinds }) => {
        const list = options.filter((o) => kinds.includes(o.kind));
        if (list.length === 0) return null;
        return (
          <Stack key={title} gap={4} role="group" aria-label={t(title)}>
            <Title order={5}>{t(title)}</Title>
            {list.map((option) => (
              <Button
                key={option.label}
                size="xs"
                variant={option.enabled ? 'light' : 'default'}
                disabled={!option.enabled}
                title={option.enabled ? undefined : t('simulate.blocked')}
                onClick={() => onSend(option.event)}
                styles={{ root: { height: 'auto', minHeight: 28, paddingBlock: 4 }, inner: { height: 'auto' }, label: { height: 'auto', whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left', fontFamily: 'var(--mantine-font-family-monospace)' } }}
                justify="flex-start"
              >
                {option.label}
              </Button>
            ))}
          </Stack>
        );
      })}
      <div>
        <Text size="sm" fw={600}>
          {t('simulate.context')}
        </Text>
        <ScrollArea.Autosize mah={260} viewportProps={{ tabIndex: 0 }}>
          <Code block data-testid="simulation-context">
            {stablePretty(current.snapshot.context)}
          </Code>
        </ScrollArea.Autosize>
      </div>
      {steps.length > 1 && (
        <div>
          <Text size="sm" fw={600}>
            {t('simulate.sent')}
          </Text>
          <Stack gap={0} component="ol" style={{ margin: 0, paddingLeft: 20 }}>
            {steps.slice(1).map((step, index) => (
              <Text key={index} size="xs" component="li" ff="monospace">
                {step.event?.type}
              </Text>
            ))}
          </Stack>
        </div>
      )}
    </Stack>
  );
}
