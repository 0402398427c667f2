import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// A message key from the intake machine, translated: the intake's own keys (intake.errors.missing-fields) live in
// the intake namespace, the shared catalogue's (intake.errors.error-updating, errors.general-error) in errors.

export function IntakeAlert({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation(['intake', 'errors']);
  return (
    <Alert color="red" role="alert" variant="light">
      {t(messageKey, { ns: ['intake', 'errors'] })}
    </Alert>
  );
}
