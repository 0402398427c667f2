// The readiness score callables (spec 002 §1, §3, §4 completion "generate the score", §7 "recompute readiness score
// with isFirstScore false"); the computation and the stored record are in readinessScoreStore.ts.
import { canActForClient, withCoachConsoleFlag } from '../../../src/domain/permissions';
import { defineCallable } from '../callable/defineCallable';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { serverFlags } from '../platform/featureFlags';
import { recomputeReadinessScore, storedReadinessScore } from './readinessScoreStore';

/** A session that may change the customer's records: the customer, or an agent with client actions (spec 000 §6). */
async function mayChangeClientRecords(caller: SignedInCaller): Promise<boolean> {
  if (caller.claims.isAgent !== true) return true;
  return canActForClient(withCoachConsoleFlag(caller.claims, (await serverFlags()).coachConsoleAllowClientActions));
}

/**
 * Recomputes the score from what is stored. Open to an agent without allowClientActions on purpose: it is derived
 * data, a function of records the agent cannot change. Such a session sees the recomputed score, but it is not
 * kept and adds no entry to the score history (only the customer's own sessions, and agents who may act, do).
 */
export const calculateReadinessScore = defineCallable('calculateReadinessScore', async (caller) => {
  const result = await recomputeReadinessScore(await clientUid(caller), { keep: await mayChangeClientRecords(caller) });
  if (!result) throw callableError('failed-precondition', 'no-goal');
  return result;
});

export const getReadinessScore = defineCallable('getReadinessScore', async (caller) => storedReadinessScore(await clientUid(caller)));
