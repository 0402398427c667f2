import { useActorRef } from '@xstate/react';
import { NAVIGATION_MODAL_KEY } from '../../../machines/support/navigationModal.machine';
import { walkthroughMachine } from '../../../machines/disputes/walkthrough.machine';
import { inspect } from '../../inspect';
import type { WalkthroughActor } from '../../views/disputes/DisputeWizardDialog';
import { useRouteMachine } from '../shell/routeMachine';

// The dispute wizard's walkthrough video as the walkthrough modal state of the navigation state (spec 002 §2;
// machines/disputes/walkthrough.machine.ts): the page that shows the wizard (the disputes dashboard, the intake's
// Disputes step) connects the machine to the address, so Back closes the video and a reload keeps it open. Behind
// the walkthroughVideos flag: without it there is no walkthrough (null), and an entry carrying it opens nothing.

export function useWalkthrough(enabled: boolean): WalkthroughActor | null {
  const actor = useActorRef(walkthroughMachine, { inspect });
  useRouteMachine(enabled ? actor : null, { modalKey: NAVIGATION_MODAL_KEY });
  return enabled ? actor : null;
}
