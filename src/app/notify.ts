import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../machines/ports';
import { TOAST_DEFAULT_MS } from '../domain/constants';
import { showToast } from './NotificationsHost';

// Toasts a page's machine asks for (spec 000 §8, §9: 8 s by default). The machines emit keys; the texts live in the
// errors catalogue or the page's namespace.

const COLORS: Record<NotifyEmitted['level'], string> = { error: 'red', warning: 'yellow', info: 'blue', success: 'green' };
const NAMESPACES = ['errors', 'onboarding', 'common'];

interface NotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted) => void): { unsubscribe(): void };
}

export function useNotify(actor: NotifyingActor): void {
  const { t } = useTranslation(NAMESPACES);
  useEffect(() => {
    const subscription = actor.on('notify', (event) =>
      showToast({
        color: COLORS[event.level],
        message: t(event.key, { ...event.values, ns: NAMESPACES }),
        autoClose: event.persistent ? false : TOAST_DEFAULT_MS,
        withCloseButton: true,
      }),
    );
    return () => subscription.unsubscribe();
  }, [actor, t]);
}
