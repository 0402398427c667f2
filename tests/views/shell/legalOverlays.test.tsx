import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

// spec 000 §2.4: the terms ('terms-conditions') and the privacy policy ('privacy-policy') open as overlays over the
// home page and over money, credit, documents, identity and learning-center for signed-in users.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });
afterEach(stopApp);

async function open(path: string) {
  const fakes = fakeAppPorts({ user: maria, onboarding: { getUserInfo: async () => ({ goal: null, personalInfo: null }) } });
  await renderApp(path, fakes);
  fakes.setMaintenance(false);
  fakes.setUser(maria);
}

describe('legal overlays', () => {
  it("opened by an area's address, shows the terms over that area's page and closes onto it", async () => {
    await open('/money/terms-conditions');
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(window.location.pathname).toBe('/money/terms-conditions');
    // The money area's page is underneath, not the home hub.
    expect(await screen.findByRole('heading', { level: 1, name: 'Money', hidden: true })).toBeTruthy();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(window.location.pathname).toBe('/money'));
    expect(screen.queryByRole('dialog', { name: 'Terms of Use' })).toBeNull();
  }, 15_000);

  it('opens the privacy policy from the footer over the page it was opened from, and goes back to it', async () => {
    await open('/money');
    await userEvent.click(await screen.findByRole('link', { name: 'Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(window.location.pathname).toBe('/money/privacy-policy');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(window.location.pathname).toBe('/money'));
  }, 15_000);
});
