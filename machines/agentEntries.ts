import type { AnyStateMachine, EventFromLogic, EventObject } from 'xstate';
import { agentSignInMachine } from './agentSignIn.machine';
import { crmLinkInMachine } from './crmLinkIn.machine';
import type { AuthUser } from './ports';
import { defineMachineEntry, type MachineEntry } from './registry';
import { verificationResendMachine } from './verificationResend.machine';

// The registry entries of agent sign-in, CRM link-in and the verification resend (listed in machines/index.ts).
// Sample events carry real payloads; `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked
// actor's result and `xstate.after.<delay>.<state id>` for a delay running out.

const done = (id: string, output?: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const fail = (id: string, code: string): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: { code } }) as EventObject;
const after = (delay: string, stateId: string): EventObject => ({ type: `xstate.after.${delay}.${stateId}` });

const sample =
  <TMachine extends AnyStateMachine>() =>
  (event: EventFromLogic<TMachine>): EventObject =>
    event;

const valueKey = (snapshot: { value: unknown }): string => JSON.stringify(snapshot.value);

/** The customer an agent or a CRM user is signed in as. */
const customerUser: AuthUser = {
  uid: 'demo-premium-customer',
  email: 'premium.customer@demo.test',
  emailVerified: true,
  tenantId: 'customer',
  providerIds: ['custom'],
};

// ------------------------------------------------------------------------------------------------ agent sign-in

const agentSignInEvent = sample<typeof agentSignInMachine>();

export const agentSignInEntry = defineMachineEntry({
  id: 'agentSignIn',
  title: 'Agent sign-in',
  purpose: "/agent: sign in with the query's token or the one the opener posts within 15 s, then home; else a code.",
  machine: agentSignInMachine,
  testModel: {
    // Without a token in the query: the page waits for the opener's message (tests add the query-token variant).
    input: { token: null },
    events: {
      'agentToken.received': [agentSignInEvent({ type: 'agentToken.received', token: 'agent-custom-token' })],
      'xstate.after.agentTokenWait.agentSignIn.launching.waitingForToken': [
        after('agentTokenWait', 'agentSignIn.launching.waitingForToken'),
      ],
      'xstate.done.actor.signInWithToken': [done('signInWithToken', customerUser)],
      'xstate.error.actor.signInWithToken': [fail('signInWithToken', 'auth/invalid-custom-token')],
    },
    stateKey: valueKey,
  },
});

// ------------------------------------------------------------------------------------------------- CRM link-in

export const crmLinkInEntry = defineMachineEntry({
  id: 'crmLinkIn',
  title: 'CRM link-in',
  purpose: 'UserId, SessionId, ContactId from the CRM: a token for the contact\'s account, or a toast that stays.',
  machine: crmLinkInMachine,
  testModel: {
    input: { userId: '005DEMOCOACH00001', sessionId: '00DDEMO!SESSION001', contactId: '003DEMOPREMIUM001' },
    events: {
      'xstate.done.actor.createSalesforceToken': [done('createSalesforceToken', { token: 'crm-custom-token' })],
      'xstate.error.actor.createSalesforceToken': [
        fail('createSalesforceToken', 'not-found'),
        fail('createSalesforceToken', 'crm-session-invalid'),
      ],
      'xstate.done.actor.signInWithToken': [done('signInWithToken', customerUser)],
      'xstate.error.actor.signInWithToken': [fail('signInWithToken', 'auth/invalid-custom-token')],
    },
    stateKey: valueKey,
  },
});

// ----------------------------------------------------------------------------------------- verification resend

const verificationResendEvent = sample<typeof verificationResendMachine>();

export const verificationResendEntry = defineMachineEntry({
  id: 'verificationResend',
  title: 'Resend the verification email',
  purpose: '/not-verified: send the email verification link again; sent, or failed with a code.',
  machine: verificationResendMachine,
  testModel: {
    events: {
      'verification.resend': [verificationResendEvent({ type: 'verification.resend' })],
      'xstate.done.actor.sendEmailVerification': [done('sendEmailVerification')],
      'xstate.error.actor.sendEmailVerification': [fail('sendEmailVerification', 'auth/too-many-requests')],
    },
    stateKey: valueKey,
  },
});

export const agentMachineEntries: readonly MachineEntry[] = [agentSignInEntry, crmLinkInEntry, verificationResendEntry];
