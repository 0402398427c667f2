// The coach console's flag coachConsoleAllowClientActions (spec 000 §6, default on): while it is off, no agent
// session's allowClientActions is granted, by the permission check of every call and by the console minting a session.
import { getAuth, signInWithCustomToken } from 'firebase/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { mintAgentToken } from '../../scripts/lib/agentToken';
import { adminDb, call, clientApp, createCustomer, delegateSession, failureOf, PROJECT_ID, signIn, withSeededBackend } from '../support/emulator';

async function setCoachConsoleFlag(value: boolean | null) {
  await adminDb().doc('config/featureFlags').set(value === null ? {} : { coachConsoleAllowClientActions: value });
}

describe('coachConsoleAllowClientActions', () => {
  withSeededBackend();
  afterEach(() => setCoachConsoleFlag(null));

  async function coachActingFor() {
    const customer = await createCustomer();
    await delegateSession(customer, { isAgent: true, agentUid: 'coach-on-duty', allowClientActions: true });
    return { customer, app: await signIn(customer) };
  }

  async function contactOf(contactId: string) {
    return (await adminDb().doc(`crm/sandbox/contacts/${contactId}`).get()).data();
  }

  it('lets an agent with allowClientActions change the customer’s contact while the flag is on (its default)', async () => {
    const { customer, app } = await coachActingFor();
    expect((await call(app, 'updateCustomerContact', { FirstName: 'Coached' })).FirstName).toBe('Coached');
    expect(await contactOf(customer.contactId)).toMatchObject({ FirstName: 'Coached' });
  });

  it('refuses that agent every client action once the flag is off, and writes nothing', async () => {
    const { customer, app } = await coachActingFor();
    const before = await contactOf(customer.contactId);
    await setCoachConsoleFlag(false);
    const failure = await failureOf(call(app, 'updateCustomerContact', { FirstName: 'Mallory' }));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.details?.key).toBe('coach.toast.not-permitted');
    expect(await contactOf(customer.contactId)).toEqual(before);
    // Reading stays open to the agent: only acting for the client is taken away.
    expect((await call(app, 'getCustomerContact')).Id).toBe(customer.contactId);
  });

  it('leaves the customer in person free to act while the flag is off', async () => {
    const customer = await createCustomer();
    await setCoachConsoleFlag(false);
    expect((await call(await signIn(customer), 'updateCustomerContact', { FirstName: 'Selfmade' })).FirstName).toBe('Selfmade');
  });

  it('mints a coach’s session without allowClientActions while the flag is off, with it while on', async () => {
    const signInWith = async (token: string) => {
      const { user } = await signInWithCustomToken(getAuth(clientApp()), token);
      return (await user.getIdTokenResult(true)).claims;
    };
    expect((await signInWith(await mintAgentToken({ coachKey: 'coachWithActions', projectId: PROJECT_ID }))).allowClientActions).toBe(true);
    await setCoachConsoleFlag(false);
    const claims = await signInWith(await mintAgentToken({ coachKey: 'coachWithActions', projectId: PROJECT_ID }));
    expect(claims).toMatchObject({ isAgent: true, agentUid: demoAccount('coachWithActions').uid, allowClientActions: false });
    const record = (await adminDb().doc(`agentSessions/${String(claims.agentSessionId)}`).get()).data();
    expect(record?.allowClientActions).toBe(false);
  });
});
