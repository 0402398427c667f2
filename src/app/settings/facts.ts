import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { actorFromClaims, type Actor } from '../../domain/permissions';
import type { KeyIn } from '../../i18n/keys';
import { localIsoDay } from '../documents/facts';
import { useAppActors } from '../shell/appActors';
import { showNotifyToast } from '../shell/notify';

// What the settings machines are told about the session (the interface's shared input facts): who acts, from the
// session's claims (spec 000 §6: an agent without allowClientActions is refused before any call), and the customer's
// today (the birthdate window). And their toasts: settings keys (loan-goal.saved, ...), the errors catalogue's
// (errors.*, coach.*, auth.*), the intake's (form.required, intake.errors.*).

export interface SettingsSessionFacts {
  actor: Actor;
  /** yyyy-MM-dd, the customer's local today. */
  today: string;
  uid: string | null;
}

export function useSettingsSessionFacts(): SettingsSessionFacts {
  const { session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const uid = useSelector(session, sessionSelectors.uid);
  const today = localIsoDay(new Date());
  return useMemo(() => ({ actor: actorFromClaims(claims ?? {}), today, uid }), [claims, today, uid]);
}

export const SETTINGS_NOTIFY_NAMESPACES = ['settings', 'errors', 'intake', 'common'] as const;
type SettingsNotifyNamespace = (typeof SETTINGS_NOTIFY_NAMESPACES)[number];

interface SettingsNotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted<string>) => void): { unsubscribe(): void };
}

/** Shows a settings machine's `notify` emits as toasts while `actor` is mounted. */
export function useSettingsNotify(actor: SettingsNotifyingActor | null): void {
  const { t } = useTranslation(SETTINGS_NOTIFY_NAMESPACES);
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('notify', (event) =>
      showNotifyToast(event as NotifyEmitted<KeyIn<SettingsNotifyNamespace>>, t, SETTINGS_NOTIFY_NAMESPACES),
    );
    return () => subscription.unsubscribe();
  }, [actor, t]);
}
