import { useActorRef, useSelector } from '@xstate/react';
import { onboardingMenuMachine, onboardingMenuSelectors } from '../../../machines/onboarding/onboardingMenu.machine';
import { ROUTES } from '../../domain/routes';
import { inspect } from '../../inspect';
import { OnboardingMenu } from '../../views/onboarding/OnboardingMenu';
import type { OnboardingStep } from '../../views/onboarding/OnboardingFrame';
import { useAppActors } from '../shell/appActors';

// The onboarding pages' limited drawer (spec 000 §2.4): the onboardingMenu machine bound to its view, in the header
// of the contract, authorizations, goal and intake pages.

export function OnboardingMenuHost({ step }: { step: OnboardingStep }) {
  const { session } = useAppActors();
  const actor = useActorRef(onboardingMenuMachine, { inspect });
  const drawerOpened = useSelector(actor, onboardingMenuSelectors.drawerOpened);
  const dialogArea = useSelector(actor, onboardingMenuSelectors.dialogArea);
  return (
    <OnboardingMenu
      step={step}
      drawerOpened={drawerOpened}
      dialogArea={dialogArea}
      contactPath={ROUTES.contact}
      onToggle={() => actor.send({ type: 'menu.open' })}
      onClose={() => actor.send({ type: 'menu.close' })}
      onPickArea={(area) => actor.send({ type: 'menu.pickArea', area })}
      onDialogContinue={() => actor.send({ type: 'dialog.continue' })}
      onDialogClose={() => actor.send({ type: 'dialog.close' })}
      onSignOut={() => session.send({ type: 'session.signOut' })}
    />
  );
}
