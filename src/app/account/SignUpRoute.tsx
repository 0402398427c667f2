import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { inspect } from '../../inspect';
import { SignUpPage } from '../../views/account/SignUpPage';
import { singleSignOnProviders } from '../../domain/flags';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { useNotify } from '../shell/notify';
import { useRouteMachine } from '../shell/routeMachine';
import { provideSignUpMachine } from './machines';
import { pendingRedirectProvider, prefersRedirect } from './singleSignOn';

// /sign-up (spec 000 §2.1, §4.3) and its onboard modal route /sign-up/onboard (spec 002 §2), with the single sign-on
// buttons the flags allow (sign-up by single sign-on; a return from the provider's redirect is completed first).

export default function SignUpRoute() {
  const { ports, config } = useAppActors();
  const flags = useFeatureFlags();
  const machine = useMemo(() => provideSignUpMachine(ports), [ports]);
  const actor = useActorRef(machine, {
    input: {
      isCustomerSite: config.siteType === 'Customer',
      redirectProvider: pendingRedirectProvider(ports, 'signUp'),
      preferRedirect: prefersRedirect(),
    },
    inspect,
  });
  useRouteMachine(actor);
  // The single sign-on failure's reference code, in a toast (spec 000 §8).
  useNotify(actor);
  return (
    <SignUpPage
      actor={actor}
      onboardingUrl={config.onboardingUrl}
      ssoProviders={singleSignOnProviders(flags, { adminSite: config.siteType === 'Admin' })}
    />
  );
}
