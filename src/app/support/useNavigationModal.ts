import { useActorRef, useSelector } from '@xstate/react';
import { navigationModalMachine, navigationModalSelectors, NAVIGATION_MODAL_KEY } from '../../../machines/support/navigationModal.machine';
import { inspect } from '../../inspect';
import { useRouteMachine } from '../shell/routeMachine';

// A dialog whose modal state rides in the navigation state (spec 002 §2; machines/support/navigationModal.machine.ts):
// the page's route connects the machine to the address, so Back closes the dialog and a reload keeps it open.

/** spec 002 §2's names of the modal states a page opens this way, under NAVIGATION_MODAL_KEY. */
export type NavigationModal = 'contactForm';

export interface NavigationModalControls {
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
}

export function useNavigationModal(modal: NavigationModal): NavigationModalControls {
  const actor = useActorRef(navigationModalMachine, { input: { key: NAVIGATION_MODAL_KEY, modals: { [modal]: {} } }, inspect });
  useRouteMachine(actor, { navigationState: true });
  const opened = useSelector(actor, navigationModalSelectors.open);
  return {
    opened,
    onOpen: () => actor.send({ type: 'dialog.open', modal: { [NAVIGATION_MODAL_KEY]: modal } }),
    onClose: () => actor.send({ type: 'dialog.close' }),
  };
}
