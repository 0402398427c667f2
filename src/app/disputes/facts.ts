import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { canRecordViews } from '../../domain/permissions';
import { mayActOnDisputes } from '../../domain/subscription';
import type { KeyIn } from '../../i18n/keys';
import { useAppActors } from '../shell/appActors';
import { showNotifyToast } from '../shell/notify';
import { useUserDocument } from '../shell/userDocument';

// What the disputes machines are told about the session (the interface's shared input facts): who acts (a coach may
// act for the client only with allowClientActions), whether the subscription allows starting and submitting
// disputes ('premium only' otherwise, also for a customer whom degraded access let past the gate: spec 001 §6), and
// whether views may be recorded. And their toasts: keys without a namespace are the disputes' (toast.*), the others
// ('errors.', 'coach.', 'degraded-access.') the errors catalogue's.

export interface DisputeSessionFacts {
  actor: { isAgent: boolean; allowClientActions: boolean };
  subscriptionOk: boolean;
  canRecordViews: boolean;
}

export function useDisputeSessionFacts(): DisputeSessionFacts {
  const { session } = useAppActors();
  const isAgent = useSelector(session, sessionSelectors.isAgent);
  const allowClientActions = useSelector(session, sessionSelectors.allowsClientActions);
  const claims = useSelector(session, sessionSelectors.claims);
  const status = useUserDocument()?.subscriptionStatus ?? null;
  return useMemo(
    () => ({
      actor: { isAgent, allowClientActions },
      subscriptionOk: mayActOnDisputes({ status, isAgent }),
      canRecordViews: canRecordViews(claims ?? {}),
    }),
    [isAgent, allowClientActions, claims, status],
  );
}

export const DISPUTES_NOTIFY_NAMESPACES = ['disputes', 'errors', 'common'] as const;
type DisputesNotifyNamespace = (typeof DISPUTES_NOTIFY_NAMESPACES)[number];

interface DisputesNotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted<string>) => void): { unsubscribe(): void };
}

/** Shows a disputes machine's `notify` emits as toasts while `actor` is mounted. */
export function useDisputesNotify(actor: DisputesNotifyingActor | null): void {
  const { t } = useTranslation(DISPUTES_NOTIFY_NAMESPACES);
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('notify', (event) =>
      showNotifyToast(event as NotifyEmitted<KeyIn<DisputesNotifyNamespace>>, t, DISPUTES_NOTIFY_NAMESPACES),
    );
    return () => subscription.unsubscribe();
  }, [actor, t]);
}
