import { Alert, Button, Card, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { bankWidgetSelectors as select, type bankWidgetMachine } from '../../../../machines/money/bankWidget.machine';
import { BankWidgetFrame } from '../../onboarding/intake/BankWidgetFrame';

// A bank widget in its sandboxed frame (spec 002 §2, §6): the frame once its address is here (messages from it count
// only from its own origin: src/views/components/widgetFrame.ts), Try again on failure, and for a coach without
// permission the read-only message (money.coach-cant-connect) over an inert placeholder that takes no focus or clicks.

export type BankWidgetActor = ActorRefFrom<typeof bankWidgetMachine>;

export interface BankWidgetPanelProps {
  actor: BankWidgetActor;
  /** The frame's accessible name. */
  title: string;
}

export function BankWidgetPanel({ actor, title }: BankWidgetPanelProps) {
  const { t } = useTranslation('money');
  const status = useSelector(actor, select.status);
  const url = useSelector(actor, select.url);
  const onLinked = useCallback(() => actor.send({ type: 'bank.linked' }), [actor]);
  if (status === 'inert') {
    return (
      <Stack gap="sm">
        <Alert color="yellow" role="status" variant="light" title={t('widgets.inertTitle')} styles={{ title: { color: '#8a3c00' } }}>
          {t('coach-cant-connect')}
        </Alert>
        <Card withBorder inert aria-hidden="true" data-testid="inert-widget" style={{ opacity: 0.6, minHeight: 200 }}>
          <Text c="gray.7">{title}</Text>
        </Card>
      </Stack>
    );
  }
  if (status === 'failed') {
    return (
      <Alert color="red" role="alert" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text>{t('widgets.failed')}</Text>
          <Button variant="outline" onClick={() => actor.send({ type: 'widget.retry' })}>
            {t('widgets.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (status === 'loading' || url === null) return <Loader role="status" aria-label={t('widgets.loading')} />;
  return <BankWidgetFrame url={url} title={title} onLinked={onLinked} />;
}
