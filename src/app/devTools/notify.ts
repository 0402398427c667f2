import { useEffect } from 'react';
import { useAppActors } from '../shell/appActors';
import type { NotifyValues } from '../shell/notify';

// The developer tools' toasts name a command in words; and new claims are followed after an override or a restore
// (the session's claims.refresh).

/** A command's name in a devTools toast, translated (useNotify(actor, 'devTools', commandNamed)). */
export const commandNamed: NotifyValues = (values, t) => {
  const command = values?.command;
  return typeof command === 'string' ? { ...values, command: t(`devTools:commands.${command}` as 'devTools:commands.delete') } : values;
};

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
