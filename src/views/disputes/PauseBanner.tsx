import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// spec 001 §2, §4: with its flag, the pause / resume investigations banner (the disputesPause machine's state).

export interface PauseBannerProps {
  paused: boolean;
  /** Reading or changing the pause. */
  busy: boolean;
  onToggle: () => void;
}

export function PauseBanner({ paused, busy, onToggle }: PauseBannerProps) {
  const { t } = useTranslation('disputes');
  return (
    <Alert
      color={paused ? 'orange' : 'blue'}
      variant="light"
      title={paused ? t('pause.pausedTitle') : t('pause.runningTitle')}
      styles={paused ? { title: { color: '#8a3c00' } } : undefined}
      aria-busy={busy}
      data-paused={paused}
    >
      <Stack gap="sm">
        <Text size="sm">{paused ? t('pause.pausedBody') : t('pause.runningBody')}</Text>
        <Group>
          <Button size="sm" variant={paused ? 'filled' : 'default'} onClick={onToggle} loading={busy}>
            {paused ? t('pause.resume') : t('pause.pause')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
