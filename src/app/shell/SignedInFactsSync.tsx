import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { onboardingFactsSelectors } from '../../../machines/onboarding/onboardingFacts.machine';
import { inspect } from '../../inspect';
import { provideOnboardingFactsMachine } from '../onboarding/machines';
import type { OnboardingFactsActor } from '../onboarding/onboardingFacts';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { useAppActors } from './appActors';
import { useLoadFailures } from './queryErrors';
import { guardFactsFor, isOnboarded, mayReadOnboardingFacts } from './guardFacts';
import { useUserDocument } from './userDocument';

// The guard chain's facts for a signed-in user (spec 000 §2.3). Its own chunk, loaded with the first sign-in: the
// onboarding facts are read through the query cache, which the sign-in page does not need. App keeps it for the
// rest of the visit; it reports only while someone is signed in (`active`). It owns the onboarding facts actor
// (machines/onboarding/onboardingFacts.machine.ts) and hands it to App (`onActor`) for the pages that tell it
// something.

export interface SignedInFactsSyncProps {
  /** Someone is signed in (the session's signedIn tag). */
  active: boolean;
  onActor: (actor: OnboardingFactsActor | null) => void;
}

export default function SignedInFactsSync({ active, onActor }: SignedInFactsSyncProps): null {
  const { ports, session, guardChain } = useAppActors();
  // The cached reads and mutations start with the first sign-in: their failures' toasts and reports (spec 000 §8).
  useLoadFailures();
  const user = useSelector(session, sessionSelectors.user);
  const claims = useSelector(session, sessionSelectors.claims);
  const document = useUserDocument();
  const machine = useMemo(() => provideOnboardingFactsMachine(ports), [ports]);
  const onboarding = useActorRef(machine, { inspect });
  const report = useSelector(onboarding, onboardingFactsSelectors.report);
  // Each Try again reports the facts afresh once the failed reads have been asked again, even when the answer is
  // the same as before (still failing: the error again).
  const refetches = useSelector(onboarding, onboardingFactsSelectors.refetches);

  useEffect(() => {
    onActor(onboarding);
    return () => onActor(null);
  }, [onboarding, onActor]);

  const known = active && user !== null && claims !== null && document !== undefined;
  const needed = known && mayReadOnboardingFacts(user, claims) && !isOnboarded(claims, document);
  const uid = user?.uid ?? null;
  const authorizationsAccepted = (document?.authorizationsAcceptedAt ?? null) !== null;
  useEffect(() => {
    onboarding.send({ type: 'customer.changed', uid, needed, authorizationsAccepted });
  }, [onboarding, uid, needed, authorizationsAccepted]);

  const facts = useMemo(() => {
    if (!active || user === null || claims === null || document === undefined) return null;
    return guardFactsFor(user, claims, document, report.facts);
  }, [active, user, claims, document, report.facts]);

  useEffect(() => {
    if (!active) return;
    if (report.failed) guardChain.send({ type: 'facts.failed' });
    else if (facts !== null) guardChain.send({ type: 'facts.changed', facts });
  }, [active, facts, report.failed, guardChain, refetches]);

  useEffect(() => {
    const subscription = guardChain.on('facts.refetch', () => onboarding.send({ type: 'facts.refetch' }));
    return () => subscription.unsubscribe();
  }, [guardChain, onboarding]);
  return null;
}
