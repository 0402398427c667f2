import { useActorRef, useSelector } from '@xstate/react';
import { hubModalMachine, hubModalSelectors, type HubModalState } from '../../../machines/hub/hubModal.machine';
import { inspect } from '../../inspect';
import { useRouteMachine } from '../shell/routeMachine';

// The hub's dialogs in the navigation state (spec 002 §2; machines/hub/hubModal.machine.ts): the page's route connects
// the machine to the address and its history entry, so Back closes a dialog, a reload keeps it open, and a dialog's
// own Close goes back over the entries it added.

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
  const actor = useActorRef(hubModalMachine, { inspect });
  useRouteMachine(actor, { navigationState: true });
  const shown = useSelector(actor, hubModalSelectors.shown);
  const checklistItemId = useSelector(actor, hubModalSelectors.checklistItemId);
  return {
    shown,
    checklistItemId,
    open: (modal) => actor.send({ type: 'dialog.open', modal }),
    openChecklistItem: (id) => actor.send({ type: 'checklist.openItem', checklistItemId: id }),
    showChecklist: () => actor.send({ type: 'checklist.showList' }),
    close: () => actor.send({ type: 'dialog.close' }),
  };
}
