import { assertEvent, assign, setup } from 'xstate';
import { PASSWORD_RESET_LOOKUP_TIMEOUT_MS } from '../../src/domain/constants';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { isStrongPassword, normalizeEmail } from '../../src/domain/validation';
import { portErrorCode, type ResetCodeStatus } from '../ports';
import type { PasswordResetActorSignatures } from './ports';
import { provided } from '../actors';

// spec 000 §4.4 and §8: the /handle?mode=resetPassword page. Loading, then the valid form, the expired link or
// the invalid link; a 15 s lookup timeout shows the bad-request page. After the reset the user is signed in;
// an unverified email gets a verification email and a warning, otherwise the user goes home.

type Sig = PasswordResetActorSignatures;

export interface PasswordResetContext {
  email: string;
  oobCode: string;
  password: string;
  submitted: boolean;
  errorKey: ErrorKey | null;
  errorCode: string | null;
}

export type PasswordResetEvent =
  | { type: 'field.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'resetLink.open' }
  | { type: 'dialog.close' }
  | { type: 'reset.cancel' };

export interface PasswordResetInput {
  email: string;
  oobCode: string;
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    validateResetCode: provided<Sig['validateResetCode']>('validateResetCode'),
    confirmPasswordReset: provided<Sig['confirmPasswordReset']>('confirmPasswordReset'),
    signInWithEmail: provided<Sig['signInWithEmail']>('signInWithEmail'),
    sendEmailVerification: provided<Sig['sendEmailVerification']>('sendEmailVerification'),
  },
  guards: {
    hasCodeStatus: (_, params: { status: ResetCodeStatus; expected: ResetCodeStatus }) =>
      params.status === params.expected,
    isPasswordStrong: ({ context }) => isStrongPassword(context.password),
    isEmailUnverified: (_, params: { emailVerified: boolean }) => !params.emailVerified,
  },
  actions: {
    assignPassword: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { password: event.value, errorKey: null, errorCode: null };
    }),
    assignSubmitted: assign({ submitted: true, errorKey: null, errorCode: null }),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignErrorKey: assign((_, params: { key: ErrorKey }) => ({ errorKey: params.key })),
    assignError: assign((_, params: { key: ErrorKey; code: string | null }) => ({
      errorKey: params.key,
      errorCode: params.code,
    })),
  },
  delays: {
    lookupTimeout: PASSWORD_RESET_LOOKUP_TIMEOUT_MS,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    email: input.email,
    oobCode: input.oobCode,
    password: '',
    submitted: false,
    errorKey: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'validateResetCode',
        src: 'validateResetCode',
        input: ({ context }) => ({ email: normalizeEmail(context.email), oobCode: context.oobCode }),
        onDone: [
          {
            guard: { type: 'hasCodeStatus', params: ({ event }) => ({ status: event.output.status, expected: 'current' }) },
            target: 'valid',
          },
          {
            guard: { type: 'hasCodeStatus', params: ({ event }) => ({ status: event.output.status, expected: 'expired' }) },
            target: 'expired',
          },
          { target: 'invalid' },
        ],
        onError: {
          target: 'invalid',
          actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
        },
      },
      after: { lookupTimeout: 'badRequest' },
    },
    valid: {
      tags: ['form'],
      initial: 'editing',
      states: {
        editing: {},
        failed: { tags: ['error'] },
      },
      on: {
        'field.change': { target: '.editing', actions: 'assignPassword' },
        'form.submit': [
          { guard: 'isPasswordStrong', target: 'confirming', actions: 'assignSubmitted' },
          {
            // The reset page says 'Invalid password format.' (spec 000 §5).
            target: '.failed',
            actions: [
              'assignSubmitted',
              { type: 'assignError', params: { key: ERROR_KEYS.passwordInvalidFormat, code: null } },
            ],
          },
        ],
      },
    },
    confirming: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'confirmPasswordReset',
        src: 'confirmPasswordReset',
        input: ({ context }) => ({ oobCode: context.oobCode, password: context.password }),
        onDone: 'signingIn',
        onError: {
          target: 'valid.failed',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ key: ERROR_KEYS.resetFailed, code: portErrorCode(event.error) }),
          },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signInWithEmail',
        src: 'signInWithEmail',
        input: ({ context }) => ({ email: normalizeEmail(context.email), password: context.password }),
        onDone: [
          {
            guard: { type: 'isEmailUnverified', params: ({ event }) => ({ emailVerified: event.output.emailVerified }) },
            target: 'sendingVerification',
          },
          { target: 'done' },
        ],
        onError: {
          target: 'signInFailed',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ key: ERROR_KEYS.signInAfterResetFailed, code: portErrorCode(event.error) }),
          },
        },
      },
    },
    sendingVerification: {
      tags: ['busy'],
      invoke: {
        id: 'sendEmailVerification',
        src: 'sendEmailVerification',
        // The warning is shown either way: the user can ask for another link from /not-verified.
        onDone: 'verificationSent',
        onError: 'verificationSent',
      },
    },
    expired: {
      tags: ['error', 'link.expired'],
      entry: { type: 'assignErrorKey', params: { key: ERROR_KEYS.resetLinkExpired } },
      initial: 'idle',
      states: {
        idle: { on: { 'resetLink.open': 'requestingLink' } },
        requestingLink: { tags: ['dialog.resetLink'], on: { 'dialog.close': 'idle' } },
      },
      on: { 'reset.cancel': 'cancelled' },
    },
    invalid: {
      tags: ['error', 'link.invalid'],
      entry: { type: 'assignErrorKey', params: { key: ERROR_KEYS.resetLinkInvalid } },
      initial: 'idle',
      states: {
        idle: { on: { 'resetLink.open': 'requestingLink' } },
        requestingLink: { tags: ['dialog.resetLink'], on: { 'dialog.close': 'idle' } },
      },
      on: { 'reset.cancel': 'cancelled' },
    },
    badRequest: {
      // '400 Error - Bad request' with 'click the email link again' (spec 000 §4.4).
      type: 'final',
      tags: ['error'],
      entry: { type: 'assignErrorKey', params: { key: ERROR_KEYS.resetClickEmailLinkAgain } },
    },
    signInFailed: { type: 'final', tags: ['error'] },
    verificationSent: {
      // 'We sent you an email verification link! ...' (spec 000 §8).
      type: 'final',
      tags: ['success', 'notice.verification'],
    },
    done: {
      // Signed in with a verified email: the view goes home.
      type: 'final',
      tags: ['success'],
    },
    cancelled: { type: 'final' },
  },
});
