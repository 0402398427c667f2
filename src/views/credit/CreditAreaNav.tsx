import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTab } from '../components/PageTab';

// The credit area's pages (spec 000 §2.4 credit/*: index, report, simulator, disputes) as tabs above each of them,
// so the simulator is one click from the report and back. A <nav>: the report's print stylesheet leaves it off
// paper. The disputes tab carries the count of items that need a decision (spec 001 §2; '9+' above 9).

export type CreditAreaTab = 'overview' | 'report' | 'simulator' | 'disputes';

export interface CreditAreaNavProps {
  active: CreditAreaTab | null;
  paths: Record<CreditAreaTab, string>;
  /** The disputes tab's badge ('9+' above 9), null for none. */
  disputesBadge?: string | null;
}

const TABS: readonly CreditAreaTab[] = ['overview', 'report', 'simulator', 'disputes'];

export function CreditAreaNav({ active, paths, disputesBadge = null }: CreditAreaNavProps) {
  const { t } = useTranslation('creditTools');
  return (
    <Group component="nav" aria-label={t('areaNav.label')} gap={4} pt="md">
      {TABS.map((tab) => {
        const label = t(`areaNav.${tab}`);
        const badge = tab === 'disputes' ? disputesBadge : null;
        return (
          <PageTab
            key={tab}
            to={paths[tab]}
            current={tab === active}
            look="subtle"
            size="xs"
            rightSection={
              badge ? (
                // The count is part of the tab's name, its meaning read after it (WCAG 2.5.3: the visible text is in the name).
                <>
                  <Badge component="span" color="red.9" size="sm" circle={badge.length === 1}>
                    {badge}
                  </Badge>
                  <VisuallyHidden> {t('areaNav.needDecision')}</VisuallyHidden>
                </>
              ) : undefined
            }
          >
            {label}
            {badge ? <VisuallyHidden> </VisuallyHidden> : null}
          </PageTab>
        );
      })}
    </Group>
  );
}
