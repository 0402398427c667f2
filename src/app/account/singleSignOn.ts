import type {
  ProviderSignOnActorSignatures as SignOnSig,
  SignInActorSignatures as SignInSig,
  SignUpActorSignatures as SignUpSig,
} from '../../../machines/account/ports';
import { providerSignOnMachine } from '../../../machines/account/providerSignOn.machine';
import type { ProviderRedirectFlow } from '../../../machines/ports';
import type { SingleSignOnProvider } from '../../domain/flags';
import { promiseActor } from '../ports';
import type { AccountPorts } from './signInMachine';

// Single sign-on at sign-in and sign-up (spec 000 §4.3, §8): the machines' actors over the auth port (whose redirect
// and popup code loads only when used, src/adapters/firebase/ssoSdk.ts) and the signUpWithProvider and
// discardProviderIdentity callables, and what the pages read before their machines start.

/** The provider's identity by popup or redirect, the same for both pages (machines/account/providerSignOn.machine.ts). */
function providerSignOn({ auth }: AccountPorts) {
  return providerSignOnMachine.provide({
    actors: {
      providerIdentityByPopup: promiseActor<SignOnSig['providerIdentityByPopup']>(({ providerId }) => auth.providerIdentityByPopup(providerId)),
      startProviderRedirect: promiseActor<SignOnSig['startProviderRedirect']>(({ providerId, flow }) => auth.startProviderRedirect(providerId, flow)),
      completeProviderRedirect: promiseActor<SignOnSig['completeProviderRedirect']>(() => auth.completeProviderRedirect()),
    },
  });
}

/**
 * The sign-in page's single sign-on actors: the identity, then the session of an account's identity; one the provider
 * sign-in may have just made goes to the server first, which deletes it when it has no account.
 */
export function signInProviderActors(ports: AccountPorts) {
  const { auth, callables } = ports;
  return {
    providerSignOn: providerSignOn(ports),
    discardProviderIdentity: promiseActor<SignInSig['discardProviderIdentity']>(async () => {
      const { discarded } = await callables.discardProviderIdentity({ idToken: await auth.providerIdentityToken() });
      if (discarded) await auth.forgetProviderIdentity().catch(() => undefined);
      return discarded;
    }),
    adoptProviderIdentity: promiseActor<SignInSig['adoptProviderIdentity']>(() => auth.adoptProviderIdentity()),
  };
}

/** The sign-up page's single sign-on actors: the provider's identity, the server's account, then the session. */
export function signUpProviderActors(ports: AccountPorts) {
  const { auth, callables } = ports;
  return {
    providerSignOn: providerSignOn(ports),
    createProviderAccount: promiseActor<SignUpSig['createProviderAccount']>(async () => {
      try {
        return await callables.signUpWithProvider({ idToken: await auth.providerIdentityToken() });
      } catch (error) {
        // Refused: the identity is forgotten (the server removed the one it made no account for).
        await auth.forgetProviderIdentity().catch(() => undefined);
        throw error;
      }
    }),
    adoptProviderIdentity: promiseActor<SignUpSig['adoptProviderIdentity']>(() => auth.adoptProviderIdentity()),
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
