import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { SSO_ERROR_TOAST_MS } from '../../src/domain/constants';
import { ROUTES } from '../../src/domain/routes';
import { ERROR_KEYS, errorKeyFor, type ErrorKey, type ErrorTable } from '../../src/domain/errors';
import type { SingleSignOnProvider } from '../../src/domain/flags';
import { normalizeEmail, signInSchema } from '../../src/domain/validation';
import { portErrorCode, type NavigateEmitted, type NotifyEmitted, type RouteChangedEvent, type SignInFailureReason } from '../ports';
import type { ProviderSignOnOutput, SignInActorSignatures } from './ports';
import { providerSignOnMachine, signOnCode, signOnInput } from './providerSignOn.machine';
import { provided } from '../actors';
import { changedForm, fieldErrorsFor, hasFieldErrors, shownFieldErrors, submittedForm, type FieldChangeEvent, type FieldErrors, type FormSubmitEvent } from '../form';
import { machineSpec, spec } from '../spec';

// spec 000 §4.3 (sign-in with email and password, or single sign-on through a popup or redirect), §4.1 (a
// failure can divert to the welcome migration modal) and §8 (sign-in messages). The single sign-on buttons show per
// the flags (src/domain/flags.ts singleSignOnProviders; off on the app site by default). The provider's identity comes
// from the single sign-on machine sign-up shares (providerSignOn.machine.ts): cancelling is silent; another account
// than the linked one gives sso-user-mismatch; any other failure gives sso-sign-in-failed with its reference code in a
// toast shown 10 s (spec 000 §8), and the form stays as it was. An identity that belongs to no account of the app (the
// provider sign-in just made it) never becomes a session: the server deletes it (discardProviderIdentity) and the
// page says the account does not exist ('This user has not yet created an account in the app.', spec 000 §2.2, §8).
// spec 002 §2 modal routes welcome/* and reset-password: the welcome migration modal is /sign-in/welcome/{reason}
// and the forgot-password dialog /sign-in/reset-password (route⇄machine pattern, machines/ports.ts): opening one adds
// its address to the history, Back closes it, a reload or a link reopens it. spec 000 §4.4, spec 002 §9: signing in
// from the forgot-password flow goes back the 1 or 2 steps the flow added (the dialog, or the welcome modal and the
// dialog) rather than adding /sign-in once more; a flow that did not start on this page (a link, a reload) has no
// steps to go back, so its address is replaced by /sign-in.

type Sig = SignInActorSignatures;

/** The forgot-password dialog's modal route (spec 002 §2 reset-password). */
export const SIGN_IN_RESET_PASSWORD_PATH = `${ROUTES.signIn}/reset-password`;
const WELCOME_PATH_PREFIX = `${ROUTES.signIn}/welcome/`;
type MigrationReason = Extract<SignInFailureReason, 'migration' | 'newViaApi'>;

/** The welcome migration modal's route (spec 002 §2 welcome/*), by the reason the server gave. */
export function signInWelcomePath(reason: MigrationReason): string {
  return `${WELCOME_PATH_PREFIX}${reason}`;
}

/** Which of the sign-in page's modal routes an address is, if any. */
export function signInDialogOf(path: string): { dialog: 'resetLink' } | { dialog: 'welcome'; reason: MigrationReason } | null {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === SIGN_IN_RESET_PASSWORD_PATH) return { dialog: 'resetLink' };
  if (trimmed.startsWith(WELCOME_PATH_PREFIX)) {
    return { dialog: 'welcome', reason: trimmed.slice(WELCOME_PATH_PREFIX.length) === 'newViaApi' ? 'newViaApi' : 'migration' };
  }
  return null;
}

export type SignInField = 'email' | 'password';

export interface SignInContext {
  email: string;
  password: string;
  /** The form was submitted at least once: field errors show from then on (machines/form.ts). */
  submitted: boolean;
  fieldErrors: FieldErrors<SignInField>;
  errorKey: ErrorKey | null;
  /** The identity provider's or server's code, shown in reference-code messages. */
  errorCode: string | null;
  /** Single-sign-on providers of the account (sso failure reason). */
  providerIds: string[];
  migrationReason: MigrationReason | null;
  /** The provider of the single sign-on under way or last tried. */
  ssoProvider: SingleSignOnProvider | null;
  /** Single sign-on goes by redirect rather than popup from the start (an installed app, where popups fail). */
  preferRedirect: boolean;
  /** The page loaded on the return from the provider's redirect sign-in (its result is read first). */
  redirectPending: boolean;
  /** The page has been told its address at least once (a later dialog address is the browser's Forward). */
  routeKnown: boolean;
  /** History entries the open dialogs added above /sign-in (0: unknown, the address is replaced instead). */
  stepsBack: number;
}

export type SignInEvent =
  | FieldChangeEvent<SignInField>
  | FormSubmitEvent
  | { type: 'resetLink.open' }
  | { type: 'dialog.close' }
  | { type: 'sso.start'; providerId: SingleSignOnProvider }
  | RouteChangedEvent;

export interface SignInInput {
  email?: string;
  /** The provider of a redirect sign-in this tab started and has not completed (AuthPort.pendingProviderRedirect). */
  redirectProvider?: SingleSignOnProvider | null;
  /** Single sign-on by redirect rather than popup (an installed app). */
  preferRedirect?: boolean;
}

/** The single sign-on failure's reference-code toast (spec 000 §8, shown SSO_ERROR_TOAST_MS). */
export type SignInEmitted = NotifyEmitted<typeof ERROR_KEYS.ssoSignInFailed> | NavigateEmitted;

export type SignInTag = 'form' | 'busy' | 'error' | 'success' | 'dialog.welcome' | 'dialog.resetLink';

// Codes that mean "these credentials do not sign in": the server is asked why (sso, migration, newViaApi).
const CREDENTIAL_FAILURE_CODES = ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/user-not-found'];
// spec 000 §8 sign-in messages by the identity provider's code.
const DELETED_USER: ErrorTable[number] = [['auth/user-not-found', 'auth/user-disabled'], ERROR_KEYS.userDeleted];
/** A failed sign-in; any other code: 'Unable to authenticate. ... Code'. */
const SIGN_IN_ERRORS: ErrorTable = [[['auth/too-many-requests'], ERROR_KEYS.tooManyAttempts], DELETED_USER];
/** Credentials refused and the server gave no other reason; any other code: the wrong-password message. */
const CREDENTIAL_ERRORS: ErrorTable = [DELETED_USER];

const FIELD_ERROR_KEYS = { email: ERROR_KEYS.emailInvalid, password: ERROR_KEYS.passwordRequired } as const;

/** Any failure after the provider's identity: the reference-code toast, the form as it was (spec 000 §8). */
const ssoFailureToast = {
  target: 'editing',
  actions: { type: 'notifySsoFailure', params: ({ event }: { event: { error: unknown } }) => ({ code: portErrorCode(event.error) }) },
} as const;

function fieldErrorsOf(values: Pick<SignInContext, SignInField>): FieldErrors<SignInField> {
  return fieldErrorsFor(signInSchema, { email: values.email, password: values.password }, FIELD_ERROR_KEYS);
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    tags: {} as SignInTag,
    emitted: {} as SignInEmitted,
  },
  actors: {
    signInWithEmail: provided<Sig['signInWithEmail']>('signInWithEmail'),
    checkSignInFailureReason: provided<Sig['checkSignInFailureReason']>('checkSignInFailureReason'),
    providerSignOn: providerSignOnMachine,
    discardProviderIdentity: provided<Sig['discardProviderIdentity']>('discardProviderIdentity'),
    adoptProviderIdentity: provided<Sig['adoptProviderIdentity']>('adoptProviderIdentity'),
  },
  guards: {
    isFormValid: ({ context }) => !hasFieldErrors(fieldErrorsOf(context)),
    hasErrorCode: (_, params: { code: string; codes: readonly string[] }) => params.codes.includes(params.code),
    isFailureReason: (_, params: { reason: SignInFailureReason; reasons: SignInFailureReason[] }) =>
      params.reasons.includes(params.reason),
    isDialogRoute: (_, params: { path: string; dialog: 'resetLink' | 'welcome' }) => signInDialogOf(params.path)?.dialog === params.dialog,
    isSignInRoute: (_, params: { path: string }) => signInDialogOf(params.path) === null,
    hasStepsBack: ({ context }) => context.stepsBack > 0,
    isRedirectPending: ({ context }) => context.redirectPending,
    isIdentified: (_, params: { output: ProviderSignOnOutput }) => params.output.result === 'identified',
    isOtherAccount: (_, params: { output: ProviderSignOnOutput }) => params.output.result === 'mismatch',
    isSignOnFailure: (_, params: { output: ProviderSignOnOutput }) => params.output.result === 'failed',
    // An account's identity: not just made by the provider sign-in, and its token carries the account's claims.
    isAccountIdentity: (_, params: { output: ProviderSignOnOutput }) =>
      params.output.result === 'identified' && !params.output.identity.isNewUser && params.output.identity.hasClaims,
    isDiscarded: (_, params: { discarded: boolean }) => params.discarded,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return changedForm({ email: context.email, password: context.password, [event.field]: event.value }, context.submitted, fieldErrorsOf);
    }),
    assignSubmitted: assign(({ context }) => submittedForm(fieldErrorsOf(context))),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignError: assign((_, params: { key: ErrorKey }) => ({ errorKey: params.key })),
    assignCredentialError: assign(({ context }) => ({
      errorKey: errorKeyFor(context.errorCode, CREDENTIAL_ERRORS, ERROR_KEYS.wrongPassword),
    })),
    // spec 000 §8: several providers are joined with 'and' and use the plural wording.
    assignSsoProviders: assign((_, params: { providerIds: string[] }) => ({
      providerIds: params.providerIds,
      errorKey: params.providerIds.length > 1 ? ERROR_KEYS.ssoOnlyAccountMany : ERROR_KEYS.ssoOnlyAccount,
    })),
    assignMigrationReason: assign((_, params: { reason: SignInFailureReason }) => ({
      migrationReason: params.reason === 'newViaApi' ? ('newViaApi' as const) : ('migration' as const),
    })),
    assignSsoProvider: assign((_, params: { providerId: SingleSignOnProvider }) => ({
      ssoProvider: params.providerId,
      errorKey: null,
      errorCode: null,
    })),
    // The message names the provider of the popup (spec 000 §8 '{provider}').
    assignSsoError: assign(({ context }, params: { key: ErrorKey; code: string }) => ({
      errorKey: params.key,
      errorCode: params.code,
      providerIds: context.ssoProvider ? [context.ssoProvider] : [],
    })),
    assignRedirectDone: assign({ redirectPending: false }),
    notifySsoFailure: emit((_, params: { code: string }) => ({
      type: 'notify' as const,
      level: 'error' as const,
      key: ERROR_KEYS.ssoSignInFailed,
      values: { code: params.code },
      durationMs: SSO_ERROR_TOAST_MS,
    })),
    assignRouteKnown: assign({ routeKnown: true }),
    assignStepsBack: assign((_, params: { steps: number }) => ({ stepsBack: Math.max(params.steps, 0) })),
    // The welcome modal reopened from its address (a reload, Back or Forward) says the address's reason.
    assignReasonFromRoute: assign((_, params: { path: string }) => {
      const dialog = signInDialogOf(params.path);
      return { migrationReason: dialog?.dialog === 'welcome' ? dialog.reason : ('migration' as const) };
    }),
    navigate: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, ...params })),
    // Back to /sign-in by the steps the dialogs added (spec 000 §4.4: 1 or 2).
    navigateBack: emit((_, params: { steps: number }) => ({ type: 'navigate' as const, to: ROUTES.signIn, back: params.steps })),
    clearPassword: assign(({ context }) => ({
      password: '',
      fieldErrors: shownFieldErrors(context.submitted, () => fieldErrorsOf({ email: context.email, password: '' })),
    })),
  },
}).createMachine({
  id: 'signIn',
  meta: machineSpec(['000 §4.3', '000 §4.1', '000 §8', '002 §2'], ['starting']),
  context: ({ input }) => ({
    email: input.email ?? '',
    password: '',
    submitted: false,
    fieldErrors: {},
    errorKey: null,
    errorCode: null,
    providerIds: [],
    migrationReason: null,
    ssoProvider: input.redirectProvider ?? null,
    preferRedirect: input.preferRedirect ?? false,
    redirectPending: Boolean(input.redirectProvider),
    routeKnown: false,
    stepsBack: 0,
  }),
  initial: 'starting',
  states: {
    starting: {
      // A return from the provider's redirect sign-in completes it before the form shows (spec 000 §4.3).
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
        input: ({ context }) => signOnInput('signIn', context),
        onDone: [
          {
            guard: { type: 'isAccountIdentity', params: ({ event }) => ({ output: event.output }) },
            target: 'adoptingProviderIdentity',
          },
          {
            // Perhaps no account's: the server decides, and deletes it if so.
            guard: { type: 'isIdentified', params: ({ event }) => ({ output: event.output }) },
            target: 'discardingProviderIdentity',
          },
          {
            guard: { type: 'isOtherAccount', params: ({ event }) => ({ output: event.output }) },
            target: 'failed',
            actions: {
              type: 'assignSsoError',
              params: ({ event }) => ({ key: ERROR_KEYS.ssoUserMismatch, code: signOnCode(event.output) }),
            },
          },
          {
            guard: { type: 'isSignOnFailure', params: ({ event }) => ({ output: event.output }) },
            target: 'editing',
            actions: { type: 'notifySsoFailure', params: ({ event }) => ({ code: signOnCode(event.output) }) },
          },
          // Cancelled: nothing to say.
          { target: 'editing' },
        ],
      },
    },
    discardingProviderIdentity: {
      // spec 000 §4.3: a provider sign-in is no sign-up; an identity without an account goes, on the server.
      meta: spec('000 §4.3', '000 §8'),
      tags: ['busy', 'form'],
      invoke: {
        id: 'discardProviderIdentity',
        src: 'discardProviderIdentity',
        onDone: [
          {
            guard: { type: 'isDiscarded', params: ({ event }) => ({ discarded: event.output }) },
            target: 'failed',
            actions: { type: 'assignError', params: { key: ERROR_KEYS.sessionNotRegistered } },
          },
          { target: 'adoptingProviderIdentity' },
        ],
        onError: ssoFailureToast,
      },
    },
    adoptingProviderIdentity: {
      // The account's identity becomes the session.
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
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'assignSubmitted' },
          { actions: 'assignSubmitted' },
        ],
        'resetLink.open': {
          target: 'resetLinkDialog',
          actions: [
            { type: 'assignStepsBack', params: { steps: 1 } },
            { type: 'navigate', params: { to: SIGN_IN_RESET_PASSWORD_PATH, replace: false } },
          ],
        },
        'sso.start': {
          target: 'signingOnWithProvider',
          actions: { type: 'assignSsoProvider', params: ({ event }) => ({ providerId: event.providerId }) },
        },
        // A dialog's address reached by a link, a reload (no steps known) or the browser's Forward (one step).
        'route.changed': [
          {
            guard: { type: 'isDialogRoute', params: ({ event }) => ({ path: event.path, dialog: 'resetLink' as const }) },
            target: 'resetLinkDialog',
            actions: [{ type: 'assignStepsBack', params: ({ context }) => ({ steps: context.routeKnown ? 1 : 0 }) }, 'assignRouteKnown'],
          },
          {
            guard: { type: 'isDialogRoute', params: ({ event }) => ({ path: event.path, dialog: 'welcome' as const }) },
            target: 'welcome',
            actions: [
              { type: 'assignReasonFromRoute', params: ({ event }) => ({ path: event.path }) },
              { type: 'assignStepsBack', params: ({ context }) => ({ steps: context.routeKnown ? 1 : 0 }) },
              'assignRouteKnown',
            ],
          },
          { actions: 'assignRouteKnown' },
        ],
      },
    },
    submitting: {
      meta: spec('000 §4.3'),
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
            target: 'failed',
            actions: [
              { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
              {
                type: 'assignError',
                params: ({ event }) => ({ key: errorKeyFor(portErrorCode(event.error), SIGN_IN_ERRORS, ERROR_KEYS.signInFailed) }),
              },
            ],
          },
        ],
      },
    },
    checkingFailureReason: {
      // spec 000 §4.1: the server tells why (sso, migration, newViaApi, other).
      meta: spec('000 §4.3', '000 §8'),
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
              { type: 'assignStepsBack', params: { steps: 1 } },
              {
                type: 'navigate',
                params: ({ event }) => ({ to: signInWelcomePath(event.output.reason === 'newViaApi' ? 'newViaApi' : 'migration'), replace: false }),
              },
            ],
          },
          { target: 'failed', actions: 'assignCredentialError' },
        ],
        onError: { target: 'failed', actions: 'assignCredentialError' },
      },
    },
    failed: {
      meta: spec('000 §4.3', '000 §8'),
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignField' },
        'form.submit': { guard: 'isFormValid', target: 'submitting', actions: 'assignSubmitted' },
        'resetLink.open': {
          target: 'resetLinkDialog',
          actions: [
            { type: 'assignStepsBack', params: { steps: 1 } },
            { type: 'navigate', params: { to: SIGN_IN_RESET_PASSWORD_PATH, replace: false } },
          ],
        },
        'sso.start': {
          target: 'signingOnWithProvider',
          actions: { type: 'assignSsoProvider', params: ({ event }) => ({ providerId: event.providerId }) },
        },
        // A dialog's address reached by a link, a reload (no steps known) or the browser's Forward (one step).
        'route.changed': [
          {
            guard: { type: 'isDialogRoute', params: ({ event }) => ({ path: event.path, dialog: 'resetLink' as const }) },
            target: 'resetLinkDialog',
            actions: [{ type: 'assignStepsBack', params: ({ context }) => ({ steps: context.routeKnown ? 1 : 0 }) }, 'assignRouteKnown'],
          },
          {
            guard: { type: 'isDialogRoute', params: ({ event }) => ({ path: event.path, dialog: 'welcome' as const }) },
            target: 'welcome',
            actions: [
              { type: 'assignReasonFromRoute', params: ({ event }) => ({ path: event.path }) },
              { type: 'assignStepsBack', params: ({ context }) => ({ steps: context.routeKnown ? 1 : 0 }) },
              'assignRouteKnown',
            ],
          },
          { actions: 'assignRouteKnown' },
        ],
      },
    },
    welcome: {
      // The welcome migration modal (spec 000 §4.1) at /sign-in/welcome/{reason}: the account was migrated or created
      // for the customer.
      meta: spec('000 §4.3', '002 §2'),
      tags: ['dialog.welcome'],
      on: {
        'resetLink.open': {
          target: 'resetLinkDialog',
          actions: [
            { type: 'assignStepsBack', params: ({ context }) => ({ steps: context.stepsBack === 0 ? 0 : context.stepsBack + 1 }) },
            { type: 'navigate', params: { to: SIGN_IN_RESET_PASSWORD_PATH, replace: false } },
          ],
        },
        // Back to sign-in by the steps the flow added, or in place when none are known.
        'dialog.close': [
          {
            guard: 'hasStepsBack',
            target: 'editing',
            actions: [{ type: 'navigateBack', params: ({ context }) => ({ steps: context.stepsBack }) }, { type: 'assignStepsBack', params: { steps: 0 } }],
          },
          { target: 'editing', actions: { type: 'navigate', params: { to: ROUTES.signIn, replace: true } } },
        ],
        'route.changed': [
          { guard: { type: 'isSignInRoute', params: ({ event }) => ({ path: event.path }) }, target: 'editing', actions: { type: 'assignStepsBack', params: { steps: 0 } } },
          {
            // The browser's Forward to the dialog it had opened.
            guard: { type: 'isDialogRoute', params: ({ event }) => ({ path: event.path, dialog: 'resetLink' as const }) },
            target: 'resetLinkDialog',
            actions: { type: 'assignStepsBack', params: ({ context }) => ({ steps: context.stepsBack === 0 ? 0 : context.stepsBack + 1 }) },
          },
        ],
      },
    },
    resetLinkDialog: {
      // The request of a reset link (machines/account/resetLinkRequest.machine.ts) in a dialog at
      // /sign-in/reset-password.
      meta: spec('000 §4.3', '000 §4.4', '002 §2'),
      tags: ['dialog.resetLink'],
      on: {
        // Back to sign-in by the steps the flow added, or in place when none are known.
        'dialog.close': [
          {
            guard: 'hasStepsBack',
            target: 'editing',
            actions: [{ type: 'navigateBack', params: ({ context }) => ({ steps: context.stepsBack }) }, { type: 'assignStepsBack', params: { steps: 0 } }],
          },
          { target: 'editing', actions: { type: 'navigate', params: { to: ROUTES.signIn, replace: true } } },
        ],
        'route.changed': [
          { guard: { type: 'isSignInRoute', params: ({ event }) => ({ path: event.path }) }, target: 'editing', actions: { type: 'assignStepsBack', params: { steps: 0 } } },
          {
            // Back from the dialog to the welcome modal that opened it.
            guard: { type: 'isDialogRoute', params: ({ event }) => ({ path: event.path, dialog: 'welcome' as const }) },
            target: 'welcome',
            actions: [
              { type: 'assignReasonFromRoute', params: ({ event }) => ({ path: event.path }) },
              { type: 'assignStepsBack', params: ({ context }) => ({ steps: context.stepsBack - 1 }) },
            ],
          },
        ],
      },
    },
    signedIn: {
      meta: spec('000 §4.3'),
      type: 'final',
      tags: ['success'],
    },
  },
});

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export const signInSelectors = {
  email: (s: SignInSnapshot) => s.context.email,
  password: (s: SignInSnapshot) => s.context.password,
  fieldErrors: (s: SignInSnapshot) => s.context.fieldErrors,
  /** The page's message while the form shows a failure. */
  errorKey: (s: SignInSnapshot) => (s.hasTag('error') ? s.context.errorKey : null),
  errorCode: (s: SignInSnapshot) => s.context.errorCode,
  providerIds: (s: SignInSnapshot) => s.context.providerIds,
  /** After success the session takes over; the button stays busy until the page is left. */
  busy: (s: SignInSnapshot) => s.hasTag('busy') || s.hasTag('success'),
  welcomeOpen: (s: SignInSnapshot) => s.hasTag('dialog.welcome'),
  migrationReason: (s: SignInSnapshot) => s.context.migrationReason,
  resetLinkOpen: (s: SignInSnapshot) => s.hasTag('dialog.resetLink'),
};
