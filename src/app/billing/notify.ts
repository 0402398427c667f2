import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import type { KeyIn } from '../../i18n/keys';
import { showNotifyToast } from '../shell/notify';

// The billing machines' toasts: billing keys (payment.toast.paid, cancellation.toast.*) and the errors catalogue's
// (errors.request-cancellation-error, errors.payment.*).

export const BILLING_NOTIFY_NAMESPACES = ['billing', 'errors', 'common'] as const;
type BillingNotifyNamespace = (typeof BILLING_NOTIFY_NAMESPACES)[number];

interface BillingNotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted<string>) => void): { unsubscribe(): void };
}

/** Shows a billing machine's `notify` emits as toasts while `actor` is mounted. */
export function useBillingNotify(actor: BillingNotifyingActor | null): void {
  const { t } = useTranslation(BILLING_NOTIFY_NAMESPACES);
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('notify', (event) =>
      showNotifyToast(event as NotifyEmitted<KeyIn<BillingNotifyNamespace>>, t, BILLING_NOTIFY_NAMESPACES),
    );
    return () => subscription.unsubscribe();
  }, [actor, t]);
}
