import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../domain/routes';

// The 404 page for any path the app does not know.

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.body')}</Text>
      <Button component={Link} to={ROUTES.home}>
        {t('actions.goHome')}
      </Button>
    </Stack>
  );
}
