// devTools (spec 001 §2 "Developer tools", §3 "Test plan", §7): commands
// that exist only outside production, for demos and tests. Every command acts on the signed-in customer (for an
// agent session, the customer it works for: clientUid).
//   advanceDisputes       moves the dispute clock `days` forward and lets the bureaus act over that span through
//                         the bureau-response provider (disputes/bureauResponses.ts)
//   getAllActions         every action of the customer
//   delete                clears the categories (devToolsData.ts) and answers how many records each lost
//   setActions            replaces every action of the customer
//   repopulateReport      a fresh three-bureau report through the credit data provider (devToolsReports.ts)
//   recalculateScore      the readiness score recomputed from what is stored (onboarding/readinessScoreStore.ts)
//   recalculateActions    the action rules applied (hub/actionRules.ts)
//   toggleV2              flips users/{uid}.customer.v2Disputes
//   getTestPlans, startTestPlan, completeTestPlanStep   the test plans (testPlans.ts); developers only
import { ERROR_KEYS } from '../../../src/domain/errors';
import { isDeveloperSession } from '../../../src/domain/permissions';
import { recalculateActions, allActions } from '../hub/actionRules';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { runBureaus } from '../disputes/bureauResponses';
import { COLLECTIONS } from '../platform/collections';
import { deleteCategories, setActions } from './devToolsData';
import { pullThreeBureauReport } from './devToolsReports';
import { environment } from '../platform/environment';
import { recomputeReadinessScore } from '../onboarding/readinessScoreStore';
import { completeTestPlanStep, listTestPlans, startTestPlan } from './testPlans';

/** The dev tools' refusals (details.key; src/domain/errors.ts). */
export const DEV_TOOLS_REFUSALS = {
  production: ERROR_KEYS.devToolsNotInProduction,
  developerOnly: ERROR_KEYS.devToolsDeveloperOnly,
} as const;

const TEST_PLAN_COMMANDS: ReadonlySet<string> = new Set(['getTestPlans', 'startTestPlan', 'completeTestPlanStep']);

/** users/{uid}.customer.v2Disputes flipped (a missing flag counts as off), in a transaction. */
async function toggleV2(uid: string): Promise<boolean> {
  const ref = db().collection(COLLECTIONS.users).doc(uid);
  return db().runTransaction(async (transaction) => {
    const current = (await transaction.get(ref)).get('customer.v2Disputes') === true;
    transaction.set(ref, { customer: { v2Disputes: !current } }, { merge: true });
    return !current;
  });
}

/**
 * Refused in production before anything is read ('not-available-in-production'); a coach needs allowClientActions
 * (the contract's clientAction permission, checked by defineCallable); the test-plan commands need a developer
 * session (isDeveloper, or an agent's agentIsDeveloper).
 */
export const devTools = defineCallable('devTools', async (caller) => {
  if (environment.production) throw callableError('failed-precondition', 'not-available-in-production', { key: DEV_TOOLS_REFUSALS.production });
  const request = caller.data;
  if (TEST_PLAN_COMMANDS.has(request.command) && !isDeveloperSession(caller.claims)) {
    throw callableError('permission-denied', 'developer-only', { key: DEV_TOOLS_REFUSALS.developerOnly });
  }
  const uid = await clientUid(caller);
  switch (request.command) {
    case 'advanceDisputes': {
      const { asOf, events } = await runBureaus(uid, request.days);
      return { command: request.command, asOf, events };
    }
    case 'getAllActions':
      return { command: request.command, actions: await allActions(uid) };
    case 'delete':
      return { command: request.command, deleted: await deleteCategories(uid, request.categories) };
    case 'setActions':
      return { command: request.command, actions: await setActions(uid, request.actions) };
    case 'repopulateReport':
      await pullThreeBureauReport(uid);
      return { command: request.command };
    case 'recalculateScore':
      return { command: request.command, score: (await recomputeReadinessScore(uid))?.score.displayScore ?? null };
    case 'recalculateActions':
      return { command: request.command, actions: await recalculateActions(uid) };
    case 'toggleV2':
      return { command: request.command, v2Disputes: await toggleV2(uid) };
    case 'getTestPlans':
      return { command: request.command, testPlans: await listTestPlans() };
    case 'startTestPlan':
      return { command: request.command, testPlan: await startTestPlan(uid, request.testPlanId) };
    case 'completeTestPlanStep':
      return { command: request.command, testPlan: await completeTestPlanStep(uid, request.testPlanId, request.step) };
  }
});

