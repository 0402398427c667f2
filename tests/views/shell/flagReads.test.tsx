import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

// Flags the app reads from remote config (spec 000 §6) on pages outside the main shell: quick qualification (the
// quick sign-up page).

const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });
afterEach(stopApp);

async function openQuickSignUp(flags: Record<string, unknown>) {
  const fakes = fakeAppPorts();
  fakes.ports.liveData.subscribeFeatureFlags = (listener) => {
    listener(flags);
    return () => undefined;
  };
  await renderApp('/quick-sign-up?id=003LEAD', fakes);
  fakes.setMaintenance(false);
  fakes.setUser(null);
  return fakes;
}

describe('quick qualification flag', () => {
  it('makes /quick-sign-up a page that does not exist when it is off', async () => {
    await openQuickSignUp({ quickQualification: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
