import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import type { AuthUser } from '../../../machines/ports';
import DisputesRoute from '../../../src/app/disputes/DisputesRoute';
import type { CreditReadPort } from '../../../src/app/ports';
import type { InvestigationStatus } from '../../../src/domain/disputes';
import { appHarness, fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// The disputes dashboard's addresses (spec 001 §2): no stage opens the default stage, an unknown stage or anything
// unknown below it and the results stage without its flag go to the credit index; and the needs-decision badge
// (spec 001 §4) on the header's Credit link and the disputes tab.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

let counter = 0;
function item(status: InvestigationStatus, overrides: Partial<InvestigationItemData> = {}): InvestigationItemData {
  counter += 1;
  const decided = status !== 'PENDING_USER_DECISION';
  return {
    id: `inv-${counter}`,
    name: `Creditor ${counter}`,
    type: 'COLLECTIONS_TRADELINE',
    entityType: 'account',
    accountBalance: { amount: 100 * counter },
    accountStatus: 'Collection',
    challengeReason: decided ? 'not_mine' : null,
    challengeReasonOptions: [],
    challengeReasonSelected: decided,
    isSpecialAccount: false,
    waiverAcceptedAt: null,
    itemIds: [`EQUIFAX-acct-${counter}`],
    disputeIds: [],
    statuses: [
      {
        bureau: 'EQUIFAX',
        status,
        lastActivity: null,
        nextActivity: null,
        sentAt: null,
        receivedAt: status === 'UNDER_REVIEW_ACTIVE' ? '2026-11-10' : null,
        dueAt: status === 'UNDER_REVIEW_ACTIVE' ? '2026-12-10' : null,
        addedInfoAt: null,
        answeredAt: status === 'CORRECTED' ? '2026-11-20' : null,
        outcome: status === 'CORRECTED' ? 'REMOVED' : null,
        reinsertedAt: null,
        round: decided ? 1 : 0,
      },
    ],
    inquiryDate: null,
    reportDate: '2026-10-20',
    subtype: null,
    viewed: true,
    ...overrides,
  };
}

/** The dispute items' fakes; `credit` answers the credit reads the page makes beside them. */
function disputesFakes(items: InvestigationItemData[], credit: Partial<CreditReadPort> = {}) {
  return fakeAppPorts({
    user: maria,
    credit,
    disputes: {
      getInvestigationDetails: vi.fn(async () => ({ asOf: '2026-11-26', items })),
      listDisputePdfs: async () => [],
      checkIfDisputesPaused: async () => false,
    },
  });
}

async function openDisputes(path: string, items: InvestigationItemData[], flags: Record<string, boolean> = {}) {
  const fakes = disputesFakes(items);
  await renderCreditPage(<DisputesRoute />, fakes, { path, pattern: '/credit/disputes/*', flags });
  fakes.setMaintenance(false);
  return fakes;
}

const shownAddress = () => screen.getByTestId('location').textContent;

afterEach(() => stopCreditApp());

describe('the disputes addresses', () => {
  it('opens not-challenged when any item is not challenged', async () => {
    await openDisputes('/credit/disputes', [item('UNDER_REVIEW_ACTIVE'), item('PENDING_USER_DECISION'), item('CORRECTED')]);
    await waitFor(() => expect(shownAddress()).toBe('/credit/disputes/not-challenged'));
    expect(await screen.findByRole('heading', { name: 'Not challenged', level: 2 })).toBeTruthy();
  });

  it('opens corrected when nothing is left to challenge but something was corrected', async () => {
    await openDisputes('/credit/disputes', [item('UNDER_REVIEW_ACTIVE'), item('CORRECTED')]);
    await waitFor(() => expect(shownAddress()).toBe('/credit/disputes/corrected'));
  });

  it('opens under review when every item is under review', async () => {
    await openDisputes('/credit/disputes', [item('UNDER_REVIEW_ACTIVE')]);
    await waitFor(() => expect(shownAddress()).toBe('/credit/disputes/under-review'));
  });

  it.each(['/credit/disputes/archived', '/credit/disputes/under-review/mortgages', '/credit/disputes/under-review/late-payments/history', '/credit/disputes/a/b/c/d'])(
    'sends the unknown address %s to the credit index',
    async (path) => {
      await openDisputes(path, [item('UNDER_REVIEW_ACTIVE')]);
      await waitFor(() => expect(shownAddress()).toBe('/credit'));
    },
  );

  it('sends the results stage to the credit index without its flag', async () => {
    await openDisputes('/credit/disputes/results', [item('CORRECTED')], { disputeResults: false });
    await waitFor(() => expect(shownAddress()).toBe('/credit'));
  });

  it('shows the results stage with its flag, each answer under its outcome', async () => {
    await openDisputes('/credit/disputes/results', [item('CORRECTED', { name: 'Acme Collections' })], { disputeResults: true });
    expect(await screen.findByRole('heading', { name: 'Results', level: 2 })).toBeTruthy();
    expect(shownAddress()).toBe('/credit/disputes/results');
    expect(await screen.findByText('Acme Collections')).toBeTruthy();
  });

  it("opens the category's accordion from its sub-path", async () => {
    await openDisputes('/credit/disputes/under-review/collections-tradeline', [item('UNDER_REVIEW_ACTIVE', { name: 'Acme Collections' })]);
    expect(await screen.findByText('Acme Collections')).toBeTruthy();
    expect(shownAddress()).toBe('/credit/disputes/under-review/collections-tradeline');
  });

  it('opens the details of the item whose name the address names', async () => {
    await openDisputes('/credit/disputes/under-review/collections-tradeline/account-details-acme-collections', [
      item('UNDER_REVIEW_ACTIVE', { name: 'Acme Collections' }),
      item('UNDER_REVIEW_ACTIVE', { name: 'Other Bank' }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Acme Collections' });
    expect(within(dialog).getByText('Answer due')).toBeTruthy();
  });

  it("goes back to the category's list when the named item is not there", async () => {
    await openDisputes('/credit/disputes/under-review/collections-tradeline/account-details-gone-bank', [item('UNDER_REVIEW_ACTIVE')]);
    await waitFor(() => expect(shownAddress()).toBe('/credit/disputes/under-review/collections-tradeline'));
  });
});

describe('the needs-decision badge', () => {
  const { renderApp, stopApp } = appHarness({ VITE_ENV: 'emulator' });
  afterEach(() => stopApp());

  it("counts the items that need a decision on the header's Credit link and the disputes tab, '9+' above 9", async () => {
    const items = [...Array.from({ length: 11 }, () => item('PENDING_USER_DECISION')), item('UNDER_REVIEW_ACTIVE'), item('CORRECTED')];
    const fakes = disputesFakes(items, { getCreditDisplay: () => new Promise(() => undefined) });
    await renderApp('/credit', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    const header = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(header).findByRole('link', { name: /^Credit\s*9\+\s*ready for review$/ })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Credit pages' });
    expect(within(tabs).getByRole('link', { name: /^Disputes\s*9\+\s*need a decision$/ }).getAttribute('href')).toBe('/credit/disputes');
  });

  it('shows the exact count up to 9 and nothing once every item is decided', async () => {
    const fakes = disputesFakes([item('PENDING_USER_DECISION'), item('PENDING_USER_DECISION'), item('UNDER_REVIEW_ACTIVE')], {
      getCreditDisplay: () => new Promise(() => undefined),
    });
    await renderApp('/credit', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    expect(await screen.findByRole('link', { name: /^Disputes\s*2\s*need a decision$/ })).toBeTruthy();
  });

  it('shows no badge when nothing needs a decision', async () => {
    const fakes = disputesFakes([item('UNDER_REVIEW_ACTIVE'), item('CORRECTED')], { getCreditDisplay: () => new Promise(() => undefined) });
    const disputes = await fakes.ports.disputes();
    await renderApp('/credit', fakes);
    fakes.setMaintenance(false);
    fakes.setUser(maria);
    const tabs = await screen.findByRole('navigation', { name: 'Credit pages' });
    await waitFor(() => expect(disputes.getInvestigationDetails).toHaveBeenCalled());
    expect(within(tabs).getByRole('link', { name: 'Disputes' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Credit' }).length).toBeGreaterThan(0);
  });

  it('reads no dispute items for the free product line', async () => {
    const disputes = await disputesFakes([item('PENDING_USER_DECISION')]).ports.disputes();
    const free = fakeAppPorts({ user: maria, userDocument: () => ({ productLine: 'Freemium' }), disputes });
    await renderApp('/credit', free);
    free.setMaintenance(false);
    free.setUser(maria);
    expect(await screen.findByRole('heading', { name: 'Your credit, with premium' })).toBeTruthy();
    expect(disputes.getInvestigationDetails).not.toHaveBeenCalled();
  });
});
