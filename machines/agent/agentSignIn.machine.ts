import { assign, setup, type SnapshotFrom } from 'xstate';
import { AGENT_TOKEN_WAIT_MS } from '../../src/domain/constants';
import type { AgentSignInActorSignatures, AgentTokenReceivedEvent } from './ports';
import { portErrorCode } from '../ports';
import { provided, providedCallback } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §2.2 /agent: an agent (coach or staff) signs in on a customer's behalf with the token in the query, or
// with the token the opener window posts, waiting 15 s for it (§9). On success the agent goes to the home path; a
// failure shows 'Unable to launch ... Code: {code}.' (§8). The session stays loading meanwhile (§4.1).

type Sig = AgentSignInActorSignatures;

/** The reference code when no token arrived within the wait. */
export const AGENT_TOKEN_TIMEOUT_CODE = 'agent-token-timeout';

export interface AgentSignInContext {
  token: string | null;
  errorCode: string | null;
}

export type AgentSignInEvent = AgentTokenReceivedEvent;

export interface AgentSignInInput {
  /** The `token` query parameter, if any. */
  token: string | null;
}

export type AgentSignInTag = 'loading' | 'success' | 'error';

export const agentSignInMachine = setup({
  types: {
    context: {} as AgentSignInContext,
    events: {} as AgentSignInEvent,
    input: {} as AgentSignInInput,
    tags: {} as AgentSignInTag,
  },
  actors: {
    holdSessionLoading: providedCallback<Sig['holdSessionLoading']>('holdSessionLoading'),
    listenForAgentToken: providedCallback<Sig['listenForAgentToken']>('listenForAgentToken'),
    signInWithToken: provided<Sig['signInWithToken']>('signInWithToken'),
  },
  guards: {
    lacksToken: ({ context }) => context.token === null || context.token === '',
  },
  actions: {
    assignToken: assign((_, params: { token: string }) => ({ token: params.token })),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
  },
  delays: {
    agentTokenWait: AGENT_TOKEN_WAIT_MS,
  },
}).createMachine({
  id: 'agentSignIn',
  meta: machineSpec(['000 §4.1', '000 §2.2']),
  context: ({ input }) => ({ token: input.token, errorCode: null }),
  initial: 'launching',
  states: {
    launching: {
      // The session shows loading for as long as this state lasts (spec 000 §4.1).
      meta: spec('000 §4.1'),
      tags: ['loading'],
      invoke: { id: 'holdSessionLoading', src: 'holdSessionLoading' },
      initial: 'signingIn',
      states: {
        waitingForToken: {
          // Only the opener window at an allowed origin can hand over a token (src/domain/externalSignIn.ts).
          meta: spec('000 §4.1'),
          invoke: { id: 'listenForAgentToken', src: 'listenForAgentToken' },
          on: {
            'agentToken.received': {
              target: 'signingIn',
              actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
            },
          },
          after: {
            agentTokenWait: {
              target: '#agentSignIn.failed',
              actions: { type: 'assignErrorCode', params: { code: AGENT_TOKEN_TIMEOUT_CODE } },
            },
          },
        },
        signingIn: {
          // Without a token in the query the page waits for the opener's (the sign-in is dropped unstarted).
          meta: spec('000 §4.1'),
          always: { guard: 'lacksToken', target: 'waitingForToken' },
          invoke: {
            id: 'signInWithToken',
            src: 'signInWithToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: '#agentSignIn.signedIn',
            onError: {
              target: '#agentSignIn.failed',
              actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            },
          },
        },
      },
    },
    signedIn: {
      // The view goes to the home path once the session has resolved the agent's claims.
      meta: spec('000 §4.1'),
      type: 'final',
      tags: ['success'],
    },
    failed: {
      // 'Unable to launch ... Code: {code}.' with context.errorCode; the agent launches again from the console.
      meta: spec('000 §4.1'),
      type: 'final',
      tags: ['error'],
    },
  },
});

export type AgentSignInSnapshot = SnapshotFrom<typeof agentSignInMachine>;

export const agentSignInSelectors = {
  signedIn: (s: AgentSignInSnapshot) => s.hasTag('success'),
  /** The reference code of a failed launch; null while launching or after success. */
  failureCode: (s: AgentSignInSnapshot) => (s.hasTag('error') ? (s.context.errorCode ?? 'unknown') : null),
};
