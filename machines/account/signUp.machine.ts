import { assertEvent, assign, setup } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { normalizeEmail, signUpSchema } from '../../src/domain/validation';
import { portErrorCode } from '../ports';
import type { SignUpActorSignatures } from './ports';
import { provided } from '../actors';

// spec 000 §4.3 (enter credentials, agree, create; a true result signs in directly, otherwise the
// email-verification notice and then sign-in) and §8 (sign-up messages, the onboard modal).

type Sig = SignUpActorSignatures;

export type SignUpField = 'email' | 'password';

export interface SignUpContext {
  email: string;
  password: string;
  agreed: boolean;
  submitted: boolean;
  /** spec 000 §8: not-found opens the onboard modal only on a customer site. */
  isCustomerSite: boolean;
  errorKey: ErrorKey | null;
  errorCode: string | null;
}

export type SignUpEvent =
  | { type: 'field.change'; field: SignUpField; value: string }
  | { type: 'agreement.change'; agreed: boolean }
  | { type: 'form.submit' }
  | { type: 'dialog.close' };

export interface SignUpInput {
  isCustomerSite: boolean;
}

const ALREADY_EXISTS_CODES = ['already-exists', 'functions/already-exists', 'auth/email-already-in-use'];
const NOT_FOUND_CODES = ['not-found', 'functions/not-found'];

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
  },
  actors: {
    createAccount: provided<Sig['createAccount']>('createAccount'),
    signInWithEmail: provided<Sig['signInWithEmail']>('signInWithEmail'),
  },
  guards: {
    isFormValid: ({ context }) =>
      signUpSchema.safeParse({ email: context.email, password: context.password, agreed: context.agreed }).success,
    isTrue: (_, params: { value: boolean }) => params.value,
    hasErrorCode: (_, params: { code: string; codes: string[] }) => params.codes.includes(params.code),
    isOnboardCandidate: ({ context }, params: { code: string }) =>
      context.isCustomerSite && NOT_FOUND_CODES.includes(params.code),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { ...context, [event.field]: event.value, errorKey: null, errorCode: null };
    }),
    assignAgreement: assign(({ event }) => {
      assertEvent(event, 'agreement.change');
      return { agreed: event.agreed, errorKey: null, errorCode: null };
    }),
    assignSubmitted: assign({ submitted: true, errorKey: null, errorCode: null }),
    assignError: assign((_, params: { key: ErrorKey; code: string | null }) => ({
      errorKey: params.key,
      errorCode: params.code,
    })),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    email: '',
    password: '',
    agreed: false,
    submitted: false,
    isCustomerSite: input.isCustomerSite,
    errorKey: null,
    errorCode: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': { actions: 'assignField' },
        'agreement.change': { actions: 'assignAgreement' },
        'form.submit': [
          { guard: 'isFormValid', target: 'creating', actions: 'assignSubmitted' },
          { actions: 'assignSubmitted' },
        ],
      },
    },
    creating: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context }) => ({ email: normalizeEmail(context.email), password: context.password }),
        onDone: [
          // spec 000 §7 signUp: a truthy result means sign in directly.
          { guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) }, target: 'signingIn' },
          { target: 'verificationSent' },
        ],
        onError: [
          {
            guard: {
              type: 'hasErrorCode',
              params: ({ event }) => ({ code: portErrorCode(event.error), codes: ALREADY_EXISTS_CODES }),
            },
            target: 'failed',
            actions: { type: 'assignError', params: { key: ERROR_KEYS.emailInUse, code: null } },
          },
          {
            guard: { type: 'isOnboardCandidate', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            target: 'onboardDialog',
          },
          {
            target: 'failed',
            actions: {
              type: 'assignError',
              params: ({ event }) => ({ key: ERROR_KEYS.createAccountFailed, code: portErrorCode(event.error) }),
            },
          },
        ],
      },
    },
    signingIn: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'signInWithEmail',
        src: 'signInWithEmail',
        input: ({ context }) => ({ email: normalizeEmail(context.email), password: context.password }),
        onDone: 'signedIn',
        // The account exists; the verification notice leads to sign-in like any other new account.
        onError: 'verificationSent',
      },
    },
    failed: {
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignField' },
        'agreement.change': { target: 'editing', actions: 'assignAgreement' },
        'form.submit': { guard: 'isFormValid', target: 'creating', actions: 'assignSubmitted' },
      },
    },
    onboardDialog: {
      // 'You're Almost There!' with a link to onboarding (spec 000 §8).
      tags: ['dialog.onboard'],
      on: { 'dialog.close': 'editing' },
    },
    verificationSent: {
      // The email-verification notice, then sign-in with the email kept (spec 000 §4.3).
      type: 'final',
      tags: ['success', 'notice.verification'],
    },
    signedIn: {
      type: 'final',
      tags: ['success'],
    },
  },
});
