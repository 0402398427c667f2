import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCreditFormat } from './disputeText';

// The bureau-response sandbox's panel (never in production): advances the customer's dispute clock so the bureaus
// answer as they would after that many days (the disputesDevTools machine sends the devTools command).

export interface DisputesDevToolsProps {
  /** Shown only outside production. */
  visible: boolean;
  busy: boolean;
  /** The dispute clock after the last advance (yyyy-MM-dd), or null before any. */
  asOf: string | null;
  onAdvance: (days: number) => void;
}

export function DisputesDevTools({ visible, busy, asOf, onAdvance }: DisputesDevToolsProps) {
  const { t } = useTranslation('disputes');
  const format = useCreditFormat();
  if (!visible) return null;
  return (
    <Alert component="section" color="gray" variant="outline" title={t('devTools.title')} aria-busy={busy}>
      <Stack gap="sm">
        <Text size="sm">{t('devTools.body')}</Text>
        {asOf !== null ? <Text size="sm">{t('devTools.asOf', { date: format.day(asOf) })}</Text> : null}
        <Group gap="sm">
          <Button size="xs" variant="default" disabled={busy} onClick={() => onAdvance(10)}>
            {t('devTools.advance10')}
          </Button>
          <Button size="xs" variant="default" disabled={busy} onClick={() => onAdvance(30)}>
            {t('devTools.advance30')}
          </Button>
        </Group>
        {busy ? (
          <Text size="sm" role="status">
            {t('devTools.busy')}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
