import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { actorFromClaims, canRecordViews, type Actor } from '../../domain/permissions';
import { mayActOnDisputes } from '../../domain/subscription';
import { useAppActors } from './appActors';
import { useUserDocument } from './userDocument';

// What the area machines are told about the session (the interface's shared input facts), read once for every area:
// who acts, from the session's claims (spec 000 §6: an agent without allowClientActions is refused before any call;
// spec 001 §6: modify and download permissions), the customer's today (form years and dates, the birthdate window),
// whose browser stash it is, whether the subscription allows starting and submitting disputes ('premium only'
// otherwise, also for a customer whom degraded access let past the gate: spec 001 §6), and whether views may be
// recorded.

export interface SessionFacts {
  actor: Actor;
  /** yyyy-MM-dd, the customer's local today. */
  today: string;
  /** The signed-in user (the stash is theirs). */
  uid: string | null;
  /** The subscription allows the premium work (disputes); agents are refused by allowClientActions instead. */
  subscriptionOk: boolean;
  canRecordViews: boolean;
}

/** yyyy-MM-dd of a moment in the browser's time zone. */
export function localIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function useSessionFacts(): SessionFacts {
  const { session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const uid = useSelector(session, sessionSelectors.uid);
  const status = useUserDocument()?.subscriptionStatus ?? null;
  const today = localIsoDay(new Date());
  // The actor is its own memo: hosts start actors with it, and only new claims start them again.
  const actor = useMemo(() => actorFromClaims(claims ?? {}), [claims]);
  return useMemo(
    () => ({
      actor,
      today,
      uid,
      subscriptionOk: mayActOnDisputes({ status, isAgent: actor.isAgent }),
      canRecordViews: canRecordViews(claims ?? {}),
    }),
    [actor, claims, today, uid, status],
  );
}
