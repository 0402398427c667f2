// The readiness score callables (spec 002 §1, §3, §4 completion "generate the score", §7 "recompute readiness score
// with isFirstScore false"); the computation and the stored record are in ../readinessScoreStore.ts.
import { callableError, defineCallable } from '../callable';
import { clientUid } from '../client';
import { recomputeReadinessScore, storedReadinessScore } from '../readinessScoreStore';

/**
 * Recomputes the score from what is stored. Open to an agent without allowClientActions on purpose: it is derived
 * data, a function of records the agent cannot change, so recomputing it changes nothing a person entered.
 */
export const calculateReadinessScore = defineCallable('calculateReadinessScore', async (caller) => {
  const result = await recomputeReadinessScore(await clientUid(caller));
  if (!result) throw callableError('failed-precondition', 'no-goal');
  return result;
});

export const getReadinessScore = defineCallable('getReadinessScore', async (caller) => storedReadinessScore(await clientUid(caller)));
