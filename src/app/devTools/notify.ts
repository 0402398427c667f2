import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import type { KeyIn } from '../../i18n/keys';
import { showNotifyToast } from '../shell/notify';

// The developer tools' toasts (keys in the devTools namespace, refusals in the errors catalogue), with a command's
// name translated; and following new claims after an override or a restore.

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

const reloadPage = () => window.location.reload();

interface ClaimsChangingActor {
  on(type: 'claims.changed', handler: () => void): { unsubscribe(): void };
}

/**
 * After an override or a restore the account's claims are new (the ID token was refreshed): the page loads again,
 * so the session reads them from the start and every page, permission and cached read follows them.
 */
export function useFollowClaims(actor: ClaimsChangingActor, reload: () => void = reloadPage): void {
  useEffect(() => {
    const subscription = actor.on('claims.changed', () => reload());
    return () => subscription.unsubscribe();
  }, [actor, reload]);
}
