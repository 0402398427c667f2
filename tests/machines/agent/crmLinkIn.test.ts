import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { CrmLinkInNotifyEmitted } from '../../../machines/agent/ports';
import { crmLinkInMachine, crmLinkInSelectors } from '../../../machines/agent/crmLinkIn.machine';
import { machineEntry } from '../../../machines/index';
import { ERROR_KEYS } from '../../../src/domain/errors';
import type { CrmLinkInParams } from '../../../src/domain/externalSignIn';
import type { AuthUser } from '../../../machines/ports';
import { inspect } from '../../../src/inspect';
import { settle } from '../../support/machineTestKit';
import { SIGNED_IN_CUSTOMER } from './signedInCustomer';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('crmLinkIn');
if (!entry) throw new Error('crmLinkIn is not registered');
runModelPaths(entry);

const LINK: CrmLinkInParams = { userId: '005DEMOCOACH00001', sessionId: '00DDEMO!SESSION001', contactId: '003DEMOPREMIUM001' };
const customer = SIGNED_IN_CUSTOMER;

interface Options {
  /** The code createSalesforceToken rejects with; it answers with a token otherwise. */
  tokenFails?: string;
  signInFails?: string;
}

function linkIn({ tokenFails, signInFails }: Options = {}) {
  const session: string[] = [];
  const requests: CrmLinkInParams[] = [];
  const signIns: string[] = [];
  const toasts: CrmLinkInNotifyEmitted[] = [];
  const machine = crmLinkInMachine.provide({
    actors: {
      holdSessionLoading: fromCallback<EventObject, void>(() => {
        session.push('externalSignIn.start');
        return () => session.push('externalSignIn.finish');
      }),
      createSalesforceToken: fromPromise<{ token: string }, CrmLinkInParams>(async ({ input }) => {
        requests.push(input);
        if (tokenFails) throw Object.assign(new Error(tokenFails), { code: tokenFails });
        return { token: 'crm-custom-token' };
      }),
      signInWithToken: fromPromise<AuthUser, { token: string }>(async ({ input }) => {
        signIns.push(input.token);
        if (signInFails) throw Object.assign(new Error(signInFails), { code: signInFails });
        return customer;
      }),
    },
  });
  const actor = createActor(machine, { input: LINK, inspect });
  actor.on('notify', (event) => toasts.push(event));
  actor.start();
  return { actor, session, requests, signIns, toasts };
}

describe('CRM link-in (spec 000 §2.2, §4.1, §8)', () => {
  it("asks for a token with the link's UserId, SessionId and ContactId and signs in with it, without a toast", async () => {
    const { actor, requests, signIns, toasts } = linkIn();
    await settle();
    expect(requests).toEqual([LINK]);
    expect(signIns).toEqual(['crm-custom-token']);
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('keeps the session loading until the link-in is over', async () => {
    const { session } = linkIn();
    expect(session).toEqual(['externalSignIn.start']);
    await settle();
    expect(session).toEqual(['externalSignIn.start', 'externalSignIn.finish']);
  });

  it("warns 'This user has not yet created an account in the app.' with the admin console button when no account holds the contact", async () => {
    const { actor, signIns, toasts, session } = linkIn({ tokenFails: 'not-found' });
    await settle();
    expect(signIns).toEqual([]);
    expect(toasts).toEqual([
      {
        type: 'notify',
        level: 'warning',
        key: ERROR_KEYS.crmUserNotFound,
        persistent: true,
        adminConsoleContactId: LINK.contactId,
      },
    ]);
    expect(actor.getSnapshot().context.errorCode).toBe('not-found');
    expect(session).toEqual(['externalSignIn.start', 'externalSignIn.finish']);
  });

  it("says the session expired or is invalid, in a toast that stays, for any other refusal", async () => {
    for (const code of ['crm-session-invalid', 'invalid-argument', 'internal']) {
      const { actor, toasts } = linkIn({ tokenFails: code });
      await settle();
      expect(toasts).toEqual([{ type: 'notify', level: 'error', key: ERROR_KEYS.crmSessionInvalid, persistent: true }]);
      expect(actor.getSnapshot().context.errorCode).toBe(code);
    }
  });

  it('says the session expired or is invalid when the identity provider refuses the token', async () => {
    const { actor, toasts } = linkIn({ signInFails: 'auth/invalid-custom-token' });
    await settle();
    expect(toasts.map((toast) => toast.key)).toEqual([ERROR_KEYS.crmSessionInvalid]);
    expect(actor.getSnapshot().context.errorCode).toBe('auth/invalid-custom-token');
  });
});

describe('CRM link-in selectors', () => {
  it('say linking, then linked or why not', async () => {
    const linked = linkIn();
    expect(crmLinkInSelectors.linking(linked.actor.getSnapshot())).toBe(true);
    await settle();
    expect(crmLinkInSelectors.linked(linked.actor.getSnapshot())).toBe(true);
    expect(crmLinkInSelectors.errorCode(linked.actor.getSnapshot())).toBeNull();

    const refused = linkIn({ tokenFails: 'not-found' });
    await settle();
    expect(crmLinkInSelectors.linking(refused.actor.getSnapshot())).toBe(false);
    expect(crmLinkInSelectors.errorCode(refused.actor.getSnapshot())).toBe('not-found');
  });
});
