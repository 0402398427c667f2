// Test plans (spec 001 §3 "Test plan", spec 000 §3.1 testPlan): testPlans/{id} holds a plan
// (src/contract/devTools.ts testPlanSchema; seed/testPlans.ts writes the demo's), users/{uid}.testPlan where the
// customer is in one. Completing a step runs it for real on the customer's data through the stores the product
// uses, then moves the state on:
//   getEquifaxReport, getTransunionReport  that bureau's report from the credit data provider (devToolsReports.ts)
//   getIDCS3BReport                        the three-bureau report (the identity and credit service's 3B report)
//   coachSetsPriority                      the coach's triage: every item waiting for a decision that has no
//                                          priority yet gets the step's (investigations/{uid}/items/{id}.coachPriority)
//   chooseDisputeReasons                   every item waiting for a decision gets a reason by its priority (the
//                                          coach's, else the step's, which it then keeps): 'skip' → do not
//                                          challenge; high and normal → the first reason its category offers (with
//                                          its first secondary reason when the reason needs one, and the waiver
//                                          accepted for a special account), through the wizard's own rules
//                                          (disputes/disputeLifecycle.ts applyReasons)
//   disputeScheduler                       the scheduler sends what was decided, as the customer's submit does
//                                          (letters included; disputes/disputeSubmit.ts submitDisputes), then the
//                                          dispute clock moves `days` (disputes/bureauResponses.ts runBureaus)
//   disputeUpdate                          the bureaus answer: the clock moves `days` and they act over the span
import { FieldValue } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import type { InvestigationReason } from '../../../src/contract/disputes';
import {
  testPlanSchema,
  testPlanStateSchema,
  TEST_PLAN_PRIORITIES,
  type TestPlan,
  type TestPlanPriority,
  type TestPlanState,
  type TestPlanStep,
} from '../../../src/contract/devTools';
import { effectiveTestPlanState, isStaleStep } from '../../../src/domain/testPlans';
import { DO_NOT_CHALLENGE, isReviewable, reasonsFor, secondaryReasonsFor, type DisputeReason, type SecondaryReason } from '../../../src/domain/disputes';
import { db } from '../platform/admin';
import { runBureaus } from '../disputes/bureauResponses';
import { callableError } from '../callable/errors';
import { submitDisputes } from '../disputes/disputeSubmit';
import { COLLECTIONS } from '../platform/collections';
import { applyReasons, DISPUTE_REFUSALS } from '../disputes/disputeLifecycle';
import { investigationItemsRef, readDisputes, type StoredInvestigationItem } from '../disputes/disputeStore';
import { pullBureauReport, pullThreeBureauReport } from './devToolsReports';

export const TEST_PLANS_COLLECTION = 'testPlans';

/** The message keys of the test plans' refusals (details.key; src/domain/errors.ts). */
export const TEST_PLAN_REFUSALS = {
  notFound: 'errors.dev-tools.test-plan-not-found',
  wrongStep: 'errors.dev-tools.wrong-step',
} as const;

function planRef(id: string) {
  return db().collection(TEST_PLANS_COLLECTION).doc(id);
}

function userRef(uid: string) {
  return db().collection(COLLECTIONS.users).doc(uid);
}

/** A stored plan, its id from the document; a plan that breaks the schema is left out (and logged). */
function parsePlan(id: string, data: unknown): TestPlan | null {
  const parsed = testPlanSchema.safeParse({ ...(data as object), id });
  if (parsed.success) return parsed.data;
  logger.warn('test plan does not match its schema', { id, issues: parsed.error.issues.map((issue) => issue.path.join('.')) });
  return null;
}

/** Every plan: those in use first, then the deprecated ones; by name within each. */
export async function listTestPlans(): Promise<TestPlan[]> {
  const snapshot = await db().collection(TEST_PLANS_COLLECTION).get();
  return snapshot.docs
    .map((doc) => parsePlan(doc.id, doc.data()))
    .filter((plan) => plan !== null)
    .sort((a, b) => Number(a.deprecated) - Number(b.deprecated) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

async function usablePlan(id: string): Promise<TestPlan> {
  const snapshot = await planRef(id).get();
  const plan = snapshot.exists ? parsePlan(id, snapshot.data()) : null;
  if (!plan || plan.deprecated) throw callableError('not-found', 'test-plan-not-found', { key: TEST_PLAN_REFUSALS.notFound });
  return plan;
}

/** The customer's test state, a stale running step read as failed (src/domain/testPlans.ts); a malformed one reads as none. */
export async function testPlanStateOf(uid: string, nowMs: number = Date.now()): Promise<TestPlanState | null> {
  const parsed = testPlanStateSchema.safeParse((await userRef(uid).get()).get('testPlan'));
  return parsed.success ? effectiveTestPlanState(parsed.data, nowMs) : null;
}

/** Starts (or starts again) a plan at its first step. */
export async function startTestPlan(uid: string, testPlanId: string): Promise<TestPlanState> {
  await usablePlan(testPlanId);
  const state: TestPlanState = { testPlanId, currentStep: 0, stepStatus: 'idle', error: null };
  await userRef(uid).set({ testPlan: state }, { merge: true });
  return state;
}

const wrongStep = () => callableError('failed-precondition', 'wrong-step', { key: TEST_PLAN_REFUSALS.wrongStep });

/**
 * Completes step `step` of the plan: it must be the customer's current step of that plan, not already running (a
 * step running for longer than TEST_STEP_STALE_MS counts as failed and may be run again).
 * The state goes in-progress, the step runs, then the state moves to the next step (idle) or, after the last,
 * is cleared (null); a step that fails leaves the state on that step with stepStatus 'error' and the failure's
 * text, and the step may be completed again.
 */
export async function completeTestPlanStep(uid: string, testPlanId: string, step: number): Promise<TestPlanState | null> {
  const plan = await usablePlan(testPlanId);
  const planStep = plan.steps[step];
  if (!planStep) throw wrongStep();
  await db().runTransaction(async (transaction) => {
    const parsed = testPlanStateSchema.safeParse((await transaction.get(userRef(uid))).get('testPlan'));
    const state = parsed.success ? parsed.data : null;
    if (!state || state.testPlanId !== testPlanId || state.currentStep !== step) throw wrongStep();
    // A step still running is not run twice, unless it has run past the bound (its function died): then it counts
    // as failed and is run again.
    const nowMs = Date.now();
    if (state.stepStatus === 'in-progress' && !isStaleStep(state, nowMs)) throw wrongStep();
    transaction.update(userRef(uid), { testPlan: { ...state, stepStatus: 'in-progress', error: null, stepStartedAtMs: nowMs } });
  });
  try {
    await runStep(uid, planStep);
  } catch (error) {
    const text = failureText(error);
    logger.warn('test plan step failed', { testPlanId, step, type: planStep.type, error: text });
    const failed: TestPlanState = { testPlanId, currentStep: step, stepStatus: 'error', error: text };
    await userRef(uid).update({ testPlan: failed });
    return failed;
  }
  if (step + 1 >= plan.steps.length) {
    await userRef(uid).update({ testPlan: FieldValue.delete() });
    return null;
  }
  const next: TestPlanState = { testPlanId, currentStep: step + 1, stepStatus: 'idle', error: null };
  await userRef(uid).update({ testPlan: next });
  return next;
}

/** A refusal's message key when it has one, else its message. */
function failureText(error: unknown): string {
  if (error instanceof HttpsError) {
    const key = (error.details as { key?: unknown } | undefined)?.key;
    return typeof key === 'string' ? key : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

// ------------------------------------------------------------------------------------------- the steps

/** Runs one step on the customer's data (see the top of this file). */
export async function runStep(uid: string, step: TestPlanStep, now: Date = new Date()): Promise<void> {
  switch (step.type) {
    case 'getEquifaxReport':
      await pullBureauReport(uid, 'EQUIFAX', now);
      return;
    case 'getTransunionReport':
      await pullBureauReport(uid, 'TRANSUNION', now);
      return;
    case 'getIDCS3BReport':
      await pullThreeBureauReport(uid, now);
      return;
    case 'coachSetsPriority':
      await setPriorities(uid, step.priority ?? 'normal');
      return;
    case 'chooseDisputeReasons':
      await chooseReasons(uid, step.priority ?? 'normal', now);
      return;
    case 'disputeScheduler':
      await scheduleDisputes(uid, step.days ?? 0, now);
      return;
    case 'disputeUpdate':
      await runBureaus(uid, step.days ?? 0, now);
      return;
  }
}

/** investigations/{uid}/items/{id}.coachPriority: the coach's triage of an item (not part of the item's contract). */
export const COACH_PRIORITY_FIELD = 'coachPriority';

function priorityOf(data: Record<string, unknown> | undefined): TestPlanPriority | null {
  const value = data?.[COACH_PRIORITY_FIELD];
  return (TEST_PLAN_PRIORITIES as readonly unknown[]).includes(value) ? (value as TestPlanPriority) : null;
}

async function reviewableItems(uid: string): Promise<{ id: string; item: StoredInvestigationItem; priority: TestPlanPriority | null }[]> {
  const [{ items }, raw] = await Promise.all([readDisputes(uid), investigationItemsRef(uid).get()]);
  const priorities = new Map(raw.docs.map((doc) => [doc.id, priorityOf(doc.data())]));
  return items.filter(({ item }) => isReviewable(item)).map((entry) => ({ ...entry, priority: priorities.get(entry.id) ?? null }));
}

/** Fails when there is nothing for the step to act on: a plan run on the wrong data says so instead of passing. */
function nothingToDecide(): Error {
  return new Error('no dispute items wait for a decision (pull a report first)');
}

async function setPriorities(uid: string, priority: TestPlanPriority): Promise<void> {
  const items = (await reviewableItems(uid)).filter((entry) => entry.priority === null);
  if (items.length === 0) throw nothingToDecide();
  const batch = db().batch();
  for (const { id } of items) batch.update(investigationItemsRef(uid).doc(id), { [COACH_PRIORITY_FIELD]: priority });
  await batch.commit();
}

/** The reason a tester's step gives an item of this priority. */
export function reasonFor(item: Pick<StoredInvestigationItem, 'type'>, priority: TestPlanPriority): { reason: DisputeReason; reasonOptions: SecondaryReason[] } {
  if (priority === 'skip') return { reason: DO_NOT_CHALLENGE, reasonOptions: [] };
  const reason = reasonsFor(item.type).find((candidate) => candidate !== DO_NOT_CHALLENGE) ?? DO_NOT_CHALLENGE;
  const secondary = secondaryReasonsFor(reason);
  return { reason, reasonOptions: secondary.length > 0 ? [secondary[0]!] : [] };
}

async function chooseReasons(uid: string, stepPriority: TestPlanPriority, now: Date): Promise<void> {
  const entries = await reviewableItems(uid);
  if (entries.length === 0) throw nothingToDecide();
  await db().runTransaction(async (transaction) => {
    const { items } = await readDisputes(uid, transaction);
    const wanted = new Map(entries.map((entry) => [entry.id, entry.priority ?? stepPriority]));
    const requests: InvestigationReason[] = items
      .filter((entry) => wanted.has(entry.id) && isReviewable(entry.item))
      .map(({ id, item }): InvestigationReason => {
        const { reason, reasonOptions } = reasonFor(item, wanted.get(id)!);
        return { id, itemIds: item.itemIds, disputeIds: item.disputeIds, type: item.type, reason, reasonOptions, waiverAccepted: true };
      });
    for (const { id, item } of applyReasons(items, requests, now)) {
      transaction.update(investigationItemsRef(uid).doc(id), {
        challengeReason: item.challengeReason,
        challengeReasonOptions: item.challengeReasonOptions,
        challengeReasonSelected: item.challengeReasonSelected,
        waiverAcceptedAt: item.waiverAcceptedAt ?? null,
        statuses: item.statuses,
        [COACH_PRIORITY_FIELD]: wanted.get(id),
      });
    }
  });
}

async function scheduleDisputes(uid: string, days: number, now: Date): Promise<void> {
  try {
    await submitDisputes(uid, now);
  } catch (error) {
    // Nothing decided to send: the scheduler only moves the clock (the letters already sent keep their course).
    const key = error instanceof HttpsError ? (error.details as { key?: unknown } | undefined)?.key : undefined;
    if (key !== DISPUTE_REFUSALS.nothingToSubmit) throw error;
  }
  await runBureaus(uid, days, now);
}
