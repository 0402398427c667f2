import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_MS } from '../../domain/constants';

// Toasts (spec 000 §9: 8 s by default). The toast library and its container load with the first toast, so pages
// that never show one do not download them. Every toast's close button is named in the page's language (WCAG 4.1.2:
// Mantine's close button is an icon without a name).

let active = false;
const listeners = new Set<() => void>();
/** The close button's name, kept in the current language by the host. */
let closeLabel = 'Close';

export function showToast(toast: NotificationData): void {
  if (!active) {
    active = true;
    for (const listener of listeners) listener();
  }
  const named: NotificationData = { ...toast, closeButtonProps: { 'aria-label': closeLabel, ...toast.closeButtonProps } };
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(named));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function NotificationsHost() {
  const { t } = useTranslation('common');
  const label = t('actions.close');
  useEffect(() => {
    closeLabel = label;
  }, [label]);
  const needed = useSyncExternalStore(subscribe, () => active);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_DEFAULT_MS} position="top-right" />
    </Suspense>
  );
}
