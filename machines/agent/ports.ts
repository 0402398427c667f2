// What the agent sign-in and CRM link-in machines need from the outside world (conventions as
// in machines/ports.ts): each machine's actor signatures, the event the opener-window listener sends, and what the
// CRM link-in emits for the app to show.
import type { ErrorKey } from '../../src/domain/errors';
import type { CrmLinkInParams } from '../../src/domain/externalSignIn';
import type { AuthUser, CallbackActorSignature, NotifyEmitted, PromiseActorSignature } from '../ports';

/** Sent by `listenForAgentToken` when the opener window hands over a token (spec 000 §2.2). */
export interface AgentTokenReceivedEvent {
  type: 'agentToken.received';
  token: string;
}

/**
 * Keeps the session loading while an agent sign-in or a CRM link-in runs (spec 000 §4.1): sends the session
 * `externalSignIn.start` when invoked and `externalSignIn.finish` when stopped. Sends nothing to its parent.
 */
export type HoldSessionLoadingSignature = CallbackActorSignature<void, never>;

export interface AgentSignInActorSignatures {
  holdSessionLoading: HoldSessionLoadingSignature;
  /**
   * Window 'message' events: only from window.opener at an allowed origin (src/domain/externalSignIn.ts
   * agentTokenFromMessage), each accepted token sent as `agentToken.received`.
   */
  listenForAgentToken: CallbackActorSignature<void, AgentTokenReceivedEvent>;
  /** AuthPort.signInWithCustomToken. */
  signInWithToken: PromiseActorSignature<{ token: string }, AuthUser>;
}

export interface CrmLinkInActorSignatures {
  holdSessionLoading: HoldSessionLoadingSignature;
  /** CallablesPort.createSalesforceToken: rejects with 'not-found' when no app account holds the contact. */
  createSalesforceToken: PromiseActorSignature<CrmLinkInParams, { token: string }>;
  /** AuthPort.signInWithCustomToken. */
  signInWithToken: PromiseActorSignature<{ token: string }, AuthUser>;
}

/** A CRM link-in toast (spec 000 §8): it stays until closed, and may offer 'View in Admin Console' for a contact. */
export interface CrmLinkInNotifyEmitted extends NotifyEmitted<ErrorKey> {
  persistent: true;
  /** The contact the admin console button opens. */
  adminConsoleContactId?: string;
}
