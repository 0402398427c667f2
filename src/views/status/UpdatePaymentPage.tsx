import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SupportPhone } from '../support/SupportDialog';

// spec 001 §2: customers whose subscription status is outside the acceptable set are redirected here.

export function UpdatePaymentPage({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md">
      <Title order={1}>{t('updatePayment.title')}</Title>
      <Text>{t('updatePayment.body')}</Text>
      <SupportPhone />
      <Button variant="subtle" onClick={onSignOut} style={{ alignSelf: 'flex-start' }}>
        {t('actions.signOut')}
      </Button>
    </Stack>
  );
}
