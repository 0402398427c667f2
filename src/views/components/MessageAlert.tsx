import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// A machine's error or notice key, translated (context holds keys and codes, never text: ARCHITECTURE.md).

export interface MessageAlertProps {
  messageKey: string;
  /** Interpolation values: the reference `code`, a `provider` name... */
  values?: Record<string, string>;
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
