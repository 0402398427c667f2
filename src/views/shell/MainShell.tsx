import { AppShell, Badge, Burger, Button, Container, Drawer, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { HEADER_HEIGHT_PX } from '../../domain/constants';
import { headerHeightPx } from '../../domain/layout';
import { formatBadgeCount } from '../../domain/format';
import type { Area } from '../../domain/permissions';
import { AREA_PATHS, HEADER_AREAS } from './areas';
import { BottomNavigation } from './BottomNavigation';
import { Footer } from './Footer';
import classes from './shell.module.css';
import { useSignOutConfirmation } from './SignOutDialog';
import { ROUTES } from '../../domain/routes';

// spec 000 §2.4: the signed-in shell. A header with the dashboard and the permitted areas, support (the support
// center, spec 002 §2; its 'still need assistance' dialog has the phone and the contact form), settings and
// sign-out (with confirmation); the your-loan-team dialog's button (spec 000 §2.4, spec 002 §2: part of the header,
// so on every signed-in page); a drawer with the same on small screens; the flagged bottom navigation; a footer
// with the terms and privacy overlays. The header is 72 px, or 102 px with the broker banner.

export interface MainShellProps {
  /** The areas this user may open (src/domain/permissions.ts permittedAreas). */
  areas: readonly Area[];
  email: string | null;
  /** The broker's company name when the banner shows (src/domain/layout.ts brokerBannerCompany), else null. */
  brokerBanner: string | null;
  /** spec 000 §6: an agent's session shows the coach banner, the layout offset below it. */
  coachBanner?: ReactNode;
  bottomNavigation: boolean;
  /** Dispute items that need a decision (spec 001 §4): a badge on the Credit link and the bottom navigation's dot. */
  creditReviewCount: number;
  /** spec 000 §6 alternate logo flag: the header shows the alternate logo (the mark beside the name). */
  alternateLogo?: boolean;
  /** spec 000 §6 partner mode flag: the white-label 'Powered by' banner in the footer. */
  poweredBy?: boolean;
  /** spec 000 §2.4: a dev tools button for signed-in users outside prod. */
  devToolsPath: string | null;
  /** spec 000 §6: the marker while developer overrides are active (on every page, above the content). */
  overridesMarker?: ReactNode;
  /** Opens the your-loan-team dialog (spec 002 §2 header); without it the header has no loan-team button. */
  onOpenLoanTeam?: () => void;
  onSignOut: () => void;
  children: ReactNode;
}

export function MainShell(props: MainShellProps) {
  const { areas, email, brokerBanner, coachBanner, bottomNavigation, creditReviewCount, devToolsPath, overridesMarker, onSignOut, children } = props;
  const { alternateLogo = false, poweredBy = false, onOpenLoanTeam } = props;
  const { t } = useTranslation(['shell', 'common']);
  const [drawerOpened, drawer] = useDisclosure(false);
  const signOut = useSignOutConfirmation(onSignOut);
  const headerAreas = HEADER_AREAS.filter((area) => areas.includes(area));
  const headerHeight = headerHeightPx({ brokerBanner: brokerBanner !== null, coachBanner: Boolean(coachBanner) });

  const openSignOut = () => {
    drawer.close();
    signOut.open();
  };
  const openLoanTeam = () => {
    drawer.close();
    onOpenLoanTeam?.();
  };

  // The Credit link carries the count of dispute items that need a decision (spec 001 §2, §4; '9+' above 9).
  const creditBadge = creditReviewCount > 0 ? formatBadgeCount(creditReviewCount) : null;
  const areaLinks = (className: string, onNavigate?: () => void) =>
    headerAreas.map((area) => {
      const label = t(`areas.${area}`);
      const badge = area === 'credit' ? creditBadge : null;
      return (
        <NavLink key={area} to={AREA_PATHS[area]} end={area === 'dashboard'} className={className} onClick={onNavigate}>
          {label}
          {badge ? (
            <>
              {' '}
              {/* The count is part of the link's name, its meaning read after it (WCAG 2.5.3: the visible text is in the name). */}
              <Badge component="span" color="red.9" size="sm" circle={badge.length === 1} ml={4}>
                {badge}
              </Badge>
              <VisuallyHidden> {t('header.readyForReview')}</VisuallyHidden>
            </>
          ) : null}
        </NavLink>
      );
    });

  return (
    <AppShell header={{ height: headerHeight }} padding="md">
      <AppShell.Header>
        {coachBanner ?? null}
        {brokerBanner ? (
          <div className={classes.brokerBanner} role="note">
            {t('header.brokerBanner', { company: brokerBanner })}
          </div>
        ) : null}
        <Group h={HEADER_HEIGHT_PX} px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <UnstyledButton component={Link} to={ROUTES.home} fw={700} fz="lg" c="purple.7" aria-label={t('header.homeLink')}>
              <Group gap={8} wrap="nowrap" component="span" data-logo={alternateLogo ? 'alternate' : 'standard'}>
                {alternateLogo ? <LogoMark /> : null}
                {t('common:appName')}
              </Group>
            </UnstyledButton>
            <Group component="nav" aria-label={t('header.navigation')} gap={4} visibleFrom="sm" wrap="nowrap">
              {areaLinks(classes.navLink)}
            </Group>
          </Group>
          <Group gap="xs" visibleFrom="sm" wrap="nowrap">
            {devToolsPath ? (
              <NavLink to={devToolsPath} className={classes.navLink}>
                {t('header.devTools')}
              </NavLink>
            ) : null}
            <NavLink to={AREA_PATHS.support} className={classes.navLink}>
              {t('header.support')}
            </NavLink>
            {areas.includes('settings') ? (
              <NavLink to={AREA_PATHS.settings} className={classes.navLink}>
                {t('areas.settings')}
              </NavLink>
            ) : null}
            {onOpenLoanTeam ? (
              <Button variant="subtle" size="sm" onClick={onOpenLoanTeam} aria-haspopup="dialog">
                {t('header.loanTeam')}
              </Button>
            ) : null}
            <Button variant="light" size="sm" onClick={signOut.open}>
              {t('common:actions.signOut')}
            </Button>
          </Group>
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="sm"
            aria-label={t('header.openMenu')}
            aria-expanded={drawerOpened}
          />
        </Group>
      </AppShell.Header>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={t('header.menu')}
        hiddenFrom="sm"
        size="xs"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap={4} component="nav" aria-label={t('header.navigation')}>
          {areaLinks(classes.drawerLink, drawer.close)}
          {areas.includes('settings') ? (
            <NavLink to={AREA_PATHS.settings} className={classes.drawerLink} onClick={drawer.close}>
              {t('areas.settings')}
            </NavLink>
          ) : null}
          {devToolsPath ? (
            <NavLink to={devToolsPath} className={classes.drawerLink} onClick={drawer.close}>
              {t('header.devTools')}
            </NavLink>
          ) : null}
          <NavLink to={AREA_PATHS.support} className={classes.drawerLink} onClick={drawer.close}>
            {t('header.support')}
          </NavLink>
          {onOpenLoanTeam ? (
            <UnstyledButton className={classes.drawerLink} onClick={openLoanTeam} aria-haspopup="dialog">
              {t('header.loanTeam')}
            </UnstyledButton>
          ) : null}
          <UnstyledButton className={classes.drawerLink} onClick={openSignOut}>
            {t('common:actions.signOut')}
          </UnstyledButton>
        </Stack>
        {email ? (
          <Text size="xs" c="dimmed" mt="md">
            {t('header.signedInAs', { email })}
          </Text>
        ) : null}
      </Drawer>

      <AppShell.Main>
        <Container size="lg" px={0} pb={bottomNavigation ? 80 : 0}>
          {overridesMarker ?? null}
          {children}
          <Footer poweredBy={poweredBy} />
        </Container>
      </AppShell.Main>

      {bottomNavigation ? <BottomNavigation areas={areas} creditReviewCount={creditReviewCount} /> : null}
      {signOut.dialog}
    </AppShell>
  );
}

/** The alternate logo's mark (the favicon's): decorative, the link is named by its label. */
function LogoMark() {
  return (
    <svg width={28} height={28} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#6a31b0" />
      <path d="M9 21.5 14 15l4 3.5 5-7.5" fill="none" stroke="#5bcd80" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
