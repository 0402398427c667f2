import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEV_TOOLS_SECTIONS, isDevToolsSection, type DevToolsSection } from '../../domain/routes';

// The developer tools page (spec 001 §2 "Developer tools"; never in production): its sections as
// tabs (each its own address, so a section can be shared), and the link to the statechart visualizer.

export interface DevToolsLayoutProps {
  section: DevToolsSection;
  onSectionChange: (section: DevToolsSection) => void;
  visualizerPath: string;
  /** The open section's content. */
  children: ReactNode;
}

export function DevToolsLayout({ section, onSectionChange, visualizerPath, children }: DevToolsLayoutProps) {
  const { t } = useTranslation('devTools');
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <Anchor component={Link} to={visualizerPath} c="purple.8" td="underline" w="fit-content">
        {t('visualizerLink')}
      </Anchor>
      <Tabs
        value={section}
        onChange={(value) => {
          if (isDevToolsSection(value)) onSectionChange(value);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('sectionsLabel')}>
          {DEV_TOOLS_SECTIONS.map((entry) => (
            <Tabs.Tab key={entry} value={entry}>
              {t(`sections.${entry}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DEV_TOOLS_SECTIONS.map((entry) => (
          <Tabs.Panel key={entry} value={entry} pt="md">
            {entry === section ? children : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
