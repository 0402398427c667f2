import { describe, expect, it } from 'vitest';
import { effectiveTestPlanState, isStaleStep, TEST_STEP_STALE_MS, TEST_STEP_TIMED_OUT } from '../../src/domain/testPlans';

const NOW = Date.UTC(2026, 10, 26, 14, 0, 0);
const running = (startedAgoMs: number | null) => ({
  testPlanId: 'plan',
  currentStep: 1,
  stepStatus: 'in-progress' as const,
  error: null,
  stepStartedAtMs: startedAgoMs === null ? null : NOW - startedAgoMs,
});

describe('a test step left in progress', () => {
  it('is still running up to the bound', () => {
    expect(isStaleStep(running(0), NOW)).toBe(false);
    expect(isStaleStep(running(TEST_STEP_STALE_MS), NOW)).toBe(false);
    expect(effectiveTestPlanState(running(60_000), NOW)).toEqual(running(60_000));
  });

  it('counts as failed past the bound, or when its start is unknown', () => {
    expect(isStaleStep(running(TEST_STEP_STALE_MS + 1), NOW)).toBe(true);
    expect(isStaleStep(running(null), NOW)).toBe(true);
    expect(effectiveTestPlanState(running(TEST_STEP_STALE_MS + 1), NOW)).toMatchObject({
      stepStatus: 'error',
      error: TEST_STEP_TIMED_OUT,
      currentStep: 1,
    });
  });

  it('never touches an idle step or one that already failed', () => {
    const idle = { stepStatus: 'idle', stepStartedAtMs: null };
    const failed = { stepStatus: 'error', error: 'boom' };
    expect(effectiveTestPlanState(idle, NOW)).toBe(idle);
    expect(effectiveTestPlanState(failed, NOW)).toBe(failed);
  });

  it('is bounded at two minutes', () => {
    expect(TEST_STEP_STALE_MS).toBe(120_000);
  });
});
