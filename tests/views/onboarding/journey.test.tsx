import { QueryClient } from '@tanstack/query-core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingCallablesPort } from '../../../machines/onboarding/ports';
import type { AuthUser, RawClaims } from '../../../machines/ports';
import { createQueryCache } from '../../../src/adapters/firebase/queryCache';
import { QUERY_KEYS } from '../../../src/app/ports';
import type { CustomerContact } from '../../../src/contract/contact';
import type { GoalType, IntakeGoal, IntakePersonalInfo } from '../../../src/domain/intake';
import { appHarness, fakeAppPorts } from '../../support/appHarness';
import { NEW_CONTACT_AUTHORIZATIONS } from '../../support/authorizationRecords';

// The onboarding gates through the whole app (spec 000 §2.3 gates 3-6) with fake ports holding one customer's
// records: each step's page passes its gate and the guard chain moves the customer on; a reload lands on the
// first gate still to pass, and in intake on the first incomplete step.

interface Backend {
  contractLink: string | null;
  agreedToPIIAt: Date | null;
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
  bankOptOut: boolean;
  setupComplete: boolean;
}

const customer: AuthUser = { uid: 'u1', email: 'new@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const CLAIMS: RawClaims = { role: 'customer', customerContactId: '003NEW' };
const RECORDS = NEW_CONTACT_AUTHORIZATIONS;

interface FakeOptions {
  /** The page's QueryClient; by default one that never retries, so failures show at once. */
  queryClient?: Promise<QueryClient>;
  getConnectedInstitutions?: OnboardingCallablesPort['getConnectedInstitutions'];
}

function fakePorts(backend: Backend, options: FakeOptions = {}) {
  const onboarding = {
    getContractLink: vi.fn(async () => ({ link: backend.contractLink })),
    getContractLinkAnonymously: vi.fn(async () => ({ link: backend.contractLink })),
    getContractSigningUrl: async () => ({ url: 'https://esign.example/sign?agreement=1' }),
    getAuthorizations: async () => ({ ...RECORDS, agreedToPIIAt: backend.agreedToPIIAt }),
    updateAuthorizations: async () => {
      backend.agreedToPIIAt = new Date();
      return { ...RECORDS, DoNotCall: false, Allow_Referral_Update__c: true, agreedToPIIAt: backend.agreedToPIIAt };
    },
    createGoal: vi.fn(async ({ type }: { type: GoalType }) => {
      backend.goal = { id: 'goal-1', type, properties: {} };
      backend.personalInfo = { id: 'personal-info-goal-1' };
      return backend.goal;
    }),
    getUserInfo: async () => ({ goal: backend.goal, personalInfo: backend.personalInfo }),
    getConnectedInstitutions: vi.fn(options.getConnectedInstitutions ?? (async () => ({ institutions: [] }))),
  } satisfies Partial<OnboardingCallablesPort>;
  const fakes = fakeAppPorts({
    user: customer,
    claims: CLAIMS,
    maintenance: false,
    queryClient: options.queryClient,
    userDocument: () => ({
      firstName: 'Nina',
      lastName: 'Novak',
      email: customer.email,
      setupComplete: backend.setupComplete,
      customerContactId: '003NEW',
      authorizationsAcceptedAt: backend.agreedToPIIAt,
    }),
    onboarding,
    getCustomerContact: async () => ({ Link_Bank_Acct_Opt_Out__c: backend.bankOptOut }) as CustomerContact,
  });
  return {
    ports: fakes.ports,
    onboarding,
    signIn: (user: AuthUser = customer) => fakes.setUser(user),
    signOut: () => fakes.setUser(null),
  };
}

const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });

async function openApp(path: string, backend: Backend, options: FakeOptions = {}) {
  const fakes = fakePorts(backend, options);
  await renderApp(path, fakes);
  return fakes;
}

const fresh = (): Backend => ({
  contractLink: null,
  agreedToPIIAt: null,
  goal: null,
  personalInfo: null,
  bankOptOut: false,
  setupComplete: false,
});

/** A mortgage customer past the contract and the authorizations, with these answers to the goal and the intake. */
const withMortgageGoal = (properties: Partial<IntakeGoal['properties']>, personalInfo: IntakePersonalInfo): Backend => ({
  ...fresh(),
  contractLink: 'https://esign.example/a/1',
  agreedToPIIAt: new Date(),
  goal: {
    id: 'goal-1',
    type: 'mortgage_loan',
    properties: { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha', ...properties },
  },
  personalInfo,
});

/** A mortgage customer whose intake is answered up to the BankAccounts step (/intake/4). */
const atBankStep = (): Backend =>
  withMortgageGoal(
    { purchasePrice: 320_000, currentSavings: 18_000 },
    { id: 'personal-info-goal-1', propertyStatus: 'rent', annualIncome: 72_000, disputesReviewLater: true },
  );

const pathname = () => window.location.pathname;

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  // Unmount first: the page's effects still talk to the root actors while it goes.
  cleanup();
  stopApp();
});

describe('onboarding through the guard chain', () => {
  it('takes a new customer from the contract to authorizations and the goal to the first intake step', async () => {
    const backend = fresh();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const fakes = await openApp('/', backend);
    fakes.signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    expect(open).toHaveBeenCalledWith('https://esign.example/sign?agreement=1', '_blank', 'noopener');
    expect(pathname()).toBe('/sign-up/contract-complete');
    backend.contractLink = 'https://esign.example/agreements/003NEW';

    await userEvent.click(await screen.findByRole('switch', { name: 'Agree to all' }));
    expect(pathname()).toBe('/sign-up/authorizations');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Financial wellness' }));
    expect(fakes.onboarding.createGoal).toHaveBeenCalledWith({ type: 'financial_wellness' });
    await waitFor(() => expect(pathname()).toBe('/intake/1'));
    open.mockRestore();
  });

  it('sends a customer whose contract is signed but authorizations are not to the authorizations page', async () => {
    const fakes = await openApp('/', { ...fresh(), contractLink: 'https://esign.example/agreements/003NEW' });
    fakes.signIn();
    expect(await screen.findByRole('switch', { name: 'Agree to all' })).toBeTruthy();
    expect(pathname()).toBe('/sign-up/authorizations');
  });

  it('sends a customer who has accepted the authorizations but has no goal to the goal page', async () => {
    const fakes = await openApp('/', { ...fresh(), contractLink: 'https://esign.example/a/1', agreedToPIIAt: new Date() });
    fakes.signIn();
    expect(await screen.findByRole('button', { name: 'Refinance' })).toBeTruthy();
    expect(pathname()).toBe('/sign-up/select-goal');
  });

  it('sends a customer whose goal type this app does not know to pick a goal, not to a dead end', async () => {
    const fakes = await openApp('/', {
      ...fresh(),
      contractLink: 'https://esign.example/a/1',
      agreedToPIIAt: new Date(),
      goal: { id: 'goal-old', type: 'boat_loan' as IntakeGoal['type'], properties: {} },
    });
    fakes.signIn();
    expect(await screen.findByRole('button', { name: 'Refinance' })).toBeTruthy();
    expect(pathname()).toBe('/sign-up/select-goal');
  });

  it('shows an error with Try again, not the goal page, when the goal cannot be read, and opens the page once it can', async () => {
    const backend = { ...atBankStep(), bankOptOut: true };
    const fakes = fakePorts(backend);
    const getUserInfo = fakes.onboarding.getUserInfo;
    let unavailable = true;
    (await fakes.ports.onboarding()).getUserInfo = async () => {
      if (unavailable) throw { code: 'unavailable' };
      return getUserInfo();
    };
    await renderApp('/intake/5', fakes);
    fakes.signIn();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(pathname()).toBe('/intake/5');
    unavailable = false;
    await userEvent.click(tryAgain);
    await waitFor(() => expect(screen.queryByText('Something went wrong')).toBeNull());
    expect(pathname()).not.toBe('/sign-up/select-goal');
  });

  it('sends a customer whose email is not verified to /not-verified without asking the server about onboarding', async () => {
    const fakes = await openApp('/intake/1', fresh());
    fakes.signIn({ ...customer, emailVerified: false });
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(pathname()).toBe('/not-verified');
    expect(fakes.onboarding.getContractLink).not.toHaveBeenCalled();
  });

  it('lands a customer who comes back mid-intake on the first incomplete step', async () => {
    const backend = withMortgageGoal({}, { id: 'personal-info-goal-1' });
    const fakes = await openApp('/', backend);
    fakes.signIn();
    await waitFor(() => expect(pathname()).toBe('/intake/2'));
  });

  it('counts the bank step as done when the customer opted out of linking accounts', async () => {
    const backend: Backend = { ...atBankStep(), bankOptOut: true };
    const fakes = await openApp('/', backend);
    fakes.signIn();
    await waitFor(() => expect(pathname()).toBe('/intake/5'));
  });

  it('reads the linked institutions once, without retries, and keeps them 20 minutes, fresh for 10 (spec 001 §9)', async () => {
    const backend = atBankStep();
    // The app's own client, whose other reads retry up to 3 times (the first retry after 1 s).
    const client = createQueryCache().client();
    const getConnectedInstitutions = () => Promise.reject(Object.assign(new Error('down'), { code: 'unavailable' }));
    const fakes = await openApp('/', backend, { queryClient: client, getConnectedInstitutions });
    fakes.signIn();
    // Unknown linked accounts leave the bank step to do.
    await waitFor(() => expect(pathname()).toBe('/intake/4'));
    // The guard chain's cached read failed once and was not tried again (the intake page reads for itself): a query
    // with retries left stays pending after its first failure, so an error after one failure means no retry.
    const query = (await client).getQueryCache().find({ queryKey: QUERY_KEYS.connectedInstitutions });
    await waitFor(() => expect(query?.state.status).toBe('error'));
    expect(query?.state.fetchFailureCount).toBe(1);
    expect(query?.gcTime).toBe(1_200_000);
    expect(query?.observers.map((observer) => observer.options.staleTime)).toContain(600_000);
  });

  it('lets a customer who finished onboarding open the home hub', async () => {
    const fakes = await openApp('/sign-up/select-goal', { ...fresh(), setupComplete: true });
    fakes.signIn();
    expect(await screen.findByRole('heading', { name: /, Nina$/ })).toBeTruthy();
    expect(pathname()).toBe('/');
    expect(fakes.onboarding.getContractLink).not.toHaveBeenCalled();
  });

  it('brings a lead back from the e-sign page to quick sign-up once the contract link exists, signed out', async () => {
    const fakes = await openApp('/sign-up/contract-complete?id=003LEAD', { ...fresh(), contractLink: 'https://esign.example/a/2' });
    fakes.signOut();
    await waitFor(() => expect(`${pathname()}${window.location.search}`).toBe('/quick-sign-up?id=003LEAD'));
    expect(fakes.onboarding.getContractLinkAnonymously).toHaveBeenCalledWith({ contactId: '003LEAD' });
  });
});
