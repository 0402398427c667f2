import { Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { loadingMessagesMachine, loadingMessagesSelectors } from '../../../machines/hub/loadingMessages.machine';
import { inspect } from '../../inspect';

// The loading messages on long waits (spec 002 §9): shown under a wait's own status text once it lasts, one after the
// other; the machine stops with the component when the wait is over. Polite, so a screen reader hears each in turn.

export function LoadingMessages({ start = 0 }: { start?: number }) {
  const { t } = useTranslation('hub');
  const actor = useActorRef(loadingMessagesMachine, { input: { start }, inspect });
  const index = useSelector(actor, loadingMessagesSelectors.messageIndex);
  const messages = t('loadingMessages', { returnObjects: true });
  const message = index === null || !Array.isArray(messages) ? null : messages[index];
  return (
    <Text size="sm" c="gray.7" aria-live="polite" mih="1.5em">
      {typeof message === 'string' ? message : null}
    </Text>
  );
}
