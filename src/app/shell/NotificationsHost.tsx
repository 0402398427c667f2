import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_DEFAULT_MS } from '../../domain/constants';

// Toasts (spec 000 §9: 8 s by default). The toast library and its container load with the first toast, so pages
// that never show one do not download them.

let active = false;
const listeners = new Set<() => void>();

export function showToast(toast: NotificationData): void {
  if (!active) {
    active = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(toast));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function NotificationsHost() {
  const needed = useSyncExternalStore(subscribe, () => active);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_DEFAULT_MS} position="top-right" />
    </Suspense>
  );
}
