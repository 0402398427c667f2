import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { useAppActors } from './appActors';
import { guardFactsFor, isOnboarded, mayReadOnboardingFacts } from './guardFacts';
import { useOnboardingFacts } from '../onboarding/onboardingFacts';
import { useQueryClient } from './queries';
import { useUserDocument } from './userDocument';

// The guard chain's facts for a signed-in user (spec 000 §2.3). Its own chunk, loaded once someone is signed in:
// the onboarding facts read through the query cache, which the sign-in page does not need (issue 2 targets).
export default function SignedInFactsSync(): null {
  const { session, guardChain } = useAppActors();
  const user = useSelector(session, sessionSelectors.user);
  const claims = useSelector(session, sessionSelectors.claims);
  const document = useUserDocument();
  const known = user !== null && claims !== null && document !== undefined;
  const onboarding = useOnboardingFacts(
    known && mayReadOnboardingFacts(user, claims) && !isOnboarded(claims, document),
    user?.uid ?? null,
    document ?? null,
  );
  const client = useQueryClient();
  // Each Try again reports the facts afresh once the failed reads have been asked again, even when the answer is
  // the same as before (still failing: the error again).
  const [attempt, setAttempt] = useState(0);

  const facts = useMemo(() => {
    if (user === null || claims === null || document === undefined) return null;
    return guardFactsFor(user, claims, document, onboarding.facts);
  }, [user, claims, document, onboarding.facts]);

  useEffect(() => {
    if (onboarding.failed) guardChain.send({ type: 'facts.failed' });
    else if (facts !== null) guardChain.send({ type: 'facts.changed', facts });
  }, [facts, onboarding.failed, guardChain, attempt]);

  useEffect(() => {
    const subscription = guardChain.on('facts.refetch', () => {
      void client
        ?.refetchQueries({ predicate: (query) => query.state.status === 'error' })
        .finally(() => setAttempt((n) => n + 1));
    });
    return () => subscription.unsubscribe();
  }, [guardChain, client]);
  return null;
}
