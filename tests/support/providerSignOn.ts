import { fromPromise } from 'xstate';
import type { ProviderSignOnOutput } from '../../machines/account/ports';
import { providerSignOnMachine } from '../../machines/account/providerSignOn.machine';
import type { ProviderIdentity, ProviderRedirectFlow } from '../../machines/ports';
import type { SingleSignOnProvider } from '../../src/domain/flags';

// The single sign-on machine the sign-in and sign-up pages invoke (machines/account/providerSignOn.machine.ts), over
// a provider that ends it with a given outcome: the pages' tests drive what they do with each outcome, while how the
// provider's failures become outcomes is providerSignOn.test.ts's. `calls` hears which way it went: 'popup <id>',
// 'redirect <id> back to <page>' (the page leaves: it never settles) or 'redirect result'.

/** The provider's failure code that ends single sign-on with this outcome. */
const FAILURE_OF: Record<Exclude<ProviderSignOnOutput['result'], 'identified'>, (output: ProviderSignOnOutput) => string> = {
  cancelled: () => 'auth/popup-closed-by-user',
  mismatch: (output) => ('code' in output ? output.code : 'auth/user-mismatch'),
  failed: (output) => ('code' in output ? output.code : 'unknown'),
};

export function providerSignOnEnding(outcome: ProviderSignOnOutput | ((providerId: SingleSignOnProvider) => ProviderSignOnOutput), calls: string[]) {
  const answer = async (providerId: SingleSignOnProvider): Promise<ProviderIdentity> => {
    const output = typeof outcome === 'function' ? outcome(providerId) : outcome;
    if (output.result === 'identified') return output.identity;
    throw Object.assign(new Error(output.result), { code: FAILURE_OF[output.result](output) });
  };
  return providerSignOnMachine.provide({
    actors: {
      providerIdentityByPopup: fromPromise<ProviderIdentity, { providerId: SingleSignOnProvider }>(({ input }) => {
        calls.push(`popup ${input.providerId}`);
        return answer(input.providerId);
      }),
      startProviderRedirect: fromPromise<void, { providerId: SingleSignOnProvider; flow: ProviderRedirectFlow }>(async ({ input }) => {
        calls.push(`redirect ${input.providerId} back to ${input.flow}`);
        await new Promise(() => undefined);
      }),
      completeProviderRedirect: fromPromise<ProviderIdentity | null, void>(() => {
        calls.push('redirect result');
        return answer('google.com');
      }),
    },
  });
}
