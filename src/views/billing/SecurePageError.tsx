import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The secure payment page (spec 001 §9: the card is entered on the payment provider's page) could not be opened: said
// as an alert wherever the customer can ask for it (billing, a failed payment, a payment being processed).

export function SecurePageError({ shown }: { shown: boolean }) {
  const { t } = useTranslation('billing');
  if (!shown) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {t('actions.secureError')}
    </Alert>
  );
}
