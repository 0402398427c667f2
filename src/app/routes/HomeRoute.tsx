import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { permittedAreas } from '../../domain/permissions';
import { HomePage } from '../../views/shell/HomePage';
import { useAppActors } from '../appActors';
import { onboardingQueries } from '../onboardingMachines';
import type { ReadinessScore } from '../ports';
import { useCachedQuery } from '../queries';
import { useUserDocument } from '../userDocument';

// The home hub at / (spec 000 §2.4, spec 002 §2): the greeting, the goal and the readiness score once generated.

const SCORE_POLL_MS = 3_000;

/** Until the first score exists (it is generated as intake completes), ask again every few seconds. */
const pollWhileGenerating = (score: ReadinessScore | null | undefined) => (score === null ? SCORE_POLL_MS : false);

export default function HomeRoute() {
  const { ports, session } = useAppActors();
  const document = useUserDocument();
  const claims = useSelector(session, (s) => s.context.claims);
  const areas = permittedAreas(claims ?? {}, document?.productLine ?? null);
  const queries = useMemo(() => onboardingQueries(ports), [ports]);
  const userInfo = useCachedQuery(queries.userInfo.queryKey, queries.userInfo.queryFn, true);
  const score = useCachedQuery(queries.readinessScore.queryKey, queries.readinessScore.queryFn, true, {
    refetchInterval: pollWhileGenerating,
  });
  let readinessScore: number | null | undefined;
  if (score.data !== undefined) readinessScore = score.data?.score.displayScore ?? null;
  else if (score.isError) readinessScore = null;
  return (
    <HomePage
      firstName={document?.firstName ?? null}
      areas={areas}
      goalType={userInfo.data?.goal?.type ?? null}
      readinessScore={readinessScore}
    />
  );
}
