import { Alert, Button, Group, Loader, Stack, Text, type MantineSize, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// The two moments of a load a view shows in place of its data: on its way (announced politely as a status) and
// failed (announced as an alert, with the Try again that sends the machine's retry event). The words come from the
// view; the roles and the button are the same everywhere (WCAG 2.2 AA 4.1.3 status messages).

export interface LoadingNoticeProps {
  /** What is on its way, in the view's words. */
  label: ReactNode;
  gap?: MantineSpacing;
}

/** A small spinner (hidden from assistive technology) and the label, as a status. */
export function LoadingNotice({ label, gap }: LoadingNoticeProps) {
  return (
    <Group role="status" gap={gap}>
      <Loader size="sm" aria-hidden />
      <Text>{label}</Text>
    </Group>
  );
}

export interface LoadFailedNoticeProps {
  /** What failed, in the view's words. */
  message: ReactNode;
  onRetry: () => void;
  gap?: MantineSpacing;
  buttonSize?: MantineSize;
}

/** What failed and the Try again button, as an alert. */
export function LoadFailedNotice({ message, onRetry, gap, buttonSize }: LoadFailedNoticeProps) {
  const { t } = useTranslation('common');
  return (
    <Stack role="alert" align="flex-start" gap={gap}>
      <Text>{message}</Text>
      <Button variant="light" size={buttonSize} onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
    </Stack>
  );
}

/** The same inside a red notice box, for a load that fails inside a form or a step. */
export function LoadFailedAlert({ message, onRetry }: Pick<LoadFailedNoticeProps, 'message' | 'onRetry'>) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('actions.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
