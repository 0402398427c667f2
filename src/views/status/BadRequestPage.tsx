import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ErrorsKey } from '../../i18n/keys';
import { ROUTES } from '../../domain/routes';

// spec 000 §2.2: any other /handle mode shows '400 Error - Bad request' with advice to retype the address or
// go home; spec 000 §4.4: a reset-link lookup that times out shows it with 'click the email link again'.

export interface BadRequestPageProps {
  /** Replaces the retype-the-address advice, e.g. the 'click the email link again' key. */
  adviceKey?: ErrorsKey;
}

export function BadRequestPage({ adviceKey }: BadRequestPageProps) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Stack align="center" gap="md" ta="center">
      <Title order={1}>{t('errors:auth.errors.bad-request')}</Title>
      <Text>{adviceKey ? t(adviceKey, { ns: 'errors' }) : t('badRequest.advice')}</Text>
      <Button component={Link} to={ROUTES.home}>
        {t('actions.goHome')}
      </Button>
    </Stack>
  );
}
