import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { provided } from '../actors';
import { portErrorKey } from './devTools.machine';
import { portErrorCode, type NotifyEmitted } from '../ports';
import type { TestPlanData, TestPlanRunnerActorSignatures, TestPlanStateData, TestPlanStepData, TestStepStatus } from './ports';
import { machineSpec, spec } from '../spec';

// Walking a test plan (spec 001 §3 "Test plan", §7 devTools completeTestPlanStep; never in
// production). Developers only: anyone else is told the panel needs a developer (the server refuses them anyway).
// The plans load, the tester picks one and starts it (or carries on with the plan their test state names), then
// walks its steps: each step shows idle until "Complete step" runs it on the server (in progress), then the next
// step is idle, or the step shows its error and can be retried. After the last step the plan is finished. A test
// state that says a step is still in progress (the page closed while it ran, or another tab runs it) shows the step
// running and reads the user's test state again every TEST_STEP_POLL_MS until it is done or errored; a step running
// past TEST_STEP_STALE_MS reads as an error (src/domain/testPlans.ts effectiveTestPlanState), which offers the retry
// the server then accepts. Retry is not offered while the step runs: the server refuses it until the step is stale.

type Sig = TestPlanRunnerActorSignatures;

export type { TestPlanData, TestPlanStateData, TestPlanStepData, TestStepStatus } from './ports';

/** How often a step left in progress re-reads the user's test state. */
export const TEST_STEP_POLL_MS = 5_000;

export const TEST_PLAN_RUNNER_KEYS = {
  started: 'toast.plan-started',
  stepDone: 'toast.step-done',
  stepFailed: 'toast.step-failed',
  startFailed: 'toast.plan-start-failed',
  finished: 'toast.plan-finished',
} as const;
export type TestPlanRunnerNotifyKey = (typeof TEST_PLAN_RUNNER_KEYS)[keyof typeof TEST_PLAN_RUNNER_KEYS];

export interface TestPlanRunnerInput {
  /** isDeveloperSession of the session's claims. */
  isDeveloper: boolean;
  /** users/{uid}.testPlan, when the user is in a plan. */
  current: TestPlanStateData | null;
}

export interface TestPlanRunnerContext {
  isDeveloper: boolean;
  plans: TestPlanData[];
  /** The plan picked (or being walked). */
  selectedId: string | null;
  /** Where the user is in the plan being walked. */
  state: TestPlanStateData | null;
  /** The test state the runner started from (users/{uid}.testPlan). */
  resumeFrom: TestPlanStateData | null;
  /** The last failure: the server's message for a step that failed there, else the port error's code. */
  error: string | null;
  /** The last refusal's message key, when the server gave one. */
  errorKey: string | null;
}

export type TestPlanRunnerEvent =
  | { type: 'plans.retry' }
  | { type: 'plan.select'; testPlanId: string }
  | { type: 'plan.start' }
  | { type: 'plan.change' }
  | { type: 'step.complete' }
  | { type: 'step.retry' };
export type TestPlanRunnerEmitted = NotifyEmitted<TestPlanRunnerNotifyKey>;
export type TestPlanRunnerTag = 'busy' | 'loading';

export const testPlanRunnerMachine = setup({
  types: {
    context: {} as TestPlanRunnerContext,
    events: {} as TestPlanRunnerEvent,
    input: {} as TestPlanRunnerInput,
    emitted: {} as TestPlanRunnerEmitted,
    tags: {} as TestPlanRunnerTag,
  },
  actors: {
    loadTestPlans: provided<Sig['loadTestPlans']>('loadTestPlans'),
    startTestPlan: provided<Sig['startTestPlan']>('startTestPlan'),
    completeTestPlanStep: provided<Sig['completeTestPlanStep']>('completeTestPlanStep'),
    readTestPlanState: provided<Sig['readTestPlanState']>('readTestPlanState'),
  },
  delays: {
    testStepPoll: TEST_STEP_POLL_MS,
  },
  guards: {
    isDeveloper: ({ context }) => context.isDeveloper,
    /** The user's test state names a plan that loaded (and a step it has). */
    resumesAPlan: ({ context }, params: { plans: TestPlanData[] }) => {
      const from = context.resumeFrom;
      const plan = from ? params.plans.find((entry) => entry.id === from.testPlanId) : undefined;
      return from !== null && plan !== undefined && from.currentStep < plan.steps.length;
    },
    isKnownPlan: ({ context }, params: { testPlanId: string }) => context.plans.some((plan) => plan.id === params.testPlanId),
    hasSelection: ({ context }) => context.selectedId !== null,
    /** The server cleared the test state (null) or moved past the last step: the plan is done. */
    isFinished: ({ context }, params: { state: TestPlanStateData | null }) => {
      if (params.state === null) return true;
      const plan = context.plans.find((entry) => entry.id === params.state?.testPlanId);
      return plan !== undefined && params.state.currentStep >= plan.steps.length;
    },
    /** The server ran the step and it failed there (the state says error, with its message). */
    reportsStepError: (_, params: { state: TestPlanStateData | null }) => params.state?.stepStatus === 'error',
    stepFailed: ({ context }) => context.state?.stepStatus === 'error',
    stepInProgress: ({ context }) => context.state?.stepStatus === 'in-progress',
    /** The test state read again still has the step running (the same step, not yet stale). */
    isStillRunning: ({ context }, params: { state: TestPlanStateData | null }) =>
      params.state?.stepStatus === 'in-progress' &&
      params.state.testPlanId === context.state?.testPlanId &&
      params.state.currentStep === context.state.currentStep,
  },
  actions: {
    assignPlans: assign((_, params: { plans: TestPlanData[] }) => ({ plans: params.plans })),
    resume: assign(({ context }) => ({
      selectedId: context.resumeFrom?.testPlanId ?? null,
      state: context.resumeFrom,
      error: context.resumeFrom?.stepStatus === 'error' ? (context.resumeFrom.error ?? null) : null,
    })),
    assignSelection: assign((_, params: { testPlanId: string }) => ({ selectedId: params.testPlanId })),
    assignState: assign((_, params: { state: TestPlanStateData | null }) => ({
      state: params.state,
      error: params.state?.stepStatus === 'error' ? (params.state.error ?? null) : null,
      errorKey: null,
    })),
    clearState: assign({ state: null, error: null, errorKey: null, resumeFrom: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: portErrorCode(params.error), errorKey: portErrorKey(params.error) })),
    notifyStarted: emit({ type: 'notify', level: 'success', key: TEST_PLAN_RUNNER_KEYS.started } as const),
    notifyStartFailed: emit({ type: 'notify', level: 'error', key: TEST_PLAN_RUNNER_KEYS.startFailed } as const),
    notifyStepDone: emit({ type: 'notify', level: 'success', key: TEST_PLAN_RUNNER_KEYS.stepDone } as const),
    notifyStepFailed: emit({ type: 'notify', level: 'error', key: TEST_PLAN_RUNNER_KEYS.stepFailed } as const),
    notifyFinished: emit({ type: 'notify', level: 'success', key: TEST_PLAN_RUNNER_KEYS.finished } as const),
  },
}).createMachine({
  id: 'testPlanRunner',
  meta: machineSpec(['001 §2', '001 §3'], ['checking', 'walking.routing']),
  context: ({ input }) => ({
    isDeveloper: input.isDeveloper,
    plans: [],
    selectedId: null,
    state: null,
    resumeFrom: input.current,
    error: null,
    errorKey: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isDeveloper', target: 'loading' }, { target: 'notDeveloper' }],
    },
    // Nothing to do here for anyone else (the server refuses test-plan commands to non-developers too).
    notDeveloper: { meta: spec('001 §2'), type: 'final' },
    loading: {
      meta: spec('001 §2'),
      tags: ['loading'],
      invoke: {
        id: 'loadTestPlans',
        src: 'loadTestPlans',
        onDone: [
          {
            guard: { type: 'resumesAPlan', params: ({ event }) => ({ plans: event.output }) },
            target: 'walking',
            actions: [{ type: 'assignPlans', params: ({ event }) => ({ plans: event.output }) }, 'resume'],
          },
          { target: 'picking', actions: { type: 'assignPlans', params: ({ event }) => ({ plans: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: spec('001 §2'),
      on: { 'plans.retry': 'loading' },
    },
    picking: {
      meta: spec('001 §2'),
      on: {
        'plan.select': {
          guard: { type: 'isKnownPlan', params: ({ event }) => ({ testPlanId: event.testPlanId }) },
          actions: { type: 'assignSelection', params: ({ event }) => ({ testPlanId: event.testPlanId }) },
        },
        'plan.start': { guard: 'hasSelection', target: 'starting' },
      },
    },
    starting: {
      meta: spec('001 §2'),
      tags: ['busy'],
      invoke: {
        id: 'startTestPlan',
        src: 'startTestPlan',
        input: ({ context }) => ({ testPlanId: context.selectedId ?? '' }),
        onDone: [
          {
            guard: { type: 'isFinished', params: ({ event }) => ({ state: event.output }) },
            target: 'finished',
            actions: ['clearState', 'notifyFinished'],
          },
          { target: 'walking', actions: [{ type: 'assignState', params: ({ event }) => ({ state: event.output }) }, 'notifyStarted'] },
        ],
        onError: {
          target: 'picking',
          actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyStartFailed'],
        },
      },
    },
    walking: {
      meta: spec('001 §2'),
      initial: 'routing',
      on: { 'plan.change': { target: 'picking', actions: 'clearState' } },
      states: {
        routing: {
          always: [
            { guard: 'stepFailed', target: 'stepError' },
            { guard: 'stepInProgress', target: 'stepInProgress' },
            { target: 'stepIdle' },
          ],
        },
        stepIdle: {
          meta: spec('001 §2'),
          on: { 'step.complete': 'completing' },
        },
        // The step runs elsewhere: the test state is read again until it is done, errored or stale.
        stepInProgress: {
          meta: spec('001 §2'),
          after: { testStepPoll: 'checkingStep' },
        },
        checkingStep: {
          meta: spec('001 §2'),
          invoke: {
            id: 'readTestPlanState',
            src: 'readTestPlanState',
            onDone: [
              {
                guard: { type: 'isStillRunning', params: ({ event }) => ({ state: event.output }) },
                target: 'stepInProgress',
              },
              {
                guard: { type: 'isFinished', params: ({ event }) => ({ state: event.output }) },
                target: '#testPlanRunner.finished',
                actions: ['clearState', 'notifyFinished'],
              },
              {
                guard: { type: 'reportsStepError', params: ({ event }) => ({ state: event.output }) },
                target: 'stepError',
                actions: [{ type: 'assignState', params: ({ event }) => ({ state: event.output }) }, 'notifyStepFailed'],
              },
              { target: 'routing', actions: [{ type: 'assignState', params: ({ event }) => ({ state: event.output }) }, 'notifyStepDone'] },
            ],
            // The read failed (offline): the step still shows running and the next read tries again.
            onError: 'stepInProgress',
          },
        },
        stepError: {
          meta: spec('001 §2'),
          on: { 'step.retry': 'completing' },
        },
        completing: {
          meta: spec('001 §2'),
          tags: ['busy'],
          invoke: {
            id: 'completeTestPlanStep',
            src: 'completeTestPlanStep',
            input: ({ context }) => ({ testPlanId: context.state?.testPlanId ?? '', step: context.state?.currentStep ?? 0 }),
            onDone: [
              {
                guard: { type: 'isFinished', params: ({ event }) => ({ state: event.output }) },
                target: '#testPlanRunner.finished',
                actions: ['clearState', 'notifyFinished'],
              },
              {
                guard: { type: 'reportsStepError', params: ({ event }) => ({ state: event.output }) },
                target: 'stepError',
                actions: [{ type: 'assignState', params: ({ event }) => ({ state: event.output }) }, 'notifyStepFailed'],
              },
              { target: 'routing', actions: [{ type: 'assignState', params: ({ event }) => ({ state: event.output }) }, 'notifyStepDone'] },
            ],
            onError: {
              target: 'stepError',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyStepFailed'],
            },
          },
        },
      },
    },
    finished: {
      meta: spec('001 §2'),
      on: { 'plan.change': 'picking' },
    },
  },
});

export type TestPlanRunnerSnapshot = SnapshotFrom<typeof testPlanRunnerMachine>;

/** What a step shows: its status as the spec names them (idle / in-progress / error). */
export interface TestPlanStepView extends TestPlanStepData {
  index: number;
  status: TestStepStatus | 'done' | 'upcoming';
}

function plan(s: TestPlanRunnerSnapshot): TestPlanData | null {
  const id = s.context.selectedId;
  return id === null ? null : (s.context.plans.find((entry) => entry.id === id) ?? null);
}

function currentStatus(s: TestPlanRunnerSnapshot): TestStepStatus {
  if (s.matches({ walking: 'completing' }) || s.matches({ walking: 'stepInProgress' }) || s.matches({ walking: 'checkingStep' })) {
    return 'in-progress';
  }
  if (s.matches({ walking: 'stepError' })) return 'error';
  return 'idle';
}

/** What the test plans panel reads. */
export const testPlanRunnerSelectors = {
  notDeveloper: (s: TestPlanRunnerSnapshot): boolean => s.matches('notDeveloper'),
  loading: (s: TestPlanRunnerSnapshot): boolean => s.hasTag('loading'),
  loadFailed: (s: TestPlanRunnerSnapshot): boolean => s.matches('loadFailed'),
  busy: (s: TestPlanRunnerSnapshot): boolean => s.hasTag('busy'),
  /** The current step runs elsewhere (left in progress): the panel says so while the runner reads the state again. */
  stepRunning: (s: TestPlanRunnerSnapshot): boolean => s.matches({ walking: 'stepInProgress' }) || s.matches({ walking: 'checkingStep' }),
  picking: (s: TestPlanRunnerSnapshot): boolean => s.matches('picking') || s.matches('starting'),
  walking: (s: TestPlanRunnerSnapshot): boolean => s.matches('walking'),
  finished: (s: TestPlanRunnerSnapshot): boolean => s.matches('finished'),
  plans: (s: TestPlanRunnerSnapshot): TestPlanData[] => s.context.plans,
  selectedId: (s: TestPlanRunnerSnapshot): string | null => s.context.selectedId,
  plan,
  currentStep: (s: TestPlanRunnerSnapshot): number | null => (s.matches('walking') ? (s.context.state?.currentStep ?? null) : null),
  /** The plan's steps with their status: done before the current step, upcoming after it. */
  steps: (s: TestPlanRunnerSnapshot): TestPlanStepView[] => {
    const walked = plan(s);
    if (walked === null || !s.matches('walking')) return [];
    const current = s.context.state?.currentStep ?? 0;
    return walked.steps.map((step, index) => ({
      ...step,
      index,
      status: index < current ? 'done' : index > current ? 'upcoming' : currentStatus(s),
    }));
  },
  error: (s: TestPlanRunnerSnapshot): string | null => s.context.error,
  errorKey: (s: TestPlanRunnerSnapshot): string | null => s.context.errorKey,
};
