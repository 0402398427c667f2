import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { telHref } from '../components/phone';

// spec 001 §1, §2 and spec 000 §6: the free product line has no credit pages; each of them shows this banner
// instead (not a redirect): what premium gives, the way to upgrade (billing's upgrade sub-route, spec 001 §2
// "Billing") and the customer-service phone with its hours.

export interface CreditUpgradeBannerProps {
  /** The billing upgrade page. */
  upgradePath: string;
  /** The customer-service phone, 000-000-0000. */
  phone: string;
  /**
   * Another area's own title, text and features, already translated (the identity pages); the
   * credit area's by default. The upgrade button and the call section stay the same.
   */
  copy?: { title: string; body: string; features: readonly string[] };
}

const FEATURES = ['report', 'history', 'refresh', 'simulator', 'disputes'] as const;

export function CreditUpgradeBanner({ upgradePath, phone, copy }: CreditUpgradeBannerProps) {
  const { t } = useTranslation(['creditTools', 'common']);
  const title = copy?.title ?? t('upgrade.title');
  const body = copy?.body ?? t('upgrade.body');
  const features = copy?.features ?? FEATURES.map((feature) => t(`upgrade.features.${feature}`));
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="credit-upgrade-title">
      <Stack gap="md">
        <Title order={1} id="credit-upgrade-title">
          {title}
        </Title>
        <Text>{body}</Text>
        <List spacing="xs">
          {features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Group>
          <Button component={Link} to={upgradePath} size="md">
            {t('upgrade.cta')}
          </Button>
        </Group>
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('upgrade.callTitle')}
          </Title>
          <Text>{t('upgrade.call', { phone })}</Text>
          <Text c="dimmed" size="sm">
            {t('common:support.hours')}
          </Text>
          <Group>
            <Button component="a" variant="light" href={telHref(phone)}>
              {t('upgrade.callNow')}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
