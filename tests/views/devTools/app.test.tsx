import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_TEST_PLAN } from '../../../machines/devTools/entries';
import type { AuthUser, RawClaims } from '../../../machines/ports';
import { TEST_STEP_STALE_MS } from '../../../src/domain/testPlans';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

// The developer tools in the app: the header's Dev tools button opens them outside
// production (and not in a prod configuration); the sections have their own addresses; the test plans need a
// developer; while overrides are active the shell shows the marker on every page, and Restore calls the server.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const CUSTOMER: RawClaims = { role: 'customer', customerContactId: 'c1', customerOnboardingComplete: true };
const DEVELOPER: RawClaims = { ...CUSTOMER, isDeveloper: true };

const emulator = appHarness({ VITE_ENV: 'emulator' });
const production = appHarness({ VITE_ENV: 'prod' });

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  emulator.stopApp();
  production.stopApp();
});

type FakeOptions = NonNullable<Parameters<typeof fakeAppPorts>[0]>;

async function open(
  harness: typeof emulator,
  path: string,
  claims: RawClaims,
  devTools: FakeOptions['devTools'] = {},
  more: Omit<FakeOptions, 'claims' | 'devTools'> = {},
) {
  const fakes = fakeAppPorts({ claims, devTools, ...more });
  await harness.renderApp(path, fakes);
  fakes.setMaintenance(false);
  fakes.setUser(maria);
  return fakes;
}

describe('the developer tools in the app', { timeout: 30_000 }, () => {
  it("the header's Dev tools button opens the Actions section; the tabs change the address", async () => {
    await open(emulator, '/', CUSTOMER);
    await userEvent.click(await screen.findByRole('link', { name: 'Dev tools' }));
    expect(await screen.findByRole('heading', { name: 'Developer tools', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/dev-tools/actions');
    expect(screen.getByRole('link', { name: 'Open the statechart visualizer' }).getAttribute('href')).toBe('/statecharts');
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dev-tools/data'));
    expect(await screen.findByRole('button', { name: 'Recalculate the readiness score' })).toBeTruthy();
  });

  it('an unknown section goes to Actions', async () => {
    await open(emulator, '/dev-tools/nothing', CUSTOMER);
    expect(await screen.findByRole('button', { name: 'List actions' })).toBeTruthy();
    expect(window.location.pathname).toBe('/dev-tools/actions');
  });

  it('a customer who is not a developer reads that test plans need one, and nothing is asked of the server', async () => {
    await open(emulator, '/dev-tools/test-plans', CUSTOMER);
    expect(await screen.findByText(/Test plans need a developer account/)).toBeTruthy();
  });

  it('a developer sees the plans the server answers', async () => {
    await open(emulator, '/dev-tools/test-plans', DEVELOPER, { getTestPlans: async () => [SAMPLE_TEST_PLAN] });
    expect(await screen.findByRole('radio', { name: SAMPLE_TEST_PLAN.name })).toBeTruthy();
  });

  it('with a production configuration there is no Dev tools button and no /dev-tools page', async () => {
    await open(production, '/dev-tools/actions', CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Dev tools' })).toBeNull();
  });

  it('while overrides are active the marker shows on every page, and Restore asks the server', async () => {
    let restored = 0;
    await open(emulator, '/', { ...DEVELOPER, overridesActive: true }, {
      restoreOverrides: async () => {
        restored += 1;
      },
    });
    const marker = await screen.findByTestId('overrides-marker');
    expect(marker.getAttribute('role')).toBe('status');
    expect(marker.textContent).toContain('Developer overrides active');
    await userEvent.click(screen.getByRole('link', { name: 'Dev tools' }));
    expect(await screen.findByRole('heading', { name: 'Developer tools', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('overrides-marker')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('overrides-marker')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(restored).toBe(1));
  });

  it('after Restore the app reads the new claims without a reload: the marker goes', async () => {
    let restored = false;
    await open(
      emulator,
      '/dev-tools/overrides',
      { ...DEVELOPER, overridesActive: true },
      {
        restoreOverrides: async () => {
          restored = true;
        },
      },
      { auth: () => ({ getClaims: async () => (restored ? DEVELOPER : { ...DEVELOPER, overridesActive: true }) }) },
    );
    const marker = await screen.findByTestId('overrides-marker');
    await userEvent.click(within(marker).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByTestId('overrides-marker')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Developer tools', level: 1 })).toBeTruthy();
  });

  it('the test plans open at the step the user document names', async () => {
    const testPlan = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 1, stepStatus: 'idle' as const, error: null, stepStartedAtMs: null };
    await open(emulator, '/dev-tools/test-plans', DEVELOPER, { getTestPlans: async () => [SAMPLE_TEST_PLAN] }, { userDocument: () => ({ testPlan }) });
    const steps = await screen.findByRole('list', { name: `Steps of ${SAMPLE_TEST_PLAN.name}` });
    const second = within(steps).getAllByRole('listitem')[1]!;
    expect(second.getAttribute('aria-current')).toBe('step');
    expect(within(second).getByText('Status: idle')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Complete step' })).toBeTruthy();
    expect(within(within(steps).getAllByRole('listitem')[0]!).getByText('Done')).toBeTruthy();
  });

  it('a step left in progress past the bound shows as failed, with Retry step', async () => {
    const testPlan = {
      testPlanId: SAMPLE_TEST_PLAN.id,
      currentStep: 0,
      stepStatus: 'in-progress' as const,
      error: null,
      stepStartedAtMs: Date.now() - TEST_STEP_STALE_MS - 1_000,
    };
    await open(emulator, '/dev-tools/test-plans', DEVELOPER, { getTestPlans: async () => [SAMPLE_TEST_PLAN] }, { userDocument: () => ({ testPlan }) });
    const steps = await screen.findByRole('list', { name: `Steps of ${SAMPLE_TEST_PLAN.name}` });
    const first = within(steps).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Status: error')).toBeTruthy();
    expect(within(first).getByText(/still running after 2 minutes, so it counts as failed/)).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Retry step' })).toBeTruthy();
  });

  it('a step in progress within the bound still shows in progress', async () => {
    const testPlan = { testPlanId: SAMPLE_TEST_PLAN.id, currentStep: 0, stepStatus: 'in-progress' as const, error: null, stepStartedAtMs: Date.now() };
    await open(emulator, '/dev-tools/test-plans', DEVELOPER, { getTestPlans: async () => [SAMPLE_TEST_PLAN] }, { userDocument: () => ({ testPlan }) });
    const steps = await screen.findByRole('list', { name: `Steps of ${SAMPLE_TEST_PLAN.name}` });
    const first = within(steps).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Status: in progress')).toBeTruthy();
    expect(within(first).getByText(/The step is still running/)).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Retry step' })).toBeNull();
  });

  it('new claims start the test plans again: restoring a developer whose override had turned the flag off shows the plans', async () => {
    let restored = false;
    const overridden = { ...DEVELOPER, isDeveloper: false, overridesActive: true };
    await open(
      emulator,
      '/dev-tools/test-plans',
      overridden,
      {
        getTestPlans: async () => [SAMPLE_TEST_PLAN],
        restoreOverrides: async () => {
          restored = true;
        },
      },
      { auth: () => ({ getClaims: async () => (restored ? DEVELOPER : overridden) }) },
    );
    expect(await screen.findByText(/Test plans need a developer account/)).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('overrides-marker')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('radio', { name: SAMPLE_TEST_PLAN.name })).toBeTruthy();
    expect(screen.queryByText(/Test plans need a developer account/)).toBeNull();
  });

  it('no marker without the overridesActive claim', async () => {
    await open(emulator, '/', DEVELOPER);
    expect(await screen.findByRole('link', { name: 'Dev tools' })).toBeTruthy();
    expect(screen.queryByTestId('overrides-marker')).toBeNull();
  });
});
