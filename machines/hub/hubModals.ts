import { modalStateOf, type NavigationModalInput, type NavigationModalSnapshot } from '../support/navigationModal.machine';

// The hub's dialogs as modal states of the navigation state (spec 002 §2 "Modal states carried in navigation state":
// scoreDetails, updateSavings, loanTeam, progressTip with the action's id, checklist with the checklistItemId of the
// item shown), kept by the navigation modal machine (machines/support/navigationModal.machine.ts) with HUB_MODALS:
// opening a dialog adds a history entry, the browser's Back closes it (from a checklist item, Back shows the list),
// a reload or Forward reopens what the entry carries, and a dialog's Close goes back over the entries the hub's
// dialogs added, whichever opened them (the hub's call action and the header both open the loan team). The
// checklist's "back to the list" is Back when the item was opened from the list, and replaces the item otherwise.

/** The navigation state's key of the hub's modal states. */
export const HUB_MODAL_KEY = 'hubModal';

/** A hub modal state as the navigation state carries it. */
export type HubModalState =
  | { hubModal: 'scoreDetails' }
  | { hubModal: 'updateSavings' }
  | { hubModal: 'loanTeam' }
  | { hubModal: 'progressTip'; actionId: string }
  | { hubModal: 'checklist' }
  | { hubModal: 'checklist'; checklistItemId: string };

export type HubModalName = HubModalState['hubModal'];

/** The navigation modal machine's input for the hub's dialogs (and the header's loan team). */
export const HUB_MODALS = {
  key: HUB_MODAL_KEY,
  modals: {
    scoreDetails: {},
    updateSavings: {},
    loanTeam: {},
    progressTip: { actionId: 'required' },
    checklist: { checklistItemId: 'optional' },
  },
} as const satisfies NavigationModalInput & { modals: Record<HubModalName, unknown> };

/** The loan team's modal state: the header's dialog, which the hub's call actions open too (spec 000 §2.4). */
export const LOAN_TEAM_MODAL = { [HUB_MODAL_KEY]: 'loanTeam' } as const satisfies HubModalState;

/** The checklist's list, where an item's "back to the list" returns. */
export const CHECKLIST_MODAL = { [HUB_MODAL_KEY]: 'checklist' } as const satisfies HubModalState;

/** The hub modal state a navigation state carries, or null (anything else: another page's state, or none). */
export function hubModalOf(state: unknown): HubModalState | null {
  return modalStateOf(state, HUB_MODALS) as HubModalState | null;
}

/** What the hub's views read from the navigation modal machine run with HUB_MODALS (its modal states are the hub's). */
export const hubModalSelectors = {
  /** The modal state shown, or null. */
  shown: (snapshot: NavigationModalSnapshot): HubModalState | null => (snapshot.hasTag('open') ? (snapshot.context.shown as HubModalState | null) : null),
  /** Which dialog is open (null: none). */
  openModal: (snapshot: NavigationModalSnapshot): HubModalName | null => hubModalSelectors.shown(snapshot)?.hubModal ?? null,
  /** The progress tip's action id, when that dialog is open. */
  progressTipActionId: (snapshot: NavigationModalSnapshot): string | null => {
    const shown = hubModalSelectors.shown(snapshot);
    return shown?.hubModal === 'progressTip' ? shown.actionId : null;
  },
  /** The checklist item shown, when the checklist shows one. */
  checklistItemId: (snapshot: NavigationModalSnapshot): string | null => {
    const shown = hubModalSelectors.shown(snapshot);
    return shown?.hubModal === 'checklist' && 'checklistItemId' in shown ? shown.checklistItemId : null;
  },
};
