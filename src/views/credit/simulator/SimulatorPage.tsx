import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimulatorEvent } from '../../../domain/scoreSimulator';
import { WidgetPageStatus } from '../../components/WidgetFrame';
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
      <WidgetPageStatus state={state} loadingLabel={t('simulator.loading')} errorText={t('simulator.error')} />
      {state.status === 'shown' ? <SimulatorFrame url={state.url} title={t('simulator.frameTitle')} onEvent={onEvent} /> : null}
    </Stack>
  );
}
