import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import type { AuthUser } from '../../../machines/ports';
import { recordedCoverage } from '../../../src/inspect';
import { appHarness, fakeAppPorts } from '../../support/appHarness';

/** How often the welcome flow has ended (its final state) so far: the inspection record every app actor keeps. */
const welcomeFlowsDone = (): number => recordedCoverage().machines.welcomeFlow?.states['welcomeFlow.done'] ?? 0;

// The welcome flow on the home hub (spec 002 §4): once per sign-in, with its flag, the disputes a bureau answered
// that the customer has not seen, in the resolved-disputes modal; dismissed, they are marked viewed.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });

function answered(id: string, name: string, viewed: boolean): InvestigationItemData {
  return {
    id,
    name,
    type: 'COLLECTIONS_TRADELINE',
    entityType: 'account',
    accountBalance: { amount: 900 },
    accountStatus: 'Collection',
    challengeReason: 'not_mine',
    challengeReasonOptions: [],
    challengeReasonSelected: true,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: [`EQUIFAX-${id}`],
    disputeIds: [`D-${id}`],
    statuses: [
      {
        bureau: 'EQUIFAX',
        status: 'CORRECTED',
        lastActivity: '2026-11-20',
        nextActivity: null,
        sentAt: '2026-10-18',
        receivedAt: '2026-10-21',
        dueAt: '2026-11-20',
        addedInfoAt: null,
        answeredAt: '2026-11-20',
        outcome: 'REMOVED',
        reinsertedAt: null,
        round: 1,
      },
    ],
    inquiryDate: null,
    reportDate: '2026-10-01',
    subtype: null,
    viewed,
  };
}

async function openHub(items: InvestigationItemData[], flags: Record<string, boolean> = {}, claims?: Record<string, unknown>) {
  const markInvestigationsViewed = vi.fn(async () => undefined);
  const fakes = fakeAppPorts({
    user: maria,
    ...(claims ? { claims } : {}),
    disputes: { getInvestigationDetails: async () => ({ asOf: '2026-11-26', items }), markInvestigationsViewed },
    onboarding: { getUserInfo: async () => ({ goal: null, personalInfo: null }) },
  });
  fakes.ports.liveData.subscribeFeatureFlags = (listener) => {
    listener(flags);
    return () => undefined;
  };
  await renderApp('/', fakes);
  fakes.setMaintenance(false);
  fakes.setUser(maria);
  return { markInvestigationsViewed };
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => stopApp());

describe('the resolved-disputes modal', () => {
  it('names the answered disputes not seen yet and marks them viewed when closed', async () => {
    const { markInvestigationsViewed } = await openHub([answered('inv-1', 'Acme Collections', false), answered('inv-2', 'Seen Bank', true)]);
    const modal = await screen.findByRole('dialog', { name: 'Good news: disputes were resolved' });
    expect(within(modal).getByText('Acme Collections')).toBeTruthy();
    expect(within(modal).queryByText('Seen Bank')).toBeNull();
    await userEvent.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(markInvestigationsViewed).toHaveBeenCalledWith(['inv-1']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Good news: disputes were resolved' })).toBeNull());
  });

  it('shows once per sign-in: not again on the next visit of the hub in the same session', async () => {
    await openHub([answered('inv-1', 'Acme Collections', false)]);
    const modal = await screen.findByRole('dialog', { name: 'Good news: disputes were resolved' });
    await userEvent.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Good news: disputes were resolved' })).toBeNull());
    stopApp();
    const done = welcomeFlowsDone();
    const { markInvestigationsViewed } = await openHub([answered('inv-1', 'Acme Collections', false)]);
    await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening)/ });
    // The flow has decided, and without its dialog.
    await waitFor(() => expect(welcomeFlowsDone()).toBeGreaterThan(done));
    expect(screen.queryByRole('dialog', { name: 'Good news: disputes were resolved' })).toBeNull();
    expect(markInvestigationsViewed).not.toHaveBeenCalled();
  });

  it('is not shown to a coach signed in for the customer (the welcome, and marking views, are the customer\'s)', async () => {
    const done = welcomeFlowsDone();
    const { markInvestigationsViewed } = await openHub([answered('inv-1', 'Acme Collections', false)], {}, {
      role: 'customer',
      customerContactId: 'c1',
      customerOnboardingComplete: true,
      isAgent: true,
      agentUid: 'coach-1',
    });
    await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening)/ });
    await waitFor(() => expect(welcomeFlowsDone()).toBeGreaterThan(done));
    expect(screen.queryByRole('dialog', { name: 'Good news: disputes were resolved' })).toBeNull();
    expect(markInvestigationsViewed).not.toHaveBeenCalled();
  });

  it('stays closed with its flag off', async () => {
    const done = welcomeFlowsDone();
    await openHub([answered('inv-1', 'Acme Collections', false)], { resolvedDisputeModal: false });
    await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening)/ });
    await waitFor(() => expect(welcomeFlowsDone()).toBeGreaterThan(done));
    expect(screen.queryByRole('dialog', { name: 'Good news: disputes were resolved' })).toBeNull();
  });
});
