import { assign, setup, type SnapshotFrom } from 'xstate';
import { USER_DATA_LONG_LOAD_MS } from '../../src/domain/constants';
import type { UserDocument } from '../ports';
import type { UserDocumentActorSignatures } from './ports';
import { providedCallback } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §3.1; ARCHITECTURE.md "Data": the signed-in user's document, live. It follows the session's user: signed
// out there is no document; for each signed-in user it listens to users/{uid} (a new user starts afresh, loading),
// and a listener that fails leaves no document (the failure is reported, spec 000 §9). A first read that takes longer
// than the user-data long-load time (spec 000 §9, 5 s) raises the long-load flag, and the page says the data is still
// on its way, until the document arrives.

type Sig = UserDocumentActorSignatures;

export interface UserDocumentContext {
  /** Whose document is listened to; null while signed out. */
  uid: string | null;
  document: UserDocument | null;
  /** Why the listener stopped (a port error code). */
  errorCode: string | null;
}

export type UserDocumentEvent = Sig['watchSignedInUser']['sends'] | Sig['watchUserDocument']['sends'];

/** The first read of a user's document is pending (for longer than the long-load time); the listener failed. */
export type UserDocumentTag = 'loading' | 'loadingLong' | 'error';

export const userDocumentMachine = setup({
  types: {
    context: {} as UserDocumentContext,
    events: {} as UserDocumentEvent,
    tags: {} as UserDocumentTag,
  },
  actors: {
    watchSignedInUser: providedCallback<Sig['watchSignedInUser']>('watchSignedInUser'),
    watchUserDocument: providedCallback<Sig['watchUserDocument']>('watchUserDocument'),
  },
  delays: {
    userDataLongLoad: USER_DATA_LONG_LOAD_MS,
  },
  guards: {
    isSignedIn: (_, params: { uid: string | null }) => params.uid !== null,
  },
  actions: {
    assignUser: assign((_, params: { uid: string | null }) => ({ uid: params.uid, document: null, errorCode: null })),
    assignDocument: assign((_, params: { document: UserDocument | null }) => ({ document: params.document })),
    assignErrorCode: assign((_, params: { code: string }) => ({ document: null, errorCode: params.code })),
  },
}).createMachine({
  id: 'userDocument',
  meta: machineSpec(['000 §3.1', '000 §9']),
  context: { uid: null, document: null, errorCode: null },
  invoke: { id: 'watchSignedInUser', src: 'watchSignedInUser' },
  initial: 'signedOut',
  states: {
    signedOut: {
      meta: spec('000 §3.1'),
      on: {
        'user.changed': {
          guard: { type: 'isSignedIn', params: ({ event }) => ({ uid: event.uid }) },
          target: 'listening',
          actions: { type: 'assignUser', params: ({ event }) => ({ uid: event.uid }) },
        },
      },
    },
    listening: {
      meta: spec('000 §3.1'),
      invoke: {
        id: 'watchUserDocument',
        src: 'watchUserDocument',
        input: ({ context }) => ({ uid: context.uid ?? '' }),
      },
      initial: 'loading',
      on: {
        'user.changed': [
          // Another user: listen to their document instead, from the start.
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ uid: event.uid }) },
            target: 'listening',
            reenter: true,
            actions: { type: 'assignUser', params: ({ event }) => ({ uid: event.uid }) },
          },
          { target: 'signedOut', actions: { type: 'assignUser', params: ({ event }) => ({ uid: event.uid }) } },
        ],
        'userDocument.changed': {
          target: '.live',
          actions: { type: 'assignDocument', params: ({ event }) => ({ document: event.document }) },
        },
        'userDocument.failed': {
          target: '.failed',
          actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: event.code }) },
        },
      },
      states: {
        loading: {
          meta: spec('000 §3.1'),
          tags: ['loading'],
          initial: 'waiting',
          states: {
            waiting: { meta: spec('000 §3.1'), after: { userDataLongLoad: 'long' } },
            long: { meta: spec('000 §3.1'), tags: ['loadingLong'] },
          },
        },
        live: { meta: spec('000 §3.1') },
        failed: { meta: spec('000 §3.1'), tags: ['error'] },
      },
    },
  },
});

type UserDocumentSnapshot = SnapshotFrom<typeof userDocumentMachine>;

export const userDocumentSelectors = {
  /** The document: undefined while it loads, null when signed out, when there is none or when it cannot be read. */
  document: (s: UserDocumentSnapshot): UserDocument | null | undefined => (s.hasTag('loading') ? undefined : s.context.document),
  /** The long-load flag: the first read has taken longer than the long-load time and is still pending. */
  isLoadingLong: (s: UserDocumentSnapshot): boolean => s.hasTag('loadingLong'),
};
