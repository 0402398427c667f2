import type { CrmLinkInActorSignatures } from './ports';
import { agentSignInMachine } from './agentSignIn.machine';
import { crmLinkInMachine } from './crmLinkIn.machine';
import type { AuthUser } from '../ports';
import { actorSamples, after, defineMachineEntry, eventsByType, sampleEvents, valueKey } from '../registry';
import type { AgentSignInActorSignatures } from './ports';

// The registry entries of agent sign-in, CRM link-in and the verification resend (listed in machines/index.ts).
// Sample events carry real payloads; `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked
// actor's result and `xstate.after.<delay>.<state id>` for a delay running out.




/** The customer an agent or a CRM user is signed in as. */
const customerUser: AuthUser = {
  uid: 'demo-premium-customer',
  email: 'premium.customer@demo.test',
  emailVerified: true,
  tenantId: 'customer',
  providerIds: ['custom'],
};

// ------------------------------------------------------------------------------------------------ agent sign-in

const agentSignInEvent = sampleEvents<typeof agentSignInMachine>();

const agentSignInActors = actorSamples<AgentSignInActorSignatures>();

export const agentSignInEntry = defineMachineEntry({
  id: 'agentSignIn',
  title: 'Agent sign-in',
  purpose: "/agent: sign in with the query's token or the one the opener posts within 15 s, then home; else a code.",
  machine: agentSignInMachine,
  testModel: {
    // Without a token in the query: the page waits for the opener's message (tests add the query-token variant).
    input: { token: null },
    events: eventsByType(
      agentSignInEvent({ type: 'agentToken.received', token: 'agent-custom-token' }),
      after('agentTokenWait', 'agentSignIn.launching.waitingForToken'),
      agentSignInActors.done('signInWithToken', customerUser),
      agentSignInActors.fail('signInWithToken', 'auth/invalid-custom-token'),
    ),
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------------- CRM link-in

const crmLinkInActors = actorSamples<CrmLinkInActorSignatures>();

export const crmLinkInEntry = defineMachineEntry({
  id: 'crmLinkIn',
  title: 'CRM link-in',
  purpose: 'UserId, SessionId, ContactId from the CRM: a token for the contact\'s account, or a toast that stays.',
  machine: crmLinkInMachine,
  testModel: {
    input: { userId: '005DEMOCOACH00001', sessionId: '00DDEMO!SESSION001', contactId: '003DEMOPREMIUM001' },
    events: eventsByType(
      crmLinkInActors.done('createSalesforceToken', { token: 'crm-custom-token' }),
      crmLinkInActors.fail('createSalesforceToken', 'not-found'),
      crmLinkInActors.fail('createSalesforceToken', 'crm-session-invalid'),
      crmLinkInActors.done('signInWithToken', customerUser),
      crmLinkInActors.fail('signInWithToken', 'auth/invalid-custom-token'),
    ),
    stateKey: valueKey,
  },
});
