import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../domain/routes';

// spec 000 §2.2: /v1-sign-in, the address the first version of the app signed in at, has a header of its own. Who
// arrives there comes from an old link or bookmark: the header says this is the new app, that the account is the
// same (the same email and password; an account not moved yet is offered a new password by the welcome modal,
// spec 000 §4.1), and where to ask for help.

export function V1SignInHeader() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Box component="header" px="md" py="sm" mih={72} bg="purple.0" style={{ borderBottom: '1px solid var(--mantine-color-purple-2)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs" mih={48}>
        <Anchor component={Link} to={ROUTES.home} underline="never" fw={700} fz="lg" c="purple.7">
          {t('common:appName')}
        </Anchor>
        <Text size="sm" fw={600} c="purple.9">
          {t('v1SignIn.notice')}
        </Text>
        <Anchor component={Link} to={ROUTES.contact} fw={600} size="sm">
          {t('v1SignIn.help')}
        </Anchor>
      </Group>
    </Box>
  );
}
