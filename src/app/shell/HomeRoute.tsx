import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { permittedAreas } from '../../domain/permissions';
import { inspect } from '../../inspect';
import { HomePage } from '../../views/shell/HomePage';
import { WelcomeFlow } from '../hub/WelcomeFlow';
import { useAppActors } from './appActors';
import { useFeatureFlags } from './featureFlags';
import { onboardingQueries, provideReadinessScoreMachine } from '../onboarding/machines';
import { useCachedQuery } from './queries';
import { useUserDocument } from './userDocument';

// The home hub at / (spec 000 §2.4, spec 002 §2): the greeting, the goal and the readiness score (the
// readinessScore machine: shown, or waited for while intake completion generates it), and the welcome flow after
// sign-in (spec 002 §4: the resolved disputes).

export default function HomeRoute() {
  const { ports, session } = useAppActors();
  const document = useUserDocument();
  const claims = useSelector(session, sessionSelectors.claims);
  const areas = permittedAreas(claims ?? {}, document?.productLine ?? null);
  const queries = useMemo(() => onboardingQueries(ports), [ports]);
  const userInfo = useCachedQuery(queries.userInfo.queryKey, queries.userInfo.queryFn, true);
  const machine = useMemo(() => provideReadinessScoreMachine(ports), [ports]);
  const score = useActorRef(machine, { inspect });
  const { welcomeMessage, score: showScore } = useFeatureFlags();
  return (
    <>
      <HomePage firstName={document?.firstName ?? null} areas={areas} goalType={userInfo.data?.goal?.type ?? null} score={score} welcomeMessage={welcomeMessage} showScore={showScore} />
      <WelcomeFlow />
    </>
  );
}
