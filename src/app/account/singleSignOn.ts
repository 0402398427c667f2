import type { SignInActorSignatures as SignInSig, SignUpActorSignatures as SignUpSig } from '../../../machines/account/ports';
import type { ProviderRedirectFlow } from '../../../machines/ports';
import type { SingleSignOnProvider } from '../../domain/flags';
import { promiseActor } from '../ports';
import type { AccountPorts } from './signInMachine';

// Single sign-on by redirect and sign-up by single sign-on (spec 000 §4.3, §8): the sign-in and sign-up machines'
// actors over the auth port (whose redirect and popup code loads only when used, src/adapters/firebase/ssoSdk.ts)
// and the signUpWithProvider callable, and what the pages read before their machines start.

/** The sign-in page's redirect actors (the page leaves for the provider; its return is read first). */
export function signInRedirectActors({ auth }: AccountPorts) {
  return {
    startProviderRedirect: promiseActor<SignInSig['startProviderRedirect']>(({ providerId }) => auth.startProviderRedirect(providerId, 'signIn')),
    completeProviderRedirect: promiseActor<SignInSig['completeProviderRedirect']>(() => auth.completeSignInRedirect()),
  };
}

/** The sign-up page's single sign-on actors: the provider's identity, the server's account, then the session. */
export function signUpProviderActors({ auth, callables }: AccountPorts) {
  return {
    providerIdentityByPopup: promiseActor<SignUpSig['providerIdentityByPopup']>(({ providerId }) => auth.signUpIdentityByPopup(providerId)),
    startProviderRedirect: promiseActor<SignUpSig['startProviderRedirect']>(({ providerId }) => auth.startProviderRedirect(providerId, 'signUp')),
    completeProviderRedirect: promiseActor<SignUpSig['completeProviderRedirect']>(() => auth.completeSignUpRedirect()),
    createProviderAccount: promiseActor<SignUpSig['createProviderAccount']>(async () => {
      try {
        return await callables.signUpWithProvider({ idToken: await auth.signUpIdentityToken() });
      } catch (error) {
        // Refused: the identity is forgotten (the server removed the one it made no account for).
        await auth.discardSignUpIdentity().catch(() => undefined);
        throw error;
      }
    }),
    adoptProviderIdentity: promiseActor<SignUpSig['adoptProviderIdentity']>(() => auth.adoptSignUpIdentity()),
  };
}

/** The provider of a redirect this tab started for `flow` and has not completed (the page reads its result first). */
export function pendingRedirectProvider({ auth }: AccountPorts, flow: ProviderRedirectFlow): SingleSignOnProvider | null {
  const pending = auth.pendingProviderRedirect();
  return pending?.flow === flow ? pending.providerId : null;
}

/**
 * Single sign-on by redirect from the start in an installed app (display mode standalone): there a popup opens in
 * another browser window that cannot hand the sign-in back (spec 000 §4.3 "through a popup or redirect").
 */
export function prefersRedirect(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}
