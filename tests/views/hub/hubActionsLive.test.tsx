import { act, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubActionListData } from '../../../machines/hub/ports';
import type { AuthUser } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import HomeRoute from '../../../src/app/shell/HomeRoute';
import { useAppActors } from '../../../src/app/shell/appActors';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// The home hub's actions as a flow (spec 001 §7 calculateActions, spec 002 §4 "Actions and hub"): the hub runs the
// action rules when it opens, never tells a customer who has done nothing that they are all caught up, and shows the
// actions the server adds while it is open without a reload.

afterEach(() => stopCreditApp());

/** The home page once the session has its user, as the app's guard chain renders it (src/app/App.tsx GuardedLayout). */
function SignedInHome() {
  const { session } = useAppActors();
  const uid = useSelector(session, sessionSelectors.uid);
  return uid === null ? null : <HomeRoute />;
}

const nora: AuthUser = { uid: 'u-nora', email: 'nora@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

const NOTHING_YET: HubActionListData = {
  activeActions: [],
  completedActions: [],
  history: [],
  totalActive: 0,
  totalComplete: 0,
  metrics: { totalComplete: 0, completedLast30Days: 0, completedByYou: 0, lastCompletedAt: null },
};

const FIRST_ACTIONS: HubActionListData = {
  ...NOTHING_YET,
  activeActions: [
    { id: 'rule-review-disputes', name: 'Review the 4 items on your credit report', type: 'investigation', status: 'active', completedAt: null, updating: false, viewed: true, properties: {} },
  ],
  totalActive: 1,
};

describe('the hub’s actions follow the server', () => {
  it('runs the rules, says the first actions are on their way, then shows them as the server adds them', async () => {
    const steps: string[] = [];
    let list = NOTHING_YET;
    let serverChanged: () => void = () => undefined;
    const fakes = fakeAppPorts({
      userDocument: () => ({ productLine: 'Primary' }),
      hub: {
        calculateActions: async () => {
          steps.push('calculateActions');
        },
        getActions: async () => {
          steps.push('getActions');
          return list;
        },
        subscribeActionChanges: (userId, listener) => {
          steps.push(`watch ${userId}`);
          serverChanged = listener;
          return () => undefined;
        },
      },
    });
    await renderCreditPage(<SignedInHome />, fakes, { path: '/' });
    await act(async () => {
      fakes.setMaintenance(false);
      fakes.setUser(nora);
    });
    expect(await screen.findByRole('heading', { name: 'Your first actions are on their way' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('You are all caught up')).toBeNull();
    expect(steps).toEqual(expect.arrayContaining(['watch u-nora', 'calculateActions', 'getActions']));
    expect(steps.indexOf('calculateActions')).toBeLessThan(steps.indexOf('getActions'));

    // The credit pull stored the report's items: the server's rules changed the actions, the open hub shows them.
    list = FIRST_ACTIONS;
    await act(async () => serverChanged());
    expect(await screen.findByText('Review the 4 items on your credit report')).toBeTruthy();
    expect(screen.queryByText('Your first actions are on their way')).toBeNull();
  });
});
