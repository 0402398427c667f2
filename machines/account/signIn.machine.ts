import { assertEvent, assign, setup } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { normalizeEmail, signInSchema } from '../../src/domain/validation';
import { portErrorCode, type SignInFailureReason } from '../ports';
import type { SignInActorSignatures } from './ports';
import { provided } from '../actors';

// spec 000 §4.3 (sign-in with email and password), §4.1 (a failure can divert to the welcome migration modal)
// and §8 (sign-in messages). Single sign-on is off on the app site (spec 000 §6 flags).

type Sig = SignInActorSignatures;

export type SignInField = 'email' | 'password';

export interface SignInContext {
  email: string;
  password: string;
  /** The form was submitted at least once: views show field errors from then on. */
  submitted: boolean;
  errorKey: ErrorKey | null;
  /** The identity provider's or server's code, shown in reference-code messages. */
  errorCode: string | null;
  /** Single-sign-on providers of the account (sso failure reason). */
  providerIds: string[];
  migrationReason: Extract<SignInFailureReason, 'migration' | 'newViaApi'> | null;
}

export type SignInEvent =
  | { type: 'field.change'; field: SignInField; value: string }
  | { type: 'form.submit' }
  | { type: 'resetLink.open' }
  | { type: 'dialog.close' };

export interface SignInInput {
  email?: string;
}

// Codes that mean "these credentials do not sign in": the server is asked why (sso, migration, newViaApi).
const CREDENTIAL_FAILURE_CODES = ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/user-not-found'];
const TOO_MANY_ATTEMPTS_CODES = ['auth/too-many-requests'];
const DELETED_USER_CODES = ['auth/user-not-found', 'auth/user-disabled'];

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    signInWithEmail: provided<Sig['signInWithEmail']>('signInWithEmail'),
    checkSignInFailureReason: provided<Sig['checkSignInFailureReason']>('checkSignInFailureReason'),
  },
  guards: {
    isFormValid: ({ context }) => signInSchema.safeParse({ email: context.email, password: context.password }).success,
    hasErrorCode: (_, params: { code: string; codes: string[] }) => params.codes.includes(params.code),
    isFailureReason: (_, params: { reason: SignInFailureReason; reasons: SignInFailureReason[] }) =>
      params.reasons.includes(params.reason),
    isDeletedUserCode: ({ context }) => context.errorCode !== null && DELETED_USER_CODES.includes(context.errorCode),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { ...context, [event.field]: event.value, errorKey: null, errorCode: null };
    }),
    assignSubmitted: assign({ submitted: true, errorKey: null, errorCode: null }),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignError: assign((_, params: { key: ErrorKey }) => ({ errorKey: params.key })),
    // spec 000 §8: several providers are joined with 'and' and use the plural wording.
    assignSsoProviders: assign((_, params: { providerIds: string[] }) => ({
      providerIds: params.providerIds,
      errorKey: params.providerIds.length > 1 ? ERROR_KEYS.ssoOnlyAccountMany : ERROR_KEYS.ssoOnlyAccount,
    })),
    assignMigrationReason: assign((_, params: { reason: SignInFailureReason }) => ({
      migrationReason: params.reason === 'newViaApi' ? ('newViaApi' as const) : ('migration' as const),
    })),
    clearPassword: assign({ password: '' }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    email: input.email ?? '',
    password: '',
    submitted: false,
    errorKey: null,
    errorCode: null,
    providerIds: [],
    migrationReason: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': { actions: 'assignField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'assignSubmitted' },
          { actions: 'assignSubmitted' },
        ],
        'resetLink.open': 'resetLinkDialog',
      },
    },
    submitting: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'signInWithEmail',
        src: 'signInWithEmail',
        input: ({ context }) => ({ email: normalizeEmail(context.email), password: context.password }),
        onDone: 'signedIn',
        onError: [
          {
            guard: { type: 'hasErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error), codes: CREDENTIAL_FAILURE_CODES }) },
            target: 'checkingFailureReason',
            actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
          },
          {
            guard: { type: 'hasErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error), codes: TOO_MANY_ATTEMPTS_CODES }) },
            target: 'failed',
            actions: [
              { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
              { type: 'assignError', params: { key: ERROR_KEYS.tooManyAttempts } },
            ],
          },
          {
            guard: { type: 'hasErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error), codes: DELETED_USER_CODES }) },
            target: 'failed',
            actions: [
              { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
              { type: 'assignError', params: { key: ERROR_KEYS.userDeleted } },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
              { type: 'assignError', params: { key: ERROR_KEYS.signInFailed } },
            ],
          },
        ],
      },
    },
    checkingFailureReason: {
      // spec 000 §4.1: the server tells why (sso, migration, newViaApi, other).
      tags: ['busy', 'form'],
      invoke: {
        id: 'checkSignInFailureReason',
        src: 'checkSignInFailureReason',
        input: ({ context }) => ({ email: normalizeEmail(context.email) }),
        onDone: [
          {
            guard: { type: 'isFailureReason', params: ({ event }) => ({ reason: event.output.reason, reasons: ['sso'] }) },
            target: 'failed',
            actions: { type: 'assignSsoProviders', params: ({ event }) => ({ providerIds: event.output.providerIds }) },
          },
          {
            guard: {
              type: 'isFailureReason',
              params: ({ event }) => ({ reason: event.output.reason, reasons: ['migration', 'newViaApi'] }),
            },
            target: 'welcome',
            actions: [
              { type: 'assignMigrationReason', params: ({ event }) => ({ reason: event.output.reason }) },
              'clearPassword',
            ],
          },
          {
            guard: 'isDeletedUserCode',
            target: 'failed',
            actions: { type: 'assignError', params: { key: ERROR_KEYS.userDeleted } },
          },
          { target: 'failed', actions: { type: 'assignError', params: { key: ERROR_KEYS.wrongPassword } } },
        ],
        onError: [
          {
            guard: 'isDeletedUserCode',
            target: 'failed',
            actions: { type: 'assignError', params: { key: ERROR_KEYS.userDeleted } },
          },
          { target: 'failed', actions: { type: 'assignError', params: { key: ERROR_KEYS.wrongPassword } } },
        ],
      },
    },
    failed: {
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignField' },
        'form.submit': { guard: 'isFormValid', target: 'submitting', actions: 'assignSubmitted' },
        'resetLink.open': 'resetLinkDialog',
      },
    },
    welcome: {
      // The welcome migration modal (spec 000 §4.1): the account was migrated or created for the customer.
      tags: ['dialog.welcome'],
      on: {
        'resetLink.open': 'resetLinkDialog',
        'dialog.close': 'editing',
      },
    },
    resetLinkDialog: {
      // The request of a reset link (machines/account/resetLinkRequest.machine.ts) in a dialog.
      tags: ['dialog.resetLink'],
      on: { 'dialog.close': 'editing' },
    },
    signedIn: {
      type: 'final',
      tags: ['success'],
    },
  },
});
