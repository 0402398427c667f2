import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HubActionData, HubActionListData } from '../../../machines/hub/actionCompletion.machine';
import { ActionsSection, type ActionLinks } from '../../../src/views/hub/ActionsSection';
import { renderView } from '../../support/render';

const action = (id: string, type: HubActionData['type'], name: string, extra: Partial<HubActionData> = {}): HubActionData => ({
  id,
  name,
  type,
  status: 'active',
  completedAt: null,
  updating: false,
  viewed: true,
  properties: {},
  ...extra,
});

const METRICS = { totalComplete: 4, completedLast30Days: 2, completedByYou: 3, lastCompletedAt: '2026-11-20T15:00:00.000Z' };

const links: ActionLinks = {
  upload: (item) => `/documents/all/file/new?for=${item.id}`,
  disputes: '/credit/disputes/not-challenged',
  checklist: '/documents/all',
  phone: { href: 'tel:+18005550199', label: '800-555-0199' },
};

function list(partial: Partial<HubActionListData>): HubActionListData {
  return { activeActions: [], completedActions: [], history: [], totalActive: 0, totalComplete: 0, metrics: METRICS, ...partial };
}

function renderSection(data: HubActionListData, language: 'en' | 'es' = 'en') {
  const handlers = { onComplete: vi.fn(), onOpenSavings: vi.fn(), onOpenContent: vi.fn() };
  return renderView(<ActionsSection list={{ status: 'shown', data }} completing={false} links={links} {...handlers} />, { language }).then(() => handlers);
}

describe('the hub actions (spec 002 §4)', () => {
  it('shows up to three active actions, each leading where its type goes', async () => {
    const handlers = await renderSection(
      list({
        activeActions: [
          action('a1', 'document_upload', 'Upload your pay stubs', { properties: { documents: ['pay_stub'], documentCountRequired: 2 } }),
          action('a2', 'investigation', 'Review your report'),
          action('a3', 'savings', 'Save toward your goal'),
        ],
        totalActive: 5,
      }),
    );
    const items = within(screen.getByRole('list', { name: 'Your next actions' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe('/documents/all/file/new?for=a1');
    expect(within(items[0]!).getByText('Documents: Pay stub · 2 documents required')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Review your credit items' }).getAttribute('href')).toBe('/credit/disputes/not-challenged');
    await userEvent.click(within(items[2]!).getByRole('button', { name: 'Update your savings' }));
    expect(handlers.onOpenSavings).toHaveBeenCalledWith(expect.objectContaining({ id: 'a3' }));
    expect(screen.getByText('2 more actions are waiting after these.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as done: Review your report' }));
    expect(handlers.onComplete).toHaveBeenCalledWith(expect.objectContaining({ id: 'a2' }));
  });

  it('leads calls to the phone, the checklist to the documents and the content types to their dialog', async () => {
    const handlers = await renderSection(
      list({ activeActions: [action('c1', 'call_agent', 'Call your coach'), action('c2', 'checklist', 'Your checklist'), action('c3', 'personal_finance', 'Budget')] }),
    );
    expect(screen.getByRole('link', { name: 'Call your loan team' }).getAttribute('href')).toBe('tel:+18005550199');
    expect(screen.getByRole('link', { name: 'Open your checklist' }).getAttribute('href')).toBe('/documents/all');
    await userEvent.click(screen.getByRole('button', { name: 'Read more' }));
    expect(handlers.onOpenContent).toHaveBeenCalledWith(expect.objectContaining({ id: 'c3' }));
  });

  it('shows what was completed today, the earlier completions behind a toggle, and the progress metrics when nothing is left', async () => {
    await renderSection(
      list({
        completedActions: [action('d1', 'savings', 'Saved this week', { status: 'completed_by_user', completedAt: '2026-11-26T15:00:00.000Z', updating: true })],
        history: [action('d2', 'schedule_call', 'Quarterly check-in', { status: 'completed_by_agent', completedAt: '2026-10-27T15:00:00.000Z', properties: { recurrence: 'quarterly', nextDueAt: '2027-01-25T15:00:00.000Z' } })],
      }),
    );
    expect(screen.getByRole('heading', { name: 'You are all caught up' })).toBeTruthy();
    const metrics = within(screen.getByRole('list', { name: 'Your progress' }));
    expect(metrics.getByText('Actions completed').previousSibling?.textContent).toBe('4');
    expect(within(screen.getByRole('list', { name: 'Completed today' })).getByText('Saving…')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Show earlier completions (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide earlier completions' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Your next check-in call is due/)).toBeTruthy();
  });

  it('tells a customer with no action yet that their first ones are on their way, never that they are all caught up', async () => {
    const nothingYet = { totalComplete: 0, completedLast30Days: 0, completedByYou: 0, lastCompletedAt: null };
    await renderSection(list({ metrics: nothingYet }));
    expect(screen.getByRole('heading', { name: 'Your first actions are on their way' })).toBeTruthy();
    expect(screen.getByText(/appear here as soon as they are ready/)).toBeTruthy();
    expect(screen.queryByText('You are all caught up')).toBeNull();
    expect(screen.queryByText(/You have done every action/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Your progress' })).toBeNull();
  });

  it('says all caught up once something was done, even when only the system completed it', async () => {
    const bySystem = { totalComplete: 1, completedLast30Days: 1, completedByYou: 0, lastCompletedAt: '2026-11-20T15:00:00.000Z' };
    await renderSection(list({ metrics: bySystem, history: [action('s1', 'investigation', 'Review', { status: 'completed_by_system', completedAt: '2026-11-20T15:00:00.000Z' })] }));
    expect(screen.getByRole('heading', { name: 'You are all caught up' })).toBeTruthy();
    expect(screen.queryByText('Your first actions are on their way')).toBeNull();
  });

  it('tells it in Spanish too', async () => {
    await renderSection(list({ metrics: { totalComplete: 0, completedLast30Days: 0, completedByYou: 0, lastCompletedAt: null } }), 'es');
    expect(screen.getByRole('heading', { name: 'Tus primeras acciones están en camino' })).toBeTruthy();
    expect(screen.queryByText('Estás al día')).toBeNull();
  });

  it('is in Spanish too', async () => {
    await renderSection(list({ activeActions: [action('e1', 'dispute', 'Disputa')], totalActive: 1 }), 'es');
    expect(screen.getByRole('heading', { name: 'Tus próximas acciones' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marcar como hecha: Disputa' })).toBeTruthy();
  });
});
