import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import {
  acceptanceUpdate,
  hasRequiredAuthorizations,
  initialAuthorizations,
  shownAuthorizationBoxes,
  withAllAuthorizations,
  type AuthorizationBox,
  type AuthorizationBoxes,
  type AuthorizationRecords,
} from '../../src/domain/authorizations';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { provided } from '../actors';
import { canAcceptAuthorizations, type ActorFacts } from '../../src/domain/permissions';
import { portErrorKey, type AuthorizationsActorSignatures } from './ports';
import { portErrorCode, type NotifyEmitted } from '../ports';
import { machineSpec, spec } from '../spec';

// spec 002 §4 "Authorizations", §5, §6; spec 000 §6, §8: three required boxes, share info and SMS opt-in
// (only with a mobile phone), an agree-all toggle; the starting state comes from the contact and customer
// records; submit is blocked until the required boxes are ticked. Behind its flag, an agent without
// allowClientActions gets the coach.toast.not-permitted toast (the server refuses them too). Failure shows
// authorizations.error.

type Sig = AuthorizationsActorSignatures;

export interface AuthorizationsInput {
  /** The signed-in person's claims (isAgent, allowClientActions). */
  actor: ActorFacts;
  /** The feature flag that gates the permission check for accepting (spec 002 §6). */
  permissionCheckEnabled: boolean;
}

export interface AuthorizationsContext {
  actor: ActorFacts;
  permissionCheckEnabled: boolean;
  boxes: AuthorizationBoxes;
  hasMobilePhone: boolean;
  errorKey: ErrorKey | null;
}

export type AuthorizationsEvent =
  | { type: 'box.toggle'; box: AuthorizationBox; checked: boolean }
  | { type: 'boxes.toggleAll'; checked: boolean }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

const NOT_PERMITTED_CODES = ['permission-denied'];

const NO_BOXES = withAllAuthorizations(false, false);

export const authorizationsMachine = setup({
  types: {
    context: {} as AuthorizationsContext,
    events: {} as AuthorizationsEvent,
    input: {} as AuthorizationsInput,
    emitted: {} as NotifyEmitted<ErrorKey>,
    tags: {} as 'loading' | 'error' | 'form' | 'busy' | 'success',
  },
  actors: {
    loadAuthorizations: provided<Sig['loadAuthorizations']>('loadAuthorizations'),
    saveAuthorizations: provided<Sig['saveAuthorizations']>('saveAuthorizations'),
  },
  guards: {
    isNotPermitted: ({ context }) => !canAcceptAuthorizations(context.actor, context.permissionCheckEnabled),
    hasRequiredBoxes: ({ context }) => hasRequiredAuthorizations(context.boxes),
    isShownBox: ({ context }, params: { box: AuthorizationBox }) =>
      shownAuthorizationBoxes(context.hasMobilePhone).includes(params.box),
    // The server names the refusal by its key (the adapter may carry the server's message as the code).
    isPermissionError: (_, params: { error: unknown }) =>
      portErrorKey(params.error) === ERROR_KEYS.coachNotPermitted || NOT_PERMITTED_CODES.includes(portErrorCode(params.error)),
  },
  actions: {
    assignRecords: assign((_, params: { records: AuthorizationRecords }) => ({
      boxes: initialAuthorizations(params.records),
      hasMobilePhone: params.records.hasMobilePhone,
    })),
    assignBox: assign(({ context, event }) => {
      assertEvent(event, 'box.toggle');
      return { boxes: { ...context.boxes, [event.box]: event.checked }, errorKey: null };
    }),
    assignAllBoxes: assign(({ context, event }) => {
      assertEvent(event, 'boxes.toggleAll');
      return { boxes: withAllAuthorizations(event.checked, context.hasMobilePhone), errorKey: null };
    }),
    assignError: assign((_, params: { key: ErrorKey }) => ({ errorKey: params.key })),
    clearError: assign({ errorKey: null }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
  },
}).createMachine({
  id: 'authorizations',
  meta: machineSpec(['002 §4', '002 §6', '000 §6']),
  context: ({ input }) => ({
    actor: input.actor,
    permissionCheckEnabled: input.permissionCheckEnabled,
    boxes: NO_BOXES,
    hasMobilePhone: false,
    errorKey: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('002 §4'),
      tags: ['loading'],
      invoke: {
        id: 'loadAuthorizations',
        src: 'loadAuthorizations',
        onDone: {
          target: 'editing',
          actions: { type: 'assignRecords', params: ({ event }) => ({ records: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: { key: ERROR_KEYS.authorizationsError } },
        },
      },
    },
    loadFailed: {
      meta: spec('002 §4'),
      tags: ['error'],
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      meta: spec('002 §4', '002 §5', '000 §6'),
      tags: ['form'],
      on: {
        // The SMS box exists only with a mobile phone (spec 002 §5).
        'box.toggle': {
          guard: { type: 'isShownBox', params: ({ event }) => ({ box: event.box }) },
          actions: 'assignBox',
        },
        'boxes.toggleAll': { actions: 'assignAllBoxes' },
        // Submit stays blocked (snapshot.can is false) until the three required boxes are ticked; an agent
        // without permission may press it and is told why (spec 000 §6).
        'form.submit': [
          { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
          { guard: 'hasRequiredBoxes', target: 'saving', actions: 'clearError' },
        ],
      },
    },
    saving: {
      meta: spec('002 §4'),
      tags: ['busy', 'form'],
      invoke: {
        id: 'saveAuthorizations',
        src: 'saveAuthorizations',
        // Reached only with the required boxes ticked (hasRequiredBoxes).
        input: ({ context }) => acceptanceUpdate(context.boxes, context.hasMobilePhone),
        onDone: 'accepted',
        onError: [
          {
            guard: { type: 'isPermissionError', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: 'notifyNotPermitted',
          },
          { target: 'editing', actions: { type: 'assignError', params: { key: ERROR_KEYS.authorizationsError } } },
        ],
      },
    },
    accepted: {
      // The view goes on to /sign-up/select-goal.
      meta: spec('002 §4'),
      type: 'final',
      tags: ['success'],
    },
  },
});

type AuthorizationsSnapshot = SnapshotFrom<typeof authorizationsMachine>;

/** What the authorizations page reads. */
export const authorizationsSelectors = {
  loading: (snapshot: AuthorizationsSnapshot) => snapshot.hasTag('loading'),
  loadFailed: (snapshot: AuthorizationsSnapshot) => snapshot.hasTag('error'),
  accepted: (snapshot: AuthorizationsSnapshot) => snapshot.hasTag('success'),
  busy: (snapshot: AuthorizationsSnapshot) => snapshot.hasTag('busy'),
  boxes: (snapshot: AuthorizationsSnapshot) => snapshot.context.boxes,
  hasMobilePhone: (snapshot: AuthorizationsSnapshot) => snapshot.context.hasMobilePhone,
  errorKey: (snapshot: AuthorizationsSnapshot) => snapshot.context.errorKey,
  canSubmit: (snapshot: AuthorizationsSnapshot) => snapshot.can({ type: 'form.submit' }),
};
