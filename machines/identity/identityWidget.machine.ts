import { assign, setup, type SnapshotFrom } from 'xstate';
import { provided } from '../actors';
import type { ArrayUserToken, IdentityWidgetActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The identity-protection widget on /identity/* (spec 000 §7 getArrayUserToken, §8 'Unable to retrieve {name}…',
// §9): the customer's user token is read (from the cache, where it is kept without expiry) and the widget shown
// with it. The vendor's token can still expire on their side: when the widget says it refused the token, the token
// is read anew once; a second refusal, or a read that fails, shows the error with Try again, which starts over with
// a new renewal allowed.

type Sig = IdentityWidgetActorSignatures;

export interface IdentityWidgetContext {
  token: ArrayUserToken | null;
  /** The token was renewed after a refusal since the last start: another refusal is a failure. */
  renewed: boolean;
}

export type IdentityWidgetEvent =
  /** The widget (its origin checked by the view) says the vendor refused the token. */
  | { type: 'widget.tokenRefused' }
  /** Try again after a failure. */
  | { type: 'widget.retry' };

export type IdentityWidgetTag = 'loading' | 'ready' | 'error';

export const identityWidgetMachine = setup({
  types: {
    context: {} as IdentityWidgetContext,
    events: {} as IdentityWidgetEvent,
    tags: {} as IdentityWidgetTag,
  },
  actors: {
    readToken: provided<Sig['readToken']>('readToken'),
  },
  guards: {
    hasRenewedToken: ({ context }) => context.renewed,
  },
  actions: {
    assignToken: assign((_, params: { token: ArrayUserToken }) => ({ token: params.token })),
    clearToken: assign({ token: null }),
    markRenewed: assign({ renewed: true }),
    resetRenewal: assign({ renewed: false }),
  },
}).createMachine({
  id: 'identityWidget',
  meta: machineSpec(['000 §2.4', '000 §7']),
  context: { token: null, renewed: false },
  initial: 'loading',
  states: {
    loading: {
      meta: spec('000 §2.4'),
      tags: ['loading'],
      invoke: {
        id: 'readToken',
        src: 'readToken',
        input: { fresh: false },
        onDone: { target: 'ready', actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) } },
        onError: 'failed',
      },
    },
    ready: {
      meta: spec('000 §2.4'),
      tags: ['ready'],
      on: {
        'widget.tokenRefused': [
          { guard: 'hasRenewedToken', target: 'failed' },
          { target: 'renewing', actions: 'markRenewed' },
        ],
      },
    },
    // The widget refused the token: it is read anew, bypassing the cache, once.
    renewing: {
      meta: spec('000 §2.4'),
      tags: ['loading'],
      entry: 'clearToken',
      invoke: {
        id: 'readToken',
        src: 'readToken',
        input: { fresh: true },
        onDone: { target: 'ready', actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) } },
        onError: 'failed',
      },
    },
    failed: {
      meta: spec('000 §2.4'),
      tags: ['error'],
      entry: 'clearToken',
      on: {
        'widget.retry': { target: 'loading', actions: 'resetRenewal' },
      },
    },
  },
});

export type IdentityWidgetSnapshot = SnapshotFrom<typeof identityWidgetMachine>;
export type IdentityWidgetStatus = 'loading' | 'ready' | 'failed';

/** What the identity pages read. */
export const identityWidgetSelectors = {
  status: (snapshot: IdentityWidgetSnapshot): IdentityWidgetStatus =>
    snapshot.hasTag('ready') ? 'ready' : snapshot.hasTag('error') ? 'failed' : 'loading',
  token: (snapshot: IdentityWidgetSnapshot): ArrayUserToken | null => snapshot.context.token,
};
