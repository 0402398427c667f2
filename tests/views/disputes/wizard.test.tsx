import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { disputeWizardMachine } from '../../../machines/disputes/disputeWizard.machine';
import { WALKTHROUGH_DIALOG, walkthroughDialogMachine } from '../../../machines/disputes/walkthrough.machine';
import type { DisputeActionUndo, DisputeLetterData, InvestigationItemData, InvestigationReasonData } from '../../../machines/disputes/ports';
import { DisputeWizardDialog } from '../../../src/views/disputes/DisputeWizardDialog';
import { browserHistory } from '../../support/browserHistory';
import { renderView } from '../../support/render';
import { atEveryBureau, investigationItem } from './disputeFixtures';

// The dispute wizard dialog (spec 001 §2, §4 "Wizard", §5) bound to the real disputeWizard machine with fake
// actors: the intro, a step per category with a reason per item, select all, the secondary reasons (Save needs a
// choice), the waiver of a special account, 'please select all' with the first missing item scrolled into view,
// the summary and submit, the confirm-close dialog, the info and walkthrough video dialogs, and Spanish.

let running: Actor<typeof disputeWizardMachine> | null = null;
let walkthrough: Actor<typeof walkthroughDialogMachine> | null = null;
afterEach(() => {
  running?.stop();
  running = null;
  walkthrough?.stop();
  walkthrough = null;
});

/**
 * The walkthrough video's actor on the dashboard's address, its navigations followed as the router would (the
 * route⇄machine pattern; the address bar's side is tested in walkthroughRoute.test.tsx).
 */
function startWalkthrough() {
  const actor = createActor(walkthroughDialogMachine, { input: WALKTHROUGH_DIALOG }).start();
  browserHistory('/credit/disputes/not-challenged').connect(actor);
  walkthrough = actor;
  return actor;
}

interface Fakes {
  saveReasons?: (investigations: InvestigationReasonData[]) => Promise<InvestigationItemData[]>;
  submitDisputes?: () => Promise<{ submitted: number; letters: DisputeLetterData[] }>;
}

function startWizard(items: InvestigationItemData[], fakes: Fakes = {}) {
  const saveReasons = vi.fn(fakes.saveReasons ?? (async () => []));
  const submitDisputes = vi.fn(fakes.submitDisputes ?? (async () => ({ submitted: 1, letters: [] as DisputeLetterData[] })));
  const machine = disputeWizardMachine.provide({
    actors: {
      saveReasons: fromPromise(async ({ input }: { input: { investigations: InvestigationReasonData[] } }) => saveReasons(input.investigations)),
      completeDisputeActionOptimistically: fromPromise(async (): Promise<DisputeActionUndo> => ({ actionId: 'a1', previousStatus: 'active' })),
      submitDisputes: fromPromise(async () => submitDisputes()),
      rollbackDisputeAction: fromPromise<void, { undo: DisputeActionUndo }>(async () => undefined),
      refreshAfterSubmit: fromPromise<void, void>(async () => undefined),
    },
  });
  const actor = createActor(machine, { input: { items, actor: { isAgent: false, allowClientActions: false }, subscriptionOk: true, source: 'dashboard' } });
  actor.start();
  running = actor;
  return { actor, saveReasons, submitDisputes };
}

const collection = investigationItem({ id: 'c1', name: 'MIDLAND CREDIT', type: 'COLLECTIONS_TRADELINE' });
const collection2 = investigationItem({ id: 'c2', name: 'PORTFOLIO RECOVERY', type: 'COLLECTIONS_TRADELINE' });
const late = investigationItem({ id: 'l1', name: 'CAPITAL ONE', type: 'LATE_PAYMENTS', isSpecialAccount: true });
const inquiry = investigationItem({ id: 'q1', name: 'SYNCHRONY INQUIRY', type: 'RECENT_INQUIRY' });

async function open(items: InvestigationItemData[], fakes: Fakes = {}, options: { walkthroughVideos?: boolean; language?: 'en' | 'es' } = {}) {
  const started = startWizard(items, fakes);
  const video = (options.walkthroughVideos ?? true) ? startWalkthrough() : null;
  await renderView(<DisputeWizardDialog wizard={started.actor} walkthrough={video} />, { language: options.language });
  await screen.findByRole('dialog', { name: options.language === 'es' ? 'Revisar disputas' : 'Review disputes' });
  return started;
}

const wizardDialog = () => screen.getByRole('dialog', { name: 'Review disputes' });
const reasonFor = (name: string) => screen.getByRole('combobox', { name: `Reason for ${name}` });

describe('the dispute wizard', () => {
  it('starts with the intro, then shows one step per category with the progress announced', async () => {
    await open([collection, late, inquiry]);
    expect(screen.getByTestId('wizard-progress').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Step 1 of 5');
    expect(screen.getByText('3 items in Collection accounts, Late payments, and Recent inquiries to review.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Step 2 of 5');
    expect(screen.getByRole('heading', { name: 'Collection accounts' })).toBeTruthy();
    expect(reasonFor('MIDLAND CREDIT')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Reason for CAPITAL ONE' })).toBeNull();
  });

  it("says 'please select all' and brings the first item without a reason into view and focus", async () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    const { saveReasons } = await open([collection, collection2]);
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    await userEvent.selectOptions(reasonFor('MIDLAND CREDIT'), 'This is not mine');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(wizardDialog()).getByRole('alert').textContent).toContain('Please choose a reason for every item.');
    expect(scrolled).toEqual(['dispute-reason-c2']);
    expect(document.activeElement).toBe(reasonFor('PORTFOLIO RECOVERY'));
    expect(reasonFor('PORTFOLIO RECOVERY').getAttribute('aria-invalid')).toBe('true');
    expect(saveReasons).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Next' }).focus();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(scrolled).toEqual(['dispute-reason-c2', 'dispute-reason-c2']);
    expect(document.activeElement).toBe(reasonFor('PORTFOLIO RECOVERY'));
    scrollIntoView.mockRestore();
  });

  it('gives every selected item one reason with select all, and saves the step on Next', async () => {
    const { saveReasons } = await open([collection, collection2, inquiry]);
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all items in this step' }));
    expect((screen.getByRole('checkbox', { name: 'Select MIDLAND CREDIT' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reason for the selected items' }), 'Paid in full');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 2 selected items' }));
    expect((reasonFor('MIDLAND CREDIT') as HTMLSelectElement).value).toBe('paid_in_full');
    expect((reasonFor('PORTFOLIO RECOVERY') as HTMLSelectElement).value).toBe('paid_in_full');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Recent inquiries' })).toBeTruthy());
    expect(saveReasons).toHaveBeenCalledTimes(1);
    expect(saveReasons.mock.calls[0]![0].map((entry) => [entry.id, entry.reason])).toEqual([
      ['c1', 'paid_in_full'],
      ['c2', 'paid_in_full'],
    ]);
  });

  it('asks for secondary reasons and keeps Save disabled until one is chosen, then shows them on the row', async () => {
    await open([collection]);
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    await userEvent.selectOptions(reasonFor('MIDLAND CREDIT'), 'Some information is wrong');
    const dialog = await screen.findByRole('dialog', { name: 'Tell us what is wrong' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Choose at least one detail to save.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'The balance' }));
    expect(save.hasAttribute('disabled')).toBe(false);
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tell us what is wrong' })).toBeNull());
    expect(screen.getByText('Details: The balance')).toBeTruthy();
    expect((reasonFor('MIDLAND CREDIT') as HTMLSelectElement).value).toBe('incorrect_information');
    await userEvent.click(screen.getByRole('button', { name: 'Change details for MIDLAND CREDIT' }));
    const again = await screen.findByRole('dialog', { name: 'Tell us what is wrong' });
    expect((within(again).getByRole('checkbox', { name: 'The balance' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps a special account off the dispute unless its waiver is accepted', async () => {
    await open([late]);
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    expect((reasonFor('CAPITAL ONE') as HTMLSelectElement).value).toBe('do_not_challenge');
    expect(screen.getByText('Special account')).toBeTruthy();
    await userEvent.selectOptions(reasonFor('CAPITAL ONE'), 'I was never late');
    let waiver = await screen.findByRole('dialog', { name: 'Before you dispute this account' });
    expect(within(waiver).getByText(/Disputing it can lead the creditor or bureau to close it/)).toBeTruthy();
    await userEvent.click(within(waiver).getByRole('button', { name: 'Keep it not challenged' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Before you dispute this account' })).toBeNull());
    expect((reasonFor('CAPITAL ONE') as HTMLSelectElement).value).toBe('do_not_challenge');
    await userEvent.selectOptions(reasonFor('CAPITAL ONE'), 'I was never late');
    waiver = await screen.findByRole('dialog', { name: 'Before you dispute this account' });
    await userEvent.click(within(waiver).getByRole('button', { name: 'Accept and dispute' }));
    await waitFor(() => expect((reasonFor('CAPITAL ONE') as HTMLSelectElement).value).toBe('never_late'));
    expect(screen.getByText('Waiver accepted')).toBeTruthy();
  });

  it('sums up the reasons per category and submits', async () => {
    const { submitDisputes } = await open([collection, inquiry]);
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    await userEvent.selectOptions(reasonFor('MIDLAND CREDIT'), 'This is not mine');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Reason for SYNCHRONY INQUIRY' }), 'Do not challenge');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const table = await screen.findByRole('table', { name: 'Items by category and reason' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Collection accounts', 'This is not mine', '1'],
      ['Recent inquiries', 'Do not challenge', '1'],
    ]);
    expect(screen.getByText('1 item will be disputed.')).toBeTruthy();
    expect(screen.getByText(/Each bureau has 30 days from receiving your letter/)).toBeTruthy();
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Step 4 of 4');
    await userEvent.click(screen.getByRole('button', { name: 'Submit disputes' }));
    await waitFor(() => expect(running?.getSnapshot().status).toBe('done'));
    expect(submitDisputes).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review disputes' })).toBeNull());
  });

  it('goes back to the last category with the step error when the submit fails, the answers kept', async () => {
    await open([collection], {
      submitDisputes: async () => {
        throw { code: 'unavailable' };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    await userEvent.selectOptions(reasonFor('MIDLAND CREDIT'), 'Settled');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit disputes' }));
    expect((await within(wizardDialog()).findByRole('alert')).textContent).toBe(
      'We could not submit your disputes. Your answers are kept; please review this step and try again.',
    );
    expect(screen.getByRole('heading', { name: 'Collection accounts' })).toBeTruthy();
    expect((reasonFor('MIDLAND CREDIT') as HTMLSelectElement).value).toBe('settled');
  });

  it('fills the screen under 1000 px', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('max-width: 999') });
    try {
      await open([collection]);
      await waitFor(() => expect(wizardDialog().getAttribute('data-full-screen')).toBe('true'));
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('asks before closing with unsaved changes, and stays when asked to', async () => {
    await open([collection]);
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    await userEvent.selectOptions(reasonFor('MIDLAND CREDIT'), 'Settled');
    await userEvent.click(screen.getByRole('button', { name: 'Close the review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave the review?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep reviewing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave the review?' })).toBeNull());
    expect((reasonFor('MIDLAND CREDIT') as HTMLSelectElement).value).toBe('settled');
    await userEvent.click(screen.getByRole('button', { name: 'Close the review' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave the review?' })).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(running?.getSnapshot().status).toBe('done'));
    expect(running?.getSnapshot().output).toMatchObject({ submitted: false });
  });

  it('opens the info dialog and the walkthrough video, whose overlay shows until play and again at the end', async () => {
    await open([collection]);
    await userEvent.click(screen.getByRole('button', { name: 'About disputes' }));
    const info = await screen.findByRole('dialog', { name: 'About disputes' });
    expect(within(info).getByText(/gives the bureau 30 days from receiving your dispute/)).toBeTruthy();
    await userEvent.click(within(info).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About disputes' })).toBeNull());

    const play = vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Watch the walkthrough' }));
    const video = await screen.findByRole('dialog', { name: 'Disputes walkthrough' });
    const element = video.querySelector('video')!;
    expect(element.getAttribute('src')).toBe('/videos/disputes-walkthrough.webm');
    expect(element.querySelector('track[kind="captions"]')?.getAttribute('src')).toBe('/videos/disputes-walkthrough.en.vtt');
    await userEvent.click(within(video).getByRole('button', { name: 'Play the walkthrough' }));
    expect(play).toHaveBeenCalled();
    expect(within(video).queryByTestId('video-overlay')).toBeNull();
    element.dispatchEvent(new Event('ended'));
    expect(await within(video).findByRole('button', { name: 'Play again' })).toBeTruthy();
    play.mockRestore();
  });

  it('says the walkthrough could not be loaded in place of the player, and Try again brings the player back', async () => {
    await open([collection]);
    await userEvent.click(screen.getByRole('button', { name: 'Watch the walkthrough' }));
    const video = await screen.findByRole('dialog', { name: 'Disputes walkthrough' });
    video.querySelector('video')!.dispatchEvent(new Event('error'));
    expect(await within(video).findByText('We could not load this video. Check your connection and try again.')).toBeTruthy();
    expect(video.querySelector('video')).toBeNull();
    expect(document.activeElement).toBe(within(video).getByRole('button', { name: 'Try again' }));
    await userEvent.click(within(video).getByRole('button', { name: 'Try again' }));
    expect(video.querySelector('video')?.getAttribute('src')).toBe('/videos/disputes-walkthrough.webm');
    expect(within(video).getByRole('button', { name: 'Play the walkthrough' })).toBeTruthy();
    expect(within(video).queryByText('We could not load this video. Check your connection and try again.')).toBeNull();
  });

  it('says there is nothing to review and goes straight to an empty summary when no item waits for a decision', async () => {
    await open([investigationItem({ challengeReason: 'not_mine', challengeReasonSelected: true, statuses: atEveryBureau('UNDER_REVIEW_ACTIVE') })]);
    expect(screen.getByText('Nothing needs your decision right now.')).toBeTruthy();
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Step 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Start the review' }));
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Nothing needs your decision right now.')).toBeTruthy();
  });

  it('has no walkthrough video without its flag', async () => {
    await open([collection], {}, { walkthroughVideos: false });
    expect(screen.queryByRole('button', { name: 'Watch the walkthrough' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    await open([collection], {}, { language: 'es' });
    expect(screen.getByTestId('wizard-progress').textContent).toBe('Paso 1 de 3');
    await userEvent.click(screen.getByRole('button', { name: 'Comenzar la revisión' }));
    expect(screen.getByRole('heading', { name: 'Cuentas en cobranza' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Motivo para MIDLAND CREDIT' })).toBeTruthy();
  });
});
