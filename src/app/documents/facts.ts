import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotifyEmitted } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { actorFromClaims, type Actor } from '../../domain/permissions';
import type { KeyIn } from '../../i18n/keys';
import { useAppActors } from '../shell/appActors';
import { showNotifyToast, type NotifyTranslate } from '../shell/notify';

// What the documents machines are told about the session (the interface's shared input facts): who acts, from the
// session's claims (spec 001 §6: modify and download permissions), the customer's today (the form's years and
// dates), and whose browser stash it is. And their toasts: keys without a namespace are the documents' (toast.*,
// refusal.*), the others ('errors.', 'coach.') the errors catalogue's.

export interface DocumentsSessionFacts {
  actor: Actor;
  /** yyyy-MM-dd, the customer's local today. */
  today: string;
  /** The signed-in user (the stash is theirs). */
  uid: string | null;
}

/** yyyy-MM-dd of a moment in the browser's time zone. */
export function localIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function useDocumentsSessionFacts(): DocumentsSessionFacts {
  const { session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const uid = useSelector(session, sessionSelectors.uid);
  const today = localIsoDay(new Date());
  return useMemo(() => ({ actor: actorFromClaims(claims ?? {}), today, uid }), [claims, today, uid]);
}

export const DOCUMENTS_NOTIFY_NAMESPACES = ['documents', 'errors', 'common'] as const;
type DocumentsNotifyNamespace = (typeof DOCUMENTS_NOTIFY_NAMESPACES)[number];

interface DocumentsNotifyingActor {
  on(type: 'notify', handler: (event: NotifyEmitted<string>) => void): { unsubscribe(): void };
}

/** Shows a documents notice as a toast. */
export function showDocumentsToast(event: NotifyEmitted<string>, t: NotifyTranslate): void {
  showNotifyToast(event as NotifyEmitted<KeyIn<DocumentsNotifyNamespace>>, t, DOCUMENTS_NOTIFY_NAMESPACES);
}

/** Shows a documents machine's `notify` emits as toasts while `actor` is mounted. */
export function useDocumentsNotify(actor: DocumentsNotifyingActor | null): void {
  const { t } = useTranslation(DOCUMENTS_NOTIFY_NAMESPACES);
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('notify', (event) => showDocumentsToast(event, t));
    return () => subscription.unsubscribe();
  }, [actor, t]);
}
