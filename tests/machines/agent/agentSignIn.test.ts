import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import type { AgentTokenReceivedEvent } from '../../../machines/agent/ports';
import { AGENT_TOKEN_TIMEOUT_CODE, agentSignInMachine } from '../../../machines/agent/agentSignIn.machine';
import { machineEntry } from '../../../machines/index';
import { AGENT_TOKEN_WAIT_MS } from '../../../src/domain/constants';
import type { AuthUser } from '../../../machines/ports';
import { inspect } from '../../../src/inspect';
import { settle } from '../../support/machineTestKit';
import { SIGNED_IN_CUSTOMER } from './signedInCustomer';
import { pickEvents, runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('agentSignIn');
if (!entry) throw new Error('agentSignIn is not registered');
runModelPaths(entry, { variants: [
  {
    name: 'with a token in the query',
    input: { token: 'query-token' },
    events: (registered) =>
      pickEvents(registered, ['xstate.done.actor.signInWithToken', 'xstate.error.actor.signInWithToken']),
  },
] });

const agentSession = SIGNED_IN_CUSTOMER;

interface Options {
  token: string | null;
  /** What signing in with a token does: resolve, or reject with this code. */
  signInFails?: string;
}

/** An agent sign-in with its session hold, opener listener and sign-in recorded. */
function launch({ token, signInFails }: Options) {
  const session: string[] = [];
  const signIns: string[] = [];
  let listening = 0;
  let postToPage: ((event: AgentTokenReceivedEvent) => void) | null = null;
  const clock = new SimulatedClock();
  const machine = agentSignInMachine.provide({
    actors: {
      holdSessionLoading: fromCallback<EventObject, void>(() => {
        session.push('externalSignIn.start');
        return () => session.push('externalSignIn.finish');
      }),
      listenForAgentToken: fromCallback<EventObject, void>(({ sendBack }) => {
        listening += 1;
        postToPage = sendBack;
        return () => {
          listening -= 1;
          postToPage = null;
        };
      }),
      signInWithToken: fromPromise<AuthUser, { token: string }>(async ({ input }) => {
        signIns.push(input.token);
        if (signInFails) throw Object.assign(new Error(signInFails), { code: signInFails });
        return agentSession;
      }),
    },
  });
  const actor = createActor(machine, { input: { token }, clock, inspect });
  actor.start();
  return {
    actor,
    session,
    signIns,
    listening: () => listening,
    post: (value: string) => postToPage?.({ type: 'agentToken.received', token: value }),
    advance: async (ms: number) => {
      clock.increment(ms);
      await settle();
    },
  };
}

describe('agent sign-in (spec 000 §2.2, §4.1, §8, §9)', () => {
  it('signs in with the token in the query at once, without listening for the opener', async () => {
    const { actor, signIns, listening } = launch({ token: 'query-token' });
    expect(listening()).toBe(0);
    await settle();
    expect(signIns).toEqual(['query-token']);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
  });

  it('keeps the session loading from the start until the sign-in is over', async () => {
    const { actor, session } = launch({ token: 'query-token' });
    expect(session).toEqual(['externalSignIn.start']);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(session).toEqual(['externalSignIn.start', 'externalSignIn.finish']);
  });

  it('without a token in the query, waits for the token the opener posts and signs in with it', async () => {
    const { actor, signIns, listening, post, advance } = launch({ token: null });
    expect(listening()).toBe(1);
    await advance(AGENT_TOKEN_WAIT_MS - 1);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    post('posted-token');
    await settle();
    expect(signIns).toEqual(['posted-token']);
    expect(listening()).toBe(0);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
  });

  it("gives up after 15 s without a token: 'Unable to launch' with the timeout code, and the session goes on", async () => {
    const { actor, session, signIns, listening, advance } = launch({ token: null });
    await advance(AGENT_TOKEN_WAIT_MS);
    expect(signIns).toEqual([]);
    expect(listening()).toBe(0);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe(AGENT_TOKEN_TIMEOUT_CODE);
    expect(session).toEqual(['externalSignIn.start', 'externalSignIn.finish']);
  });

  it("shows the identity provider's code when the token is refused", async () => {
    const { actor, session } = launch({ token: 'expired-token', signInFails: 'auth/invalid-custom-token' });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('auth/invalid-custom-token');
    expect(session).toEqual(['externalSignIn.start', 'externalSignIn.finish']);
  });

  it('releases the session when the page goes away mid-launch', async () => {
    const { actor, session } = launch({ token: null });
    actor.stop();
    expect(session).toEqual(['externalSignIn.start', 'externalSignIn.finish']);
  });
});
