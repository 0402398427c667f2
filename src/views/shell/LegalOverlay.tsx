import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/AppModal';
import type { LegalDocument } from './legal';

// The terms of use and the privacy policy as overlays (spec 000 §2.4).

const SECTIONS = ['one', 'two', 'three'] as const;

export function LegalOverlay({ document, onClose }: { document: LegalDocument; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <AppModal opened onClose={onClose} title={t(`legal.${document}.title`)} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`legal.${document}.updated`)}
        </Text>
        {SECTIONS.map((section) => (
          <div key={section}>
            <Title order={3} size="h5" mb={4}>
              {t(`legal.${document}.sections.${section}.heading`)}
            </Title>
            <Text size="sm">{t(`legal.${document}.sections.${section}.body`)}</Text>
          </div>
        ))}
      </Stack>
    </AppModal>
  );
}
