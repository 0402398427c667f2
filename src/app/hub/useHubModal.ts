import { useActorRef, useSelector } from '@xstate/react';
import { CHECKLIST_MODAL, HUB_MODALS, hubModalSelectors, type HubModalState } from '../../../machines/hub/hubModals';
import { navigationModalMachine } from '../../../machines/support/navigationModal.machine';
import { inspect } from '../../inspect';
import { useRouteMachine } from '../shell/routeMachine';

// The hub's dialogs in the navigation state (spec 002 §2; machines/hub/hubModals.ts): the page's route connects the
// navigation modal machine to the address and its history entry, so Back closes a dialog, a reload keeps it open, and
// a dialog's own Close goes back over the entries the hub's dialogs added (the count rides in the entries themselves,
// so the header's instance closes the loan team the hub's call action opened).

export interface HubModalControls {
  /** The modal state shown, or null. */
  shown: HubModalState | null;
  /** The checklist item shown, when the checklist shows one. */
  checklistItemId: string | null;
  open: (modal: HubModalState) => void;
  openChecklistItem: (checklistItemId: string) => void;
  showChecklist: () => void;
  close: () => void;
}

export function useHubModal(): HubModalControls {
  const actor = useActorRef(navigationModalMachine, { input: HUB_MODALS, inspect });
  useRouteMachine(actor, { navigationState: true });
  const shown = useSelector(actor, hubModalSelectors.shown);
  const checklistItemId = useSelector(actor, hubModalSelectors.checklistItemId);
  return {
    shown,
    checklistItemId,
    open: (modal) => actor.send({ type: 'dialog.open', modal }),
    openChecklistItem: (id) => actor.send({ type: 'dialog.open', modal: { ...CHECKLIST_MODAL, checklistItemId: id } }),
    showChecklist: () => actor.send({ type: 'dialog.return', modal: CHECKLIST_MODAL }),
    close: () => actor.send({ type: 'dialog.close' }),
  };
}
