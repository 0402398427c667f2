import type { SignInActorSignatures as SignInSig } from '../../../machines/account/ports';
import { signInMachine } from '../../../machines/account/signIn.machine';
import { promiseActor, type AppPorts } from '../ports';
import { signInProviderActors } from './singleSignOn';

// The sign-in machine (spec 000 §4.3) with its actors provided from the ports, in a module of its own rather than
// beside the other account flows in ./machines.ts: the sign-in page is the first page of every signed-out visit and
// its chunk carries every module it imports whole, so importing ./machines.ts would bring the sign-up, reset,
// verification and recovery machines into the sign-in page's initial JavaScript (docs/benchmarks.md §1).

export type AccountPorts = Pick<AppPorts, 'auth' | 'callables'>;

/** Email and password sign-in, shared with the flows that sign in after they succeed (sign-up, password reset). */
export function signInWithEmail({ auth }: AccountPorts) {
  return promiseActor<SignInSig['signInWithEmail']>(({ email, password }) => auth.signInWithEmail(email, password));
}

export function provideSignInMachine(ports: AccountPorts) {
  return signInMachine.provide({
    actors: {
      signInWithEmail: signInWithEmail(ports),
      checkSignInFailureReason: promiseActor<SignInSig['checkSignInFailureReason']>((request) =>
        ports.callables.checkSignInFailureReason(request),
      ),
      ...signInProviderActors(ports),
    },
  });
}
