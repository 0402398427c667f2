import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { disputeChallengeMachine } from '../../../machines/disputes/disputeChallenge.machine';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import { AccountDetailsDialog } from '../../../src/views/disputes/AccountDetailsDialog';
import { renderView } from '../../support/render';
import { atEveryBureau, bureauStatus, investigationItem } from './disputeFixtures';

// account-details-{name} (spec 001 §2, §4 "Dispute item flow") bound to the real disputeChallenge machine with fake
// actors: the item's facts in words, each bureau's received and due dates with the days left or overdue, answers
// and reinsertion; start (resuming first while paused), cancel behind a confirmation, the busy state.

const AS_OF = '2026-11-26';

let running: Actor<typeof disputeChallengeMachine> | null = null;
afterEach(() => {
  running?.stop();
  running = null;
});

interface Fakes {
  startChallenge?: (item: InvestigationItemData) => Promise<InvestigationItemData[]>;
  cancelChallenge?: (item: InvestigationItemData) => Promise<InvestigationItemData[]>;
  resumeInvestigations?: () => Promise<boolean>;
}

async function openDetails(item: InvestigationItemData, { isPaused = false, ...fakes }: Fakes & { isPaused?: boolean } = {}) {
  const startChallenge = vi.fn(fakes.startChallenge ?? (async () => []));
  const cancelChallenge = vi.fn(fakes.cancelChallenge ?? (async () => []));
  const resumeInvestigations = vi.fn(fakes.resumeInvestigations ?? (async () => false));
  const machine = disputeChallengeMachine.provide({
    actors: {
      startChallenge: fromPromise(async () => startChallenge(item)),
      cancelChallenge: fromPromise(async () => cancelChallenge(item)),
      resumeInvestigations: fromPromise(async () => resumeInvestigations()),
    },
  });
  const actor = createActor(machine, { input: { item, isPaused, actor: { isAgent: false, allowClientActions: false }, subscriptionOk: true } });
  actor.start();
  running = actor;
  const onClose = vi.fn();
  await renderView(<AccountDetailsDialog challenge={actor} asOf={AS_OF} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: item.name });
  return { dialog, startChallenge, cancelChallenge, resumeInvestigations, onClose };
}

const bureauRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Status at each bureau' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

describe('the account details dialog', () => {
  it("shows the balance, reason and each bureau's received and due dates with the days left or overdue", async () => {
    const item = investigationItem({
      name: 'MIDLAND CREDIT',
      accountBalance: { amount: 875 },
      accountStatus: 'Collection',
      challengeReason: 'incorrect_information',
      challengeReasonOptions: ['wrong_balance', 'wrong_dates'],
      challengeReasonSelected: true,
      statuses: [
        bureauStatus('EQUIFAX', { status: 'UNDER_REVIEW_ACTIVE', receivedAt: '2026-10-20', dueAt: '2026-11-19', round: 1 }),
        bureauStatus('EXPERIAN', { status: 'UNDER_REVIEW_ACTIVE', receivedAt: '2026-11-06', dueAt: '2026-12-06', round: 1 }),
        bureauStatus('TRANSUNION', { status: 'CORRECTED', receivedAt: '2026-10-20', dueAt: '2026-11-19', outcome: 'REMOVED', answeredAt: '2026-11-02', reinsertedAt: '2026-11-20', round: 1 }),
      ],
    });
    const { dialog } = await openDetails(item);
    expect(within(dialog).getByText('$875')).toBeTruthy();
    expect(within(dialog).getByText('Some information is wrong')).toBeTruthy();
    expect(within(dialog).getByText('The balance, The dates')).toBeTruthy();
    expect(bureauRows(dialog)).toEqual([
      ['Equifax', 'InvestigatingRound 1', 'Oct 20, 2026', 'Nov 19, 2026', 'Overdue by 7 days', 'No answer yet'],
      ['Experian', 'InvestigatingRound 1', 'Nov 6, 2026', 'Dec 6, 2026', '10 days left', 'No answer yet'],
      ['TransUnion', 'RemovedRound 1', 'Oct 20, 2026', 'Nov 19, 2026', '—', 'Removed on Nov 2, 2026Reinserted on Nov 20, 2026; notice due by Nov 27, 2026'],
    ]);
  });

  it('starts a challenge of an item kept off the dispute, busy while it runs', async () => {
    let finish: (items: InvestigationItemData[]) => void = () => undefined;
    const item = investigationItem({ name: 'CAPITAL ONE', challengeReason: 'do_not_challenge', challengeReasonSelected: true, statuses: atEveryBureau('NOT_CHALLENGED') });
    const { dialog, startChallenge } = await openDetails(item, { startChallenge: () => new Promise((resolve) => (finish = resolve)) });
    expect(within(dialog).queryByRole('button', { name: 'Cancel challenge' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start challenge' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Working…');
    finish([{ ...item, challengeReason: null, challengeReasonSelected: false, statuses: atEveryBureau('PENDING_USER_DECISION') }]);
    await waitFor(() => expect(within(dialog).getByText('No reason chosen yet')).toBeTruthy());
    expect(startChallenge).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('button', { name: 'Start challenge' })).toBeNull();
  });

  it('resumes the investigations first while they are paused', async () => {
    const item = investigationItem({ name: 'CAPITAL ONE', challengeReason: 'do_not_challenge', challengeReasonSelected: true, statuses: atEveryBureau('NOT_CHALLENGED') });
    const { dialog, resumeInvestigations, startChallenge } = await openDetails(item, { isPaused: true });
    expect(within(dialog).getByText('Investigations are paused. Starting this challenge resumes them.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume investigations and start challenge' }));
    await waitFor(() => expect(startChallenge).toHaveBeenCalledTimes(1));
    expect(resumeInvestigations).toHaveBeenCalledTimes(1);
  });

  it('cancels a challenge only after confirming, and keeps it when asked to', async () => {
    const item = investigationItem({
      name: 'PORTFOLIO RECOVERY',
      challengeReason: 'not_mine',
      challengeReasonSelected: true,
      statuses: atEveryBureau('UNDER_REVIEW_PENDING', { sentAt: '2026-11-25' }),
    });
    const { dialog, cancelChallenge } = await openDetails(item, {
      cancelChallenge: async () => [{ ...item, challengeReason: 'do_not_challenge', statuses: atEveryBureau('NOT_CHALLENGED', { round: 0 }) }],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel challenge' }));
    let confirm = await screen.findByRole('dialog', { name: 'Cancel this challenge?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep the challenge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this challenge?' })).toBeNull());
    expect(cancelChallenge).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel challenge' }));
    confirm = await screen.findByRole('dialog', { name: 'Cancel this challenge?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel challenge' }));
    await waitFor(() => expect(within(dialog).getByText('Do not challenge')).toBeTruthy());
    expect(cancelChallenge).toHaveBeenCalledTimes(1);
    expect(bureauRows(dialog).map((row) => row[1])).toEqual(['Not challenged', 'Not challenged', 'Not challenged']);
  });

  it('explains the second round where a bureau verified the item', async () => {
    const item = investigationItem({
      name: 'SYNCHRONY',
      challengeReason: 'not_mine',
      challengeReasonSelected: true,
      statuses: [bureauStatus('EQUIFAX', { status: 'CORRECTED', outcome: 'VERIFIED', answeredAt: '2026-11-10', round: 1 }), bureauStatus('EXPERIAN', { status: 'CORRECTED', outcome: 'REMOVED', round: 1 })],
    });
    const { dialog } = await openDetails(item);
    expect(within(dialog).getByText(/A bureau verified this item, put it back after removing it, or did not answer in time/)).toBeTruthy();
    expect(bureauRows(dialog)[0]).toContain('Verified as accurate on Nov 10, 2026');
  });

  it('closes', async () => {
    const { dialog, onClose } = await openDetails(investigationItem({ name: 'MIDLAND' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reads in Spanish', async () => {
    const item = investigationItem({ name: 'MIDLAND', statuses: [bureauStatus('EQUIFAX', { status: 'UNDER_REVIEW_ACTIVE', receivedAt: '2026-10-20', dueAt: '2026-11-19' })] });
    const started = createActor(disputeChallengeMachine, { input: { item, isPaused: false, actor: { isAgent: false, allowClientActions: false }, subscriptionOk: true } }).start();
    running = started;
    await renderView(<AccountDetailsDialog challenge={started} asOf={AS_OF} onClose={() => undefined} />, { language: 'es' });
    const dialog = await screen.findByRole('dialog', { name: 'MIDLAND' });
    expect(within(dialog).getByRole('table', { name: 'Estado en cada agencia' })).toBeTruthy();
    expect(within(dialog).getByText('Vencida hace 7 días')).toBeTruthy();
  });
});
