import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChecklistItemData } from '../../../machines/documents/ports';
import type { HubActionListData } from '../../../machines/hub/ports';
import type { AuthUser } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import HomeRoute from '../../../src/app/shell/HomeRoute';
import { useAppActors } from '../../../src/app/shell/appActors';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// The hub's checklist action (spec 002 §2 modal states checklist and checklistItemId): the checklist and its item
// open over the hub as modal states of the navigation state, so Back goes from the item to the list and closes the
// list, and a reload keeps what was open.

afterEach(() => stopCreditApp());

function SignedInHome() {
  const { session } = useAppActors();
  const uid = useSelector(session, sessionSelectors.uid);
  return uid === null ? null : <HomeRoute />;
}

const nora: AuthUser = { uid: 'u-nora', email: 'nora@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

const CHECKLIST_ACTION: HubActionListData = {
  activeActions: [
    { id: 'act-checklist', name: 'Send the documents your loan team asked for', type: 'checklist', status: 'active', completedAt: null, updating: false, viewed: true, properties: {} },
  ],
  completedActions: [],
  history: [],
  totalActive: 1,
  totalComplete: 0,
  metrics: { totalComplete: 0, completedLast30Days: 0, completedByYou: 0, lastCompletedAt: null },
};

const ITEMS: ChecklistItemData[] = [
  { id: 'chk-w2', category: 'taxes', fileType: 'w2', yearModifier: 1, year: 2025, checked: false, documentId: null, document: null },
  { id: 'chk-pay', category: 'income-statements', fileType: 'pay_stub', yearModifier: 0, year: 2026, checked: false, documentId: null, document: null },
];

const navigationState = () => (window.history.state as { usr?: unknown } | null)?.usr ?? null;

async function openHome(state?: Record<string, string>) {
  const fakes = fakeAppPorts({
    userDocument: () => ({ productLine: 'Primary' }),
    hub: { getActions: async () => CHECKLIST_ACTION },
    documents: { getChecklist: async () => ITEMS },
  });
  await renderCreditPage(<SignedInHome />, fakes, { path: '/', ...(state ? { state } : {}) });
  await act(async () => {
    fakes.setMaintenance(false);
    fakes.setUser(nora);
  });
}

describe("the hub's checklist in the navigation state", { timeout: 20_000 }, () => {
  it('opens the checklist and an item as history entries; Back goes from the item to the list, then closes it', async () => {
    await openHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Open your checklist' }, { timeout: 10_000 }));
    const list = await screen.findByRole('dialog', { name: 'Requested by your loan team' });
    expect(navigationState()).toEqual({ hubModal: 'checklist', modalDepth: 1 });

    await userEvent.click(within(list).getByRole('button', { name: 'Details of W-2 for 2025' }));
    const item = await screen.findByRole('dialog', { name: 'W-2 for 2025' });
    expect(navigationState()).toEqual({ hubModal: 'checklist', checklistItemId: 'chk-w2', modalDepth: 2 });
    expect(within(item).getByRole('link', { name: 'Upload W-2 for 2025' }).getAttribute('href')).toBe(
      '/documents/all/file/new?category=taxes&fileType=w2&year=2025',
    );

    await act(async () => window.history.back());
    expect(await screen.findByRole('dialog', { name: 'Requested by your loan team' })).toBeTruthy();
    await act(async () => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(navigationState()).toBeNull();
  });

  it('keeps the item open after a reload, and its Back to the checklist shows the list', async () => {
    await openHome({ hubModal: 'checklist', checklistItemId: 'chk-pay' });
    const item = await screen.findByRole('dialog', { name: 'Pay stub for 2026' }, { timeout: 10_000 });
    await userEvent.click(within(item).getByRole('button', { name: 'Back to the checklist' }));
    expect(await screen.findByRole('dialog', { name: 'Requested by your loan team' })).toBeTruthy();
    expect(navigationState()).toEqual({ hubModal: 'checklist' });
  });

  it('closes from an item with its button by going back over the entries it added, so the next Back leaves the hub', async () => {
    await openHome();
    const entryIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const hubEntry = entryIndex();
    await userEvent.click(await screen.findByRole('button', { name: 'Open your checklist' }, { timeout: 10_000 }));
    const list = await screen.findByRole('dialog', { name: 'Requested by your loan team' });
    await userEvent.click(within(list).getByRole('button', { name: 'Details of W-2 for 2025' }));
    const item = await screen.findByRole('dialog', { name: 'W-2 for 2025' });
    expect(entryIndex()).toBe(hubEntry + 2);
    await userEvent.click(within(item).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Back on the hub's own entry, under the two the dialogs added (still there for Forward).
    await waitFor(() => expect(entryIndex()).toBe(hubEntry));
    expect(navigationState()).toBeNull();
  });
});
