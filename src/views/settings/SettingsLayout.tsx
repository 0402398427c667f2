import { Box, Group, NativeSelect, Stack, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { BREAKPOINTS_PX } from '../../domain/constants';
import { ROUTES, SETTINGS_PAGES, settingsPath, type SettingsPage } from '../../domain/routes';
import { useSignOutConfirmation } from '../shell/SignOutDialog';
import classes from './settings.module.css';

// spec 000 §2.5: the settings pages inside the main shell. A sidebar of the sub-pages on wide screens (900 px and
// up, spec 000 §9) and a labelled dropdown on small ones; a sign-out item that asks for confirmation (cancel or
// proceed). Billing (spec 001 §2) shows only when its page exists for this customer. Each sub-page has its own
// heading (the page's one h1) and title in the browser tab.

/** The settings pages, and billing (spec 001 §2) after them. */
export const SETTINGS_SECTIONS = [...SETTINGS_PAGES, 'billing'] as const;
export type SettingsSection = SettingsPage | 'billing';

export function isSettingsSection(value: string): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value);
}

/** '/settings/personal-info', '/settings/billing'. */
export function settingsSectionPath(section: SettingsSection): string {
  return section === 'billing' ? `${ROUTES.settings}/billing` : settingsPath(section);
}

/** The sidebar shows from the 900 px breakpoint; below it the dropdown. */
export const SETTINGS_SIDEBAR_QUERY = `(min-width: ${BREAKPOINTS_PX.sm}px)`;

export interface SettingsLayoutProps {
  section: SettingsSection;
  /** The billing page (spec 001 §2) when this customer has one. */
  showBilling: boolean;
  onSignOut: () => void;
  children: ReactNode;
}

export function SettingsLayout({ section, showBilling, onSignOut, children }: SettingsLayoutProps) {
  const { t } = useTranslation(['settings', 'common']);
  const wide = useMediaQuery(SETTINGS_SIDEBAR_QUERY) ?? false;
  const navigate = useNavigate();
  const signOut = useSignOutConfirmation(onSignOut);
  const sections = SETTINGS_SECTIONS.filter((entry) => entry !== 'billing' || showBilling);
  const pageTitle = t(`sections.${section}`);
  const appName = t('common:appName');

  useEffect(() => {
    const previous = document.title;
    document.title = t('layout.documentTitle', { page: pageTitle, app: appName });
    return () => {
      document.title = previous;
    };
  }, [appName, pageTitle, t]);

  const signOutItem = (
    <UnstyledButton className={classes.sideLink} onClick={signOut.open} aria-haspopup="dialog">
      {t('common:actions.signOut')}
    </UnstyledButton>
  );

  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" py="md">
      {wide ? (
        <Stack component="nav" aria-label={t('layout.navigation')} gap={4} className={classes.sidebar}>
          {sections.map((entry) => (
            <NavLink key={entry} to={settingsSectionPath(entry)} className={classes.sideLink}>
              {t(`sections.${entry}`)}
            </NavLink>
          ))}
          <Box className={classes.sidebarDivider} />
          {signOutItem}
        </Stack>
      ) : null}
      <Stack gap="lg" className={classes.content}>
        {wide ? null : (
          <Group component="nav" aria-label={t('layout.navigation')} align="flex-end" gap="sm" wrap="nowrap">
            <NativeSelect
              label={t('layout.select')}
              value={section}
              data={sections.map((entry) => ({ value: entry, label: t(`sections.${entry}`) }))}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isSettingsSection(value)) navigate(settingsSectionPath(value));
              }}
              className={classes.sectionSelect}
            />
            {signOutItem}
          </Group>
        )}
        <Title order={1} id="settings-title">
          {pageTitle}
        </Title>
        <Box component="section" aria-labelledby="settings-title" id="settings-content">
          {children}
        </Box>
      </Stack>
      {signOut.dialog}
    </Group>
  );
}
