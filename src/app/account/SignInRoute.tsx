import { useActorRef } from '@xstate/react';
import { lazy, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { signInMachine } from '../../../machines/account/signIn.machine';
import { inspect } from '../../inspect';
import { SignInPage } from '../../views/account/SignInPage';
import { useAppActors } from '../shell/appActors';
import { promiseActor } from '../ports';
import type { SignInActorSignatures as Sig } from '../../../machines/account/ports';

// /sign-in (spec 000 §2.1, §4.3). After a successful sign-in the session machine takes over and the guard chain
// sends the user on (to the redirect-back path when there is one).

function emailFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  return typeof state.email === 'string' ? state.email : undefined;
}

// The forgot-password dialog's form loads when the dialog opens; the dialog shows once it has (AppModal).
const ResetLinkRequest = lazy(() => import('./ResetLinkRequest').then((m) => ({ default: m.ResetLinkRequest })));

export default function SignInRoute() {
  const { ports } = useAppActors();
  const location = useLocation();
  const machine = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          signInWithEmail: promiseActor<Sig['signInWithEmail']>(({ email, password }) => ports.auth.signInWithEmail(email, password)),
          checkSignInFailureReason: promiseActor<Sig['checkSignInFailureReason']>((request) =>
            ports.callables.checkSignInFailureReason(request),
          ),
        },
      }),
    [ports],
  );
  const actor = useActorRef(machine, { input: { email: emailFromState(location.state) }, inspect });
  return (
    <SignInPage
      actor={actor}
      renderResetLinkRequest={(props) => <ResetLinkRequest {...props} />}
    />
  );
}
