import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import type { AuthUser } from '../../../machines/ports';
import DisputesRoute from '../../../src/app/disputes/DisputesRoute';
import type { UserDocument } from '../../../src/app/ports';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { investigationItem } from './disputeFixtures';

// What the disputes dashboard's wizard tells the customer when the submit cannot go through (spec 001 §6, §8): a
// failed submit shows errors.submit-disputes-error; a customer whose subscription is outside the acceptable set,
// whom unexpired degraded access lets past the subscription gate into the disputes, is told 'premium only' and
// nothing is sent.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };
const midland = investigationItem({ id: 'c1', name: 'MIDLAND CREDIT', type: 'COLLECTIONS_TRADELINE' });

async function openDashboard(options: { userDocument?: Partial<UserDocument>; challengeAllInvestigations?: () => Promise<never> } = {}) {
  const challengeAllInvestigations = vi.fn(options.challengeAllInvestigations ?? (async () => ({ submitted: 1, letters: [] })));
  const updateInvestigationReasons = vi.fn(async () => [] as InvestigationItemData[]);
  const fakes = fakeAppPorts({
    user: maria,
    userDocument: () => options.userDocument ?? {},
    disputes: {
      getInvestigationDetails: async () => ({ asOf: '2026-11-26', items: [midland] }),
      listDisputePdfs: async () => [],
      checkIfDisputesPaused: async () => false,
      updateInvestigationReasons,
      challengeAllInvestigations,
    },
  });
  await renderCreditPage(<DisputesRoute />, fakes, { path: '/credit/disputes/not-challenged', pattern: '/credit/disputes/*' });
  fakes.setMaintenance(false);
  fakes.setUser(maria);
  return { challengeAllInvestigations, updateInvestigationReasons };
}

async function submitOneReason() {
  await userEvent.click(await screen.findByRole('button', { name: 'Review disputes' }));
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Reason for MIDLAND CREDIT' }), 'Settled');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Submit disputes' }));
}

afterEach(() => stopCreditApp());

describe('the dispute wizard on the dashboard', () => {
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
    const tomorrow = new Date(Date.now() + 86_400_000);
    const { challengeAllInvestigations, updateInvestigationReasons } = await openDashboard({
      userDocument: { subscriptionStatus: 'Suspended', degradedAccess: { expiration: tomorrow } },
    });
    await submitOneReason();
    await waitFor(() => expect(screen.getAllByText('Disputes are available with a premium subscription.').length).toBeGreaterThan(0));
    expect(challengeAllInvestigations).not.toHaveBeenCalled();
    expect(updateInvestigationReasons).not.toHaveBeenCalled();
  });

  it('submits for an Active customer', async () => {
    const { challengeAllInvestigations } = await openDashboard();
    await submitOneReason();
    await waitFor(() => expect(challengeAllInvestigations).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Disputes are available with a premium subscription.')).toBeNull();
  });
});
