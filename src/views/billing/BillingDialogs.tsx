import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppModal } from '../components/AppModal';
import { telHref } from '../components/phone';

// The billing page's dialogs (spec 001 §2 Billing): the contract that is not there (errors.settings.contract-not-found),
// the upgrade dialog of the free plan's learn-more sub-route (features, the customer-service phone, Call now, the
// hours), and the confirmation a navigation state opens (after a secure page or a payment).

export function ContractNotFoundDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['billing', 'errors']);
  return (
    <AppModal opened={opened} onClose={onClose} title={t('contractNotFound.title')}>
      <Stack gap="md">
        <Text>{t('errors:errors.settings.contract-not-found')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('contractNotFound.close')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

const UPGRADE_FEATURES = ['reports', 'disputes', 'simulator', 'coach'] as const;

export function UpgradeDialog({ opened, phone, onClose }: { opened: boolean; phone: string; onClose: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('upgrade.dialogTitle')}>
      <Stack gap="md">
        <Text>{t('upgrade.intro')}</Text>
        <List spacing="xs">
          {UPGRADE_FEATURES.map((feature) => (
            <List.Item key={feature}>{t(`upgrade.features.${feature}`)}</List.Item>
          ))}
        </List>
        <Text>{t('upgrade.phone', { phone })}</Text>
        <Text size="sm">{t('upgrade.hours')}</Text>
        <Group justify="space-between">
          <Button component="a" href={telHref(phone)}>
            {t('upgrade.callNow')}
          </Button>
          <Button variant="subtle" onClick={onClose}>
            {t('upgrade.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

export type BillingConfirmation = 'paid' | 'updated' | 'cancelled';

export function BillingConfirmationDialog({ confirmation, onClose }: { confirmation: BillingConfirmation | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const shown = confirmation ?? 'paid';
  return (
    <AppModal opened={confirmation !== null} onClose={onClose} title={t(`confirmation.${shown}.title`)}>
      <Stack gap="md">
        <Text>{t(`confirmation.${shown}.body`)}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('confirmation.close')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** The free plan's banner in place of the billing details, with the learn-more link to the upgrade sub-route. */
export function BillingUpgradeBanner({ upgradePath }: { upgradePath: string }) {
  const { t } = useTranslation('billing');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="billing-upgrade-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="billing-upgrade-title">
          {t('upgrade.bannerTitle')}
        </Title>
        <Text>{t('upgrade.bannerBody')}</Text>
        <Button component={Link} to={upgradePath}>
          {t('upgrade.learnMore')}
        </Button>
      </Stack>
    </Card>
  );
}
