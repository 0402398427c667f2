import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// The credit area's pages (spec 000 §2.4 credit/*: index, report, simulator) as tabs above each of them, so the
// simulator is one click from the report and back. A <nav>: the report's print stylesheet leaves it off paper.

export type CreditAreaTab = 'overview' | 'report' | 'simulator';

export interface CreditAreaNavProps {
  active: CreditAreaTab | null;
  paths: Record<CreditAreaTab, string>;
}

const TABS: readonly CreditAreaTab[] = ['overview', 'report', 'simulator'];

export function CreditAreaNav({ active, paths }: CreditAreaNavProps) {
  const { t } = useTranslation('creditTools');
  return (
    <Group component="nav" aria-label={t('areaNav.label')} gap={4} pt="md">
      {TABS.map((tab) => (
        <Button
          key={tab}
          component={Link}
          to={paths[tab]}
          size="xs"
          variant={tab === active ? 'light' : 'subtle'}
          aria-current={tab === active ? 'page' : undefined}
        >
          {t(`areaNav.${tab}`)}
        </Button>
      ))}
    </Group>
  );
}
