import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorsKey } from '../../i18n/keys';

// A machine's error or notice key, translated (context holds keys and codes, never text: ARCHITECTURE.md).

export interface MessageAlertProps {
  messageKey: ErrorsKey;
  /** Interpolation values: the reference `code`, a `provider` name... */
  values?: { code?: string; provider?: string };
  color?: 'red' | 'yellow' | 'green' | 'blue';
  title?: string;
}

export function MessageAlert({ messageKey, values, color = 'red', title }: MessageAlertProps) {
  const { t } = useTranslation('errors');
  return (
    <Alert color={color} role={color === 'red' ? 'alert' : 'status'} title={title} variant="light">
      {t(messageKey, values ?? {})}
    </Alert>
  );
}
