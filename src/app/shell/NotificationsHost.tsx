import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, type Actor } from 'xstate';
import { toastHighlightMachine, toastHighlightSelectors } from '../../../machines/shell/toastHighlight.machine';
import { TOAST_DEFAULT_MS } from '../../domain/constants';
import { inspect } from '../../inspect';

// Toasts (spec 000 §9: 8 s by default). The toast library and its container load with the first toast, so pages
// that never show one do not download them. Every toast's close button is named in the page's language (WCAG 4.1.2:
// Mantine's close button is an icon without a name). A toast asked for again while it still shows is highlighted
// rather than stacked (spec 001 §9, the toastHighlight machine): it stays while highlighted, and its time starts
// again when the highlight resets.

let active = false;
const listeners = new Set<() => void>();
/** The close button's name, kept in the current language by the host. */
let closeLabel = 'Close';
/** The highlight of each toast on screen, by the toast's id. */
const highlights = new Map<string, Actor<typeof toastHighlightMachine>>();

/** A toast's identity: its own id, or its colour, title and text when they are plain text; undefined: always new. */
export function toastIdentity(toast: NotificationData): string | undefined {
  if (toast.id !== undefined) return toast.id;
  const { message, title } = toast;
  if (typeof message !== 'string' || (title !== undefined && typeof title !== 'string')) return undefined;
  return `toast:${toast.color ?? ''}:${title ?? ''}:${message}`;
}

/** How a toast looks while highlighted: an outline in its colour. */
function highlightStyle(toast: NotificationData): NotificationData['style'] {
  const color = toast.color ?? 'purple';
  return { outline: `3px solid var(--mantine-color-${color}-filled)`, outlineOffset: 2 };
}

export function showToast(toast: NotificationData): void {
  if (!active) {
    active = true;
    for (const listener of listeners) listener();
  }
  const named: NotificationData = { ...toast, closeButtonProps: { 'aria-label': closeLabel, ...toast.closeButtonProps } };
  const id = toastIdentity(named);
  void import('@mantine/notifications').then(({ notifications, notificationsStore }) => {
    if (id === undefined) {
      notifications.show(named);
      return;
    }
    const { notifications: shown, queue } = notificationsStore.getState();
    const onScreen = [...shown, ...queue].some((item) => item.id === id);
    const highlight = highlights.get(id);
    if (highlight !== undefined && onScreen) {
      highlight.send({ type: 'toast.repeated' });
      return;
    }
    // A toast cleared without closing (notifications.clean) leaves its highlight behind.
    highlight?.stop();
    const fresh = createActor(toastHighlightMachine, { inspect });
    highlights.set(id, fresh);
    let highlighted = false;
    fresh.subscribe((snapshot) => {
      const now = toastHighlightSelectors.highlighted(snapshot);
      if (now === highlighted) return;
      highlighted = now;
      notifications.update({
        id,
        message: named.message,
        mod: { highlighted: now },
        style: now ? highlightStyle(named) : named.style,
        // Held while highlighted; a new autoClose value starts the toast's time again.
        autoClose: now ? false : named.autoClose,
      });
    });
    fresh.start();
    notifications.show({
      ...named,
      id,
      onClose: (closed) => {
        named.onClose?.(closed);
        fresh.stop();
        if (highlights.get(id) === fresh) highlights.delete(id);
      },
    });
  });
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
