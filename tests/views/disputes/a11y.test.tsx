import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { disputeChallengeMachine } from '../../../machines/disputes/disputeChallenge.machine';
import { disputeWizardMachine } from '../../../machines/disputes/disputeWizard.machine';
import { WALKTHROUGH_DIALOG, walkthroughDialogMachine } from '../../../machines/disputes/walkthrough.machine';
import type { DisputeActionUndo, DisputeLetterData, InvestigationItemData } from '../../../machines/disputes/ports';
import { AccountDetailsDialog } from '../../../src/views/disputes/AccountDetailsDialog';
import { DisputesDashboard } from '../../../src/views/disputes/DisputesDashboard';
import { DisputeWizardDialog } from '../../../src/views/disputes/DisputeWizardDialog';
import { renderView } from '../../support/render';
import { bureauStatus, investigationItem } from './disputeFixtures';

// The disputes views under axe's rules that need no layout (names, roles, ARIA, tables, lists, headings): the
// dashboard with its rows open, a wizard step, and the details dialog. Contrast is checked in the browser (e2e).

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
});

/** `nested`: a second dialog is open over the wizard; each Mantine dialog has its own <header>, so two show at once. */
async function violations(nested = false) {
  const off = { enabled: false };
  const rules = { 'color-contrast': off, region: off, ...(nested ? { 'landmark-no-duplicate-banner': off, 'landmark-unique': off } : {}) };
  const results = await axe.run(document.body, { rules });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const reviewed = investigationItem({
  name: 'PORTFOLIO RECOVERY',
  challengeReason: 'not_mine',
  challengeReasonSelected: true,
  statuses: [
    bureauStatus('EQUIFAX', { status: 'UNDER_REVIEW_ACTIVE', receivedAt: '2026-10-20', dueAt: '2026-11-19' }),
    bureauStatus('EXPERIAN', { status: 'CORRECTED', outcome: 'REMOVED', reinsertedAt: '2026-11-20' }),
  ],
});
const letter: DisputeLetterData = { bureau: 'EQUIFAX', completionDate: '2026-11-02', documentId: 'doc-1', round: 1, itemCount: 1 };

describe('the disputes views with axe', () => {
  it('finds nothing on the dashboard', async () => {
    await renderView(
      <DisputesDashboard<InvestigationItemData>
        stage="under-review"
        showResults
        investigations={{ status: 'shown', data: { asOf: '2026-11-26', items: [reviewed, investigationItem()] } }}
        stagePath={(stage) => `/credit/disputes/${stage}`}
        onStageChange={vi.fn()}
        openCategory="COLLECTIONS_TRADELINE"
        onCategoryChange={vi.fn()}
        onOpenItem={vi.fn()}
        onReview={vi.fn()}
        onGetStarted={vi.fn()}
        pause={{ paused: true, busy: false, onToggle: vi.fn() }}
        letters={{ letters: { status: 'shown', data: [letter] }, downloadingId: null, onDownload: vi.fn() }}
        devTools={{ visible: true, busy: false, asOf: '2026-11-26', onAdvance: vi.fn() }}
        california
      />,
    );
    expect(await violations()).toEqual([]);
  });

  it('finds nothing on a wizard step with the secondary-reasons dialog open', async () => {
    const machine = disputeWizardMachine.provide({
      actors: {
        saveReasons: fromPromise(async (): Promise<InvestigationItemData[]> => []),
        completeDisputeActionOptimistically: fromPromise(async (): Promise<DisputeActionUndo> => null),
        submitDisputes: fromPromise(async () => ({ submitted: 0, letters: [] as DisputeLetterData[] })),
        rollbackDisputeAction: fromPromise<void, { undo: DisputeActionUndo }>(async () => undefined),
        refreshAfterSubmit: fromPromise<void, void>(async () => undefined),
      },
    });
    const wizard = createActor(machine, {
      input: { items: [investigationItem({ name: 'MIDLAND' }), investigationItem({ name: 'CAPITAL ONE', isSpecialAccount: true })], actor: { isAgent: false, allowClientActions: false }, subscriptionOk: true, source: 'dashboard' },
    }).start();
    actors.push(wizard);
    const walkthrough = createActor(walkthroughDialogMachine, { input: WALKTHROUGH_DIALOG }).start();
    actors.push(walkthrough);
    await renderView(<DisputeWizardDialog wizard={wizard} walkthrough={walkthrough} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start the review' }));
    expect(await violations()).toEqual([]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reason for MIDLAND' }), 'Some information is wrong');
    await screen.findByRole('dialog', { name: 'Tell us what is wrong' });
    expect(await violations(true)).toEqual([]);
  });

  it('finds nothing in the details dialog', async () => {
    const challenge = createActor(disputeChallengeMachine, { input: { item: reviewed, isPaused: false, actor: { isAgent: false, allowClientActions: false }, subscriptionOk: true } }).start();
    actors.push(challenge);
    await renderView(<AccountDetailsDialog challenge={challenge} asOf="2026-11-26" onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'PORTFOLIO RECOVERY' });
    expect(await violations()).toEqual([]);
  });
});
