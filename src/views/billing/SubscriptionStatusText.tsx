import { useTranslation } from 'react-i18next';

// The subscription status in the customer's words (spec 001 §3 "Subscription statuses"); both spellings of unknown
// occur, and a status this app does not know is shown as the CRM wrote it.

const KNOWN = ['Active', 'Current', 'Pending', 'Pending Onboarding', 'Completed', 'Suspended', 'Non-Current', 'Inactive', 'Unknown'] as const;
type KnownStatus = (typeof KNOWN)[number];

function knownStatus(status: string): KnownStatus | null {
  if (status === 'UNKNOWN') return 'Unknown';
  return (KNOWN as readonly string[]).includes(status) ? (status as KnownStatus) : null;
}

export function useSubscriptionStatusText(): (status: string | null) => string {
  const { t } = useTranslation('billing');
  return (status) => {
    if (status === null || status === '') return t('statuses.none');
    const known = knownStatus(status);
    return known ? t(`statuses.${known}`) : status;
  };
}

export function SubscriptionStatusText({ status }: { status: string | null }) {
  return useSubscriptionStatusText()(status);
}
