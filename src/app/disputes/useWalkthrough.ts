import { useActorRef } from '@xstate/react';
import { WALKTHROUGH_DIALOG, walkthroughDialogMachine } from '../../../machines/disputes/walkthrough.machine';
import { inspect } from '../../inspect';
import type { WalkthroughActor } from '../../views/disputes/DisputeWizardDialog';
import { useRouteMachine } from '../shell/routeMachine';

// The dispute wizard's walkthrough video as the walkthrough modal state of the navigation state (spec 002 §2;
// machines/disputes/walkthrough.machine.ts): the page that shows the wizard (the disputes dashboard, the intake's
// Disputes step) connects the dialog's navigation modal machine to the address, so Back closes the video and a reload
// keeps it open. Behind the walkthroughVideos flag: without it there is no walkthrough (null), and an entry carrying
// it opens nothing.

export function useWalkthrough(enabled: boolean): WalkthroughActor | null {
  const actor = useActorRef(walkthroughDialogMachine, { input: WALKTHROUGH_DIALOG, inspect });
  useRouteMachine(enabled ? actor : null, { navigationState: true });
  return enabled ? actor : null;
}
