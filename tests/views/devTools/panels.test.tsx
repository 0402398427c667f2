import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { devToolsMachine } from '../../../machines/devTools/devTools.machine';
import { SAMPLE_DEV_ACTIONS, SAMPLE_TEST_PLAN } from '../../../machines/devTools/entries';
import { overridesMachine } from '../../../machines/devTools/overrides.machine';
import type { DevToolsCommand, DevToolsResult, TestPlanData, TestPlanStateData, UserOverridesData } from '../../../machines/devTools/ports';
import { TEST_STEP_POLL_MS, testPlanRunnerMachine, type TestPlanRunnerInput } from '../../../machines/devTools/testPlanRunner.machine';
import { TEST_STEP_TIMED_OUT } from '../../../src/domain/testPlans';
import { ActionsPanel } from '../../../src/views/devTools/ActionsPanel';
import { DataPanel } from '../../../src/views/devTools/DataPanel';
import { OverridesMarker } from '../../../src/views/devTools/OverridesMarker';
import { OverridesPanel } from '../../../src/views/devTools/OverridesPanel';
import { TestPlansPanel } from '../../../src/views/devTools/TestPlansPanel';
import { renderView } from '../../support/render';
import { actorsStoppedAfterEach, axeViolations } from '../../support/viewActors';

// What a developer sees in each section of the developer tools, per state of its machine (the machines run with
// their actors answered here as the server would).

const { actors } = actorsStoppedAfterEach();


function startCommands(answer: (command: DevToolsCommand) => Promise<DevToolsResult>) {
  const sent: DevToolsCommand[] = [];
  const actor = createActor(
    devToolsMachine.provide({
      actors: {
        runCommand: fromPromise<DevToolsResult, { command: DevToolsCommand }>(async ({ input }) => {
          sent.push(input.command);
          return answer(input.command);
        }),
      },
    }),
  ).start();
  actors.push(actor);
  return { actor, sent };
}

describe('the Actions section', () => {
  it('lists the actions the server answers, in a table', async () => {
    const { actor } = startCommands(async () => ({ command: 'getAllActions', actions: SAMPLE_DEV_ACTIONS }));
    await renderView(<ActionsPanel commands={actor} />);
    expect(screen.getByText('Not listed yet: use List actions.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'List actions' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(rows).toEqual(['Upload your W-2', 'Dispute the collection account']);
    expect(screen.getByRole('status').textContent).toContain('List actions: done');
    expect(await axeViolations()).toEqual([]);
  });

  it('deletes the ticked categories only after the confirmation names them', async () => {
    const { actor, sent } = startCommands(async () => ({ command: 'delete', deleted: { documents: 2, readinessScore: 1 } }));
    await renderView(<ActionsPanel commands={actor} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Documents' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Readiness score' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText("Delete the customer's Documents, Readiness score? This cannot be undone.")).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(sent).toEqual([{ command: 'delete', categories: ['documents', 'readinessScore'] }]);
    expect((await screen.findByText('Deleted: Documents 2, Readiness score 1')).textContent).toBeTruthy();
  });

  it('replaces the actions with the form, after confirming; Cancel sends nothing', async () => {
    const { actor, sent } = startCommands(async (command) => ({
      command: 'setActions',
      actions: command.command === 'setActions' ? command.actions.map((action, index) => ({ ...action, id: `a${index}`, completedAt: null })) : [],
    }));
    await renderView(<ActionsPanel commands={actor} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Action 1 name' }), 'Upload a pay stub');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action 1 type' }), 'document_upload');
    await userEvent.click(screen.getByRole('button', { name: 'Add an action' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Action 2 name' }), 'Call your coach');
    await userEvent.click(screen.getByRole('button', { name: 'Replace actions' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Replace actions' }));
    expect(within(await screen.findByRole('dialog')).getByText('Replace every action of the customer with the 2 actions below?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, go ahead' }));
    expect(sent).toEqual([
      {
        command: 'setActions',
        actions: [
          { name: 'Upload a pay stub', type: 'document_upload', status: 'active' },
          { name: 'Call your coach', type: 'call_agent', status: 'active' },
        ],
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'Call your coach' })).toBeTruthy();
  }, 30_000);

  it("shows a refused command with the server's code", async () => {
    const { actor } = startCommands(() => Promise.reject({ code: 'not-available-in-production' }));
    await renderView(<ActionsPanel commands={actor} />);
    await userEvent.click(screen.getByRole('button', { name: 'Recalculate actions' }));
    expect(await screen.findByText('Recalculate actions failed')).toBeTruthy();
    expect(screen.getByText('The server answered: not-available-in-production')).toBeTruthy();
  });

  it("shows the server's message when the refusal carries its key", async () => {
    const { actor } = startCommands(() => Promise.reject({ code: 'failed-precondition', key: 'errors.dev-tools.not-available-in-production' }));
    await renderView(<ActionsPanel commands={actor} />);
    await userEvent.click(screen.getByRole('button', { name: 'List actions' }));
    expect(await screen.findByText('Developer tools are not available in production.')).toBeTruthy();
  });
});

describe('the Data section', () => {
  it('recalculates the score and toggles v2, and shows the existing disputes clock panel', async () => {
    const { actor, sent } = startCommands(async (command) =>
      command.command === 'toggleV2' ? { command: 'toggleV2', v2Disputes: true } : { command: 'recalculateScore', score: 64 },
    );
    await renderView(<DataPanel commands={actor} disputesPanel={<p>disputes clock</p>} />);
    expect(screen.getByText('disputes clock')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Recalculate the readiness score' }));
    expect(await screen.findByText('Readiness score: 64')).toBeTruthy();
    // The help says the flag it flips is read by nothing (the app has only the v2 dispute flow).
    expect(screen.getByRole('button', { name: 'Toggle v2 disputes' }).getAttribute('aria-describedby')).toBe('dev-data-toggle-v2-help');
    expect(document.getElementById('dev-data-toggle-v2-help')?.textContent).toMatch(/^This only flips the customer's stored v2Disputes value: nothing in this app reads it/);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle v2 disputes' }));
    expect(await screen.findByText('v2 disputes are on.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pull a fresh report' }));
    expect(within(await screen.findByRole('dialog')).getByText(/Replace the customer's credit report/)).toBeTruthy();
    expect(sent.map((command) => command.command)).toEqual(['recalculateScore', 'toggleV2']);
    expect(await axeViolations()).toEqual([]);
  });
});

function startRunner(
  input: TestPlanRunnerInput,
  step: (testPlanId: string, index: number) => Promise<TestPlanStateData | null>,
  options: { read?: () => TestPlanStateData | null; clock?: SimulatedClock } = {},
) {
  const actor = createActor(
    testPlanRunnerMachine.provide({
      actors: {
        loadTestPlans: fromPromise<TestPlanData[], void>(async () => [SAMPLE_TEST_PLAN, { ...SAMPLE_TEST_PLAN, id: 'old-plan', name: 'Old plan', deprecated: true }]),
        startTestPlan: fromPromise<TestPlanStateData | null, { testPlanId: string }>(async ({ input: { testPlanId } }) => ({ testPlanId, currentStep: 0, stepStatus: 'idle' })),
        completeTestPlanStep: fromPromise<TestPlanStateData | null, { testPlanId: string; step: number }>(({ input }) => step(input.testPlanId, input.step)),
        readTestPlanState: fromPromise<TestPlanStateData | null, void>(async () => (options.read ?? (() => input.current))()),
      },
    }),
    { input, clock: options.clock },
  ).start();
  actors.push(actor);
  return actor;
}

describe('the Test plans section', () => {
  it('explains to a non-developer that it needs a developer', async () => {
    const runner = startRunner({ isDeveloper: false, current: null }, async () => null);
    await renderView(<TestPlansPanel runner={runner} />);
    expect(screen.getByText(/Test plans need a developer account/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('walks a plan: each step with its title, instructions, priority and status; Complete step moves on', async () => {
    const runner = startRunner({ isDeveloper: true, current: null }, async (testPlanId, index) => ({ testPlanId, currentStep: index + 1, stepStatus: 'idle' }));
    await renderView(<TestPlansPanel runner={runner} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Dispute round from a fresh three-bureau report' }));
    expect(screen.getByRole('radio', { name: 'Old plan (deprecated)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start this plan' }));
    const steps = await screen.findByRole('list', { name: 'Steps of Dispute round from a fresh three-bureau report' });
    const [first, second] = within(steps).getAllByRole('listitem');
    expect(first?.getAttribute('aria-current')).toBe('step');
    expect(within(first as HTMLElement).getByRole('heading', { name: 'Step 1 of 3: Pull a three-bureau report' })).toBeTruthy();
    expect(within(first as HTMLElement).getByText("Open Credit: the report date is today's and the three bureaus' scores show.")).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Status: idle')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Priority: high')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Complete step' }));
    const [firstAfter, secondAfter] = within(steps).getAllByRole('listitem');
    expect(within(firstAfter as HTMLElement).getByText('Done')).toBeTruthy();
    expect(secondAfter?.getAttribute('aria-current')).toBe('step');
    expect(within(secondAfter as HTMLElement).getByRole('button', { name: 'Complete step' })).toBeTruthy();
  });

  it('shows a step in progress while it runs, then its error with Retry step', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const runner = startRunner({ isDeveloper: true, current: { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 2, stepStatus: 'idle' } }, () => new Promise((_, reject) => (fail = reject)));
    await renderView(<TestPlansPanel runner={runner} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete step' }));
    expect(screen.getByText('Status: in progress')).toBeTruthy();
    await act(async () => fail({ code: 'failed-precondition' }));
    expect(await screen.findByText('Status: error')).toBeTruthy();
    expect(screen.getByText('The step failed: failed-precondition')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry step' })).toBeTruthy();
  });

  it('says a step left in progress is running, without Retry, until the test state read again says it errored', async () => {
    const clock = new SimulatedClock();
    let stored: TestPlanStateData = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 1, stepStatus: 'in-progress', stepStartedAtMs: 0 };
    const runner = startRunner({ isDeveloper: true, current: stored }, async () => null, { read: () => stored, clock });
    await renderView(<TestPlansPanel runner={runner} />);
    expect(await screen.findByText(/The step is still running\. This page checks on it every few seconds/)).toBeTruthy();
    expect(screen.getByText('Status: in progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry step' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    // Still running at the next read: still no Retry.
    await act(async () => clock.increment(TEST_STEP_POLL_MS));
    expect(screen.queryByRole('button', { name: 'Retry step' })).toBeNull();
    stored = { ...stored, stepStatus: 'error', error: TEST_STEP_TIMED_OUT };
    await act(async () => clock.increment(TEST_STEP_POLL_MS));
    expect(await screen.findByText('Status: error')).toBeTruthy();
    expect(screen.getByText('The step was still running after 2 minutes, so it counts as failed. Retry it.')).toBeTruthy();
    expect(screen.queryByText(/The step is still running/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry step' })).toBeTruthy();
  });

  it('moves on when the step left in progress finished elsewhere', async () => {
    const clock = new SimulatedClock();
    let stored: TestPlanStateData = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 1, stepStatus: 'in-progress', stepStartedAtMs: 0 };
    const runner = startRunner({ isDeveloper: true, current: stored }, async () => null, { read: () => stored, clock });
    await renderView(<TestPlansPanel runner={runner} />);
    await screen.findByText(/The step is still running/);
    stored = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 2, stepStatus: 'idle' };
    await act(async () => clock.increment(TEST_STEP_POLL_MS));
    expect(await screen.findByRole('button', { name: 'Complete step' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Step 3 of 3: Move the dispute clock 30 days' }).closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('says when the plan is finished', async () => {
    const runner = startRunner({ isDeveloper: true, current: { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 2, stepStatus: 'idle' } }, async () => null);
    await renderView(<TestPlansPanel runner={runner} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete step' }));
    expect(await screen.findByText(/The plan is finished/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose another plan' })).toBeTruthy();
  });
});

function startOverrides(active: boolean) {
  const applied: UserOverridesData[] = [];
  const actor = createActor(
    overridesMachine.provide({
      actors: {
        applyOverrides: fromPromise<UserOverridesData, { overrides: UserOverridesData }>(async ({ input }) => {
          applied.push(input.overrides);
          return input.overrides;
        }),
        restoreOverrides: fromPromise<void, void>(async () => undefined),
        refreshToken: fromPromise<void, void>(async () => undefined),
      },
    }),
    { input: { active } },
  ).start();
  actors.push(actor);
  return { actor, applied };
}

describe('the Overrides section', () => {
  it('sends only the fields chosen, then shows them active with Restore', async () => {
    const { actor, applied } = startOverrides(false);
    await renderView(<OverridesPanel overrides={actor} />);
    expect(await axeViolations()).toEqual([]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Product line' }), 'Freemium');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Allow client actions' }), 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Apply overrides' }));
    expect(applied).toEqual([{ productLine: 'Freemium', claims: { allowClientActions: false } }]);
    expect(await screen.findByText('Overrides are active')).toBeTruthy();
    expect(screen.getByText('Overridden: Claims, Product line')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.queryByText('Overrides are active')).toBeNull();
  });

  it('makes a provider fail or time out for the account (security review "faults"), listed as active', async () => {
    const { actor, applied } = startOverrides(false);
    await renderView(<OverridesPanel overrides={actor} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'CRM' }), 'fail');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Credit data (bureaus)' }), 'timeout');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time-out deadline' }), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply overrides' }));
    expect(applied).toEqual([{ providerFaults: { crm: 'fail', creditData: 'timeout' }, providerDeadlineMs: 1_000 }]);
    expect(await screen.findByText('Overridden: Provider faults (sandboxes), Time-out deadline')).toBeTruthy();
  });

  it('in Spanish', async () => {
    const { actor } = startOverrides(true);
    await renderView(<OverridesPanel overrides={actor} />, { language: 'es' });
    expect(screen.getByText('Hay anulaciones activas')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Línea de producto' })).toBeTruthy();
  });
});

describe("the shell's overrides marker", () => {
  it('is a status that says overrides are active, with Restore', async () => {
    let restored = 0;
    await renderView(<OverridesMarker restoring={false} onRestore={() => (restored += 1)} />);
    const marker = screen.getByRole('status');
    expect(marker.textContent).toContain('Developer overrides active');
    await userEvent.click(within(marker).getByRole('button', { name: 'Restore' }));
    expect(restored).toBe(1);
    expect(await axeViolations()).toEqual([]);
  });
});
