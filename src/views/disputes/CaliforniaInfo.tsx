import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/AppModal';

// spec 001 §2: with the California dispute flag, a California-only info button and the paper dispute rounds dialog.

export function CaliforniaInfo() {
  const { t } = useTranslation('disputes');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" size="sm" onClick={() => setOpened(true)} aria-haspopup="dialog">
        {t('california.button')}
      </Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={t('california.title')} size="lg">
        <Stack gap="sm">
          <Text>{t('california.intro')}</Text>
          <Text>{t('california.rounds')}</Text>
          <Text>{t('california.windows')}</Text>
          <Text>{t('california.mail')}</Text>
        </Stack>
      </AppModal>
    </>
  );
}
