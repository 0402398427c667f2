import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// spec 000 §2.2: sign-in, sign-up, /handle, /update-payment and the other public routes have their own header:
// the brand, and one link that fits the page (sign-up from sign-in and back); the onboarding pages add their menu.

export interface PublicLayoutProps {
  children: ReactNode;
  /** The link on the right of the header, e.g. to sign-up from the sign-in page. */
  headerAction?: { to: string; label: string };
  /** A menu at the right of the header (the onboarding pages' limited drawer, spec 000 §2.4). */
  headerMenu?: ReactNode;
  /** Narrow card for forms; wide for notices. */
  width?: 'form' | 'wide';
  /** A page's own header in place of this one (spec 000 §2.2: /v1-sign-in). */
  header?: ReactNode;
}

export function PublicLayout({ children, headerAction, headerMenu, width = 'form', header }: PublicLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      {header ?? (
        <Box component="header" h={72} px="md" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/" underline="never" fw={700} fz="lg" c="purple.7">
              {t('appName')}
            </Anchor>
            <Group gap="md">
              {headerAction ? (
                <Anchor component={Link} to={headerAction.to} fw={600}>
                  {headerAction.label}
                </Anchor>
              ) : null}
              {headerMenu ?? null}
            </Group>
          </Group>
        </Box>
      )}
      <Container component="main" size={width === 'form' ? 460 : 720} py="xl">
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }}>
          {children}
        </Paper>
        <Text ta="center" c="dimmed" size="xs" mt="md">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
