import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The shell's marker while developer overrides are active (spec 000 §6): on every page, with
// Restore. White on dark orange (7.3:1); a status, so assistive technology announces it.

/** Dark orange: white text on it reaches 7.3:1. */
const MARKER_COLOR = '#9a3412';

export interface OverridesMarkerProps {
  restoring: boolean;
  onRestore: () => void;
}

export function OverridesMarker({ restoring, onRestore }: OverridesMarkerProps) {
  const { t } = useTranslation('devTools');
  return (
    <Group role="status" justify="center" gap="sm" px="md" py={6} bg={MARKER_COLOR} c="white" wrap="nowrap" data-testid="overrides-marker">
      <Text fw={700} size="sm" c="white">
        {t('marker.text')}
      </Text>
      <Button size="compact-sm" variant="white" c={MARKER_COLOR} onClick={onRestore} loading={restoring}>
        {t('marker.restore')}
      </Button>
    </Group>
  );
}
