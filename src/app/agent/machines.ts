import type { AgentSignInActorSignatures as AgentSig, CrmLinkInActorSignatures as CrmSig } from '../../../machines/agent/ports';
import { agentSignInMachine } from '../../../machines/agent/agentSignIn.machine';
import { crmLinkInMachine } from '../../../machines/agent/crmLinkIn.machine';
import { agentTokenFromMessage } from '../../domain/externalSignIn';
import type { AppConfig } from '../config';
import { callbackActor, promiseActor, type AppPorts } from '../ports';

// The agent sign-in and CRM link-in machines with their actors (spec 000 §2.2, §4.1): the session stays loading
// while either runs, the opener window's token is taken only from the opener at a trusted origin, and sign-in and
// the CRM token go through the ports.

/** What the session actor accepts here: the externalSignIn events (spec 000 §4.1). */
export interface ExternalSignInSession {
  send(event: { type: 'externalSignIn.start' } | { type: 'externalSignIn.finish' }): void;
}

function holdSessionLoading(session: ExternalSignInSession) {
  return callbackActor<AgentSig['holdSessionLoading']>(() => {
    session.send({ type: 'externalSignIn.start' });
    return () => session.send({ type: 'externalSignIn.finish' });
  });
}

/** What /agent posts to its opener once it listens for the token. */
export const AGENT_PAGE_READY_MESSAGE = { type: 'agentSignIn.ready' } as const;

function isMessageTarget(value: unknown): value is Pick<Window, 'postMessage'> {
  return typeof value === 'object' && value !== null && 'postMessage' in value && typeof value.postMessage === 'function';
}

/** The origins trusted to post an agent's token: the app's own and the admin console's. */
export function agentTokenOrigins(config: Pick<AppConfig, 'adminConsoleOrigin'>, ownOrigin: string): string[] {
  return [...new Set([ownOrigin, config.adminConsoleOrigin])];
}

/** Where 'View in Admin Console' opens a CRM contact (spec 000 §8). */
export function adminConsoleContactUrl(config: Pick<AppConfig, 'adminConsoleOrigin'>, contactId: string): string {
  return `${config.adminConsoleOrigin}/contacts/${encodeURIComponent(contactId)}`;
}

export function provideAgentSignInMachine(
  { auth }: Pick<AppPorts, 'auth'>,
  session: ExternalSignInSession,
  allowedOrigins: readonly string[],
) {
  return agentSignInMachine.provide({
    actors: {
      holdSessionLoading: holdSessionLoading(session),
      listenForAgentToken: callbackActor<AgentSig['listenForAgentToken']>((_, sendBack) => {
        const onMessage = (event: MessageEvent) => {
          const token = agentTokenFromMessage(
            { origin: event.origin, source: event.source, data: event.data },
            { allowedOrigins, opener: window.opener },
          );
          if (token !== null) sendBack({ type: 'agentToken.received', token });
        };
        window.addEventListener('message', onMessage);
        // Tells the opener the page is listening, so it can post the token now (only a trusted origin hears it).
        const opener: unknown = window.opener;
        if (isMessageTarget(opener)) {
          for (const origin of allowedOrigins) opener.postMessage(AGENT_PAGE_READY_MESSAGE, origin);
        }
        return () => window.removeEventListener('message', onMessage);
      }),
      signInWithToken: promiseActor<AgentSig['signInWithToken']>(({ token }) => auth.signInWithCustomToken(token)),
    },
  });
}

export function provideCrmLinkInMachine({ auth, callables }: Pick<AppPorts, 'auth' | 'callables'>, session: ExternalSignInSession) {
  return crmLinkInMachine.provide({
    actors: {
      holdSessionLoading: holdSessionLoading(session),
      createSalesforceToken: promiseActor<CrmSig['createSalesforceToken']>((link) => callables.createSalesforceToken(link)),
      signInWithToken: promiseActor<CrmSig['signInWithToken']>(({ token }) => auth.signInWithCustomToken(token)),
    },
  });
}
