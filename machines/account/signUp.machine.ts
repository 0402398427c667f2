import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { SSO_ERROR_TOAST_MS } from '../../src/domain/constants';
import { ERROR_KEYS, failureMessageFor, type ErrorKey, type ErrorTable } from '../../src/domain/errors';
import type { SingleSignOnProvider } from '../../src/domain/flags';
import { normalizeEmail, signUpSchema } from '../../src/domain/validation';
import { ROUTES } from '../../src/domain/routes';
import { portErrorCode, type NavigateEmitted, type NotifyEmitted, type RouteChangedEvent } from '../ports';
import type { ProviderSignOnOutput, SignUpActorSignatures } from './ports';
import { providerSignOnMachine, signOnCode, signOnInput } from './providerSignOn.machine';
import { provided } from '../actors';
import { changedForm, fieldErrorsFor, hasFieldErrors, submittedForm, type FieldChangeEvent, type FieldErrors, type FormSubmitEvent } from '../form';
import { machineSpec, spec } from '../spec';

// spec 000 §4.3 (enter credentials, agree, create; a true result signs in directly, otherwise the
// email-verification notice and then sign-in) and §8 (sign-up messages, the onboard modal). spec 002 §2 modal route
// onboard: the onboard modal is /sign-up/onboard (route⇄machine pattern, machines/ports.ts): opening it adds the
// address to the history, Back or Close goes back to /sign-up, and a reload or a link reopens it.
//
// Sign-up by single sign-on (spec 000 §4.3 "through a popup or redirect", §8): after the agreement, a provider button
// gets the provider's identity from the single sign-on machine sign-in shares (providerSignOn.machine.ts: by popup, or
// by redirect, the page then coming back to /sign-up), apart from the app's session; the server makes
// the account only for an email the CRM holds (signUpWithProvider: not-found opens the onboard modal on a customer
// site, already-exists the email-in-use message), and the identity then becomes the session (signed in directly).
// Closing or cancelling the provider's window is silent; any other failure gives sso-sign-up-failed with its
// reference code in a toast shown 10 s (spec 000 §8), the form as it was.

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
  /** The provider of the single sign-on under way or last tried. */
  ssoProvider: SingleSignOnProvider | null;
  /** Single sign-on goes by redirect rather than popup from the start (an installed app). */
  preferRedirect: boolean;
  /** The page loaded on the return from the provider's redirect (its result is read first). */
  redirectPending: boolean;
  /** The onboard modal's address was added by this page (Close goes back), not arrived at by a link or a reload. */
  onboardPushed: boolean;
}

export type SignUpEvent =
  | FieldChangeEvent<SignUpField>
  | { type: 'agreement.change'; agreed: boolean }
  | FormSubmitEvent
  | { type: 'dialog.close' }
  | { type: 'sso.start'; providerId: SingleSignOnProvider }
  | RouteChangedEvent;

export interface SignUpInput {
  isCustomerSite: boolean;
  /** The provider of a sign-up redirect this tab started and has not completed (AuthPort.pendingProviderRedirect). */
  redirectProvider?: SingleSignOnProvider | null;
  /** Single sign-on by redirect rather than popup (an installed app). */
  preferRedirect?: boolean;
}

/** The single sign-on failure's reference-code toast (spec 000 §8, shown SSO_ERROR_TOAST_MS). */
export type SignUpEmitted = NotifyEmitted<typeof ERROR_KEYS.ssoSignUpFailed> | NavigateEmitted;

export type SignUpTag = 'form' | 'busy' | 'error' | 'success' | 'dialog.onboard' | 'notice.verification';

/** spec 000 §8 sign-up messages; any other code: 'Unable to create account. ... Code'. */
const SIGN_UP_ERRORS: ErrorTable = [[['already-exists', 'auth/email-already-in-use'], ERROR_KEYS.emailInUse]];
const NOT_FOUND_CODES = ['not-found'];
const ALREADY_EXISTS_CODES = ['already-exists', 'auth/email-already-in-use', 'auth/account-exists-with-different-credential'];
/** Any failure after the provider's identity: the reference-code toast, the form as it was (spec 000 §8). */
const ssoFailureToast = {
  target: 'editing',
  actions: { type: 'notifySsoFailure', params: ({ event }: { event: { error: unknown } }) => ({ code: portErrorCode(event.error) }) },
} as const;

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
    emitted: {} as SignUpEmitted,
  },
  actors: {
    createAccount: provided<Sig['createAccount']>('createAccount'),
    signInWithEmail: provided<Sig['signInWithEmail']>('signInWithEmail'),
    providerSignOn: providerSignOnMachine,
    createProviderAccount: provided<Sig['createProviderAccount']>('createProviderAccount'),
    adoptProviderIdentity: provided<Sig['adoptProviderIdentity']>('adoptProviderIdentity'),
  },
  guards: {
    isFormValid: ({ context }) => !hasFieldErrors(fieldErrorsOf(context)),
    isTrue: (_, params: { value: boolean }) => params.value,
    isOnboardCandidate: ({ context }, params: { code: string }) =>
      context.isCustomerSite && NOT_FOUND_CODES.includes(params.code),
    isOnboardRoute: (_, params: { path: string }) => params.path.replace(/\/+$/, '') === ROUTES.signUpOnboard,
    isLeftOnboardRoute: (_, params: { path: string }) => params.path.replace(/\/+$/, '') !== ROUTES.signUpOnboard,
    isOnboardPushed: ({ context }) => context.onboardPushed,
    // spec 000 §4.3 "agree": a provider button, like the create button, needs the agreement first.
    isAgreementMissing: ({ context }) => fieldErrorsOf(context).agreed !== undefined,
    isRedirectPending: ({ context }) => context.redirectPending,
    isIdentified: (_, params: { output: ProviderSignOnOutput }) => params.output.result === 'identified',
    isCancelled: (_, params: { output: ProviderSignOnOutput }) => params.output.result === 'cancelled',
    hasErrorCode: (_, params: { code: string; codes: readonly string[] }) => params.codes.includes(params.code),
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
    // Only the agreement's message: the email and password are not the provider button's.
    assignAgreementRequired: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, agreed: FIELD_ERROR_KEYS.agreed },
      errorKey: null,
      errorCode: null,
    })),
    assignSsoProvider: assign((_, params: { providerId: SingleSignOnProvider }) => ({
      ssoProvider: params.providerId,
      errorKey: null,
      errorCode: null,
    })),
    assignRedirectDone: assign({ redirectPending: false }),
    notifySsoFailure: emit((_, params: { code: string }) => ({
      type: 'notify' as const,
      level: 'error' as const,
      key: ERROR_KEYS.ssoSignUpFailed,
      values: { code: params.code },
      durationMs: SSO_ERROR_TOAST_MS,
    })),
    navigate: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, ...params })),
    navigateBack: emit(() => ({ type: 'navigate' as const, to: ROUTES.signUp, back: 1 })),
  },
}).createMachine({
  id: 'signUp',
  meta: machineSpec(['000 §4.3', '000 §7', '000 §8', '002 §8'], ['starting']),
  context: ({ input }) => ({
    email: '',
    password: '',
    // The person agreed before leaving for the provider (the button asks for it).
    agreed: Boolean(input.redirectProvider),
    submitted: false,
    fieldErrors: {},
    isCustomerSite: input.isCustomerSite,
    errorKey: null,
    errorCode: null,
    ssoProvider: input.redirectProvider ?? null,
    preferRedirect: input.preferRedirect ?? false,
    redirectPending: Boolean(input.redirectProvider),
    onboardPushed: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      // A return from the provider's redirect reads its result before the form shows (spec 000 §4.3).
      always: [{ guard: 'isRedirectPending', target: 'signingOnWithProvider' }, { target: 'editing' }],
    },
    signingOnWithProvider: {
      // The provider's identity by popup or redirect, apart from the app's session (providerSignOn.machine.ts).
      meta: spec('000 §4.3', '000 §8'),
      tags: ['busy', 'form'],
      exit: 'assignRedirectDone',
      invoke: {
        id: 'providerSignOn',
        src: 'providerSignOn',
        input: ({ context }) => signOnInput('signUp', context),
        onDone: [
          {
            guard: { type: 'isIdentified', params: ({ event }) => ({ output: event.output }) },
            target: 'creatingProviderAccount',
          },
          { guard: { type: 'isCancelled', params: ({ event }) => ({ output: event.output }) }, target: 'editing' },
          // Any failure (another account than the linked one too): the reference-code toast.
          { target: 'editing', actions: { type: 'notifySsoFailure', params: ({ event }) => ({ code: signOnCode(event.output) }) } },
        ],
      },
    },
    creatingProviderAccount: {
      // spec 000 §7 signUp's rules for the provider's email (functions signUpWithProvider).
      meta: spec('000 §4.3', '000 §7', '000 §8'),
      tags: ['busy', 'form'],
      invoke: {
        id: 'createProviderAccount',
        src: 'createProviderAccount',
        onDone: [
          { guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) }, target: 'adoptingProviderIdentity' },
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
            guard: { type: 'hasErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error), codes: ALREADY_EXISTS_CODES }) },
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ key: ERROR_KEYS.emailInUse, code: portErrorCode(event.error) }) },
          },
          ssoFailureToast,
        ],
      },
    },
    adoptingProviderIdentity: {
      // The new account's session: signed in directly (spec 000 §4.3).
      meta: spec('000 §4.3'),
      tags: ['busy', 'form'],
      invoke: {
        id: 'adoptProviderIdentity',
        src: 'adoptProviderIdentity',
        onDone: 'signedIn',
        onError: ssoFailureToast,
      },
    },
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
        'sso.start': [
          { guard: 'isAgreementMissing', actions: 'assignAgreementRequired' },
          { target: 'signingOnWithProvider', actions: { type: 'assignSsoProvider', params: ({ event }) => ({ providerId: event.providerId }) } },
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
        // The agreement stays given here (unticking it goes back to editing).
        'sso.start': { target: 'signingOnWithProvider', actions: { type: 'assignSsoProvider', params: ({ event }) => ({ providerId: event.providerId }) } },
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
