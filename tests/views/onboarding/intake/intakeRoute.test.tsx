import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/query-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Fragment, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyActorRef, type EventObject } from 'xstate';
import type { DisputesPort, InvestigationItemData } from '../../../../machines/disputes/ports';
import type { OnboardingCallablesPort, OnboardingLiveDataPort } from '../../../../machines/onboarding/ports';
import { AppActorsContext, type AppActors } from '../../../../src/app/shell/appActors';
import type { AppPorts, UserDocument } from '../../../../src/app/ports';
import { IntakeActorProvider } from '../../../../src/app/onboarding/IntakeActorProvider';
import IntakeRoute from '../../../../src/app/onboarding/IntakeRoute';
import { UserDocumentProvider } from '../../../../src/app/shell/userDocument';
import type { IntakeGoal, IntakePersonalInfo, IntakeSaveRequest } from '../../../../src/domain/intake';
import { pendingCollectionItem } from '../../../support/investigationItems';
import { renderView } from '../../../support/render';

// /intake/:page wired to the onboarding ports: the machine's step in the URL, pages typed or reached with the
// browser's history asked of the machine, the select-goal redirect, toasts, and the port calls behind the actors.

interface Stored {
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
  institutions?: Awaited<ReturnType<OnboardingCallablesPort['getConnectedInstitutions']>>['institutions'];
  /** The dispute items the Disputes step reviews (getInvestigationDetails). */
  disputeItems?: InvestigationItemData[];
  /** The user document's product line (Primary when absent). */
  productLine?: string;
}

/** An item waiting for the customer's decision at one bureau. */
function pendingItem(id: string, name: string): InvestigationItemData {
  return { id, ...pendingCollectionItem(id), name, accountBalance: { amount: 250 }, reportDate: '2026-10-20' };
}

const running: AnyActorRef[] = [];
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  notifications.clean();
});

/** The resume dialog of an intake edited before (spec 002 §4: after 1 s), closed. */
async function continueIntake() {
  await screen.findByRole('dialog', { name: 'Welcome back' });
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
    getInvestigationSummaries: async () => ({ userId: 'u1', reportStatus: 'complete', investigations: [] }),
    getWidgetUrl: async () => {
      widgetRequests.push('connect');
      return { url: 'https://bank.example/widget?session=abc' };
    },
  };
  const onboardingLive: OnboardingLiveDataPort = { subscribeInitialReportStatus: () => () => undefined };
  const reasons: unknown[] = [];
  let submitted = 0;
  const disputes: DisputesPort = {
    ...(new Proxy({}, { get: () => unused }) as DisputesPort),
    getInvestigationDetails: async () => ({ asOf: '2026-11-26', items: stored.disputeItems ?? [] }),
    updateInvestigationReasons: async (investigations) => {
      reasons.push(...investigations);
      return (stored.disputeItems ?? []).filter((item) => investigations.some((entry) => entry.id === item.id));
    },
    challengeAllInvestigations: async () => {
      submitted += 1;
      return { submitted: 1, letters: [] };
    },
  };
  const queryClient = new QueryClient();
  const ports = {
    onboarding: async () => onboarding,
    onboardingLive: async () => onboardingLive,
    disputes: async () => disputes,
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
  return { actors, saves, reports, widgetRequests, reasons, submits: () => submitted };
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

  it('reviews the unchallenged items in the dispute wizard and moves on once they are submitted, counting the linked accounts', async () => {
    const fakes = await renderRoute({
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
      disputeItems: [pendingItem('inv-1', 'Acme Collections'), { ...pendingItem('inv-2', 'Decided Bank'), challengeReason: 'not_mine', challengeReasonSelected: true }],
    });
    await continueIntake();
    expect(await screen.findByText('Items on your credit report you may want to dispute: 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review later' })).toBeNull();
    const wizard = await screen.findByRole('dialog', { name: 'Review disputes' });
    await userEvent.click(within(wizard).getByRole('button', { name: 'Start the review' }));
    await userEvent.selectOptions(within(wizard).getByLabelText('Reason for Acme Collections'), 'not_mine');
    await userEvent.click(within(wizard).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(wizard).findByRole('button', { name: 'Submit disputes' }));
    expect(await screen.findByText('Accounts linked: 2')).toBeTruthy();
    expect(fakes.reasons).toEqual([expect.objectContaining({ id: 'inv-1', reason: 'not_mine' })]);
    expect(fakes.submits()).toBe(1);
  });

  it('offers "Review disputes" again after the wizard is closed without submitting', async () => {
    await renderRoute({
      goal: { id: 'g1', type: 'financial_wellness', properties: { currentSavings: 100 } },
      personalInfo: { id: 'p1', propertyStatus: 'rent', annualIncome: 1_000 },
      disputeItems: [pendingItem('inv-1', 'Acme Collections')],
    });
    await continueIntake();
    const wizard = await screen.findByRole('dialog', { name: 'Review disputes' });
    const disputesPage = screen.getByLabelText('address').textContent;
    await userEvent.click(within(wizard).getByRole('button', { name: 'Close the review' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review disputes' })).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Review disputes' }));
    expect(await screen.findByRole('dialog', { name: 'Review disputes' })).toBeTruthy();
    // Still the Disputes step: closing the wizard did not move the intake on.
    expect(screen.getByLabelText('address').textContent).toBe(disputesPage);
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
