import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import { TOAST_DEFAULT_MS } from '../../domain/constants';
import type { Namespace } from '../../i18n';
import type { KeyIn } from '../../i18n/keys';
import { showToast } from './NotificationsHost';

// Toasts a page's machine asks for (spec 000 §8, §9: 8 s by default). The machines emit keys; the texts live in the
// errors catalogue or the page's namespace.

/** The toast colour of each notice level: the one mapping every page's toasts use. */
export const TOAST_COLORS: Record<NotifyEmitted['level'], string> = { error: 'red', warning: 'yellow', info: 'blue', success: 'green' };
/** Where the onboarding pages' toasts (contract polling, authorizations) find their keys, in turn. */
const NAMESPACES: readonly NotifyNamespace[] = ['errors', 'onboarding', 'common'];
type NotifyNamespace = 'errors' | 'onboarding' | 'common';

/** `t` over a list of namespaces (`useTranslation(namespaces)`), as the toast hosts hold it. */
export type NotifyTranslate = TFunction<readonly Namespace[]>;

/**
 * Shows a machine's `notify` as a toast, its key translated in `namespaces` (8 s unless persistent or durationMs). The key must
 * have a text in one of `namespaces`, where i18next looks it up in turn.
 */
export function showNotifyToast<Ns extends Namespace>(event: NotifyEmitted<KeyIn<Ns>>, t: NotifyTranslate, namespaces: readonly Ns[]): void {
  const key: KeyIn<Namespace> = event.key;
  const ns: readonly Namespace[] = namespaces;
  showToast({
    color: TOAST_COLORS[event.level],
    message: t(key, { ...event.values, ns }),
    autoClose: event.persistent ? false : (event.durationMs ?? TOAST_DEFAULT_MS),
    withCloseButton: true,
  });
}

interface NotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted<KeyIn<NotifyNamespace>>) => void): { unsubscribe(): void };
}

export function useNotify(actor: NotifyingActor): void {
  const { t } = useTranslation(NAMESPACES);
  useEffect(() => {
    const subscription = actor.on('notify', (event) => showNotifyToast(event, t, NAMESPACES));
    return () => subscription.unsubscribe();
  }, [actor, t]);
}
