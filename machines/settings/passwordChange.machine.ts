import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import type { Actor } from '../../src/domain/permissions';
import { isStrongPassword } from '../../src/domain/validation';
import { callable, eitherWay, provided, type CallableSig } from '../actors';
import type { FieldChangeEvent, FormSubmitEvent } from '../form';
import { portErrorCode, type NavigateEmitted, type NotifyEmitted, type RouteChangedEvent } from '../ports';
import { SETTINGS_KEYS } from './contactFields';
import { SETTINGS_ERROR_CODES, type ChangePasswordSig, type ReauthenticateSig } from './ports';
import { reauthenticationGuards, reauthenticationStates, type ReauthErrorParams } from './reauthentication';
import { machineSpec, spec } from '../spec';

// The security page's password change (spec 000 §2.5, §4.6, §5, §8): a new password that passes the checklist and its
// confirmation → changing. Changed: 'Password updated successfully' and the security flags (weak password, reset
// required) are cleared. Weak for the identity provider: 'password-requirements'; any other failure: 'Unable to set
// password… Code: {code}'. When the login is too old (requires-recent-login) the re-authentication dialog opens on the
// nested route `auth` (the route⇄machine pattern: the machine emits `navigate`, and a route that shows the dialog
// with nothing to re-authenticate for is sent back); the customer's password re-authenticates and the change is
// retried by itself; a wrong password says so in the dialog; Cancel (or leaving the route) closes it. Only the
// customer in person changes their password (a coach session is refused before any call).

/** The machine's actors: the identity provider's password change and re-authentication, and the two security flags' callables (src/contract). */
export interface PasswordChangeActors {
  changePassword: ChangePasswordSig;
  reauthenticate: ReauthenticateSig;
  clearWeakPasswordFlag: CallableSig<'clearWeakPasswordFlag'>;
  clearPasswordReset: CallableSig<'clearPasswordReset'>;
}

export type PasswordField = 'newPassword' | 'confirmPassword';

/** The new password's checklist message, the confirmation's mismatch message (settings namespace). */
export interface PasswordFieldErrors {
  newPassword?: typeof ERROR_KEYS.passwordRequirements;
  confirmPassword?: typeof SETTINGS_KEYS.passwordsDiffer;
}

export interface PasswordChangeInput {
  actor: Actor;
  /** The security page's path ('/settings/security') and its re-authentication dialog's ('/settings/security/auth'). */
  paths: { page: string; reauthentication: string };
}

export interface PasswordChangeContext {
  actor: Actor;
  paths: PasswordChangeInput['paths'];
  newPassword: string;
  confirmPassword: string;
  submitted: boolean;
  fieldErrors: PasswordFieldErrors;
  /** The form's message ('password-requirements', or the reference-code message with `errorCode`). */
  errorKey: ErrorKey | null;
  errorCode: string | null;
  /** The re-authentication dialog's message. */
  reauthErrorKey: ErrorKey | null;
  reauthErrorCode: string | null;
}

export type PasswordChangeEvent =
  | FieldChangeEvent<PasswordField>
  | FormSubmitEvent
  | { type: 'reauth.submit'; password: string }
  | { type: 'reauth.cancel' }
  | RouteChangedEvent;

export type PasswordChangeNotifyKey = typeof ERROR_KEYS.passwordUpdated | typeof ERROR_KEYS.coachNotPermitted;
export type PasswordChangeEmitted = NotifyEmitted<PasswordChangeNotifyKey> | NavigateEmitted;
export type PasswordChangeTag = 'form' | 'busy' | 'reauth' | 'success';

type PasswordErrors = PasswordFieldErrors;

/** The checklist (spec 000 §5) on the new password; the confirmation must repeat it. */
export function passwordFieldErrors(values: Pick<PasswordChangeContext, 'newPassword' | 'confirmPassword'>): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!isStrongPassword(values.newPassword)) errors.newPassword = ERROR_KEYS.passwordRequirements;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = SETTINGS_KEYS.passwordsDiffer;
  return errors;
}

const EMPTY_FORM = { newPassword: '', confirmPassword: '', submitted: false, fieldErrors: {}, errorKey: null, errorCode: null };

/**
 * Outside the re-authentication state, the dialog's route opened with nothing to re-authenticate for (a reload, a
 * typed address, Forward): back to the page.
 */
const LEAVE_REAUTHENTICATION_ROUTE = {
  'route.changed': {
    guard: { type: 'isAtReauthentication', params: ({ event }: { event: RouteChangedEvent }) => ({ path: event.path }) },
    actions: 'closeReauthentication',
  },
} as const;

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as PasswordChangeInput,
    emitted: {} as PasswordChangeEmitted,
    tags: {} as PasswordChangeTag,
  },
  actors: {
    changePassword: provided<ChangePasswordSig>('changePassword'),
    reauthenticate: provided<ReauthenticateSig>('reauthenticate'),
    clearWeakPasswordFlag: callable('clearWeakPasswordFlag'),
    clearPasswordReset: callable('clearPasswordReset'),
  },
  guards: {
    isRefused: ({ context }) => Object.keys(passwordFieldErrors(context)).length > 0,
    // Changing the sign-in password is the customer's own, as changing the email is (the contract's customerOnly).
    isNotCustomer: ({ context }) => context.actor.isAgent,
    requiresRecentLogin: (_, params: { error: unknown }) => portErrorCode(params.error) === SETTINGS_ERROR_CODES.requiresRecentLogin,
    isWeakPassword: (_, params: { error: unknown }) => portErrorCode(params.error) === SETTINGS_ERROR_CODES.weakPassword,
    isAtReauthentication: ({ context }, params: { path: string }) => params.path === context.paths.reauthentication,
    isAwayFromReauthentication: ({ context }, params: { path: string }) => params.path !== context.paths.reauthentication,
    ...reauthenticationGuards,
  },
  actions: {
    assignField: assign(({ context }, params: { field: PasswordField; value: string }) => {
      const values = { newPassword: context.newPassword, confirmPassword: context.confirmPassword, [params.field]: params.value };
      return { ...values, fieldErrors: context.submitted ? passwordFieldErrors(values) : {}, errorKey: null, errorCode: null };
    }),
    showFieldErrors: assign(({ context }) => ({ submitted: true, fieldErrors: passwordFieldErrors(context), errorKey: null, errorCode: null })),
    clearForm: assign(EMPTY_FORM),
    clearMessages: assign({ errorKey: null, errorCode: null, reauthErrorKey: null, reauthErrorCode: null }),
    assignWeak: assign({ errorKey: ERROR_KEYS.passwordRequirements, errorCode: null }),
    assignChangeFailed: assign((_, params: { error: unknown }) => ({
      errorKey: ERROR_KEYS.passwordChangeFailed,
      errorCode: portErrorCode(params.error),
    })),
    assignReauthError: assign((_, params: ReauthErrorParams) => ({
      reauthErrorKey: params.key,
      reauthErrorCode: params.error === undefined ? null : portErrorCode(params.error),
    })),
    clearReauthError: assign({ reauthErrorKey: null, reauthErrorCode: null }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyUpdated: emit({ type: 'notify', level: 'success', key: ERROR_KEYS.passwordUpdated } as const),
    openReauthentication: emit(({ context }) => ({ type: 'navigate' as const, to: context.paths.reauthentication })),
    closeReauthentication: emit(({ context }) => ({ type: 'navigate' as const, to: context.paths.page, replace: true })),
  },
}).createMachine({
  id: 'passwordChange',
  meta: machineSpec(['000 §4.6', '000 §2.5', '000 §5']),
  context: ({ input }) => ({
    actor: input.actor,
    paths: input.paths,
    ...EMPTY_FORM,
    reauthErrorKey: null,
    reauthErrorCode: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: spec('000 §4.6'),
      tags: ['form'],
      on: {
        ...LEAVE_REAUTHENTICATION_ROUTE,
        'field.change': { actions: { type: 'assignField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'form.submit': [
          { guard: 'isRefused', actions: 'showFieldErrors' },
          { guard: 'isNotCustomer', actions: 'notifyNotPermitted' },
          { target: 'changing', actions: 'clearMessages' },
        ],
      },
    },
    changing: {
      meta: spec('000 §4.6'),
      tags: ['form', 'busy'],
      on: LEAVE_REAUTHENTICATION_ROUTE,
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ newPassword: context.newPassword }),
        onDone: 'clearingFlags',
        onError: [
          { guard: { type: 'requiresRecentLogin', params: ({ event }) => ({ error: event.error }) }, target: 'reauthenticating' },
          { guard: { type: 'isWeakPassword', params: ({ event }) => ({ error: event.error }) }, target: 'editing', actions: 'assignWeak' },
          { target: 'editing', actions: { type: 'assignChangeFailed', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    reauthenticating: {
      // The view shows the dialog on the nested route `auth` (spec 000 §2.5); the form stays filled behind it.
      meta: spec('000 §4.6', '000 §2.5'),
      tags: ['form', 'reauth'],
      entry: ['clearReauthError', 'openReauthentication'],
      initial: 'asking',
      // Re-authenticated: the change is tried again at once.
      states: reauthenticationStates('#passwordChange.changing', ['closeReauthentication']),
      on: {
        'reauth.cancel': { target: 'editing', actions: 'closeReauthentication' },
        // Back (or any other address): the dialog closes, the change is not made. (At its own route the dialog is
        // where it should be.)
        'route.changed': {
          guard: { type: 'isAwayFromReauthentication', params: ({ event }) => ({ path: event.path }) },
          target: 'editing',
        },
      },
    },
    clearingFlags: {
      meta: spec('000 §4.6'),
      tags: ['form', 'busy'],
      on: LEAVE_REAUTHENTICATION_ROUTE,
      // The password is changed whatever these answer; the flags are cleared again at the next change.
      initial: 'weakPassword',
      states: {
        weakPassword: {
          meta: spec('000 §4.6'),
          invoke: { id: 'clearWeakPasswordFlag', src: 'clearWeakPasswordFlag', input: null, onDone: 'passwordReset', onError: 'passwordReset' },
        },
        passwordReset: {
          meta: spec('000 §4.6'),
          invoke: {
            id: 'clearPasswordReset',
            src: 'clearPasswordReset',
            input: null,
            ...eitherWay({ target: '#passwordChange.changed', actions: ['clearForm', 'notifyUpdated'] }),
          },
        },
      },
    },
    changed: {
      // 'Password updated successfully' shows; typing starts another change.
      meta: spec('000 §4.6'),
      tags: ['form', 'success'],
      on: {
        ...LEAVE_REAUTHENTICATION_ROUTE,
        'field.change': {
          target: 'editing',
          actions: { type: 'assignField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
    },
  },
});

export type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>;

/** What the security page and its re-authentication dialog read. */
export const passwordChangeSelectors = {
  newPassword: (s: PasswordChangeSnapshot): string => s.context.newPassword,
  confirmPassword: (s: PasswordChangeSnapshot): string => s.context.confirmPassword,
  /** Each field's message key, from the first submit on. */
  fieldErrors: (s: PasswordChangeSnapshot): PasswordErrors => s.context.fieldErrors,
  /** The form's message: 'password-requirements', or 'auth.errors.password-change-failed' with `errorCode`. */
  errorKey: (s: PasswordChangeSnapshot): ErrorKey | null => s.context.errorKey,
  errorCode: (s: PasswordChangeSnapshot): string | null => s.context.errorCode,
  busy: (s: PasswordChangeSnapshot): boolean => s.hasTag('busy') && !s.hasTag('reauth'),
  changed: (s: PasswordChangeSnapshot): boolean => s.hasTag('success'),
  /** The re-authentication dialog is open (the app keeps the route `auth` in step with it). */
  reauthenticating: (s: PasswordChangeSnapshot): boolean => s.hasTag('reauth'),
  reauthBusy: (s: PasswordChangeSnapshot): boolean => s.hasTag('reauth') && s.hasTag('busy'),
  /** The dialog's message: wrong password, too many attempts, enter your password, or the reference-code message with `reauthErrorCode`. */
  reauthErrorKey: (s: PasswordChangeSnapshot): ErrorKey | null => s.context.reauthErrorKey,
  reauthErrorCode: (s: PasswordChangeSnapshot): string | null => s.context.reauthErrorCode,
};
