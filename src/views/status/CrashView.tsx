import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// What a person sees when a page fails to render (the app's error boundary, src/app/shell/AppErrorBoundary.tsx): the
// load view's error wording (spec 000 §4.2) with Try again, which loads the page afresh, and Request assistance.

const SupportDialog = lazy(() => import('../support/SupportDialog').then((m) => ({ default: m.SupportDialog })));

export function CrashView({ onTryAgain }: { onTryAgain: () => void }) {
  const { t } = useTranslation('common');
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" maw={480} role="alert">
        <Title order={1}>{t('loadView.errorTitle')}</Title>
        <Text>{t('loadView.errorBody')}</Text>
        <Group>
          <Button onClick={onTryAgain}>{t('actions.tryAgain')}</Button>
          <Button variant="light" onClick={() => setSupportOpen(true)}>
            {t('actions.requestAssistance')}
          </Button>
        </Group>
        <Suspense fallback={null}>
          <SupportDialog opened={supportOpen} onClose={() => setSupportOpen(false)} />
        </Suspense>
      </Stack>
    </Center>
  );
}
