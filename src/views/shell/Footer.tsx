import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { legalOverlayPath } from '../../domain/routes';
import type { OverlayState } from './legal';

// spec 000 §2.4: the footer's terms and privacy-policy links open as overlays over the current page: the link
// carries the page it was opened from, and the router keeps rendering that page underneath (modal routes). Its
// address is the overlay's over the page's area ('/credit/terms-conditions'), or the home page's.

/** `poweredBy`: the partner mode's 'Powered by' banner (spec 000 §6), for white-label sites. */
export function Footer({ poweredBy = false }: { poweredBy?: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const location = useLocation();
  const state: OverlayState = { backgroundLocation: location };
  return (
    <Box component="footer" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {poweredBy ? (
        <Text size="sm" fw={600} c="gray.8" ta="center" mb="sm" role="note">
          {t('footer.poweredBy', { name: t('common:appName') })}
        </Text>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {t('common:footer.rights', { year: new Date().getFullYear() })}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={legalOverlayPath('terms', location.pathname)} state={state} size="sm">
            {t('legal.terms.title')}
          </Anchor>
          <Anchor component={Link} to={legalOverlayPath('privacy', location.pathname)} state={state} size="sm">
            {t('legal.privacy.title')}
          </Anchor>
        </Group>
      </Group>
    </Box>
  );
}
