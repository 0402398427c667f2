import { act, screen, waitFor } from '@testing-library/react';
import type { AuthUser } from '../../../machines/ports';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

// Flags the app reads from remote config (spec 000 §6): quick qualification (the quick sign-up page), and the broker
// info banner for a company-affiliated customer (the contact's broker company contains the lender's name).

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

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

async function openHome(flags: Record<string, unknown>, brokerCompany: string | null) {
  const getCustomerContact = vi.fn(async () => ({ Broker_Company_Name__c: brokerCompany }) as never);
  const fakes = fakeAppPorts({ user: maria, getCustomerContact, onboarding: { getUserInfo: async () => ({ goal: null, personalInfo: null }) } });
  fakes.ports.liveData.subscribeFeatureFlags = (listener) => {
    listener(flags);
    return () => undefined;
  };
  await renderApp('/', fakes);
  fakes.setMaintenance(false);
  fakes.setUser(maria);
  await screen.findByRole('heading', { name: /, Maria$/ });
  return getCustomerContact;
}

describe('broker info banner flag', () => {
  it("shows the broker's company for a company-affiliated customer", async () => {
    await openHome({ brokerInfoBanner: true }, 'Summit Home Lending of Nevada');
    expect(await screen.findByText('Brought to you in partnership with Summit Home Lending of Nevada')).toBeTruthy();
  }, 15_000);

  it('shows no banner for a broker of another company', async () => {
    const getCustomerContact = await openHome({ brokerInfoBanner: true }, 'Desert Mortgage Co');
    await waitFor(() => expect(getCustomerContact).toHaveBeenCalled());
    // The contact has arrived and the page has rendered with it: the query cache tells its observers in a task it
    // schedules as the answer comes, before this test's own next task.
    await act(async () => {
      await getCustomerContact.mock.results[0]!.value;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText(/Brought to you in partnership with/)).toBeNull();
  }, 15_000);
});
