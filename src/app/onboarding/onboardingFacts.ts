import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { provideOnboardingFactsMachine } from './machines';

// The guard chain's onboarding facts (spec 000 §2.3 gates 3-6) are an actor of the onboarding facts machine
// (machines/onboarding/onboardingFacts.machine.ts). It has one owner, SignedInFactsSync
// (src/app/shell/SignedInFactsSync.tsx), which App keeps from the first sign-in for the rest of the visit, so a
// contract gate waived by contract polling stays waived (spec 001 §4) across a claims resync or a sign-out. App
// shares the actor here with the pages that tell it something.

export type OnboardingFactsActor = ActorRefFrom<ReturnType<typeof provideOnboardingFactsMachine>>;

/** The onboarding facts actor, null until someone has signed in and its code has loaded. */
export const OnboardingFactsContext = createContext<OnboardingFactsActor | null>(null);

export function useOnboardingFactsActor(): OnboardingFactsActor | null {
  return useContext(OnboardingFactsContext);
}
