import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimulatorEvent } from '../../../domain/scoreSimulator';
import { SimulatorFrame } from './SimulatorFrame';

// /credit/simulator (spec 001 §2 "Simulator"): the score-simulator widget with the page's tools (the language
// toggle) above it; while the display tokens load, a loader; when they cannot be read, an error with Try again.

export type SimulatorPageState = { status: 'loading' } | { status: 'failed'; onRetry: () => void } | { status: 'shown'; url: string };

export interface SimulatorPageProps {
  state: SimulatorPageState;
  tools: ReactNode;
  onEvent: (event: SimulatorEvent) => void;
}

export function SimulatorPage({ state, tools, onEvent }: SimulatorPageProps) {
  const { t } = useTranslation(['creditTools', 'common']);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('simulator.title')}</Title>
          <Text c="dimmed">{t('simulator.intro')}</Text>
        </Stack>
        {tools}
      </Group>
      {state.status === 'loading' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('simulator.loading')}</Text>
        </Group>
      ) : null}
      {state.status === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('simulator.error')}</Text>
            <Button size="xs" variant="light" onClick={state.onRetry}>
              {t('common:actions.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {state.status === 'shown' ? <SimulatorFrame url={state.url} title={t('simulator.frameTitle')} onEvent={onEvent} /> : null}
    </Stack>
  );
}
