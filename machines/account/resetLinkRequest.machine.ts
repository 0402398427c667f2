import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS, failureMessageFor, type ErrorKey, type ErrorTable } from '../../src/domain/errors';
import { normalizeEmail, resetRequestSchema } from '../../src/domain/validation';
import { portErrorCode } from '../ports';
import type { ResetLinkRequestActorSignatures } from './ports';
import { provided } from '../actors';
import { changedForm, fieldErrorsFor, hasFieldErrors, submittedForm, type FieldChangeEvent, type FieldErrors, type FormSubmitEvent } from '../form';
import { machineSpec, spec } from '../spec';

// spec 000 §5 (password reset needs a valid non-empty email) and §8 (reset request messages): the request of a
// reset link, in the sign-in page's dialog and the reset page's "Send New Reset Link".

type Sig = ResetLinkRequestActorSignatures;

export type ResetLinkRequestField = 'email';

export interface ResetLinkRequestContext {
  email: string;
  /** The form was submitted at least once (machines/form.ts). */
  submitted: boolean;
  /** The email's error is the form's message 'Provide a valid email address.' (spec 000 §8). */
  fieldErrors: FieldErrors<ResetLinkRequestField>;
  errorKey: ErrorKey | null;
  errorCode: string | null;
}

export type ResetLinkRequestEvent = FieldChangeEvent<ResetLinkRequestField> | FormSubmitEvent;

export interface ResetLinkRequestInput {
  email?: string;
}

export type ResetLinkRequestTag = 'form' | 'busy' | 'error' | 'success';

/** spec 000 §8 reset request messages; any other code: 'Unable to reset password. ... Code'. */
const RESET_REQUEST_ERRORS: ErrorTable = [
  [['not-found', 'auth/user-not-found'], ERROR_KEYS.resetEmailNotFound],
  [['invalid-email', 'invalid-argument', 'auth/invalid-email'], ERROR_KEYS.resetInvalidEmail],
];

function fieldErrorsOf({ email }: Pick<ResetLinkRequestContext, 'email'>): FieldErrors<ResetLinkRequestField> {
  return fieldErrorsFor(resetRequestSchema, { email }, { email: ERROR_KEYS.resetInvalidEmail });
}

export const resetLinkRequestMachine = setup({
  types: {
    context: {} as ResetLinkRequestContext,
    events: {} as ResetLinkRequestEvent,
    input: {} as ResetLinkRequestInput,
    tags: {} as ResetLinkRequestTag,
  },
  actors: {
    requestResetLink: provided<Sig['requestResetLink']>('requestResetLink'),
  },
  guards: {
    isEmailValid: ({ context }) => !hasFieldErrors(fieldErrorsOf(context)),
  },
  actions: {
    assignEmail: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return changedForm({ email: event.value }, context.submitted, fieldErrorsOf);
    }),
    assignSubmitted: assign(({ context }) => submittedForm(fieldErrorsOf(context))),
    // The form shows the email's error as its message.
    showFieldError: assign(({ context }) => ({ errorKey: context.fieldErrors.email ?? null, errorCode: null })),
    assignError: assign((_, params: { key: ErrorKey; code: string | null }) => ({
      errorKey: params.key,
      errorCode: params.code,
    })),
  },
}).createMachine({
  id: 'resetLinkRequest',
  meta: machineSpec(['000 §4.4', '000 §5', '000 §7', '000 §8']),
  context: ({ input }) => ({ email: input.email ?? '', submitted: false, fieldErrors: {}, errorKey: null, errorCode: null }),
  initial: 'editing',
  states: {
    editing: {
      meta: spec('000 §4.4'),
      tags: ['form'],
      on: {
        'field.change': { actions: 'assignEmail' },
        'form.submit': [
          { guard: 'isEmailValid', target: 'sending', actions: 'assignSubmitted' },
          { target: 'failed', actions: ['assignSubmitted', 'showFieldError'] },
        ],
      },
    },
    sending: {
      meta: spec('000 §4.4'),
      tags: ['busy', 'form'],
      invoke: {
        id: 'requestResetLink',
        src: 'requestResetLink',
        input: ({ context }) => ({ email: normalizeEmail(context.email) }),
        onDone: 'sent',
        onError: {
          target: 'failed',
          actions: {
            type: 'assignError',
            params: ({ event }) =>
              failureMessageFor(portErrorCode(event.error), RESET_REQUEST_ERRORS, ERROR_KEYS.resetRequestFailed),
          },
        },
      },
    },
    failed: {
      meta: spec('000 §4.4'),
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignEmail' },
        'form.submit': { guard: 'isEmailValid', target: 'sending', actions: 'assignSubmitted' },
      },
    },
    sent: {
      // 'Reset link sent' (spec 000 §7).
      meta: spec('000 §4.4', '000 §7'),
      type: 'final',
      tags: ['success'],
    },
  },
});

export type ResetLinkRequestSnapshot = SnapshotFrom<typeof resetLinkRequestMachine>;

export const resetLinkRequestSelectors = {
  email: (s: ResetLinkRequestSnapshot) => s.context.email,
  busy: (s: ResetLinkRequestSnapshot) => s.hasTag('busy'),
  sent: (s: ResetLinkRequestSnapshot) => s.hasTag('success'),
  /** The form's message while it shows a failure (an invalid email included). */
  errorKey: (s: ResetLinkRequestSnapshot) => (s.hasTag('error') ? s.context.errorKey : null),
  errorCode: (s: ResetLinkRequestSnapshot) => s.context.errorCode,
};
