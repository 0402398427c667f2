import { Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// The content pages' loading, failure, upgrade and not-found states.

export function ContentLoading() {
  const { t } = useTranslation('content');
  return (
    <Center mih="40vh" role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text>{t('load.loading')}</Text>
      </Stack>
    </Center>
  );
}

export function ContentFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Center mih="40vh">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h3">
          {t('load.failed')}
        </Title>
        <Button onClick={onRetry}>{t('load.retry')}</Button>
      </Stack>
    </Center>
  );
}

/** A learning article or category that does not exist. */
export function ContentNotFound({ homePath }: { homePath: string }) {
  const { t } = useTranslation('content');
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body')}</Text>
      <Button component={Link} to={homePath}>
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}

/** The free-only customer's offer on the learning pages (the premium-articles flag, spec 002 §6). */
export function FreeOnlyBanner({ upgradePath }: { upgradePath: string }) {
  const { t } = useTranslation('content');
  return (
    <Card withBorder radius="md" padding="md" component="aside" aria-labelledby="content-free-only-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h5" id="content-free-only-title">
          {t('freeOnly.title')}
        </Title>
        <Text size="sm">{t('freeOnly.body')}</Text>
        <Button component={Link} to={upgradePath} size="xs" variant="light">
          {t('freeOnly.cta')}
        </Button>
      </Stack>
    </Card>
  );
}
