import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import type { AuthUser } from '../../../machines/ports';
import DisputesRoute from '../../../src/app/disputes/DisputesRoute';
import type { UserDocument } from '../../../src/app/ports';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { atEveryBureau, investigationItem } from './disputeFixtures';

// What the disputes dashboard's wizard tells the customer when the submit cannot go through (spec 001 §6, §8): a
// failed submit shows errors.submit-disputes-error; a customer whose subscription is outside the acceptable set,
// whom unexpired degraded access lets past the subscription gate into the disputes, is told 'premium only' when
// submitting or starting a challenge, and nothing is sent.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const midland = investigationItem({ id: 'c1', name: 'MIDLAND CREDIT', type: 'COLLECTIONS_TRADELINE' });

const TOMORROW = () => new Date(Date.now() + 86_400_000);
const capitalOne = investigationItem({
  id: 'k1',
  name: 'CAPITAL ONE',
  type: 'COLLECTIONS_TRADELINE',
  challengeReason: 'do_not_challenge',
  challengeReasonSelected: true,
  statuses: atEveryBureau('NOT_CHALLENGED'),
});

async function openDashboard(
  options: { userDocument?: Partial<UserDocument>; challengeAllInvestigations?: () => Promise<never>; path?: string; items?: InvestigationItemData[] } = {},
) {
  const updateInvestigationsChallenged = vi.fn(async () => [] as InvestigationItemData[]);
  const challengeAllInvestigations = vi.fn(options.challengeAllInvestigations ?? (async () => ({ submitted: 1, letters: [] })));
  const updateInvestigationReasons = vi.fn(async () => [] as InvestigationItemData[]);
  const fakes = fakeAppPorts({
    user: maria,
    userDocument: () => options.userDocument ?? {},
    disputes: {
      getInvestigationDetails: async () => ({ asOf: '2026-11-26', items: options.items ?? [midland] }),
      listDisputePdfs: async () => [],
      checkIfDisputesPaused: async () => false,
      updateInvestigationReasons,
      updateInvestigationsChallenged,
      challengeAllInvestigations,
    },
  });
  await renderCreditPage(<DisputesRoute />, fakes, { path: options.path ?? '/credit/disputes/not-challenged', pattern: '/credit/disputes/*' });
  fakes.setMaintenance(false);
  fakes.setUser(maria);
  return { challengeAllInvestigations, updateInvestigationReasons, updateInvestigationsChallenged };
}

async function submitOneReason() {
  await userEvent.click(await screen.findByRole('button', { name: 'Review disputes' }));
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Reason for MIDLAND CREDIT' }), 'Settled');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Submit disputes' }));
}

afterEach(() => stopCreditApp());

describe("the disputes dashboard's wizard and item details", () => {
  it('says the submit failed with the submit error, and the step it went back to keeps the answers', async () => {
    await openDashboard({
      challengeAllInvestigations: async () => {
        throw { code: 'unavailable' };
      },
    });
    await submitOneReason();
    expect(await screen.findByText('We could not submit your disputes. Please try again.')).toBeTruthy();
    expect(await screen.findByText('We could not submit your disputes. Your answers are kept; please review this step and try again.')).toBeTruthy();
  });

  it("tells a Suspended customer with degraded access that disputes are premium only, and sends nothing", async () => {
    const { challengeAllInvestigations, updateInvestigationReasons } = await openDashboard({
      userDocument: { subscriptionStatus: 'Suspended', degradedAccess: { expiration: TOMORROW() } },
    });
    await submitOneReason();
    await waitFor(() => expect(screen.getAllByText('Disputes are available with a premium subscription.').length).toBeGreaterThan(0));
    expect(challengeAllInvestigations).not.toHaveBeenCalled();
    expect(updateInvestigationReasons).not.toHaveBeenCalled();
  });

  it('tells a Suspended customer with degraded access that disputes are premium only when starting a challenge, and starts nothing', async () => {
    const { updateInvestigationsChallenged } = await openDashboard({
      userDocument: { subscriptionStatus: 'Suspended', degradedAccess: { expiration: TOMORROW() } },
      items: [capitalOne],
      path: '/credit/disputes/not-challenged/collections-tradeline',
    });
    await userEvent.click(await screen.findByRole('button', { name: /CAPITAL ONE/ }));
    const dialog = await screen.findByRole('dialog', { name: 'CAPITAL ONE' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start challenge' }));
    expect(await screen.findByText('Disputes are available with a premium subscription.')).toBeTruthy();
    expect(updateInvestigationsChallenged).not.toHaveBeenCalled();
  });

  it('submits for an Active customer', async () => {
    const { challengeAllInvestigations } = await openDashboard();
    await submitOneReason();
    await waitFor(() => expect(challengeAllInvestigations).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Disputes are available with a premium subscription.')).toBeNull();
  });
});
