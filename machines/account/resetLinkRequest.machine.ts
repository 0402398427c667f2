import { assertEvent, assign, setup } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { normalizeEmail, resetRequestSchema } from '../../src/domain/validation';
import { portErrorCode } from '../ports';
import type { ResetLinkRequestActorSignatures } from './ports';
import { provided } from '../actors';

// spec 000 §5 (password reset needs a valid non-empty email) and §8 (reset request messages): the request of a
// reset link, in the sign-in page's dialog and the reset page's "Send New Reset Link".

type Sig = ResetLinkRequestActorSignatures;

export interface ResetLinkRequestContext {
  email: string;
  submitted: boolean;
  errorKey: ErrorKey | null;
  errorCode: string | null;
}

export type ResetLinkRequestEvent = { type: 'field.change'; value: string } | { type: 'form.submit' };

export interface ResetLinkRequestInput {
  email?: string;
}

const NOT_FOUND_CODES = ['not-found', 'functions/not-found', 'auth/user-not-found'];
const INVALID_EMAIL_CODES = ['invalid-email', 'invalid-argument', 'functions/invalid-argument', 'auth/invalid-email'];

export const resetLinkRequestMachine = setup({
  types: {
    context: {} as ResetLinkRequestContext,
    events: {} as ResetLinkRequestEvent,
    input: {} as ResetLinkRequestInput,
  },
  actors: {
    requestResetLink: provided<Sig['requestResetLink']>('requestResetLink'),
  },
  guards: {
    isEmailValid: ({ context }) => resetRequestSchema.safeParse({ email: context.email }).success,
    hasErrorCode: (_, params: { code: string; codes: string[] }) => params.codes.includes(params.code),
  },
  actions: {
    assignEmail: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { email: event.value, errorKey: null, errorCode: null };
    }),
    assignSubmitted: assign({ submitted: true, errorKey: null, errorCode: null }),
    assignError: assign((_, params: { key: ErrorKey; code: string | null }) => ({
      errorKey: params.key,
      errorCode: params.code,
    })),
  },
}).createMachine({
  id: 'resetLinkRequest',
  context: ({ input }) => ({ email: input.email ?? '', submitted: false, errorKey: null, errorCode: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': { actions: 'assignEmail' },
        'form.submit': [
          { guard: 'isEmailValid', target: 'sending', actions: 'assignSubmitted' },
          {
            target: 'failed',
            actions: ['assignSubmitted', { type: 'assignError', params: { key: ERROR_KEYS.resetInvalidEmail, code: null } }],
          },
        ],
      },
    },
    sending: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'requestResetLink',
        src: 'requestResetLink',
        input: ({ context }) => ({ email: normalizeEmail(context.email) }),
        onDone: 'sent',
        onError: [
          {
            guard: {
              type: 'hasErrorCode',
              params: ({ event }) => ({ code: portErrorCode(event.error), codes: NOT_FOUND_CODES }),
            },
            target: 'failed',
            actions: { type: 'assignError', params: { key: ERROR_KEYS.resetEmailNotFound, code: null } },
          },
          {
            guard: {
              type: 'hasErrorCode',
              params: ({ event }) => ({ code: portErrorCode(event.error), codes: INVALID_EMAIL_CODES }),
            },
            target: 'failed',
            actions: { type: 'assignError', params: { key: ERROR_KEYS.resetInvalidEmail, code: null } },
          },
          {
            target: 'failed',
            actions: {
              type: 'assignError',
              params: ({ event }) => ({ key: ERROR_KEYS.resetRequestFailed, code: portErrorCode(event.error) }),
            },
          },
        ],
      },
    },
    failed: {
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignEmail' },
        'form.submit': { guard: 'isEmailValid', target: 'sending', actions: 'assignSubmitted' },
      },
    },
    sent: {
      // 'Reset link sent' (spec 000 §7).
      type: 'final',
      tags: ['success'],
    },
  },
});
