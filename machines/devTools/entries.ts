import { TEST_STEP_TIMED_OUT } from '../../src/domain/testPlans';
import { actorSamples, after, contextKey, defineMachineEntry, sampleEvents } from '../registry';
import { devToolsMachine } from './devTools.machine';
import { overridesMachine } from './overrides.machine';
import type {
  DevActionData,
  DevToolsCommandsActorSignatures,
  OverridesActorSignatures,
  TestPlanData,
  TestPlanRunnerActorSignatures,
  TestPlanStateData,
  UserOverridesData,
} from './ports';
import { testPlanRunnerMachine, type TestPlanRunnerInput } from './testPlanRunner.machine';

// The developer tools' registry entries, listed in machines/index.ts. Samples carry real
// payloads: the seeded plan a QA engineer runs (seed/testPlans.ts), the server's answers as src/contract/devTools.ts
// shapes them.

// ------------------------------------------------------------------------------------------------ commands

export const SAMPLE_DEV_ACTIONS: DevActionData[] = [
  { id: 'action-upload-w2', name: 'Upload your W-2', type: 'document_upload', status: 'active', completedAt: null },
  { id: 'action-dispute', name: 'Dispute the collection account', type: 'dispute', status: 'completed_by_user', completedAt: '2026-11-20T15:04:00.000Z' },
];

const commandEvent = sampleEvents<typeof devToolsMachine>();
const commandActors = actorSamples<DevToolsCommandsActorSignatures>();

export const devToolsEntry = defineMachineEntry({
  id: 'devTools',
  title: 'Developer tools: commands',
  purpose: "Run a devTools command on the customer's data (outside production), confirming the destructive ones first.",
  machine: devToolsMachine,
  testModel: {
    events: {
      'command.run': [
        commandEvent({ type: 'command.run', command: { command: 'getAllActions' } }),
        commandEvent({ type: 'command.run', command: { command: 'delete', categories: ['actions', 'readinessScore'] } }),
        // Nothing ticked: refused before anything is sent.
        commandEvent({ type: 'command.run', command: { command: 'delete', categories: [] } }),
      ],
      'command.confirm': [commandEvent({ type: 'command.confirm' })],
      'command.cancel': [commandEvent({ type: 'command.cancel' })],
      'xstate.done.actor.runCommand': [commandActors.done('runCommand', { command: 'getAllActions', actions: SAMPLE_DEV_ACTIONS })],
      'xstate.error.actor.runCommand': [commandActors.fail('runCommand', 'permission-denied', 'coach.toast.not-permitted')],
    },
    stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, pending: snapshot.context.pending?.command ?? null }),
  },
});

// ------------------------------------------------------------------------------------------------ test plans

/** The seeded three-bureau dispute round (seed/testPlans.ts), as getTestPlans answers it. */
export const SAMPLE_TEST_PLAN: TestPlanData = {
  id: 'dispute-round-three-bureau',
  name: 'Dispute round from a fresh three-bureau report',
  description: 'Pulls a three-bureau report, disputes its negative items and lets the bureaus answer.',
  tags: ['disputes', 'credit'],
  steps: [
    {
      type: 'getIDCS3BReport',
      title: 'Pull a three-bureau report',
      instructions: "Open Credit: the report date is today's and the three bureaus' scores show.",
    },
    {
      type: 'chooseDisputeReasons',
      title: 'Choose dispute reasons',
      instructions: 'Open Credit › Disputes: the negative items are ready to send, with high priority.',
      priority: 'high',
    },
    {
      type: 'disputeScheduler',
      title: 'Move the dispute clock 30 days',
      instructions: 'The items show as in progress at the bureaus.',
      days: 30,
    },
  ],
  deprecated: false,
  contactId: '003DEMO0000DEV01',
};

const STATE_AT_START: TestPlanStateData = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 0, stepStatus: 'idle' };
const STATE_AFTER_FIRST: TestPlanStateData = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 1, stepStatus: 'idle' };
const STATE_FAILED: TestPlanStateData = {
  testPlanId: SAMPLE_TEST_PLAN.id,
  currentStep: 1,
  stepStatus: 'error',
  error: 'The credit data provider did not answer.',
};

/** The third step still running (the variant 'a step left in progress' starts there), as the test state reads again. */
export const STATE_STILL_RUNNING: TestPlanStateData = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 2, stepStatus: 'in-progress', stepStartedAtMs: 0 };
/** The same step past TEST_STEP_STALE_MS, as effectiveTestPlanState reads it. */
const STATE_TIMED_OUT: TestPlanStateData = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 2, stepStatus: 'error', error: TEST_STEP_TIMED_OUT };

/** A developer with no plan under way. */
export const SAMPLE_RUNNER_INPUT: TestPlanRunnerInput = { isDeveloper: true, current: null };

const runnerEvent = sampleEvents<typeof testPlanRunnerMachine>();
const runnerActors = actorSamples<TestPlanRunnerActorSignatures>();

export const testPlanRunnerEntry = defineMachineEntry({
  id: 'testPlanRunner',
  title: 'Developer tools: run a test plan',
  purpose: "Pick a test plan and walk its steps, each run on the server against the developer's demo customer.",
  machine: testPlanRunnerMachine,
  testModel: {
    input: SAMPLE_RUNNER_INPUT,
    events: {
      'plans.retry': [runnerEvent({ type: 'plans.retry' })],
      'plan.select': [
        runnerEvent({ type: 'plan.select', testPlanId: SAMPLE_TEST_PLAN.id }),
        // Not one of the plans (ignored).
        runnerEvent({ type: 'plan.select', testPlanId: 'no-such-plan' }),
      ],
      'plan.start': [runnerEvent({ type: 'plan.start' })],
      'plan.change': [runnerEvent({ type: 'plan.change' })],
      'step.complete': [runnerEvent({ type: 'step.complete' })],
      'step.retry': [runnerEvent({ type: 'step.retry' })],
      'xstate.done.actor.loadTestPlans': [runnerActors.done('loadTestPlans', [SAMPLE_TEST_PLAN])],
      'xstate.error.actor.loadTestPlans': [runnerActors.fail('loadTestPlans', 'unavailable')],
      'xstate.done.actor.startTestPlan': [
        runnerActors.done('startTestPlan', STATE_AT_START),
        // The server found nothing to walk (the contract's null: no test state afterwards).
        runnerActors.done('startTestPlan', null),
      ],
      'xstate.error.actor.startTestPlan': [runnerActors.fail('startTestPlan', 'unavailable')],
      'xstate.done.actor.completeTestPlanStep': [
        runnerActors.done('completeTestPlanStep', STATE_AFTER_FIRST),
        // The step failed on the server.
        runnerActors.done('completeTestPlanStep', STATE_FAILED),
        // The last step: the server clears the test state.
        runnerActors.done('completeTestPlanStep', null),
      ],
      'xstate.error.actor.completeTestPlanStep': [runnerActors.fail('completeTestPlanStep', 'failed-precondition')],
      // A step left in progress: the test state is read again after the poll delay.
      'xstate.after.testStepPoll.testPlanRunner.walking.stepInProgress': [after('testStepPoll', 'testPlanRunner.walking.stepInProgress')],
      'xstate.done.actor.readTestPlanState': [
        runnerActors.done('readTestPlanState', STATE_STILL_RUNNING),
        // Stale: it reads as an error, which offers the retry.
        runnerActors.done('readTestPlanState', STATE_TIMED_OUT),
        // Done elsewhere: the plan moved on (the sample plan's third step is its last, so the state is cleared).
        runnerActors.done('readTestPlanState', null),
        runnerActors.done('readTestPlanState', STATE_AFTER_FIRST),
      ],
      'xstate.error.actor.readTestPlanState': [runnerActors.fail('readTestPlanState', 'unavailable')],
    },
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        selected: snapshot.context.selectedId,
        step: snapshot.context.state?.currentStep ?? null,
        status: snapshot.context.state?.stepStatus ?? null,
      }),
  },
});

// ------------------------------------------------------------------------------------------------ overrides

/** The override the e2e journey makes: the free product line. */
export const SAMPLE_OVERRIDES: UserOverridesData = { productLine: 'Freemium' };

const overridesEvent = sampleEvents<typeof overridesMachine>();
const overridesActors = actorSamples<OverridesActorSignatures>();

export const overridesEntry = defineMachineEntry({
  id: 'overrides',
  title: 'Developer overrides',
  purpose: 'Override role, developer flag, claims, product line or company flag on your own account, and restore them.',
  machine: overridesMachine,
  testModel: {
    input: { active: false },
    events: {
      'overrides.change': [
        overridesEvent({ type: 'overrides.change', overrides: SAMPLE_OVERRIDES }),
        overridesEvent({ type: 'overrides.change', overrides: { role: 'coach', claims: { allowClientActions: false } } }),
        // Everything back to "unchanged".
        overridesEvent({ type: 'overrides.change', overrides: {} }),
      ],
      'overrides.apply': [overridesEvent({ type: 'overrides.apply' })],
      'overrides.restore': [overridesEvent({ type: 'overrides.restore' })],
      'xstate.done.actor.applyOverrides': [overridesActors.done('applyOverrides', SAMPLE_OVERRIDES)],
      'xstate.error.actor.applyOverrides': [overridesActors.fail('applyOverrides', 'permission-denied')],
      'xstate.done.actor.restoreOverrides': [overridesActors.done('restoreOverrides')],
      'xstate.error.actor.restoreOverrides': [overridesActors.fail('restoreOverrides', 'unavailable')],
      'xstate.done.actor.refreshTokenAfterApply': [overridesActors.doneAs('refreshTokenAfterApply', 'refreshToken')],
      'xstate.error.actor.refreshTokenAfterApply': [overridesActors.failAs('refreshTokenAfterApply', 'refreshToken', 'network-request-failed')],
      'xstate.done.actor.refreshTokenAfterRestore': [overridesActors.doneAs('refreshTokenAfterRestore', 'refreshToken')],
      'xstate.error.actor.refreshTokenAfterRestore': [overridesActors.failAs('refreshTokenAfterRestore', 'refreshToken', 'network-request-failed')],
    },
    stateKey: contextKey('form'),
  },
});
