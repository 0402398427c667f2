import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvestigationItemData as InvestigationItem } from '../../../machines/disputes/ports';
import { DisputesDashboard, type DisputesDashboardProps } from '../../../src/views/disputes/DisputesDashboard';
import { ResolvedDisputesModal } from '../../../src/views/hub/ResolvedDisputesModal';
import { renderView } from '../../support/render';
import { atEveryBureau, bureauStatus, investigationItem } from './disputeFixtures';

// The disputes dashboard (spec 001 §2): the stages as tabs on wide screens and a select under 600 px, the
// needs-decision badge (9+ above 9), items by category in accordions that follow the {type} sub-path, each bureau's
// status and window in words (days left, overdue), empty stages, the results by outcome with reinserted items
// flagged, the letters, the pause banner, the sandbox panel, the California dialog; and the welcome flow's
// resolved-disputes modal (5 shown and the extra count).

const AS_OF = '2026-11-26';

const underReview = (overrides: Partial<InvestigationItem> = {}) =>
  investigationItem({
    challengeReason: 'not_mine',
    challengeReasonSelected: true,
    statuses: [
      bureauStatus('EQUIFAX', { status: 'UNDER_REVIEW_ACTIVE', receivedAt: '2026-10-20', dueAt: '2026-11-19' }),
      bureauStatus('EXPERIAN', { status: 'UNDER_REVIEW_ACTIVE', receivedAt: '2026-11-06', dueAt: '2026-12-06' }),
      bureauStatus('TRANSUNION', { status: 'UNDER_REVIEW_PENDING', sentAt: '2026-11-25' }),
    ],
    ...overrides,
  });

const pending = (count: number) => Array.from({ length: count }, (_, index) => investigationItem({ name: `PENDING ${index + 1}` }));

function props(items: InvestigationItem[], overrides: Partial<DisputesDashboardProps> = {}): DisputesDashboardProps {
  return {
    stage: 'not-challenged',
    showResults: false,
    investigations: { status: 'shown', data: { asOf: AS_OF, items } },
    stagePath: (stage) => `/credit/disputes/${stage}`,
    onStageChange: vi.fn(),
    openCategory: null,
    onCategoryChange: vi.fn(),
    onOpenItem: vi.fn(),
    onReview: vi.fn(),
    onGetStarted: vi.fn(),
    pause: null,
    letters: { letters: { status: 'shown', data: [] }, downloadingId: null, onDownload: vi.fn() },
    devTools: { visible: false, busy: false, asOf: null, onAdvance: vi.fn() },
    california: false,
    ...overrides,
  };
}

const stageNav = () => screen.getByRole('navigation', { name: 'Dispute stages' });

describe('the disputes dashboard', () => {
  const matchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('shows the stages as tabs with their counts, results only with its flag', async () => {
    const items = [...pending(2), underReview()];
    const { rerender } = await renderView(<DisputesDashboard {...props(items)} />);
    const links = within(stageNav()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/credit/disputes/not-challenged', '/credit/disputes/under-review', '/credit/disputes/corrected']);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.textContent).toContain('2 items');
    expect(links[1]!.textContent).toContain('1 item');
    rerender(<DisputesDashboard {...props(items, { showResults: true })} />);
    expect(within(stageNav()).getByRole('link', { name: /Results/ }).getAttribute('href')).toBe('/credit/disputes/results');
  });

  it('offers a select of the stages under 600 px', async () => {
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('max-width: 599') });
    const onStageChange = vi.fn();
    await renderView(<DisputesDashboard {...props([...pending(1), underReview()], { onStageChange })} />);
    const select = await screen.findByRole('combobox', { name: 'Dispute stage' });
    expect(screen.queryByRole('navigation', { name: 'Dispute stages' })).toBeNull();
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Not challenged (1)', 'Under review (1)', 'Corrected (0)']);
    await userEvent.selectOptions(select, 'Under review (1)');
    expect(onStageChange).toHaveBeenCalledWith('under-review');
  });

  it("badges the not-challenged tab with the items needing a decision, '9+' above 9", async () => {
    const { rerender } = await renderView(<DisputesDashboard {...props(pending(4))} />);
    expect(screen.getByTestId('needs-decision-badge').textContent).toBe('4');
    rerender(<DisputesDashboard {...props(pending(12))} />);
    expect(screen.getByTestId('needs-decision-badge').textContent).toBe('9+');
    expect(within(stageNav()).getByRole('link', { name: /Not challenged/ }).textContent).toContain('9+ need a decision');
    expect(screen.getByText('12 items need your decision.')).toBeTruthy();
  });

  it('lists the stage items by category, the open accordion following the sub-path', async () => {
    const items = [investigationItem({ name: 'MIDLAND CREDIT' }), investigationItem({ name: 'CAPITAL ONE', type: 'LATE_PAYMENTS' })];
    const onCategoryChange = vi.fn();
    await renderView(<DisputesDashboard {...props(items, { openCategory: 'COLLECTIONS_TRADELINE', onCategoryChange })} />);
    expect(screen.getByRole('button', { name: 'Collection accounts (1)' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('MIDLAND CREDIT')).toBeTruthy();
    expect(screen.queryByText('CAPITAL ONE')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Late payments (1)' }));
    expect(onCategoryChange).toHaveBeenCalledWith('LATE_PAYMENTS');
  });

  it("says each bureau's status with the days left, overdue in words, and opens the details", async () => {
    const item = underReview({ name: 'PORTFOLIO RECOVERY', accountBalance: { amount: 2350 } });
    const onOpenItem = vi.fn();
    await renderView(<DisputesDashboard {...props([item], { stage: 'under-review', openCategory: 'COLLECTIONS_TRADELINE', onOpenItem })} />);
    const statuses = within(screen.getByRole('list', { name: 'Status at each bureau' })).getAllByRole('listitem').map((entry) => entry.textContent);
    expect(statuses).toEqual(['Equifax: Investigating, Overdue by 7 days', 'Experian: Investigating, 10 days left', 'TransUnion: Letter on its way, Not received yet']);
    expect(screen.getByText(/Balance \$2,350/).textContent).toContain('Reason: This is not mine');
    await userEvent.click(screen.getByRole('button', { name: 'View details for PORTFOLIO RECOVERY' }));
    expect(onOpenItem).toHaveBeenCalledWith(item);
  });

  it.each([
    ['not-challenged', 'No items wait for a decision.'],
    ['under-review', 'No disputes are with the bureaus right now.'],
    ['corrected', 'No bureau has answered yet.'],
    ['results', 'No results yet.'],
  ] as const)('says when the %s stage is empty', async (stage, text) => {
    await renderView(<DisputesDashboard {...props([], { stage, showResults: true })} />);
    expect(screen.getByTestId('stage-empty').textContent).toContain(text);
  });

  it('groups the results by outcome with counts and flags a reinserted item with its notice date', async () => {
    const removed = investigationItem({ name: 'MIDLAND CREDIT', challengeReason: 'not_mine', challengeReasonSelected: true, statuses: atEveryBureau('CORRECTED', { outcome: 'REMOVED', answeredAt: '2026-11-10' }) });
    const mixed = investigationItem({
      name: 'CAPITAL ONE',
      challengeReason: 'never_late',
      challengeReasonSelected: true,
      statuses: [
        bureauStatus('EQUIFAX', { status: 'CORRECTED', outcome: 'VERIFIED' }),
        bureauStatus('EXPERIAN', { status: 'CORRECTED', outcome: 'REMOVED', reinsertedAt: '2026-11-20' }),
        bureauStatus('TRANSUNION', { status: 'CORRECTED', outcome: 'MODIFIED' }),
      ],
    });
    await renderView(<DisputesDashboard {...props([removed, mixed], { stage: 'results', showResults: true })} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Removed (2)', 'Modified (1)', 'Verified as accurate (1)']);
    expect(screen.getAllByText(/Experian put this item back on Nov 20, 2026. It must send you a notice by Nov 27, 2026./)).toHaveLength(3);
  });

  it('lists the letters with a download button naming the bureau and the date', async () => {
    const onDownload = vi.fn();
    const letter = { bureau: 'EQUIFAX' as const, completionDate: '2026-11-02', documentId: 'doc-1', round: 1, itemCount: 3 };
    await renderView(<DisputesDashboard {...props([], { letters: { letters: { status: 'shown', data: [letter] }, downloadingId: null, onDownload } })} />);
    const table = screen.getByRole('table', { name: 'Dispute letters by bureau and date' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Round 1');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('3 items');
    await userEvent.click(screen.getByRole('button', { name: 'Download the Equifax letter of Nov 2, 2026' }));
    expect(onDownload).toHaveBeenCalledWith(letter);
  });

  it('says when the items or the letters could not be read, with Try again for each', async () => {
    const retryItems = vi.fn();
    const retryLetters = vi.fn();
    await renderView(
      <DisputesDashboard
        {...props([], {
          investigations: { status: 'failed', onRetry: retryItems },
          letters: { letters: { status: 'failed', onRetry: retryLetters }, downloadingId: null, onDownload: vi.fn() },
        })}
      />,
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['We could not load your disputes.Try again', 'We could not load your letters.Try again']);
    await userEvent.click(within(alerts[0]!).getByRole('button', { name: 'Try again' }));
    await userEvent.click(within(alerts[1]!).getByRole('button', { name: 'Try again' }));
    expect(retryItems).toHaveBeenCalledTimes(1);
    expect(retryLetters).toHaveBeenCalledTimes(1);
  });

  it('pauses and resumes investigations from the banner with its flag', async () => {
    const onToggle = vi.fn();
    const { rerender } = await renderView(<DisputesDashboard {...props(pending(1))} />);
    expect(screen.queryByRole('button', { name: 'Pause investigations' })).toBeNull();
    rerender(<DisputesDashboard {...props(pending(1), { pause: { paused: false, busy: false, onToggle } })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pause investigations' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(<DisputesDashboard {...props(pending(1), { pause: { paused: true, busy: false, onToggle } })} />);
    expect(screen.getByText('Investigations are paused')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume investigations' })).toBeTruthy();
  });

  it('shows the sandbox panel only where it is visible, advancing 10 or 30 days', async () => {
    const onAdvance = vi.fn();
    const { rerender } = await renderView(<DisputesDashboard {...props([])} />);
    expect(screen.queryByRole('button', { name: 'Advance 10 days' })).toBeNull();
    rerender(<DisputesDashboard {...props([], { devTools: { visible: true, busy: false, asOf: '2026-12-06', onAdvance } })} />);
    expect(screen.getByText(/A sandbox tool for testing, never shown in production/)).toBeTruthy();
    expect(screen.getByText('Dispute clock: Dec 6, 2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Advance 10 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Advance 30 days' }));
    expect(onAdvance.mock.calls).toEqual([[10], [30]]);
  });

  it('opens the paper dispute rounds dialog for California residents with its flag', async () => {
    const { rerender } = await renderView(<DisputesDashboard {...props([])} />);
    expect(screen.queryByRole('button', { name: 'California residents' })).toBeNull();
    rerender(<DisputesDashboard {...props([], { california: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'California residents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paper dispute rounds for California residents' });
    expect(within(dialog).getByText(/If you send more information during those 30 days, it has 45 days/)).toBeTruthy();
  });

  it('opens the California dialog from the keyboard, keeps Tab inside it and closes on Escape', async () => {
    await renderView(<DisputesDashboard {...props([], { california: true })} />);
    const button = screen.getByRole('button', { name: 'California residents' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Paper dispute rounds for California residents' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the wizard from Review disputes only when something needs a decision', async () => {
    const onReview = vi.fn();
    const { rerender } = await renderView(<DisputesDashboard {...props([underReview()], { onReview })} />);
    expect(screen.getByRole('button', { name: 'Review disputes' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Nothing needs your decision right now.')).toBeTruthy();
    rerender(<DisputesDashboard {...props(pending(1), { onReview })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Review disputes' }));
    expect(onReview).toHaveBeenCalledTimes(1);
  });

  it('reads in Spanish', async () => {
    await renderView(<DisputesDashboard {...props([underReview({ name: 'MIDLAND' })], { stage: 'under-review', openCategory: 'COLLECTIONS_TRADELINE' })} />, { language: 'es' });
    expect(screen.getByRole('heading', { level: 1, name: 'Disputas' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Etapas de las disputas' })).toBeTruthy();
    expect(screen.getByText('Equifax: En investigación, Vencida hace 7 días')).toBeTruthy();
  });
});

describe('the resolved-disputes modal', () => {
  const corrected = (name: string) => investigationItem({ name, challengeReason: 'not_mine', challengeReasonSelected: true, statuses: atEveryBureau('CORRECTED', { outcome: 'REMOVED' }) });

  it('names at most 5 resolved items with their answers, the rest as a count, and links to the corrected stage', async () => {
    const onDismiss = vi.fn();
    const resolved = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((letter) => corrected(`CREDITOR ${letter}`));
    await renderView(<ResolvedDisputesModal opened resolved={resolved} correctedPath="/credit/disputes/corrected" onDismiss={onDismiss} />);
    const dialog = await screen.findByRole('dialog', { name: 'Good news: disputes were resolved' });
    expect(within(dialog).getByText('The bureaus answered 7 of your disputes.')).toBeTruthy();
    const entries = within(within(dialog).getByRole('list', { name: 'Resolved disputes' })).getAllByRole('listitem');
    expect(entries).toHaveLength(5);
    expect(entries[0]!.textContent).toBe('CREDITOR A: Removed (Equifax, Experian, and TransUnion)');
    expect(within(dialog).getByText('and 2 more')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'See your corrected items' });
    expect(link.getAttribute('href')).toBe('/credit/disputes/corrected');
    await userEvent.click(link);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('is dismissed with Close', async () => {
    const onDismiss = vi.fn();
    await renderView(<ResolvedDisputesModal opened resolved={[corrected('MIDLAND')]} correctedPath="/credit/disputes/corrected" onDismiss={onDismiss} />);
    const dialog = await screen.findByRole('dialog', { name: 'Good news: disputes were resolved' });
    expect(within(dialog).queryByText(/more/)).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
  });
});
