import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { EMAIL_CHANGE_ERROR_KEYS, ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import type { Actor } from '../../src/domain/permissions';
import { isValidEmail, normalizeEmail } from '../../src/domain/validation';
import { callable, provided, type CallableSig } from '../actors';
import type { FieldChangeEvent, FormSubmitEvent } from '../form';
import { portErrorCode, type NotifyEmitted } from '../ports';
import { SETTINGS_KEYS } from './contactFields';
import type { ReauthenticateSig } from './ports';
import { reauthenticationGuards, reauthenticationStates, type ReauthErrorParams } from './reauthentication';
import { refusalKeyOf } from './refusals';
import { machineSpec, spec } from '../spec';

// The email change request of the personal-info page (spec 000 §2.5, §5, §7 changeEmail, §8): the email is read-only
// there; the dialog takes a new address (the email rule: 'Invalid email format'; the address the account has already
// is refused), sends changeEmail, and then says where the verification link went and what happens next (the address
// changes when the link is followed; the old address got a link that undoes it). duplicate-email →
// errors.settings.email-in-use, invalid-email → errors.settings.email-invalid (neither is reported: they are the
// customer's to correct); anything else errors.general-error. Only the customer in person changes their email (a
// coach session is refused before any call, as the server's customerOnly permission does). The server takes the
// request only from a recent sign-in (src/domain/recentSignIn.ts): an older one is asked for the password again
// (errors.settings.recent-sign-in-required) and, once re-authenticated, the request is sent again; Cancel goes back
// to the form.

/** The machine's actors: changeEmail (src/contract), and the password prompt's re-authentication. */
export interface EmailChangeActors {
  changeEmail: CallableSig<'changeEmail'>;
  reauthenticate: ReauthenticateSig;
}

export interface EmailChangeInput {
  actor: Actor;
  /** The site the app runs as: the verification mail links back to it (spec 000 §7 changeEmail). */
  siteId: string;
  /** The account's address now. */
  currentEmail: string | null;
}

export type EmailChangeFieldError = typeof ERROR_KEYS.settingsEmailInvalid | typeof SETTINGS_KEYS.emailUnchanged;

export interface EmailChangeContext {
  actor: Actor;
  siteId: string;
  currentEmail: string | null;
  email: string;
  submitted: boolean;
  fieldError: EmailChangeFieldError | null;
  /** The refusal of the last request. */
  errorKey: EmailChangeErrorKey | null;
  /** Where the verification link went, once sent. */
  pendingEmail: string | null;
  /** Why the password prompt refused the last try (a wrong password, too many tries, ...). */
  reauthErrorKey: ErrorKey | null;
}

export type EmailChangeEvent =
  | FieldChangeEvent<'email'>
  | FormSubmitEvent
  | { type: 'edit.cancel' }
  | { type: 'reauth.submit'; password: string }
  | { type: 'reauth.cancel' };

export interface EmailChangeOutput {
  /** The address waiting for verification, null when the dialog closed without a request. */
  pendingEmail: string | null;
}

export type EmailChangeEmitted = NotifyEmitted<typeof ERROR_KEYS.coachNotPermitted>;
export type EmailChangeTag = 'form' | 'busy' | 'sent' | 'reauth';

/** The email rule (spec 000 §5), and a new address must differ from the account's. */
export function emailChangeFieldError(email: string, currentEmail: string | null): EmailChangeFieldError | null {
  if (!isValidEmail(email)) return ERROR_KEYS.settingsEmailInvalid;
  if (currentEmail !== null && normalizeEmail(email) === normalizeEmail(currentEmail)) return SETTINGS_KEYS.emailUnchanged;
  return null;
}

/** What a refused request shows (spec 000 §8): the two email keys, the server's catalogue key, else errors.general-error. */
export type EmailChangeErrorKey = ErrorKey | typeof SETTINGS_KEYS.emailUnchanged;

/** The server's code for a request with the address the account has already. */
export const SAME_EMAIL_CODE = 'same-email';

export function emailChangeErrorKey(error: unknown): EmailChangeErrorKey {
  const code = portErrorCode(error);
  if (Object.hasOwn(EMAIL_CHANGE_ERROR_KEYS, code)) return EMAIL_CHANGE_ERROR_KEYS[code as keyof typeof EMAIL_CHANGE_ERROR_KEYS];
  const key = typeof error === 'object' && error !== null && 'key' in error && typeof error.key === 'string' ? error.key : null;
  if (key !== null && Object.hasOwn(EMAIL_CHANGE_ERROR_KEYS, key)) return EMAIL_CHANGE_ERROR_KEYS[key as keyof typeof EMAIL_CHANGE_ERROR_KEYS];
  if (code === SAME_EMAIL_CODE) return SETTINGS_KEYS.emailUnchanged;
  // errors.settings.email-in-use as the key itself, errors.too-many-requests, coach.toast.not-permitted, ...
  return refusalKeyOf(error, ERROR_KEYS.generalError);
}

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
    output: {} as EmailChangeOutput,
    emitted: {} as EmailChangeEmitted,
    tags: {} as EmailChangeTag,
  },
  actors: {
    changeEmail: callable('changeEmail'),
    reauthenticate: provided<ReauthenticateSig>('reauthenticate'),
  },
  guards: {
    isRefused: ({ context }) => emailChangeFieldError(context.email, context.currentEmail) !== null,
    isNotCustomer: ({ context }) => context.actor.isAgent,
    ...reauthenticationGuards,
  },
  actions: {
    assignEmail: assign(({ context }, params: { value: string }) => ({
      email: params.value,
      fieldError: context.submitted ? emailChangeFieldError(params.value, context.currentEmail) : null,
      errorKey: null,
    })),
    showFieldError: assign(({ context }) => ({ submitted: true, fieldError: emailChangeFieldError(context.email, context.currentEmail), errorKey: null })),
    assignSent: assign((_, params: { pendingEmail: string }) => ({ pendingEmail: params.pendingEmail })),
    assignError: assign((_, params: { error: unknown }) => ({ errorKey: emailChangeErrorKey(params.error) })),
    clearError: assign({ errorKey: null }),
    assignReauthError: assign((_, params: ReauthErrorParams) => ({ reauthErrorKey: params.key })),
    clearReauthError: assign({ reauthErrorKey: null }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
  },
}).createMachine({
  id: 'emailChange',
  meta: machineSpec(['000 §2.5', '000 §5', '000 §8']),
  context: ({ input }) => ({
    actor: input.actor,
    siteId: input.siteId,
    currentEmail: input.currentEmail,
    email: '',
    submitted: false,
    fieldError: null,
    errorKey: null,
    pendingEmail: null,
    reauthErrorKey: null,
  }),
  output: ({ context }) => ({ pendingEmail: context.pendingEmail }),
  initial: 'editing',
  states: {
    editing: {
      meta: spec('000 §2.5'),
      tags: ['form'],
      on: {
        'field.change': { actions: { type: 'assignEmail', params: ({ event }) => ({ value: event.value }) } },
        'form.submit': [
          { guard: 'isRefused', actions: 'showFieldError' },
          { guard: 'isNotCustomer', actions: 'notifyNotPermitted' },
          { target: 'requesting', actions: 'clearError' },
        ],
        'edit.cancel': 'closed',
      },
    },
    requesting: {
      meta: spec('000 §2.5'),
      tags: ['form', 'busy'],
      invoke: {
        id: 'changeEmail',
        src: 'changeEmail',
        input: ({ context }) => ({ siteId: context.siteId, newEmail: normalizeEmail(context.email) }),
        onDone: { target: 'sent', actions: { type: 'assignSent', params: ({ event }) => ({ pendingEmail: event.output.pendingEmail }) } },
        onError: [
          { guard: { type: 'needsRecentSignIn', params: ({ event }) => ({ error: event.error }) }, target: 'reauthenticating' },
          { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    reauthenticating: {
      // The sign-in is too old to change the email: the password prompt (errors.settings.recent-sign-in-required).
      meta: spec('000 §2.5'),
      tags: ['form', 'reauth'],
      entry: 'clearReauthError',
      initial: 'asking',
      // Signed in again just now: the same request goes once more.
      states: reauthenticationStates('#emailChange.requesting'),
      on: { 'reauth.cancel': 'editing' },
    },
    sent: {
      // Where the link went and what happens next; Close ends the dialog.
      meta: spec('000 §2.5'),
      tags: ['sent'],
      on: { 'edit.cancel': 'closed' },
    },
    closed: { meta: spec('000 §2.5'), type: 'final' },
  },
});

export type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>;

/** What the email change dialog reads. */
export const emailChangeSelectors = {
  email: (s: EmailChangeSnapshot): string => s.context.email,
  currentEmail: (s: EmailChangeSnapshot): string | null => s.context.currentEmail,
  /** The field's message key, from the first submit on. */
  fieldError: (s: EmailChangeSnapshot): EmailChangeFieldError | null => s.context.fieldError,
  /** The refusal: errors.settings.email-in-use, errors.settings.email-invalid, the server's key, or errors.general-error. */
  errorKey: (s: EmailChangeSnapshot): EmailChangeErrorKey | null => s.context.errorKey,
  busy: (s: EmailChangeSnapshot): boolean => s.hasTag('busy'),
  /** The password prompt is open (the sign-in is too old to change the email). */
  reauthenticating: (s: EmailChangeSnapshot): boolean => s.hasTag('reauth'),
  /** The prompt's message: errors.field-validation.password-required, auth.errors.wrong-password, ... */
  reauthErrorKey: (s: EmailChangeSnapshot): ErrorKey | null => s.context.reauthErrorKey,
  sent: (s: EmailChangeSnapshot): boolean => s.hasTag('sent'),
  pendingEmail: (s: EmailChangeSnapshot): string | null => s.context.pendingEmail,
  closed: (s: EmailChangeSnapshot): boolean => s.status === 'done',
};
