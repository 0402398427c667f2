import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import type { KeyIn } from '../../i18n/keys';
import { useAppActors } from '../shell/appActors';
import { showNotifyToast } from '../shell/notify';

// The developer tools' toasts (keys in the devTools namespace, refusals in the errors catalogue), with a command's
// name translated; and following new claims after an override or a restore (the session's claims.refresh).

export const DEV_TOOLS_NOTIFY_NAMESPACES = ['devTools', 'errors', 'common'] as const;
type DevToolsNotifyNamespace = (typeof DEV_TOOLS_NOTIFY_NAMESPACES)[number];

interface NotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted<string>) => void): { unsubscribe(): void };
}

/** Shows the actor's `notify` emits as toasts while it is mounted. */
export function useDevToolsNotify(actor: NotifyingActor): void {
  const { t } = useTranslation(DEV_TOOLS_NOTIFY_NAMESPACES);
  useEffect(() => {
    const subscription = actor.on('notify', (event) => {
      const command = event.values?.command;
      const values = typeof command === 'string' ? { ...event.values, command: t(`devTools:commands.${command}` as 'devTools:commands.delete') } : event.values;
      showNotifyToast({ ...event, values } as NotifyEmitted<KeyIn<DevToolsNotifyNamespace>>, t, DEV_TOOLS_NOTIFY_NAMESPACES);
    });
    return () => subscription.unsubscribe();
  }, [actor, t]);
}

interface ClaimsChangingActor {
  on(type: 'claims.changed', handler: () => void): { unsubscribe(): void };
}

/**
 * After an override or a restore the account's claims are new: the session refreshes its ID token and reads them
 * again (claims.refresh, no page reload), and resets the cached reads, so every page, permission and read follows.
 */
export function useFollowClaims(actor: ClaimsChangingActor): void {
  const { session } = useAppActors();
  useEffect(() => {
    const subscription = actor.on('claims.changed', () => session.send({ type: 'claims.refresh' }));
    return () => subscription.unsubscribe();
  }, [actor, session]);
}
