import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { loadViewSelectors, type loadViewMachine } from '../../../machines/shell/loadView.machine';

// spec 000 §4.2 and §2.2: 'Loading', after 5 s 'loaded momentarily', after a further 15 s the error view with
// Try again and Request assistance (the support dialog).

// The support dialog loads only when a load has failed.
const SupportDialog = lazy(() => import('../support/SupportDialog').then((m) => ({ default: m.SupportDialog })));

export type LoadViewActor = ActorRefFrom<typeof loadViewMachine>;

export function LoadView({ actor }: { actor: LoadViewActor }) {
  const { t } = useTranslation('common');
  const failed = useSelector(actor, loadViewSelectors.hasFailed);
  const slow = useSelector(actor, loadViewSelectors.isSlow);
  const supportOpen = useSelector(actor, loadViewSelectors.showsSupport);

  if (failed) {
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" ta="center" maw={480}>
          <Title order={1}>{t('loadView.errorTitle')}</Title>
          <Text>{t('loadView.errorBody')}</Text>
          <Group>
            <Button onClick={() => actor.send({ type: 'load.retry' })}>{t('actions.tryAgain')}</Button>
            <Button variant="light" onClick={() => actor.send({ type: 'assistance.request' })}>
              {t('actions.requestAssistance')}
            </Button>
          </Group>
          <Suspense fallback={null}>
            <SupportDialog opened={supportOpen} onClose={() => actor.send({ type: 'dialog.close' })} />
          </Suspense>
        </Stack>
      </Center>
    );
  }

  return (
    <Center mih="60vh" p="md">
      <Stack align="center" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text>{slow ? t('loadView.slow') : t('loadView.loading')}</Text>
      </Stack>
    </Center>
  );
}
