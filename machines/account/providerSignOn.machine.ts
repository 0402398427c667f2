import { assign, setup } from 'xstate';
import type { SingleSignOnProvider } from '../../src/domain/flags';
import { portErrorCode, type ProviderIdentity, type ProviderRedirectFlow } from '../ports';
import type { ProviderSignOnActorSignatures, ProviderSignOnInput, ProviderSignOnOutput } from './ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// Single sign-on through the provider's popup or redirect (spec 000 §4.3), shared by the sign-in and sign-up pages:
// the provider's identity, kept apart from the app's session until the page has decided what it is (an account to
// sign in, a sign-up for the server to make). By popup; by redirect when the popup cannot open or from the start in an
// installed app, the page then coming back from the provider, where the redirect's result is read first.
//
// How it ends (spec 000 §8), once for both pages: closing or cancelling the provider's window, or a return that holds
// no sign-in, is silent; another account than the linked one is a mismatch; any other failure carries its code for
// the page's reference-code toast (sso-sign-in-failed or sso-sign-up-failed, shown 10 s).

type Sig = ProviderSignOnActorSignatures;

interface ProviderSignOnContext extends ProviderSignOnInput {
  outcome: ProviderSignOnOutput;
}

/** The window was closed or cancelled: nothing to say (spec 000 §8). */
const SSO_SILENT_CODES = ['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled'];
/** Another account than the one linked to this app account (spec 000 §8). */
const SSO_MISMATCH_CODES = ['auth/user-mismatch'];
/** The popup cannot open here (a blocker, an environment without popups): the redirect is used instead (spec 000 §4.3). */
const SSO_POPUP_BLOCKED_CODES = ['auth/popup-blocked', 'auth/operation-not-supported-in-this-environment'];

/** The code a single sign-on that ended without an identity carries (the page's message or toast shows it). */
export const signOnCode = (output: ProviderSignOnOutput): string => ('code' in output ? output.code : 'unknown');

/** What a page starts single sign-on with: its provider button, how it goes (an installed app), a return from it. */
export function signOnInput(
  flow: ProviderRedirectFlow,
  page: { ssoProvider: SingleSignOnProvider | null; preferRedirect: boolean; redirectPending: boolean },
): ProviderSignOnInput {
  return { providerId: page.ssoProvider ?? 'google.com', flow, preferRedirect: page.preferRedirect, returning: page.redirectPending };
}

type ErrorArgs = { event: { error: unknown } };
const errorCode = ({ event }: ErrorArgs) => ({ code: portErrorCode(event.error) });
const failedWith = { type: 'assignFailure', params: errorCode } as const;

/** A failure of the popup or of the redirect's return: silent, mismatch, or the reference code. */
const failureTransitions = [
  { guard: { type: 'isCancelled', params: errorCode }, target: 'cancelled' },
  { guard: { type: 'isOtherAccount', params: errorCode }, target: 'mismatched', actions: { type: 'assignMismatch', params: errorCode } },
  { target: 'failed', actions: failedWith },
] as const;

export const providerSignOnMachine = setup({
  types: {
    context: {} as ProviderSignOnContext,
    input: {} as ProviderSignOnInput,
    output: {} as ProviderSignOnOutput,
  },
  actors: {
    providerIdentityByPopup: provided<Sig['providerIdentityByPopup']>('providerIdentityByPopup'),
    startProviderRedirect: provided<Sig['startProviderRedirect']>('startProviderRedirect'),
    completeProviderRedirect: provided<Sig['completeProviderRedirect']>('completeProviderRedirect'),
  },
  guards: {
    isReturning: ({ context }) => context.returning,
    prefersRedirect: ({ context }) => context.preferRedirect,
    hasIdentity: (_, params: { identity: ProviderIdentity | null }) => params.identity !== null,
    isCancelled: (_, params: { code: string }) => SSO_SILENT_CODES.includes(params.code),
    isOtherAccount: (_, params: { code: string }) => SSO_MISMATCH_CODES.includes(params.code),
    isPopupBlocked: (_, params: { code: string }) => SSO_POPUP_BLOCKED_CODES.includes(params.code),
  },
  actions: {
    assignIdentity: assign((_, params: { identity: ProviderIdentity | null }) =>
      params.identity ? { outcome: { result: 'identified' as const, identity: params.identity } } : {},
    ),
    assignMismatch: assign((_, params: { code: string }) => ({ outcome: { result: 'mismatch' as const, code: params.code } })),
    assignFailure: assign((_, params: { code: string }) => ({ outcome: { result: 'failed' as const, code: params.code } })),
  },
}).createMachine({
  id: 'providerSignOn',
  meta: machineSpec(['000 §4.3', '000 §8'], ['starting']),
  context: ({ input }) => ({ ...input, outcome: { result: 'cancelled' } }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isReturning', target: 'completingRedirect' },
        { guard: 'prefersRedirect', target: 'redirectingToProvider' },
        { target: 'byPopup' },
      ],
    },
    byPopup: {
      meta: spec('000 §4.3', '000 §8'),
      invoke: {
        id: 'providerIdentityByPopup',
        src: 'providerIdentityByPopup',
        input: ({ context }) => ({ providerId: context.providerId }),
        onDone: { target: 'identified', actions: { type: 'assignIdentity', params: ({ event }) => ({ identity: event.output }) } },
        // The popup cannot open: the same by redirect.
        onError: [{ guard: { type: 'isPopupBlocked', params: errorCode }, target: 'redirectingToProvider' }, ...failureTransitions],
      },
    },
    redirectingToProvider: {
      // The page leaves for the provider and comes back to the same page, where completingRedirect reads the result.
      meta: spec('000 §4.3'),
      invoke: {
        id: 'startProviderRedirect',
        src: 'startProviderRedirect',
        input: ({ context }) => ({ providerId: context.providerId, flow: context.flow }),
        // The page did not leave (the browser refused, no connection).
        onError: { target: 'failed', actions: failedWith },
      },
    },
    completingRedirect: {
      meta: spec('000 §4.3', '000 §8'),
      invoke: {
        id: 'completeProviderRedirect',
        src: 'completeProviderRedirect',
        onDone: [
          {
            guard: { type: 'hasIdentity', params: ({ event }) => ({ identity: event.output }) },
            target: 'identified',
            actions: { type: 'assignIdentity', params: ({ event }) => ({ identity: event.output }) },
          },
          // The person came back without signing in.
          { target: 'cancelled' },
        ],
        onError: failureTransitions,
      },
    },
    identified: { meta: spec('000 §4.3'), type: 'final' },
    cancelled: { meta: spec('000 §8'), type: 'final' },
    mismatched: { meta: spec('000 §8'), type: 'final' },
    failed: { meta: spec('000 §8'), type: 'final' },
  },
  output: ({ context }) => context.outcome,
});
