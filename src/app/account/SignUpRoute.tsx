import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { signUpMachine } from '../../../machines/account/signUp.machine';
import { inspect } from '../../inspect';
import { SignUpPage } from '../../views/account/SignUpPage';
import { useAppActors } from '../shell/appActors';
import { promiseActor } from '../ports';
import type { SignUpActorSignatures as Sig } from '../../../machines/account/ports';

// /sign-up (spec 000 §2.1, §4.3).

export default function SignUpRoute() {
  const { ports, config } = useAppActors();
  const machine = useMemo(
    () =>
      signUpMachine.provide({
        actors: {
          createAccount: promiseActor<Sig['createAccount']>((request) => ports.callables.signUp(request)),
          signInWithEmail: promiseActor<Sig['signInWithEmail']>(({ email, password }) => ports.auth.signInWithEmail(email, password)),
        },
      }),
    [ports],
  );
  const actor = useActorRef(machine, { input: { isCustomerSite: config.siteType === 'Customer' }, inspect });
  return <SignUpPage actor={actor} onboardingUrl={config.onboardingUrl} />;
}
