import { assign, setup, type SnapshotFrom } from 'xstate';
import type { UserDocument } from '../ports';
import type { UserDocumentActorSignatures } from './ports';
import { providedCallback } from '../actors';

// spec 000 §3.1; ARCHITECTURE.md "Data": the signed-in user's document, live. It follows the session's user: signed
// out there is no document; for each signed-in user it listens to users/{uid} (a new user starts afresh, loading),
// and a listener that fails leaves no document (the failure is reported, spec 000 §9).

type Sig = UserDocumentActorSignatures;

export interface UserDocumentContext {
  /** Whose document is listened to; null while signed out. */
  uid: string | null;
  document: UserDocument | null;
  /** Why the listener stopped (a port error code). */
  errorCode: string | null;
}

export type UserDocumentEvent = Sig['watchSignedInUser']['sends'] | Sig['watchUserDocument']['sends'];

/** The first read of a user's document is pending; the listener failed. */
export type UserDocumentTag = 'loading' | 'error';

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
  context: { uid: null, document: null, errorCode: null },
  invoke: { id: 'watchSignedInUser', src: 'watchSignedInUser' },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'user.changed': {
          guard: { type: 'isSignedIn', params: ({ event }) => ({ uid: event.uid }) },
          target: 'listening',
          actions: { type: 'assignUser', params: ({ event }) => ({ uid: event.uid }) },
        },
      },
    },
    listening: {
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
        loading: { tags: ['loading'] },
        live: {},
        failed: { tags: ['error'] },
      },
    },
  },
});

type UserDocumentSnapshot = SnapshotFrom<typeof userDocumentMachine>;

export const userDocumentSelectors = {
  /** The document: undefined while it loads, null when signed out, when there is none or when it cannot be read. */
  document: (s: UserDocumentSnapshot): UserDocument | null | undefined => (s.hasTag('loading') ? undefined : s.context.document),
};
