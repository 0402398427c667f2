import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useAppActors } from './appActors';
import { guardFactsFor, isOnboarded } from './guardFacts';
import { useOnboardingFacts } from './onboardingFacts';
import { useUserDocument } from './userDocument';

// The guard chain's facts for a signed-in user (spec 000 §2.3). Its own chunk, loaded once someone is signed in:
// the onboarding facts read through the query cache, which the sign-in page does not need (issue 2 targets).
export default function SignedInFactsSync(): null {
  const { session, guardChain } = useAppActors();
  const user = useSelector(session, (s) => s.context.user);
  const claims = useSelector(session, (s) => s.context.claims);
  const document = useUserDocument();
  const known = user !== null && claims !== null && document !== undefined;
  const onboarding = useOnboardingFacts(known && !isOnboarded(claims, document), user?.uid ?? null, document ?? null);

  const facts = useMemo(() => {
    if (user === null || claims === null || document === undefined) return null;
    return guardFactsFor(user, claims, document, onboarding);
  }, [user, claims, document, onboarding]);

  useEffect(() => {
    if (facts !== null) guardChain.send({ type: 'facts.changed', facts });
  }, [facts, guardChain]);
  return null;
}
