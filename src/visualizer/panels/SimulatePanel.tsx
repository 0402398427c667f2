import { Badge, Button, Code, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { EventObject } from 'xstate';
import { stablePretty } from '../model/format';
import type { EventOption, SimulationStep } from '../simulate/simulator';

// Simulate: the events the machine listens to now, each with the registry's sample payloads; delays and the
// invoked actors' done/error results are buttons too. Step back undoes the last event, Reset starts over.

const groups: Array<{ title: string; kinds: ReadonlyArray<EventOption['kind']> }> = [
  { title: 'Events', kinds: ['event'] },
  { title: 'Delays', kinds: ['after'] },
  { title: 'Invoked actors', kinds: ['done', 'error', 'snapshot'] },
];

interface SimulatePanelProps {
  steps: readonly SimulationStep[];
  options: readonly EventOption[];
  error: string | null;
  onSend: (event: EventObject) => void;
  onBack: () => void;
  onReset: () => void;
}

export function SimulatePanel({ steps, options, error, onSend, onBack, onReset }: SimulatePanelProps) {
  const current = steps.at(-1);
  if (!current) return null;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onBack} disabled={steps.length < 2}>
          Step back
        </Button>
        <Button size="xs" variant="default" onClick={onReset}>
          Reset
        </Button>
        <Badge variant="light" color={current.snapshot.status === 'done' ? 'green' : 'blue'} data-testid="simulation-status">
          {current.snapshot.status}
        </Badge>
      </Group>
      <div>
        <Text size="sm" fw={600}>
          Current state
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
      {options.length === 0 && <Text size="sm">No event can be sent here{current.snapshot.status === 'done' ? ': the machine has finished.' : '.'}</Text>}
      {groups.map(({ title, kinds }) => {
        const list = options.filter((o) => kinds.includes(o.kind));
        if (list.length === 0) return null;
        return (
          <Stack key={title} gap={4} role="group" aria-label={title}>
            <Title order={5}>{title}</Title>
            {list.map((option) => (
              <Button
                key={option.label}
                size="xs"
                variant={option.enabled ? 'light' : 'default'}
                disabled={!option.enabled}
                title={option.enabled ? undefined : 'A guard or the current state blocks this event'}
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
          Context
        </Text>
        <ScrollArea.Autosize mah={260}>
          <Code block data-testid="simulation-context">
            {stablePretty(current.snapshot.context)}
          </Code>
        </ScrollArea.Autosize>
      </div>
      {steps.length > 1 && (
        <div>
          <Text size="sm" fw={600}>
            Events sent
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
