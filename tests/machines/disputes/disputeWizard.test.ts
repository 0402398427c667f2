import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_COACH_ACTOR, SAMPLE_CUSTOMER_ACTOR, SAMPLE_DISPUTE_ITEMS } from '../../../machines/disputes/entries';
import {
  disputeWizardMachine,
  disputeWizardSelectors,
  type DisputeWizardInput,
} from '../../../machines/disputes/disputeWizard.machine';
import type { DisputeActionUndo, DisputeLetterData, InvestigationItemData, InvestigationReasonData } from '../../../machines/disputes/ports';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('disputeWizard');
if (!entry) throw new Error('disputeWizard is not registered');

const REGISTERED = entry.testModel.input as DisputeWizardInput;

runModelPaths(entry, {
  variants: [
    // Next moves on without saving for a coach without client actions; submit is refused.
    { name: 'a coach without client actions', input: { ...REGISTERED, actor: SAMPLE_COACH_ACTOR } },
    { name: 'a subscription outside the acceptable set', input: { ...REGISTERED, subscriptionOk: false } },
    // No category to review: the intro leads to the summary, and a failed submit back to the intro.
    { name: 'nothing left to decide', input: { ...REGISTERED, items: [SAMPLE_DISPUTE_ITEMS.underReview] } },
  ],
});

const { collection, special, inquiry, underReview } = SAMPLE_DISPUTE_ITEMS;
const LETTERS: DisputeLetterData[] = [{ bureau: 'EQUIFAX', completionDate: '2026-11-25', documentId: 'letter-1', round: 1, itemCount: 2 }];

interface Calls {
  log: string[];
  saves: InvestigationReasonData[][];
}

/**
 * A wizard whose calls are recorded in order. `fail` names the calls that reject; saves answer the saved items
 * with their reasons.
 */
function wizard(input: Partial<DisputeWizardInput> = {}, fail: readonly string[] = []) {
  const calls: Calls = { log: [], saves: [] };
  const undo: DisputeActionUndo = { actionId: 'action-dispute', previousStatus: 'active' };
  const machine = disputeWizardMachine.provide({
    actors: {
      saveReasons: fromPromise<InvestigationItemData[], { investigations: InvestigationReasonData[] }>(async ({ input: request }) => {
        calls.log.push('saveReasons');
        calls.saves.push(request.investigations);
        if (fail.includes('saveReasons')) throw { code: 'unavailable' };
        return request.investigations.map((saved) => {
          const item = [collection, special, inquiry].find((candidate) => candidate.id === saved.id) ?? collection;
          return { ...item, challengeReason: saved.reason, challengeReasonOptions: saved.reasonOptions, challengeReasonSelected: true };
        });
      }),
      completeDisputeActionOptimistically: fromPromise<DisputeActionUndo, void>(async () => {
        calls.log.push('completeDisputeActionOptimistically');
        return undo;
      }),
      submitDisputes: fromPromise<{ submitted: number; letters: DisputeLetterData[] }, void>(async () => {
        calls.log.push('submitDisputes');
        if (fail.includes('submitDisputes')) throw { code: 'internal' };
        return { submitted: 2, letters: LETTERS };
      }),
      rollbackDisputeAction: fromPromise<void, { undo: DisputeActionUndo }>(async ({ input: request }) => {
        calls.log.push(`rollbackDisputeAction:${request.undo?.actionId ?? 'none'}`);
      }),
      refreshAfterSubmit: fromPromise<void, void>(async () => {
        calls.log.push('refreshAfterSubmit');
      }),
    },
  });
  const running = run(machine, {
    items: [collection, special, inquiry, underReview],
    actor: SAMPLE_CUSTOMER_ACTOR,
    subscriptionOk: true,
    source: 'dashboard',
    ...input,
  } satisfies DisputeWizardInput);
  const snapshot = () => running.actor.getSnapshot();
  return {
    ...running,
    calls,
    snapshot,
    send: async (event: Parameters<typeof running.actor.send>[0]) => {
      running.actor.send(event);
      await settle();
    },
    draft: (itemId: string) => disputeWizardSelectors.draft(snapshot(), itemId),
    notifications: () => running.emitted.filter((event) => event.type === 'notify').map((event) => event.key),
  };
}

describe('the dispute wizard: steps (spec 001 §4 Wizard, §5)', () => {
  it('opens on the intro with one step per category that has items to decide, in the dashboard order', () => {
    const w = wizard();
    expect(w.snapshot().hasTag('step.intro')).toBe(true);
    expect(disputeWizardSelectors.steps(w.snapshot())).toEqual(['COLLECTIONS_TRADELINE', 'RECENT_INQUIRY']);
    // The item already under review is not asked about again.
    expect(disputeWizardSelectors.items(w.snapshot()).map((item) => item.id)).toEqual(['collection-1', 'collection-special', 'inquiry-1']);
  });

  it('starts a special account at "do not challenge" and the others without a reason', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    expect(disputeWizardSelectors.stepItems(w.snapshot()).map((item) => item.id)).toEqual(['collection-1', 'collection-special']);
    expect(w.draft('collection-special')).toEqual({ reason: 'do_not_challenge', secondary: [], waiverAccepted: false });
    expect(w.draft('collection-1')?.reason).toBeNull();
  });

  it('keeps a reason the customer saved before', () => {
    const saved = { ...collection, challengeReason: 'incorrect_information' as const, challengeReasonOptions: ['wrong_balance' as const] };
    const w = wizard({ items: [saved] });
    expect(w.draft('collection-1')).toEqual({ reason: 'incorrect_information', secondary: ['wrong_balance'], waiverAccepted: false });
  });

  it('says "please select all" and points at the first item without a reason on Next, saving nothing', async () => {
    const w = wizard({ items: [collection, { ...collection, id: 'collection-2' }, special] });
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'not_mine' });
    await w.send({ type: 'wizard.next' });
    expect(disputeWizardSelectors.missingItemId(w.snapshot())).toBe('collection-2');
    expect(w.notifications()).toEqual(['toast.please-select-all']);
    expect(w.calls.saves).toEqual([]);
    expect(w.snapshot().hasTag('step.category')).toBe(true);
    // Giving it a reason clears the pointer.
    await w.send({ type: 'reason.select', itemId: 'collection-2', reason: 'paid_in_full' });
    expect(disputeWizardSelectors.missingItemId(w.snapshot())).toBeNull();
  });

  it("saves each step's reasons on Next, then shows the next step and finally the summary", async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'not_mine' });
    await w.send({ type: 'wizard.next' });
    expect(w.calls.saves).toEqual([
      [
        { id: 'collection-1', itemIds: collection.itemIds, disputeIds: [], type: 'COLLECTIONS_TRADELINE', reason: 'not_mine', reasonOptions: [] },
        {
          id: 'collection-special',
          itemIds: special.itemIds,
          disputeIds: [],
          type: 'COLLECTIONS_TRADELINE',
          reason: 'do_not_challenge',
          reasonOptions: [],
          waiverAccepted: false,
        },
      ],
    ]);
    expect(disputeWizardSelectors.category(w.snapshot())).toBe('RECENT_INQUIRY');
    await w.send({ type: 'reason.select', itemId: 'inquiry-1', reason: 'not_authorized' });
    await w.send({ type: 'wizard.next' });
    expect(w.calls.saves[1]?.map((saved) => [saved.id, saved.reason])).toEqual([['inquiry-1', 'not_authorized']]);
    expect(w.snapshot().hasTag('step.summary')).toBe(true);
    // The saved items come back from the server.
    expect(disputeWizardSelectors.items(w.snapshot()).find((item) => item.id === 'inquiry-1')?.challengeReasonSelected).toBe(true);
  });

  it('stays on the step with its answers when a save fails', async () => {
    const w = wizard({}, ['saveReasons']);
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'not_mine' });
    await w.send({ type: 'wizard.next' });
    expect(disputeWizardSelectors.category(w.snapshot())).toBe('COLLECTIONS_TRADELINE');
    expect(w.snapshot().hasTag('error')).toBe(true);
    expect(disputeWizardSelectors.errorKey(w.snapshot())).toBe('errors.general-error');
    expect(w.draft('collection-1')?.reason).toBe('not_mine');
  });

  it('goes back a step without saving and offers nothing it does not list', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'never_late' });
    await w.send({ type: 'reason.select', itemId: 'inquiry-1', reason: 'not_authorized' });
    expect([w.draft('collection-1')?.reason, w.draft('inquiry-1')?.reason]).toEqual([null, null]);
    await w.send({ type: 'wizard.back' });
    expect(w.snapshot().hasTag('step.intro')).toBe(true);
    expect(w.calls.saves).toEqual([]);
  });
});

describe('the dispute wizard: secondary reasons and the waiver (spec 001 §5)', () => {
  it('asks for secondary reasons and saves them only with at least one choice', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'incorrect_information' });
    expect(disputeWizardSelectors.secondary(w.snapshot())).toEqual({ itemIds: ['collection-1'], reason: 'incorrect_information', choices: [] });
    expect(disputeWizardSelectors.canSaveSecondary(w.snapshot())).toBe(false);
    await w.send({ type: 'secondary.save' });
    expect(w.snapshot().hasTag('dialog.secondary')).toBe(true);
    // An option of another reason is not offered.
    await w.send({ type: 'secondary.toggle', option: 'police_report_filed' });
    await w.send({ type: 'secondary.toggle', option: 'wrong_balance' });
    await w.send({ type: 'secondary.toggle', option: 'wrong_dates' });
    await w.send({ type: 'secondary.toggle', option: 'wrong_dates' });
    await w.send({ type: 'secondary.save' });
    expect(w.snapshot().hasTag('dialog.secondary')).toBe(false);
    expect(w.draft('collection-1')).toEqual({ reason: 'incorrect_information', secondary: ['wrong_balance'], waiverAccepted: false });
  });

  it('keeps the earlier answer when the secondary reasons are cancelled, and edits them later', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'not_mine' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'identity_theft' });
    await w.send({ type: 'secondary.toggle', option: 'ftc_report_filed' });
    await w.send({ type: 'secondary.cancel' });
    expect(w.draft('collection-1')?.reason).toBe('not_mine');
    await w.send({ type: 'secondary.edit', itemId: 'collection-1' });
    expect(w.snapshot().hasTag('dialog.secondary')).toBe(false);
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'identity_theft' });
    await w.send({ type: 'secondary.toggle', option: 'ftc_report_filed' });
    await w.send({ type: 'secondary.save' });
    await w.send({ type: 'secondary.edit', itemId: 'collection-1' });
    expect(disputeWizardSelectors.secondary(w.snapshot())?.choices).toEqual(['ftc_report_filed']);
  });

  it('needs the waiver before a special account is disputed; declining keeps "do not challenge"', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-special', reason: 'paid_in_full' });
    expect(disputeWizardSelectors.waiver(w.snapshot())).toEqual({ itemIds: ['collection-special'], reason: 'paid_in_full', secondary: [] });
    await w.send({ type: 'waiver.decline' });
    expect(w.draft('collection-special')).toEqual({ reason: 'do_not_challenge', secondary: [], waiverAccepted: false });
    await w.send({ type: 'reason.select', itemId: 'collection-special', reason: 'paid_in_full' });
    await w.send({ type: 'waiver.accept' });
    expect(w.draft('collection-special')).toEqual({ reason: 'paid_in_full', secondary: [], waiverAccepted: true });
    // Accepted once, it is not asked again.
    await w.send({ type: 'reason.select', itemId: 'collection-special', reason: 'settled' });
    expect(w.snapshot().hasTag('dialog.waiver')).toBe(false);
    expect(w.draft('collection-special')?.reason).toBe('settled');
  });

  it('asks for the secondary reasons first, then the waiver, for a special account', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-special', reason: 'identity_theft' });
    await w.send({ type: 'secondary.toggle', option: 'police_report_filed' });
    await w.send({ type: 'secondary.save' });
    expect(disputeWizardSelectors.waiver(w.snapshot())).toEqual({
      itemIds: ['collection-special'],
      reason: 'identity_theft',
      secondary: ['police_report_filed'],
    });
    await w.send({ type: 'waiver.accept' });
    expect(w.draft('collection-special')).toEqual({ reason: 'identity_theft', secondary: ['police_report_filed'], waiverAccepted: true });
  });

  it('does not treat "do not challenge" on a special account as needing the waiver', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-special', reason: 'do_not_challenge' });
    expect(w.snapshot().hasTag('dialog.waiver')).toBe(false);
  });
});

describe('the dispute wizard: select-all (spec 001 §4)', () => {
  it('selects every row of the step, or none, and gives the selected rows one reason', async () => {
    const w = wizard({ items: [collection, { ...collection, id: 'collection-2' }, inquiry] });
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'items.toggleAll' });
    expect(disputeWizardSelectors.selectedIds(w.snapshot())).toEqual(['collection-1', 'collection-2']);
    expect(disputeWizardSelectors.allSelected(w.snapshot())).toBe(true);
    await w.send({ type: 'selection.apply', reason: 'paid_in_full' });
    expect([w.draft('collection-1')?.reason, w.draft('collection-2')?.reason]).toEqual(['paid_in_full', 'paid_in_full']);
    await w.send({ type: 'items.toggleAll' });
    expect(disputeWizardSelectors.selectedIds(w.snapshot())).toEqual([]);
    // Rows of another step cannot be selected.
    await w.send({ type: 'item.toggle', itemId: 'inquiry-1' });
    await w.send({ type: 'item.toggle', itemId: 'collection-2' });
    expect(disputeWizardSelectors.selectedIds(w.snapshot())).toEqual(['collection-2']);
  });

  it('gives the rest of the selection the reason at once and asks the waiver for its special accounts', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'items.toggleAll' });
    await w.send({ type: 'selection.apply', reason: 'not_mine' });
    expect(w.draft('collection-1')?.reason).toBe('not_mine');
    expect(disputeWizardSelectors.waiver(w.snapshot())?.itemIds).toEqual(['collection-special']);
    await w.send({ type: 'waiver.decline' });
    expect([w.draft('collection-1')?.reason, w.draft('collection-special')?.reason]).toEqual(['not_mine', 'do_not_challenge']);
  });

  it('asks the secondary reasons once for the whole selection', async () => {
    const w = wizard({ items: [collection, { ...collection, id: 'collection-2' }] });
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'items.toggleAll' });
    await w.send({ type: 'selection.apply', reason: 'incorrect_information' });
    await w.send({ type: 'secondary.toggle', option: 'duplicate_entry' });
    await w.send({ type: 'secondary.save' });
    expect([w.draft('collection-1')?.secondary, w.draft('collection-2')?.secondary]).toEqual([['duplicate_entry'], ['duplicate_entry']]);
  });

  it('applies nothing without a selection or with a reason the category does not offer', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'selection.apply', reason: 'not_mine' });
    await w.send({ type: 'item.toggle', itemId: 'collection-1' });
    await w.send({ type: 'selection.apply', reason: 'not_authorized' });
    expect(w.draft('collection-1')?.reason).toBeNull();
  });
});

describe('the dispute wizard: closing (spec 001 §5)', () => {
  it('closes at once when nothing is unsaved, ending without a submit', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'wizard.close' });
    expect(w.snapshot().status).toBe('done');
    expect(w.snapshot().output).toEqual({ submitted: false, items: disputeWizardSelectors.items(w.snapshot()) });
  });

  it('asks before closing with unsaved changes; staying keeps the answers, confirming closes', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'not_mine' });
    await w.send({ type: 'wizard.close' });
    expect(disputeWizardSelectors.confirmingClose(w.snapshot())).toBe(true);
    await w.send({ type: 'close.cancel' });
    expect(w.snapshot().hasTag('step.category')).toBe(true);
    expect(w.draft('collection-1')?.reason).toBe('not_mine');
    await w.send({ type: 'wizard.close' });
    await w.send({ type: 'close.confirm' });
    expect(w.snapshot().output?.submitted).toBe(false);
  });

  it('does not ask once the changes are saved, and asks again for changes left on a step after Back', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'not_mine' });
    await w.send({ type: 'wizard.next' });
    expect(disputeWizardSelectors.hasUnsavedChanges(w.snapshot())).toBe(false);
    await w.send({ type: 'reason.select', itemId: 'inquiry-1', reason: 'not_authorized' });
    await w.send({ type: 'wizard.back' });
    await w.send({ type: 'wizard.close' });
    expect(disputeWizardSelectors.confirmingClose(w.snapshot())).toBe(true);
  });
});

describe('the dispute wizard: submit (spec 001 §4 Wizard, Action completion; §8)', () => {
  async function toSummary(w: ReturnType<typeof wizard>) {
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'reason.select', itemId: 'collection-1', reason: 'not_mine' });
    await w.send({ type: 'wizard.next' });
    await w.send({ type: 'reason.select', itemId: 'inquiry-1', reason: 'not_authorized' });
    await w.send({ type: 'wizard.next' });
    expect(w.snapshot().hasTag('step.summary')).toBe(true);
  }

  it('completes the dispute action first, submits, refreshes, says so and ends submitted', async () => {
    const w = wizard();
    await toSummary(w);
    await w.send({ type: 'wizard.submit' });
    expect(w.calls.log.slice(2)).toEqual(['completeDisputeActionOptimistically', 'submitDisputes', 'refreshAfterSubmit']);
    expect(w.notifications().at(-1)).toBe('toast.disputes-submitted');
    expect(w.snapshot().output?.submitted).toBe(true);
    expect(disputeWizardSelectors.result(w.snapshot())).toEqual({ submitted: 2, letters: LETTERS });
  });

  it('rolls the action back on a failed submit, says the submit failed and goes back to the last step with disputes-step-error', async () => {
    const w = wizard({}, ['submitDisputes']);
    await toSummary(w);
    await w.send({ type: 'wizard.submit' });
    expect(w.calls.log.slice(2)).toEqual(['completeDisputeActionOptimistically', 'submitDisputes', 'rollbackDisputeAction:action-dispute']);
    expect(disputeWizardSelectors.category(w.snapshot())).toBe('RECENT_INQUIRY');
    expect(w.snapshot().hasTag('error')).toBe(true);
    expect(disputeWizardSelectors.errorKey(w.snapshot())).toBe('errors.disputes-step-error');
    expect(w.notifications().at(-1)).toBe('errors.submit-disputes-error');
    expect(w.draft('inquiry-1')?.reason).toBe('not_authorized');
    expect(w.snapshot().status).toBe('active');
  });

  it('refuses a coach without client actions: nothing saved on Next, and the submit refused', async () => {
    const w = wizard({ actor: SAMPLE_COACH_ACTOR });
    await toSummary(w);
    expect(w.calls.saves).toEqual([]);
    await w.send({ type: 'wizard.submit' });
    expect(w.calls.log).toEqual([]);
    expect(w.notifications()).toEqual(['coach.toast.not-permitted', 'coach.toast.not-permitted', 'coach.toast.disputes-not-submitted']);
    expect(w.snapshot().hasTag('step.summary')).toBe(true);
  });

  it('lets a coach with client actions submit', async () => {
    const w = wizard({ actor: { isAgent: true, allowClientActions: true } });
    await toSummary(w);
    await w.send({ type: 'wizard.submit' });
    expect(w.snapshot().output?.submitted).toBe(true);
  });

  it('shows "premium only" to a subscription outside the acceptable set and submits nothing', async () => {
    const w = wizard({ subscriptionOk: false });
    await toSummary(w);
    await w.send({ type: 'wizard.submit' });
    expect(w.calls.log).toEqual([]);
    expect(w.notifications().at(-1)).toBe('degraded-access.disputes.premium-only');
  });

  it('submits what was decided before when no item is left to decide', async () => {
    const w = wizard({ items: [underReview] });
    await w.send({ type: 'wizard.begin' });
    expect(w.snapshot().hasTag('step.summary')).toBe(true);
    await w.send({ type: 'wizard.submit' });
    expect(w.snapshot().output?.submitted).toBe(true);
  });

  it('takes one submit however often Submit is pressed', async () => {
    const w = wizard();
    await toSummary(w);
    w.actor.send({ type: 'wizard.submit' });
    w.actor.send({ type: 'wizard.submit' });
    await settle();
    expect(w.calls.log.filter((call) => call === 'submitDisputes')).toHaveLength(1);
  });
});

describe('the dispute wizard: info dialog', () => {
  it('opens the info dialog beside the step and closes it', async () => {
    const w = wizard();
    await w.send({ type: 'wizard.begin' });
    await w.send({ type: 'info.open' });
    expect([w.snapshot().hasTag('dialog.info'), w.snapshot().hasTag('step.category')]).toEqual([true, true]);
    await w.send({ type: 'info.close' });
    expect(w.snapshot().hasTag('dialog.info')).toBe(false);
  });
});
