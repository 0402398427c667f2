import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPhoneDisplay } from '../../domain/format';
import { telHref } from '../components/phone';

// spec 001 §2 "Maintenance screen": planned-maintenance text, opening hours, the customer-service phone and a
// Call now button; the phone section is omitted on the admin site.

export interface MaintenanceScreenProps {
  phone: string;
  showPhone: boolean;
}

export function MaintenanceScreen({ phone, showPhone }: MaintenanceScreenProps) {
  const { t } = useTranslation('common');
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" ta="center" maw={560} gap="md">
        <Title order={1}>{t('maintenance.title')}</Title>
        <Text>{t('maintenance.body')}</Text>
        {showPhone ? (
          <Box component="section" aria-label={t('maintenance.phoneSection')}>
            <Stack align="center" gap="xs">
              <Text>{t('maintenance.callUs')}</Text>
              <Text fw={700} fz="xl">
                {formatPhoneDisplay(phone)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('support.hours')}
              </Text>
              <Button component="a" href={telHref(phone)}>
                {t('maintenance.callNow')}
              </Button>
            </Stack>
          </Box>
        ) : null}
      </Stack>
    </Center>
  );
}
