import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import { TOAST_DEFAULT_MS } from '../../domain/constants';
import { showToast } from './NotificationsHost';

// Toasts a page's machine asks for (spec 000 §8, §9: 8 s by default). The machines emit keys; the texts live in the
// errors catalogue or the page's namespace.

/** The toast colour of each notice level: the one mapping every page's toasts use. */
export const TOAST_COLORS: Record<NotifyEmitted['level'], string> = { error: 'red', warning: 'yellow', info: 'blue', success: 'green' };
const NAMESPACES = ['errors', 'onboarding', 'common'];

/** Shows a machine's `notify` as a toast, its key translated in `namespaces` (8 s unless persistent). */
export function showNotifyToast(
  event: NotifyEmitted,
  t: (key: string, options: Record<string, unknown>) => string,
  namespaces: readonly string[],
): void {
  showToast({
    color: TOAST_COLORS[event.level],
    message: t(event.key, { ...event.values, ns: namespaces }),
    autoClose: event.persistent ? false : TOAST_DEFAULT_MS,
    withCloseButton: true,
  });
}

interface NotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted) => void): { unsubscribe(): void };
}

export function useNotify(actor: NotifyingActor): void {
  const { t } = useTranslation(NAMESPACES);
  useEffect(() => {
    const subscription = actor.on('notify', (event) => showNotifyToast(event, t, NAMESPACES));
    return () => subscription.unsubscribe();
  }, [actor, t]);
}
