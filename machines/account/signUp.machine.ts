import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS, failureMessageFor, type ErrorKey, type ErrorTable } from '../../src/domain/errors';
import { normalizeEmail, signUpSchema } from '../../src/domain/validation';
import { ROUTES } from '../../src/domain/routes';
import { portErrorCode, type NavigateEmitted, type RouteChangedEvent } from '../ports';
import type { SignUpActorSignatures } from './ports';
import { provided } from '../actors';
import { changedForm, fieldErrorsFor, hasFieldErrors, submittedForm, type FieldChangeEvent, type FieldErrors, type FormSubmitEvent } from '../form';
import { machineSpec, spec } from '../spec';

// spec 000 §4.3 (enter credentials, agree, create; a true result signs in directly, otherwise the
// email-verification notice and then sign-in) and §8 (sign-up messages, the onboard modal). spec 002 §2 modal route
// onboard: the onboard modal is /sign-up/onboard (route⇄machine pattern, machines/ports.ts): opening it adds the
// address to the history, Back or Close goes back to /sign-up, and a reload or a link reopens it.

type Sig = SignUpActorSignatures;

export type SignUpField = 'email' | 'password';
/** The fields that show an error: the credentials and the agreement checkbox. */
export type SignUpCheckedField = SignUpField | 'agreed';

export interface SignUpContext {
  email: string;
  password: string;
  agreed: boolean;
  /** The form was submitted at least once: field errors show from then on (machines/form.ts). */
  submitted: boolean;
  fieldErrors: FieldErrors<SignUpCheckedField>;
  /** spec 000 §8: not-found opens the onboard modal only on a customer site. */
  isCustomerSite: boolean;
  errorKey: ErrorKey | null;
  errorCode: string | null;
  /** The onboard modal's address was added by this page (Close goes back), not arrived at by a link or a reload. */
  onboardPushed: boolean;
}

export type SignUpEvent =
  | FieldChangeEvent<SignUpField>
  | { type: 'agreement.change'; agreed: boolean }
  | FormSubmitEvent
  | { type: 'dialog.close' }
  | RouteChangedEvent;

export interface SignUpInput {
  isCustomerSite: boolean;
}

export type SignUpTag = 'form' | 'busy' | 'error' | 'success' | 'dialog.onboard' | 'notice.verification';

/** spec 000 §8 sign-up messages; any other code: 'Unable to create account. ... Code'. */
const SIGN_UP_ERRORS: ErrorTable = [[['already-exists', 'auth/email-already-in-use'], ERROR_KEYS.emailInUse]];
const NOT_FOUND_CODES = ['not-found'];

const FIELD_ERROR_KEYS = {
  email: ERROR_KEYS.emailInvalid,
  password: ERROR_KEYS.passwordRequirements,
  agreed: ERROR_KEYS.agreementRequired,
} as const;

function fieldErrorsOf(values: Pick<SignUpContext, SignUpCheckedField>): FieldErrors<SignUpCheckedField> {
  return fieldErrorsFor(signUpSchema, { email: values.email, password: values.password, agreed: values.agreed }, FIELD_ERROR_KEYS);
}

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
    tags: {} as SignUpTag,
    emitted: {} as NavigateEmitted,
  },
  actors: {
    createAccount: provided<Sig['createAccount']>('createAccount'),
    signInWithEmail: provided<Sig['signInWithEmail']>('signInWithEmail'),
  },
  guards: {
    isFormValid: ({ context }) => !hasFieldErrors(fieldErrorsOf(context)),
    isTrue: (_, params: { value: boolean }) => params.value,
    isOnboardCandidate: ({ context }, params: { code: string }) =>
      context.isCustomerSite && NOT_FOUND_CODES.includes(params.code),
    isOnboardRoute: (_, params: { path: string }) => params.path.replace(/\/+$/, '') === ROUTES.signUpOnboard,
    isLeftOnboardRoute: (_, params: { path: string }) => params.path.replace(/\/+$/, '') !== ROUTES.signUpOnboard,
    isOnboardPushed: ({ context }) => context.onboardPushed,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values = { email: context.email, password: context.password, agreed: context.agreed, [event.field]: event.value };
      return changedForm(values, context.submitted, fieldErrorsOf);
    }),
    assignAgreement: assign(({ context, event }) => {
      assertEvent(event, 'agreement.change');
      return changedForm({ email: context.email, password: context.password, agreed: event.agreed }, context.submitted, fieldErrorsOf);
    }),
    assignSubmitted: assign(({ context }) => submittedForm(fieldErrorsOf(context))),
    assignError: assign((_, params: { key: ErrorKey; code: string | null }) => ({
      errorKey: params.key,
      errorCode: params.code,
    })),
    assignOnboardPushed: assign((_, params: { pushed: boolean }) => ({ onboardPushed: params.pushed })),
    navigate: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, ...params })),
    navigateBack: emit(() => ({ type: 'navigate' as const, to: ROUTES.signUp, back: 1 })),
  },
}).createMachine({
  id: 'signUp',
  meta: machineSpec(['000 §4.3', '000 §7', '000 §8']),
  context: ({ input }) => ({
    email: '',
    password: '',
    agreed: false,
    submitted: false,
    fieldErrors: {},
    isCustomerSite: input.isCustomerSite,
    errorKey: null,
    errorCode: null,
    onboardPushed: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: spec('000 §4.3'),
      tags: ['form'],
      on: {
        'field.change': { actions: 'assignField' },
        'agreement.change': { actions: 'assignAgreement' },
        'form.submit': [
          { guard: 'isFormValid', target: 'creating', actions: 'assignSubmitted' },
          { actions: 'assignSubmitted' },
        ],
        // The onboard modal's address reached by a link, a reload or the browser's Forward.
        'route.changed': {
          guard: { type: 'isOnboardRoute', params: ({ event }) => ({ path: event.path }) },
          target: 'onboardDialog',
          actions: { type: 'assignOnboardPushed', params: { pushed: false } },
        },
      },
    },
    creating: {
      meta: spec('000 §4.3', '000 §7'),
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
            guard: { type: 'isOnboardCandidate', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            target: 'onboardDialog',
            actions: [
              { type: 'assignOnboardPushed', params: { pushed: true } },
              { type: 'navigate', params: { to: ROUTES.signUpOnboard, replace: false } },
            ],
          },
          {
            target: 'failed',
            actions: {
              type: 'assignError',
              params: ({ event }) => failureMessageFor(portErrorCode(event.error), SIGN_UP_ERRORS, ERROR_KEYS.createAccountFailed),
            },
          },
        ],
      },
    },
    signingIn: {
      meta: spec('000 §4.3'),
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
      meta: spec('000 §4.3'),
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignField' },
        'agreement.change': { target: 'editing', actions: 'assignAgreement' },
        'form.submit': { guard: 'isFormValid', target: 'creating', actions: 'assignSubmitted' },
      },
    },
    onboardDialog: {
      // 'You're Almost There!' with a link to onboarding (spec 000 §8).
      meta: spec('000 §4.3', '000 §8'),
      tags: ['dialog.onboard'],
      on: {
        'dialog.close': [
          { guard: 'isOnboardPushed', target: 'editing', actions: ['navigateBack', { type: 'assignOnboardPushed', params: { pushed: false } }] },
          { target: 'editing', actions: { type: 'navigate', params: { to: ROUTES.signUp, replace: true } } },
        ],
        // Back closes it.
        'route.changed': {
          guard: { type: 'isLeftOnboardRoute', params: ({ event }) => ({ path: event.path }) },
          target: 'editing',
          actions: { type: 'assignOnboardPushed', params: { pushed: false } },
        },
      },
    },
    verificationSent: {
      // The email-verification notice, then sign-in with the email kept (spec 000 §4.3).
      meta: spec('000 §4.3'),
      type: 'final',
      tags: ['success', 'notice.verification'],
    },
    signedIn: {
      meta: spec('000 §4.3'),
      type: 'final',
      tags: ['success'],
    },
  },
});

export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

export const signUpSelectors = {
  email: (s: SignUpSnapshot) => s.context.email,
  password: (s: SignUpSnapshot) => s.context.password,
  agreed: (s: SignUpSnapshot) => s.context.agreed,
  fieldErrors: (s: SignUpSnapshot) => s.context.fieldErrors,
  /** The page's message while the form shows a failure. */
  errorKey: (s: SignUpSnapshot) => (s.hasTag('error') ? s.context.errorKey : null),
  errorCode: (s: SignUpSnapshot) => s.context.errorCode,
  busy: (s: SignUpSnapshot) => s.hasTag('busy'),
  onboardOpen: (s: SignUpSnapshot) => s.hasTag('dialog.onboard'),
  verificationSent: (s: SignUpSnapshot) => s.hasTag('notice.verification'),
};
