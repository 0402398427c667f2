import { Box, Group, Indicator, UnstyledButton, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { formatBadgeCount } from '../../domain/format';
import type { Area } from '../../domain/permissions';
import { AREA_PATHS, BOTTOM_NAVIGATION_AREAS } from './areas';
import classes from './shell.module.css';

// spec 000 §2.4: the feature-flagged bottom navigation (mobile) with five tabs: documents, identity, home,
// credit, money. The credit tab shows a red dot with the count of accounts ready for review ('9+' above 9).
// Tabs of areas the user may not open (the free line) are left out.

export interface BottomNavigationProps {
  areas: readonly Area[];
  creditReviewCount: number;
}

export function BottomNavigation({ areas, creditReviewCount }: BottomNavigationProps) {
  const { t } = useTranslation('shell');
  const tabs = BOTTOM_NAVIGATION_AREAS.filter((area) => areas.includes(area));
  return (
    <Box
      component="nav"
      aria-label={t('bottomNavigation.label')}
      hiddenFrom="sm"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      h={64}
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 100 }}
    >
      <Group h="100%" justify="space-around" gap={0} wrap="nowrap">
        {tabs.map((area) => {
          const label = t(`areas.${area}`);
          const badge = area === 'credit' && creditReviewCount > 0 ? formatBadgeCount(creditReviewCount) : null;
          return (
            <UnstyledButton
              key={area}
              component={NavLink}
              to={AREA_PATHS[area]}
              end={area === 'dashboard'}
              className={classes.bottomTab}
            >
              {/* The name is the visible text, the count and its meaning after it (WCAG 2.5.3), as in the header. */}
              <Indicator disabled={!badge} label={badge} color="red.9" size={16} offset={-2} inline>
                <Text size="xs" fw={600}>
                  {label}
                </Text>
              </Indicator>
              {badge ? <VisuallyHidden> {t('header.readyForReview')}</VisuallyHidden> : null}
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
