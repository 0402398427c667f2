import { Anchor, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// The money area's header (spec 002 §2 Money overview): its title and the links to the debts page and to linking
// bank accounts (the sub-pages of /money), and on the overview the guided tour's button (spec 002 §2 "Guided tour
// overlay for / and /money").

export interface MoneyHeaderProps {
  debtsPath: string;
  linkAccountsPath: string;
  /** The guided tour's button and overlay (the overview only). */
  tour?: ReactNode;
}

export function MoneyHeader({ debtsPath, linkAccountsPath, tour }: MoneyHeaderProps) {
  const { t } = useTranslation('money');
  return (
    <Group id="moneyHeader" component="header" justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="lg">
      <div>
        <Title order={1}>{t('overview.title')}</Title>
        <Text c="gray.7">{t('overview.intro')}</Text>
      </div>
      <Group component="nav" aria-label={t('overview.navLabel')} gap="md">
        <Anchor component={Link} to={debtsPath} fw={600}>
          {t('overview.debtsLink')}
        </Anchor>
        <Anchor component={Link} to={linkAccountsPath} fw={600}>
          {t('overview.linkAccountsLink')}
        </Anchor>
        {tour ?? null}
      </Group>
    </Group>
  );
}
