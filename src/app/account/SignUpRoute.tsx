import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { inspect } from '../../inspect';
import { SignUpPage } from '../../views/account/SignUpPage';
import { useAppActors } from '../shell/appActors';
import { useRouteMachine } from '../shell/routeMachine';
import { provideSignUpMachine } from './machines';

// /sign-up (spec 000 §2.1, §4.3) and its onboard modal route /sign-up/onboard (spec 002 §2).

export default function SignUpRoute() {
  const { ports, config } = useAppActors();
  const machine = useMemo(() => provideSignUpMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { isCustomerSite: config.siteType === 'Customer' }, inspect });
  useRouteMachine(actor);
  return <SignUpPage actor={actor} onboardingUrl={config.onboardingUrl} />;
}
