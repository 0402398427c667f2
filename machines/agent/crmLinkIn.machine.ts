import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import type { CrmLinkInParams } from '../../src/domain/externalSignIn';
import type { CrmLinkInActorSignatures, CrmLinkInNotifyEmitted } from './ports';
import { portErrorCode } from '../ports';
import { provided, providedCallback } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §2.2 and §8: a link from the CRM (query parameters UserId, SessionId, ContactId) signs its user in on any
// page. The server checks the CRM session and returns a custom token for the contact's account (a CRM session,
// exempt from email verification). No account for the contact: the warning 'This user has not yet created an
// account in the app.' with 'View in Admin Console'; any other failure: 'Your session has expired or is invalid.
// ...'. Neither toast closes by itself. The session stays loading meanwhile (spec 000 §4.1).

type Sig = CrmLinkInActorSignatures;

export interface CrmLinkInContext {
  link: CrmLinkInParams;
  token: string | null;
  errorCode: string | null;
}

export type CrmLinkInInput = CrmLinkInParams;

export type CrmLinkInTag = 'loading' | 'success' | 'error';

export const crmLinkInMachine = setup({
  types: {
    context: {} as CrmLinkInContext,
    input: {} as CrmLinkInInput,
    emitted: {} as CrmLinkInNotifyEmitted,
    tags: {} as CrmLinkInTag,
  },
  actors: {
    holdSessionLoading: providedCallback<Sig['holdSessionLoading']>('holdSessionLoading'),
    createSalesforceToken: provided<Sig['createSalesforceToken']>('createSalesforceToken'),
    signInWithToken: provided<Sig['signInWithToken']>('signInWithToken'),
  },
  guards: {
    // spec 000 §2.2: 'not-found' means no app account holds the contact (the session error screen reads it too).
    isNotRegistered: (_, params: { code: string }) => params.code === 'not-found',
  },
  actions: {
    assignToken: assign((_, params: { token: string }) => ({ token: params.token })),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    notifyNotRegistered: emit(({ context }) => ({
      type: 'notify' as const,
      level: 'warning' as const,
      key: ERROR_KEYS.crmUserNotFound,
      persistent: true as const,
      adminConsoleContactId: context.link.contactId,
    })),
    notifySessionInvalid: emit({
      type: 'notify',
      level: 'error',
      key: ERROR_KEYS.crmSessionInvalid,
      persistent: true,
    } as const),
  },
}).createMachine({
  id: 'crmLinkIn',
  meta: machineSpec(['000 §4.1', '000 §2.2']),
  context: ({ input }) => ({ link: input, token: null, errorCode: null }),
  initial: 'linking',
  states: {
    linking: {
      // The session shows loading for as long as this state lasts (spec 000 §4.1).
      meta: spec('000 §4.1'),
      tags: ['loading'],
      invoke: { id: 'holdSessionLoading', src: 'holdSessionLoading' },
      initial: 'requestingToken',
      states: {
        requestingToken: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'createSalesforceToken',
            src: 'createSalesforceToken',
            input: ({ context }) => context.link,
            onDone: {
              target: 'signingIn',
              actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output.token }) },
            },
            onError: [
              {
                guard: { type: 'isNotRegistered', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
                target: '#crmLinkIn.notRegistered',
                actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
              },
              {
                target: '#crmLinkIn.sessionInvalid',
                actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
              },
            ],
          },
        },
        signingIn: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'signInWithToken',
            src: 'signInWithToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: '#crmLinkIn.linked',
            onError: {
              target: '#crmLinkIn.sessionInvalid',
              actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            },
          },
        },
      },
    },
    linked: {
      meta: spec('000 §4.1'),
      type: 'final',
      tags: ['success'],
    },
    notRegistered: {
      meta: spec('000 §4.1'),
      type: 'final',
      tags: ['error'],
      entry: 'notifyNotRegistered',
    },
    sessionInvalid: {
      meta: spec('000 §4.1'),
      type: 'final',
      tags: ['error'],
      entry: 'notifySessionInvalid',
    },
  },
});

export type CrmLinkInSnapshot = SnapshotFrom<typeof crmLinkInMachine>;

export const crmLinkInSelectors = {
  /** The session stays loading while this is true (spec 000 §4.1). */
  linking: (s: CrmLinkInSnapshot) => s.hasTag('loading'),
  linked: (s: CrmLinkInSnapshot) => s.hasTag('success'),
  /** Why the link-in failed ('not-found': no app account holds the contact). */
  errorCode: (s: CrmLinkInSnapshot) => (s.hasTag('error') ? s.context.errorCode : null),
};
