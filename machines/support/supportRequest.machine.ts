import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { normalizeEmail, supportRequestSchema } from '../../src/domain/validation';
import { portErrorCode } from '../ports';
import type { SupportRequestActorSignatures } from './ports';
import { provided } from '../actors';
import { changedForm, fieldErrorsFor, hasFieldErrors, submittedForm, type FieldChangeEvent, type FieldErrors, type FormSubmitEvent } from '../form';
import { machineSpec, spec } from '../spec';

// spec 000 §2.2 (support dialog contact form), §5 (description 4 to 500 characters and a valid email) and §8
// ('support.unable-to-send').

type Sig = SupportRequestActorSignatures;

export type SupportRequestField = 'message' | 'email';

export interface SupportRequestContext {
  message: string;
  email: string;
  /** The form was submitted at least once: field errors show from then on (machines/form.ts). */
  submitted: boolean;
  fieldErrors: FieldErrors<SupportRequestField>;
  errorKey: ErrorKey | null;
  errorCode: string | null;
}

export type SupportRequestEvent =
  | FieldChangeEvent<SupportRequestField>
  | FormSubmitEvent
  | { type: 'form.reset' };

export interface SupportRequestInput {
  /** The signed-in user's email, prefilled. */
  email?: string;
}

export type SupportRequestTag = 'form' | 'busy' | 'error' | 'success';

const FIELD_ERROR_KEYS = { message: ERROR_KEYS.supportDescriptionLength, email: ERROR_KEYS.emailInvalid } as const;

function fieldErrorsOf(values: Pick<SupportRequestContext, SupportRequestField>): FieldErrors<SupportRequestField> {
  return fieldErrorsFor(supportRequestSchema, { message: values.message, email: values.email }, FIELD_ERROR_KEYS);
}

export const supportRequestMachine = setup({
  types: {
    context: {} as SupportRequestContext,
    events: {} as SupportRequestEvent,
    input: {} as SupportRequestInput,
    tags: {} as SupportRequestTag,
  },
  actors: {
    sendContactRequest: provided<Sig['sendContactRequest']>('sendContactRequest'),
  },
  guards: {
    isRequestValid: ({ context }) => !hasFieldErrors(fieldErrorsOf(context)),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return changedForm({ message: context.message, email: context.email, [event.field]: event.value }, context.submitted, fieldErrorsOf);
    }),
    assignSubmitted: assign(({ context }) => submittedForm(fieldErrorsOf(context))),
    assignError: assign((_, params: { key: ErrorKey; code: string | null }) => ({
      errorKey: params.key,
      errorCode: params.code,
    })),
    clearMessage: assign({ message: '', submitted: false, fieldErrors: {}, errorKey: null, errorCode: null }),
  },
}).createMachine({
  id: 'supportRequest',
  meta: machineSpec(['000 §2.2', '000 §7']),
  context: ({ input }) => ({
    message: '',
    email: input.email ?? '',
    submitted: false,
    fieldErrors: {},
    errorKey: null,
    errorCode: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: spec('000 §2.2'),
      tags: ['form'],
      on: {
        'field.change': { actions: 'assignField' },
        'form.submit': [
          { guard: 'isRequestValid', target: 'sending', actions: 'assignSubmitted' },
          { actions: 'assignSubmitted' },
        ],
      },
    },
    sending: {
      meta: spec('000 §2.2'),
      tags: ['busy', 'form'],
      invoke: {
        id: 'sendContactRequest',
        src: 'sendContactRequest',
        input: ({ context }) => ({ message: context.message.trim(), email: normalizeEmail(context.email) }),
        onDone: 'sent',
        onError: {
          target: 'failed',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ key: ERROR_KEYS.supportUnableToSend, code: portErrorCode(event.error) }),
          },
        },
      },
    },
    failed: {
      meta: spec('000 §2.2'),
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignField' },
        'form.submit': { guard: 'isRequestValid', target: 'sending', actions: 'assignSubmitted' },
      },
    },
    sent: {
      meta: spec('000 §2.2'),
      tags: ['success'],
      on: { 'form.reset': { target: 'editing', actions: 'clearMessage' } },
    },
  },
});

export type SupportRequestSnapshot = SnapshotFrom<typeof supportRequestMachine>;

export const supportRequestSelectors = {
  message: (s: SupportRequestSnapshot) => s.context.message,
  email: (s: SupportRequestSnapshot) => s.context.email,
  fieldErrors: (s: SupportRequestSnapshot) => s.context.fieldErrors,
  busy: (s: SupportRequestSnapshot) => s.hasTag('busy'),
  sent: (s: SupportRequestSnapshot) => s.hasTag('success'),
  /** The form's message while it shows a failure. */
  errorKey: (s: SupportRequestSnapshot) => (s.hasTag('error') ? s.context.errorKey : null),
};
