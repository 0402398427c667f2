import { assertEvent, assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import { PASSWORD_RESET_LOOKUP_TIMEOUT_MS } from '../../src/domain/constants';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { HOME_PATH } from '../../src/domain/guardChain';
import { normalizeEmail, resetPasswordSchema } from '../../src/domain/validation';
import { portErrorCode, type NavigateEmitted, type ResetCodeStatus, type RouteChangedEvent } from '../ports';
import type { PasswordResetActorSignatures } from './ports';
import { provided } from '../actors';
import { changedForm, fieldErrorsFor, hasFieldErrors, submittedForm, type FieldChangeEvent, type FieldErrors, type FormSubmitEvent } from '../form';
import { machineSpec, spec } from '../spec';

// spec 000 §4.4 and §8: the /handle?mode=resetPassword page. Loading, then the valid form, the expired link or
// the invalid link; a 15 s lookup timeout shows the bad-request page. After the reset the user is signed in;
// an unverified email gets a verification email and a warning, otherwise the user goes home; Cancel leaves for
// sign-in. spec 000 §2.2: the send-new-reset-link dialog is the sub-route /handle/reset-password (route⇄machine
// pattern, machines/ports.ts): opening the dialog adds the sub-route to the history, closing it returns to /handle,
// and arriving on the sub-route (a link, back or forward) opens the dialog once the link is known to be expired or
// invalid; leaving it closes the dialog.

type Sig = PasswordResetActorSignatures;

/** The account action handler's page (spec 000 §2.2). */
export const HANDLE_PATH = '/handle';
/** Its sub-route that is the send-new-reset-link dialog. */
export const RESET_LINK_DIALOG_PATH = `${HANDLE_PATH}/reset-password`;
const SIGN_IN_PATH = '/sign-in';

export function isResetLinkDialogPath(path: string): boolean {
  return path.replace(/\/+$/, '').endsWith(RESET_LINK_DIALOG_PATH.slice(HANDLE_PATH.length));
}

export type PasswordResetField = 'password';

export interface PasswordResetContext {
  email: string;
  oobCode: string;
  password: string;
  /** The form was submitted at least once (machines/form.ts). */
  submitted: boolean;
  /** The password's error is the form's message 'Invalid password format.' (spec 000 §5). */
  fieldErrors: FieldErrors<PasswordResetField>;
  errorKey: ErrorKey | null;
  errorCode: string | null;
  /** The address's query (mode, oobCode, email...), kept when the dialog's sub-route comes and goes. */
  search: string;
  /** The address is the send-new-reset-link sub-route (or the machine just asked for it). */
  onResetLinkRoute: boolean;
}

export type PasswordResetEvent =
  | FieldChangeEvent<PasswordResetField>
  | FormSubmitEvent
  | { type: 'resetLink.open' }
  | { type: 'dialog.close' }
  | { type: 'reset.cancel' }
  | RouteChangedEvent;

export type PasswordResetTag =
  | 'loading'
  | 'form'
  | 'busy'
  | 'error'
  | 'success'
  | 'link.expired'
  | 'link.invalid'
  | 'dialog.resetLink'
  | 'notice.verification';

function fieldErrorsOf({ password }: Pick<PasswordResetContext, 'password'>): FieldErrors<PasswordResetField> {
  return fieldErrorsFor(resetPasswordSchema, { password }, { password: ERROR_KEYS.passwordInvalidFormat });
}

export interface PasswordResetInput {
  email: string;
  oobCode: string;
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
    tags: {} as PasswordResetTag,
    emitted: {} as NavigateEmitted,
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
    isPasswordStrong: ({ context }) => !hasFieldErrors(fieldErrorsOf(context)),
    isEmailUnverified: (_, params: { emailVerified: boolean }) => !params.emailVerified,
    isOnResetLinkRoute: ({ context }) => context.onResetLinkRoute,
  },
  actions: {
    assignPassword: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return changedForm({ password: event.value }, context.submitted, fieldErrorsOf);
    }),
    assignSubmitted: assign(({ context }) => submittedForm(fieldErrorsOf(context))),
    // The form shows the password's error as its message.
    showFieldError: assign(({ context }) => ({ errorKey: context.fieldErrors.password ?? null, errorCode: null })),
    assignRoute: assign(({ event }) => {
      assertEvent(event, 'route.changed');
      return { search: event.search, onResetLinkRoute: isResetLinkDialogPath(event.path) };
    }),
    assignResetLinkRoute: assign((_, params: { on: boolean }) => ({ onResetLinkRoute: params.on })),
    navigate: emit((_, params: { to: string; replace: boolean }) => ({ type: 'navigate' as const, ...params })),
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
  meta: machineSpec(['000 §4.4', '000 §2.2', '000 §5', '000 §8']),
  context: ({ input }) => ({
    email: input.email,
    oobCode: input.oobCode,
    password: '',
    submitted: false,
    fieldErrors: {},
    errorKey: null,
    errorCode: null,
    search: '',
    onResetLinkRoute: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('000 §4.4'),
      tags: ['loading'],
      // The address may already be the dialog's sub-route (the dialog opens if the link proves expired or invalid).
      on: { 'route.changed': { actions: 'assignRoute' } },
      invoke: {
        id: 'validateResetCode',
        src: 'validateResetCode',
        input: ({ context }) => ({ email: normalizeEmail(context.email), oobCode: context.oobCode }),
        // A link problem enters both its regions: why, and the dialog (open at once on its sub-route).
        onDone: [
          {
            guard: { type: 'hasCodeStatus', params: ({ event }) => ({ status: event.output.status, expected: 'current' }) },
            target: 'valid',
          },
          {
            guard: { type: 'hasCodeStatus', params: ({ event }) => ({ status: event.output.status, expected: 'expired' }) },
            target: ['linkProblem.reason.expired', 'linkProblem.dialog'],
          },
          { target: ['linkProblem.reason.invalid', 'linkProblem.dialog'] },
        ],
        onError: {
          target: ['linkProblem.reason.invalid', 'linkProblem.dialog'],
          actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
        },
      },
      after: { lookupTimeout: 'badRequest' },
    },
    valid: {
      meta: spec('000 §4.4', '000 §5'),
      tags: ['form'],
      initial: 'editing',
      states: {
        editing: { meta: spec('000 §4.4') },
        failed: { meta: spec('000 §4.4'), tags: ['error'] },
      },
      on: {
        'field.change': { target: '.editing', actions: 'assignPassword' },
        'form.submit': [
          { guard: 'isPasswordStrong', target: 'confirming', actions: 'assignSubmitted' },
          {
            // The reset page says 'Invalid password format.' (spec 000 §5).
            target: '.failed',
            actions: ['assignSubmitted', 'showFieldError'],
            meta: spec('000 §4.4', '000 §5'),
          },
        ],
      },
    },
    confirming: {
      meta: spec('000 §4.4'),
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
          meta: spec('000 §4.4', '000 §8'),
        },
      },
    },
    signingIn: {
      meta: spec('000 §4.4'),
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
          meta: spec('000 §4.4', '000 §8'),
        },
      },
    },
    sendingVerification: {
      meta: spec('000 §4.4'),
      tags: ['busy'],
      invoke: {
        id: 'sendEmailVerification',
        src: 'sendEmailVerification',
        // The warning is shown either way: the user can ask for another link from /not-verified.
        onDone: 'verificationSent',
        onError: 'verificationSent',
      },
    },
    linkProblem: {
      // The link has expired or is no longer valid: Send New Reset Link (a dialog, on the sub-route) and Cancel.
      meta: spec('000 §4.4'),
      type: 'parallel',
      tags: ['error'],
      states: {
        reason: {
          meta: spec('000 §4.4'),
          initial: 'invalid',
          states: {
            expired: {
              meta: spec('000 §4.4'),
              tags: ['link.expired'],
              entry: { type: 'assignErrorKey', params: { key: ERROR_KEYS.resetLinkExpired } },
            },
            invalid: {
              meta: spec('000 §4.4'),
              tags: ['link.invalid'],
              entry: { type: 'assignErrorKey', params: { key: ERROR_KEYS.resetLinkInvalid } },
            },
          },
        },
        dialog: {
          meta: spec('000 §4.4'),
          initial: 'idle',
          states: {
            idle: {
              // Arriving on the dialog's sub-route (or coming back to it) opens the dialog.
              meta: spec('000 §4.4'),
              always: { guard: 'isOnResetLinkRoute', target: 'requestingLink' },
              on: {
                'resetLink.open': {
                  target: 'requestingLink',
                  actions: [
                    { type: 'assignResetLinkRoute', params: { on: true } },
                    { type: 'navigate', params: ({ context }) => ({ to: `${RESET_LINK_DIALOG_PATH}${context.search}`, replace: false }) },
                  ],
                },
              },
            },
            requestingLink: {
              meta: spec('000 §4.4'),
              tags: ['dialog.resetLink'],
              // Leaving the sub-route (back) closes the dialog.
              always: { guard: not('isOnResetLinkRoute'), target: 'idle' },
              on: {
                'dialog.close': {
                  target: 'idle',
                  actions: [
                    { type: 'assignResetLinkRoute', params: { on: false } },
                    { type: 'navigate', params: ({ context }) => ({ to: `${HANDLE_PATH}${context.search}`, replace: true }) },
                  ],
                },
              },
            },
          },
        },
      },
      on: { 'reset.cancel': 'cancelled', 'route.changed': { actions: 'assignRoute' } },
    },
    badRequest: {
      // '400 Error - Bad request' with 'click the email link again' (spec 000 §4.4).
      meta: spec('000 §4.4'),
      type: 'final',
      tags: ['error'],
      entry: { type: 'assignErrorKey', params: { key: ERROR_KEYS.resetClickEmailLinkAgain } },
    },
    signInFailed: { meta: spec('000 §4.4'), type: 'final', tags: ['error'] },
    verificationSent: {
      // 'We sent you an email verification link! ...' (spec 000 §8).
      meta: spec('000 §4.4', '000 §8'),
      type: 'final',
      tags: ['success', 'notice.verification'],
    },
    done: {
      // Signed in with a verified email: home.
      meta: spec('000 §4.4'),
      type: 'final',
      tags: ['success'],
      entry: { type: 'navigate', params: { to: HOME_PATH, replace: true } },
    },
    cancelled: {
      meta: spec('000 §4.4'),
      type: 'final',
      entry: { type: 'navigate', params: { to: SIGN_IN_PATH, replace: true } },
    },
  },
});

export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

export const passwordResetSelectors = {
  loading: (s: PasswordResetSnapshot) => s.hasTag('loading'),
  form: (s: PasswordResetSnapshot) => s.hasTag('form'),
  busy: (s: PasswordResetSnapshot) => s.hasTag('busy'),
  /** The link has expired or is no longer valid: Send New Reset Link and Cancel. */
  linkProblem: (s: PasswordResetSnapshot) => s.matches('linkProblem'),
  badRequest: (s: PasswordResetSnapshot) => s.matches('badRequest'),
  signInFailed: (s: PasswordResetSnapshot) => s.matches('signInFailed'),
  verificationSent: (s: PasswordResetSnapshot) => s.hasTag('notice.verification'),
  resetLinkOpen: (s: PasswordResetSnapshot) => s.hasTag('dialog.resetLink'),
  email: (s: PasswordResetSnapshot) => s.context.email,
  password: (s: PasswordResetSnapshot) => s.context.password,
  /** The page's message while it shows a failure. */
  errorKey: (s: PasswordResetSnapshot) => (s.hasTag('error') ? s.context.errorKey : null),
  errorCode: (s: PasswordResetSnapshot) => s.context.errorCode,
};
