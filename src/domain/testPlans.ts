// The test state of a test plan (spec 000 §3.1 users/{uid}.testPlan, spec 001 §3 "Test plan"):
// a step runs on the server between 'in-progress' and its outcome. A function that crashed or timed out mid-step
// would leave it 'in-progress' for ever and block the plan; past TEST_STEP_STALE_MS it counts as an error, which the
// panel shows and the server lets the tester retry (functions/src/devTools/testPlans.ts completeTestPlanStep).

/** How long a step may stay 'in-progress' before it counts as failed (the longest step takes well under a minute). */
export const TEST_STEP_STALE_MS = 2 * 60_000;

/** The error a stale step carries (the panel shows its own text for it). */
export const TEST_STEP_TIMED_OUT = 'step-timed-out';

export interface TestPlanStateFacts {
  stepStatus: string;
  /** When the running step started (ms since the epoch); absent on states written before it was recorded. */
  stepStartedAtMs?: number | null;
}

/** A step 'in-progress' for longer than the bound (or since an unknown time). */
export function isStaleStep(state: TestPlanStateFacts, nowMs: number): boolean {
  if (state.stepStatus !== 'in-progress') return false;
  const started = state.stepStartedAtMs;
  return started === undefined || started === null || nowMs - started > TEST_STEP_STALE_MS;
}

/** The state as the tester should see it: a stale step reads as an error (TEST_STEP_TIMED_OUT). */
export function effectiveTestPlanState<T extends TestPlanStateFacts & { error?: string | null }>(state: T, nowMs: number): T {
  return isStaleStep(state, nowMs) ? ({ ...state, stepStatus: 'error', error: TEST_STEP_TIMED_OUT } as T) : state;
}
