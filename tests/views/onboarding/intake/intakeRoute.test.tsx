import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/query-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Fragment, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyActorRef, type EventObject } from 'xstate';
import type { OnboardingCallablesPort, OnboardingLiveDataPort } from '../../../../machines/onboarding/ports';
import { AppActorsContext, type AppActors } from '../../../../src/app/shell/appActors';
import type { AppPorts, UserDocument } from '../../../../src/app/ports';
import { IntakeActorProvider } from '../../../../src/app/onboarding/IntakeActorProvider';
import IntakeRoute from '../../../../src/app/onboarding/IntakeRoute';
import { UserDocumentProvider } from '../../../../src/app/shell/userDocument';
import type { IntakeGoal, IntakePersonalInfo, IntakeSaveRequest } from '../../../../src/domain/intake';
import { renderView } from '../../../support/render';

// /intake/:page wired to the onboarding ports: the machine's step in the URL, pages typed or reached with the
// browser's history asked of the machine, the select-goal redirect, toasts, and the port calls behind the actors.

interface Stored {
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
  institutions?: Awaited<ReturnType<OnboardingCallablesPort['getConnectedInstitutions']>>['institutions'];
  investigations?: Awaited<ReturnType<OnboardingCallablesPort['getInvestigationSummaries']>>['investigations'];
  /** The user document's product line (Primary when absent). */
  productLine?: string;
}

const running: AnyActorRef[] = [];
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  notifications.clean();
});

/** The resume dialog of an intake edited before (spec 002 §4: after 1 s), closed. */
async function continueIntake() {
  await screen.findByRole('dialog', { name: 'Welcome back' }, { timeout: 3_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

function start<T extends AnyActorRef>(actor: T): T {
  running.push(actor);
  actor.start();
  return actor;
}

function appActors(stored: Stored) {
  const saves: IntakeSaveRequest[] = [];
  const reports: EventObject[] = [];
  const widgetRequests: string[] = [];
  const unused = () => Promise.reject(new Error('not used in this test'));
  const onboarding: OnboardingCallablesPort = {
    ...(new Proxy({}, { get: () => unused }) as OnboardingCallablesPort),
    getUserInfo: async () => ({ goal: stored.goal, personalInfo: stored.personalInfo }),
    updateUserInfo: async (request) => {
      saves.push(request);
    },
    getBankOptOut: async () => false,
    getConnectedInstitutions: async () => ({ institutions: stored.institutions ?? [] }),
    getInvestigationSummaries: async () => ({ userId: 'u1', reportStatus: 'complete', investigations: stored.investigations ?? [] }),
    getWidgetUrl: async () => {
      widgetRequests.push('connect');
      return { url: 'https://bank.example/widget?session=abc' };
    },
  };
  const onboardingLive: OnboardingLiveDataPort = { subscribeInitialReportStatus: () => () => undefined };
  const queryClient = new QueryClient();
  const ports = {
    onboarding,
    onboardingLive,
    auth: { refreshToken: async () => undefined },
    queryClient: async () => queryClient,
    subscribeUserDocument: (_uid: string, listener: (document: UserDocument | null) => void) => {
      const answer = setTimeout(() => listener({ productLine: stored.productLine ?? 'Primary' } as UserDocument), 0);
      return () => clearTimeout(answer);
    },
  } as unknown as AppPorts;
  const session = start(createActor(createMachine({ context: { user: { uid: 'u1' }, claims: { role: 'customer' } } })));
  const errorReporter = start(
    createActor(
      fromCallback(({ receive }) => {
        receive((event) => reports.push(event));
      }),
    ),
  );
  const actors = { ports, session, errorReporter } as unknown as AppActors;
  return { actors, saves, reports, widgetRequests };
}

/** Like the guard chain's layout, which lays the page out afresh for every address. */
function NewPageEachAddress({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Fragment key={location.pathname}>{children}</Fragment>;
}

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{location.pathname}</output>
      <button type="button" onClick={() => navigate(-1)}>
        history back
      </button>
      <button type="button" onClick={() => navigate('/intake/4')}>
        type page 4
      </button>
    </>
  );
}

async function renderRoute(stored: Stored, path = '/intake/1') {
  const fakes = appActors(stored);
  await renderView(
    <AppActorsContext.Provider value={fakes.actors}>
      <UserDocumentProvider>
        <IntakeActorProvider>
          <Routes>
            <Route
              path="/intake/:page/*"
              element={
                <NewPageEachAddress>
                  <IntakeRoute />
                </NewPageEachAddress>
              }
            />
            <Route path="/sign-up/select-goal" element={<p>select a goal</p>} />
          </Routes>
        </IntakeActorProvider>
      </UserDocumentProvider>
      <Probe />
    </AppActorsContext.Provider>,
    { route: path },
  );
  return fakes;
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const house = { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha' } as const;

describe('/intake/:page', () => {
  it('enters at the first incomplete step and shows its number in the address', async () => {
    await renderRoute({ goal: { id: 'g1', type: 'refinance', properties: house }, personalInfo: null });
    expect(await screen.findByRole('heading', { name: 'Your refinance' })).toBeTruthy();
    await waitFor(() => expect(address()).toBe('/intake/2'));
  });

  it("follows the machine's steps, and the browser's back button asks the machine for the page", async () => {
    const fakes = await renderRoute({ goal: { id: 'g1', type: 'refinance', properties: house }, personalInfo: null });
    await continueIntake();
    await userEvent.type(await screen.findByRole('textbox', { name: /Annual income/ }), '90000');
    await userEvent.type(screen.getByRole('textbox', { name: 'Current home value' }), '350000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Nothing to review on the Disputes step (page 3): on to the bank accounts.
    expect(await screen.findByRole('heading', { name: 'Your bank accounts' })).toBeTruthy();
    await waitFor(() => expect(address()).toBe('/intake/4'));
    expect(fakes.saves).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'history back' }));
    expect(await screen.findByRole('heading', { name: 'Your refinance' })).toBeTruthy();
    await waitFor(() => expect(address()).toBe('/intake/2'));
  });

  it('puts the address back when a page not reached yet is typed', async () => {
    await renderRoute({ goal: { id: 'g1', type: 'refinance', properties: house }, personalInfo: null });
    expect(await screen.findByRole('heading', { name: 'Your refinance' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'type page 4' }));
    await waitFor(() => expect(address()).toBe('/intake/2'));
    expect(screen.getByRole('heading', { name: 'Your refinance' })).toBeTruthy();
  });

  it('sends a customer without a goal to select one', async () => {
    await renderRoute({ goal: null, personalInfo: null });
    expect(await screen.findByText('select a goal')).toBeTruthy();
  });

  it('warns that answers are missing in a toast', async () => {
    await renderRoute({ goal: { id: 'g1', type: 'mortgage_loan', properties: {} }, personalInfo: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please answer every required question.')).toBeTruthy();
  });

  it('counts the linked accounts and the unchallenged investigations from the ports', async () => {
    await renderRoute({
      goal: { id: 'g1', type: 'financial_wellness', properties: { currentSavings: 100 } },
      personalInfo: { id: 'p1', propertyStatus: 'rent', annualIncome: 1_000 },
      institutions: [
        {
          id: 'i1',
          name: 'Demo Bank',
          logoUrl: null,
          accounts: [
            { id: 'a1', name: 'Checking', type: 'checking', currentBalance: 10 },
            { id: 'a2', name: 'Savings', type: 'savings', currentBalance: 20 },
          ],
        },
      ],
      investigations: [
        { challengeReasonSelected: false, statuses: [{ status: 'NOT_CHALLENGED' }] },
        { challengeReasonSelected: true, statuses: [{ status: 'NOT_CHALLENGED' }] },
      ],
    });
    expect(await screen.findByText('Items on your credit report you may want to dispute: 1')).toBeTruthy();
    await continueIntake();
    await userEvent.click(screen.getByRole('button', { name: 'Review later' }));
    expect(await screen.findByText('Accounts linked: 2')).toBeTruthy();
  });

  it("offers no bank widget when the user document's product line is the free line", async () => {
    const fakes = await renderRoute({
      goal: { id: 'g1', type: 'financial_wellness', properties: { currentSavings: 100 } },
      personalInfo: { id: 'p1', propertyStatus: 'rent', annualIncome: 1_000, disputesReviewLater: true },
      productLine: 'Freemium',
    });
    await continueIntake();
    expect(await screen.findByText('Linking bank accounts comes with the premium plan. To continue, tick the box below.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect accounts' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: "I don't want to link my bank accounts" })).toBeTruthy();
    expect(fakes.widgetRequests).toEqual([]);
  });

  it('offers the bank widget on a premium product line', async () => {
    const fakes = await renderRoute({
      goal: { id: 'g1', type: 'financial_wellness', properties: { currentSavings: 100 } },
      personalInfo: { id: 'p1', propertyStatus: 'rent', annualIncome: 1_000, disputesReviewLater: true },
      productLine: 'VIP Package',
    });
    await continueIntake();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect accounts' }));
    expect(await screen.findByRole('dialog', { name: 'Connect your accounts' })).toBeTruthy();
    expect(fakes.widgetRequests).toEqual(['connect']);
  });
});
