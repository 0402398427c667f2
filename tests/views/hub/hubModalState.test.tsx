import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubActionData, HubActionListData } from '../../../machines/hub/ports';
import type { AuthUser } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import HomeRoute from '../../../src/app/shell/HomeRoute';
import ShellRoute from '../../../src/app/shell/ShellRoute';
import { useAppActors } from '../../../src/app/shell/appActors';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// The hub's dialogs as modal states of the navigation state (spec 002 §2: scoreDetails, updateSavings, progressTip,
// loanTeam; the checklist's in checklistModalState.test.tsx): each opens as its own history entry and the browser's
// Back closes it. The your-loan-team dialog is opened by the header (the shell hosts it) or by the hub's call action:
// whichever opened it, its Close goes back over the history entry it added, so the next Back leaves the page; and it
// opens over the page as it was, its #fragment included.

afterEach(() => stopCreditApp());

const nora: AuthUser = { uid: 'u-nora', email: 'nora@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

const action = (id: string, type: HubActionData['type'], name: string): HubActionData => ({
  id,
  name,
  type,
  status: 'active',
  completedAt: null,
  updating: false,
  viewed: true,
  properties: {},
});

const ACTIONS: HubActionListData = {
  activeActions: [
    action('act-call', 'schedule_call', 'Talk with your loan officer'),
    action('act-tip', 'personal_finance', 'Build a budget that works'),
    action('act-savings', 'savings', 'Save toward your goal'),
  ],
  completedActions: [],
  history: [],
  totalActive: 3,
  totalComplete: 0,
  metrics: { totalComplete: 0, completedLast30Days: 0, completedByYou: 0, lastCompletedAt: null },
};

const BROKER = { firstName: 'Patricia', lastName: 'Lennox', companyName: 'Summit Home Lending', phone: '7025550199', email: 'partner@demo.test', nmlsId: '1456789' };

/** The shell around the hub, as the app's guard chain renders them once the session has its user. */
function SignedInHub() {
  const { session } = useAppActors();
  const uid = useSelector(session, sessionSelectors.uid);
  if (uid === null) return null;
  return (
    <Routes>
      <Route element={<ShellRoute />}>
        <Route index element={<HomeRoute />} />
        <Route path="learning-center" element={<h1>Learning Center</h1>} />
      </Route>
    </Routes>
  );
}

async function signIn(path: string) {
  const fakes = fakeAppPorts({
    claims: { role: 'customer', customerContactId: 'c-nora', customerOnboardingComplete: true },
    userDocument: () => ({ productLine: 'Primary' }),
    hub: { getActions: async () => ACTIONS, getReferralPageData: async () => BROKER },
    onboarding: {
      getUserInfo: async () => ({
        goal: { id: 'goal-1', type: 'mortgage', properties: { currentSavings: 12_500 }, createdAt: null, updatedAt: null },
        personalInfo: null,
        mortgageRate: null,
        taxRate: null,
        pmiRate: null,
      }),
    },
  });
  // The hub's readiness score is there, so its details can open.
  fakes.ports.getReadinessScore = async () => ({ score: { displayScore: 64 }, previousScore: null, createdAt: new Date('2026-11-12T15:00:00.000Z') });
  await renderCreditPage(<SignedInHub />, fakes, { path, pattern: '/*' });
  await act(async () => {
    fakes.setMaintenance(false);
    fakes.setUser(nora);
  });
}

const entryIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;
const loanTeamDialog = () => screen.queryByRole('dialog', { name: 'Your loan team' });

describe("the hub's dialogs in the navigation state", { timeout: 30_000 }, () => {
  it.each([
    ['score details', 'See score details', 'Your loan readiness score in detail'],
    ["an action's progress tip", 'Read more', 'Build a budget that works'],
    ['the savings update', 'Update your savings', 'Update your savings'],
  ])("opens %s as its own history entry, and the browser's Back closes it", async (_name, button, title) => {
    await signIn('/');
    await screen.findByRole('list', { name: 'Your next actions' }, { timeout: 20_000 });
    const hubEntry = entryIndex();
    await userEvent.click(await screen.findByRole('button', { name: button }, { timeout: 10_000 }));
    await screen.findByRole('dialog', { name: title });
    expect(entryIndex()).toBe(hubEntry + 1);
    await act(async () => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
    expect(entryIndex()).toBe(hubEntry);
  });
});

describe('the loan team dialog in the navigation state', { timeout: 30_000 }, () => {
  it("opened by the hub's call action, its Close goes back over the entry it added, so the next Back leaves the hub", async () => {
    await signIn('/');
    const actions = await screen.findByRole('list', { name: 'Your next actions' }, { timeout: 20_000 });
    const hubEntry = entryIndex();
    await userEvent.click(within(actions).getByRole('button', { name: 'Your loan team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your loan team' });
    expect(entryIndex()).toBe(hubEntry + 1);

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(loanTeamDialog()).toBeNull());
    await waitFor(() => expect(entryIndex()).toBe(hubEntry));
    expect((window.history.state as { usr?: unknown } | null)?.usr ?? null).toBeNull();
  });

  it("opened by the hub's call action, the browser's Back closes it", async () => {
    await signIn('/');
    const actions = await screen.findByRole('list', { name: 'Your next actions' }, { timeout: 20_000 });
    await userEvent.click(within(actions).getByRole('button', { name: 'Your loan team' }));
    await screen.findByRole('dialog', { name: 'Your loan team' });
    await act(async () => window.history.back());
    await waitFor(() => expect(loanTeamDialog()).toBeNull());
  });

  it('opens over the page as it was, its query and #fragment kept, and Back returns to the same address', async () => {
    await signIn('/learning-center?topic=credit#budgeting');
    await screen.findByRole('heading', { name: 'Learning Center' }, { timeout: 20_000 });
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Your loan team' }));
    await screen.findByRole('dialog', { name: 'Your loan team' });
    expect([window.location.pathname, window.location.search, window.location.hash]).toEqual(['/learning-center', '?topic=credit', '#budgeting']);

    await act(async () => window.history.back());
    await waitFor(() => expect(loanTeamDialog()).toBeNull());
    expect([window.location.pathname, window.location.search, window.location.hash]).toEqual(['/learning-center', '?topic=credit', '#budgeting']);
  });
});
