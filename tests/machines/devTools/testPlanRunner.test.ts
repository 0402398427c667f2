import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { SAMPLE_RUNNER_INPUT, SAMPLE_TEST_PLAN } from '../../../machines/devTools/entries';
import type { TestPlanData, TestPlanStateData } from '../../../machines/devTools/ports';
import { TEST_STEP_POLL_MS, testPlanRunnerMachine, testPlanRunnerSelectors as select, type TestPlanRunnerInput } from '../../../machines/devTools/testPlanRunner.machine';
import { machineEntry } from '../../../machines/index';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('testPlanRunner');
if (!entry) throw new Error('testPlanRunner is not registered');

const PLAN_ID = SAMPLE_TEST_PLAN.id;

runModelPaths(entry, {
  variants: [
    { name: 'not a developer', input: { isDeveloper: false, current: null } satisfies TestPlanRunnerInput },
    {
      name: 'a plan under way',
      input: { isDeveloper: true, current: { testPlanId: PLAN_ID, currentStep: 1, stepStatus: 'idle' } } satisfies TestPlanRunnerInput,
    },
    {
      name: 'a step that failed',
      input: {
        isDeveloper: true,
        current: { testPlanId: PLAN_ID, currentStep: 1, stepStatus: 'error', error: 'The bureau sandbox did not answer.' },
      } satisfies TestPlanRunnerInput,
    },
    {
      name: 'a step left in progress',
      input: { isDeveloper: true, current: { testPlanId: PLAN_ID, currentStep: 2, stepStatus: 'in-progress' } } satisfies TestPlanRunnerInput,
    },
  ],
});

interface Server {
  plans: TestPlanData[];
  state: TestPlanStateData | null;
  /** The step whose run fails on the server (stepStatus error), once. */
  failStep?: number;
  /** Rejects the call (a refusal). */
  refuse?: string;
}

function runner(input: TestPlanRunnerInput, server: Server) {
  const calls: string[] = [];
  const machine = testPlanRunnerMachine.provide({
    actors: {
      loadTestPlans: fromPromise<TestPlanData[], void>(async () => {
        calls.push('getTestPlans');
        return server.plans;
      }),
      startTestPlan: fromPromise<TestPlanStateData | null, { testPlanId: string }>(async ({ input: { testPlanId } }) => {
        calls.push(`start:${testPlanId}`);
        server.state = { testPlanId, currentStep: 0, stepStatus: 'idle' };
        return server.state;
      }),
      completeTestPlanStep: fromPromise<TestPlanStateData | null, { testPlanId: string; step: number }>(async ({ input: { testPlanId, step } }) => {
        calls.push(`complete:${testPlanId}:${step}`);
        if (server.refuse) throw { code: server.refuse };
        if (server.failStep === step) {
          server.failStep = undefined;
          server.state = { testPlanId, currentStep: step, stepStatus: 'error', error: 'The bureau sandbox did not answer.' };
          return server.state;
        }
        const plan = server.plans.find((entry) => entry.id === testPlanId);
        server.state = plan && step + 1 < plan.steps.length ? { testPlanId, currentStep: step + 1, stepStatus: 'idle' } : null;
        return server.state;
      }),
      readTestPlanState: fromPromise<TestPlanStateData | null, void>(async () => {
        calls.push('read');
        if (server.refuse) throw { code: server.refuse };
        return server.state;
      }),
    },
  });
  const running = run(machine, input);
  return {
    calls,
    snapshot: running.snapshot,
    notices: () => running.emitted.map(({ key }) => key),
    /** The poll delay running out on the simulated clock, and the read it starts settling. */
    poll: () => running.advance(TEST_STEP_POLL_MS),
    send: running.send,
  };
}

const statuses = (snapshot: ReturnType<ReturnType<typeof runner>['snapshot']>) => select.steps(snapshot).map((step) => step.status);

describe('walking a test plan (spec 001 §3 "Test plan")', () => {
  it('a non-developer is told the panel needs a developer, and nothing is asked of the server', async () => {
    const r = runner({ isDeveloper: false, current: null }, { plans: [SAMPLE_TEST_PLAN], state: null });
    await settle();
    expect([select.notDeveloper(r.snapshot()), r.calls]).toEqual([true, []]);
  });

  it('picks a plan, starts it, and walks it step by step to the end', async () => {
    const r = runner(SAMPLE_RUNNER_INPUT, { plans: [SAMPLE_TEST_PLAN], state: null });
    await settle();
    expect([select.picking(r.snapshot()), select.plans(r.snapshot()).map((plan) => plan.id)]).toEqual([true, [PLAN_ID]]);
    await r.send({ type: 'plan.select', testPlanId: PLAN_ID });
    await r.send({ type: 'plan.start' });
    expect([select.currentStep(r.snapshot()), statuses(r.snapshot())]).toEqual([0, ['idle', 'upcoming', 'upcoming']]);
    await r.send({ type: 'step.complete' });
    expect([select.currentStep(r.snapshot()), statuses(r.snapshot())]).toEqual([1, ['done', 'idle', 'upcoming']]);
    await r.send({ type: 'step.complete' });
    await r.send({ type: 'step.complete' });
    expect([select.finished(r.snapshot()), r.calls, r.notices()]).toEqual([
      true,
      ['getTestPlans', `start:${PLAN_ID}`, `complete:${PLAN_ID}:0`, `complete:${PLAN_ID}:1`, `complete:${PLAN_ID}:2`],
      ['toast.plan-started', 'toast.step-done', 'toast.step-done', 'toast.plan-finished'],
    ]);
  });

  it('shows a step in progress while the server runs it', async () => {
    const r = runner(SAMPLE_RUNNER_INPUT, { plans: [SAMPLE_TEST_PLAN], state: null });
    await settle();
    await r.send({ type: 'plan.select', testPlanId: PLAN_ID });
    await r.send({ type: 'plan.start' });
    r.send({ type: 'step.complete' });
    expect([select.busy(r.snapshot()), statuses(r.snapshot())[0]]).toEqual([true, 'in-progress']);
    await settle();
  });

  it("a step that fails on the server shows its error and the server's message; retried, the plan goes on", async () => {
    const r = runner(SAMPLE_RUNNER_INPUT, { plans: [SAMPLE_TEST_PLAN], state: null, failStep: 0 });
    await settle();
    await r.send({ type: 'plan.select', testPlanId: PLAN_ID });
    await r.send({ type: 'plan.start' });
    await r.send({ type: 'step.complete' });
    expect([statuses(r.snapshot())[0], select.error(r.snapshot()), r.notices().at(-1)]).toEqual([
      'error',
      'The bureau sandbox did not answer.',
      'toast.step-failed',
    ]);
    await r.send({ type: 'step.retry' });
    expect([select.currentStep(r.snapshot()), statuses(r.snapshot())[0], select.error(r.snapshot())]).toEqual([1, 'done', null]);
  });

  it('a refused step (not the current one) shows the refusal and can be retried', async () => {
    const server: Server = { plans: [SAMPLE_TEST_PLAN], state: null, refuse: 'failed-precondition' };
    const r = runner({ isDeveloper: true, current: { testPlanId: PLAN_ID, currentStep: 1, stepStatus: 'idle' } }, server);
    await settle();
    await r.send({ type: 'step.complete' });
    expect([statuses(r.snapshot())[1], select.error(r.snapshot())]).toEqual(['error', 'failed-precondition']);
  });

  it("carries on with the plan the user's test state names, at its step", async () => {
    const r = runner({ isDeveloper: true, current: { testPlanId: PLAN_ID, currentStep: 2, stepStatus: 'idle' } }, { plans: [SAMPLE_TEST_PLAN], state: null });
    await settle();
    expect([select.walking(r.snapshot()), select.currentStep(r.snapshot()), statuses(r.snapshot())]).toEqual([true, 2, ['done', 'done', 'idle']]);
  });

  it('a test state naming a plan that no longer exists starts at the list', async () => {
    const r = runner({ isDeveloper: true, current: { testPlanId: 'gone', currentStep: 0, stepStatus: 'idle' } }, { plans: [SAMPLE_TEST_PLAN], state: null });
    await settle();
    expect(select.picking(r.snapshot())).toBe(true);
  });

  it('Start needs a plan picked, and an unknown plan cannot be picked', async () => {
    const r = runner(SAMPLE_RUNNER_INPUT, { plans: [SAMPLE_TEST_PLAN], state: null });
    await settle();
    await r.send({ type: 'plan.select', testPlanId: 'no-such-plan' });
    await r.send({ type: 'plan.start' });
    expect([select.selectedId(r.snapshot()), select.picking(r.snapshot()), r.calls]).toEqual([null, true, ['getTestPlans']]);
  });

  describe('a step left in progress (runs elsewhere)', () => {
    const RUNNING: TestPlanStateData = { testPlanId: PLAN_ID, currentStep: 1, stepStatus: 'in-progress', stepStartedAtMs: 0 };

    it('says the step is running, offers no retry, and reads the test state again until the step is done', async () => {
      const server: Server = { plans: [SAMPLE_TEST_PLAN], state: RUNNING };
      const r = runner({ isDeveloper: true, current: RUNNING }, server);
      await settle();
      expect([select.stepRunning(r.snapshot()), statuses(r.snapshot())[1], r.snapshot().can({ type: 'step.retry' })]).toEqual([true, 'in-progress', false]);
      await r.poll();
      expect([select.stepRunning(r.snapshot()), r.calls.filter((call) => call === 'read').length]).toEqual([true, 1]);
      server.state = { testPlanId: PLAN_ID, currentStep: 2, stepStatus: 'idle' };
      await r.poll();
      expect([select.stepRunning(r.snapshot()), select.currentStep(r.snapshot()), statuses(r.snapshot())[2], r.notices()]).toEqual([
        false,
        2,
        'idle',
        ['toast.step-done'],
      ]);
    });

    it('shows the error once the step errored or went stale, and offers the retry then', async () => {
      const server: Server = { plans: [SAMPLE_TEST_PLAN], state: RUNNING };
      const r = runner({ isDeveloper: true, current: RUNNING }, server);
      await settle();
      server.state = { testPlanId: PLAN_ID, currentStep: 1, stepStatus: 'error', error: 'step-timed-out' };
      await r.poll();
      expect([statuses(r.snapshot())[1], select.error(r.snapshot()), r.notices(), r.snapshot().can({ type: 'step.retry' })]).toEqual([
        'error',
        'step-timed-out',
        ['toast.step-failed'],
        true,
      ]);
    });

    it('finishes when the step was the last and the server cleared the test state', async () => {
      const last: TestPlanStateData = { ...RUNNING, currentStep: 2 };
      const server: Server = { plans: [SAMPLE_TEST_PLAN], state: last };
      const r = runner({ isDeveloper: true, current: last }, server);
      await settle();
      server.state = null;
      await r.poll();
      expect([select.finished(r.snapshot()), r.notices()]).toEqual([true, ['toast.plan-finished']]);
    });

    it('keeps showing the step running when a read fails', async () => {
      const server: Server = { plans: [SAMPLE_TEST_PLAN], state: RUNNING, refuse: 'unavailable' };
      const r = runner({ isDeveloper: true, current: RUNNING }, server);
      await settle();
      await r.poll();
      await r.poll();
      expect([select.stepRunning(r.snapshot()), r.calls.filter((call) => call === 'read').length, r.notices()]).toEqual([true, 2, []]);
    });
  });
});
