import type {
  DevToolsCommandsActorSignatures as CommandsSig,
  DevToolsPort,
  OverridesActorSignatures as OverridesSig,
  TestPlanRunnerActorSignatures as RunnerSig,
  TestPlanStateData,
} from '../../../machines/devTools/ports';
import { devToolsMachine } from '../../../machines/devTools/devTools.machine';
import { overridesMachine } from '../../../machines/devTools/overrides.machine';
import { testPlanRunnerMachine } from '../../../machines/devTools/testPlanRunner.machine';
import { promiseActor, type AppPorts } from '../ports';

// The developer tools' machines with their actors provided from the ports (the only `.provide()` of
// machines/devTools). A command or a test plan step changes the customer's data on the server, so every cached read
// is marked stale afterwards (the pages refetch what they show). The overrides refresh the ID token; the app then
// reads the new claims (src/app/devTools/notify.ts followClaims).

/** The developer tools adapter, loaded with the developer tools. */
export function devToolsPort(ports: AppPorts): Promise<DevToolsPort> {
  return ports.devTools();
}

async function invalidateEverything(ports: AppPorts): Promise<void> {
  const client = await ports.queryClient();
  await client.invalidateQueries();
}

export function provideDevToolsMachine(ports: AppPorts) {
  return devToolsMachine.provide({
    actors: {
      runCommand: promiseActor<CommandsSig['runCommand']>(async ({ command }) => {
        const result = await (await devToolsPort(ports)).run(command);
        if (command.command !== 'getAllActions') await invalidateEverything(ports);
        return result;
      }),
    },
  });
}

/**
 * `readTestPlanState`: the user's test state as it is now (the page's live user document, a stale running step read
 * as failed), read again while a step left in progress runs.
 */
export function provideTestPlanRunnerMachine(ports: AppPorts, readTestPlanState: () => TestPlanStateData | null) {
  return testPlanRunnerMachine.provide({
    actors: {
      readTestPlanState: promiseActor<RunnerSig['readTestPlanState']>(async () => readTestPlanState()),
      loadTestPlans: promiseActor<RunnerSig['loadTestPlans']>(async () => (await devToolsPort(ports)).getTestPlans()),
      startTestPlan: promiseActor<RunnerSig['startTestPlan']>(async ({ testPlanId }) => (await devToolsPort(ports)).startTestPlan(testPlanId)),
      completeTestPlanStep: promiseActor<RunnerSig['completeTestPlanStep']>(async ({ testPlanId, step }) => {
        try {
          return await (await devToolsPort(ports)).completeTestPlanStep(testPlanId, step);
        } finally {
          // A step that failed half-way may still have changed data.
          await invalidateEverything(ports);
        }
      }),
    },
  });
}

export function provideOverridesMachine(ports: AppPorts) {
  return overridesMachine.provide({
    actors: {
      applyOverrides: promiseActor<OverridesSig['applyOverrides']>(async ({ overrides }) => (await devToolsPort(ports)).setOverrides(overrides)),
      restoreOverrides: promiseActor<OverridesSig['restoreOverrides']>(async () => (await devToolsPort(ports)).restoreOverrides()),
      refreshToken: promiseActor<OverridesSig['refreshToken']>(() => ports.auth.refreshToken()),
    },
  });
}
