import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KeyIn } from '../../../i18n/keys';

// A message key from the intake machine, translated: the intake's own keys (intake.errors.missing-fields) live in
// the intake namespace, the shared catalogue's (intake.errors.error-updating, errors.general-error) in errors.

const NAMESPACES: readonly ('intake' | 'errors')[] = ['intake', 'errors'];

export function IntakeAlert({ messageKey }: { messageKey: KeyIn<'intake' | 'errors'> }) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <Alert color="red" role="alert" variant="light">
      {t(messageKey, { ns: NAMESPACES })}
    </Alert>
  );
}
