import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import type { AuthUser } from '../../../machines/ports';
import DisputesRoute from '../../../src/app/disputes/DisputesRoute';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';
import { atEveryBureau, investigationItem } from './disputeFixtures';

// The dispute wizard's walkthrough video on the disputes dashboard as the walkthrough modal state of the navigation
// state (spec 002 §2; spec 001 §2 the wizard's walkthrough video dialog): opening it adds a history entry, Back closes
// it, Close goes back over the entry it added; a reload of its entry opens the wizard with the video again, and
// Close then clears the modal state in place; with nothing to review, such an entry is cleared.

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

const waiting = investigationItem({ id: 'c1', name: 'MIDLAND CREDIT', type: 'COLLECTIONS_TRADELINE' });
const underReview = investigationItem({
  id: 'c2',
  name: 'PORTFOLIO RECOVERY',
  challengeReason: 'not_mine',
  challengeReasonSelected: true,
  statuses: atEveryBureau('UNDER_REVIEW_ACTIVE'),
});

async function openDisputes(items: InvestigationItemData[], options: { state?: unknown; flags?: Record<string, boolean> } = {}) {
  const fakes = fakeAppPorts({
    user: maria,
    disputes: {
      getInvestigationDetails: vi.fn(async () => ({ asOf: '2026-11-26', items })),
      listDisputePdfs: async () => [],
      checkIfDisputesPaused: async () => false,
    },
  });
  await renderCreditPage(<DisputesRoute />, fakes, {
    path: '/credit/disputes/not-challenged',
    pattern: '/credit/disputes/*',
    flags: options.flags ?? {},
    ...(options.state === undefined ? {} : { state: options.state }),
  });
  fakes.setMaintenance(false);
  return fakes;
}

const shownAddress = () => screen.getByTestId('location').textContent;
const navigationState = () => (window.history.state as { usr?: unknown } | null)?.usr ?? null;
const walkthroughDialog = () => screen.queryByRole('dialog', { name: 'Disputes walkthrough' });
const wizardDialog = () => screen.queryByRole('dialog', { name: 'Review disputes' });

async function openWalkthrough() {
  await userEvent.click(await screen.findByRole('button', { name: 'Get started' }));
  await screen.findByRole('dialog', { name: 'Review disputes' });
  await userEvent.click(screen.getByRole('button', { name: 'Watch the walkthrough' }));
  return screen.findByRole('dialog', { name: 'Disputes walkthrough' });
}

afterEach(() => stopCreditApp());

describe('the walkthrough video in the navigation state', { timeout: 20_000 }, () => {
  it("opens as its own history entry carrying the walkthrough, and the browser's Back closes it over the wizard", async () => {
    await openDisputes([waiting]);
    await openWalkthrough();
    expect([shownAddress(), navigationState()]).toEqual(['/credit/disputes/not-challenged', { modal: 'walkthrough', modalDepth: 1 }]);

    // Back lands on the dashboard's own entry: the video had one of its own.
    await act(async () => window.history.back());
    await waitFor(() => expect(walkthroughDialog()).toBeNull());
    expect([shownAddress(), navigationState()]).toEqual(['/credit/disputes/not-challenged', null]);
    expect(wizardDialog()).toBeTruthy();
  });

  it('closed by its Close, goes back over the entry it added, leaving the wizard open', async () => {
    await openDisputes([waiting]);
    const video = await openWalkthrough();
    const go = vi.spyOn(window.history, 'go');
    await userEvent.click(within(video).getByRole('button', { name: 'Close' }));
    expect(go).toHaveBeenCalledWith(-1);
    go.mockRestore();
    await waitFor(() => expect(walkthroughDialog()).toBeNull());
    expect([shownAddress(), navigationState()]).toEqual(['/credit/disputes/not-challenged', null]);
    expect(wizardDialog()).toBeTruthy();
    // Opened again, it is a fresh entry again.
    await userEvent.click(screen.getByRole('button', { name: 'Watch the walkthrough' }));
    expect(await screen.findByRole('dialog', { name: 'Disputes walkthrough' })).toBeTruthy();
    expect(navigationState()).toEqual({ modal: 'walkthrough', modalDepth: 1 });
  });

  it('reopens over the wizard after a reload of its entry; Close then clears the modal state in place', async () => {
    await openDisputes([waiting], { state: { modal: 'walkthrough' } });
    const video = await screen.findByRole('dialog', { name: 'Disputes walkthrough' });
    expect(wizardDialog()).toBeTruthy();
    const go = vi.spyOn(window.history, 'go');
    await userEvent.click(within(video).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(walkthroughDialog()).toBeNull());
    expect([shownAddress(), navigationState()]).toEqual(['/credit/disputes/not-challenged', null]);
    // In place: there is no entry of its own to go back over.
    expect(go).not.toHaveBeenCalled();
    go.mockRestore();
    expect(wizardDialog()).toBeTruthy();
  });

  it('clears an entry carrying the walkthrough when nothing waits for a decision', async () => {
    await openDisputes([underReview], { state: { modal: 'walkthrough' } });
    await waitFor(() => expect(navigationState()).toBeNull());
    expect(walkthroughDialog()).toBeNull();
    expect(wizardDialog()).toBeNull();
  });

  it('opens nothing from such an entry without the walkthroughVideos flag', async () => {
    await openDisputes([waiting], { state: { modal: 'walkthrough' }, flags: { walkthroughVideos: false } });
    expect(await screen.findByRole('button', { name: 'Get started' })).toBeTruthy();
    expect(walkthroughDialog()).toBeNull();
    expect(wizardDialog()).toBeNull();
  });
});
