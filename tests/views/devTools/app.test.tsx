import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_TEST_PLAN } from '../../../machines/devTools/entries';
import type { AuthUser, RawClaims } from '../../../machines/ports';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

// The developer tools in the app (issue 14 items 9, 13): the header's Dev tools button opens them outside
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

async function open(harness: typeof emulator, path: string, claims: RawClaims, devTools: NonNullable<Parameters<typeof fakeAppPorts>[0]>['devTools'] = {}) {
  const fakes = fakeAppPorts({ claims, devTools });
  await harness.renderApp(path, fakes);
  fakes.setMaintenance(false);
  fakes.setUser(maria);
  return fakes;
}

describe('the developer tools in the app', { timeout: 30_000 }, () => {
  it("the header's Dev tools button opens the Actions section; the tabs change the address", async () => {
    await open(emulator, '/', CUSTOMER);
    await userEvent.click(await screen.findByRole('link', { name: 'Dev tools' }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { name: 'Developer tools', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/dev-tools/actions');
    expect(screen.getByRole('link', { name: 'Open the statechart visualizer' }).getAttribute('href')).toBe('/statecharts');
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dev-tools/data'));
    expect(await screen.findByRole('button', { name: 'Recalculate the readiness score' })).toBeTruthy();
  });

  it('an unknown section goes to Actions', async () => {
    await open(emulator, '/dev-tools/nothing', CUSTOMER);
    expect(await screen.findByRole('button', { name: 'List actions' }, { timeout: 10_000 })).toBeTruthy();
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

  it('no marker without the overridesActive claim', async () => {
    await open(emulator, '/', DEVELOPER);
    expect(await screen.findByRole('link', { name: 'Dev tools' })).toBeTruthy();
    expect(screen.queryByTestId('overrides-marker')).toBeNull();
  });
});
