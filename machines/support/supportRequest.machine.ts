import { assertEvent, assign, setup } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { normalizeEmail, supportRequestSchema } from '../../src/domain/validation';
import { portErrorCode } from '../ports';
import type { SupportRequestActorSignatures } from './ports';
import { provided } from '../actors';

// spec 000 §2.2 (support dialog contact form), §5 (description 4 to 500 characters and a valid email) and §8
// ('support.unable-to-send').

type Sig = SupportRequestActorSignatures;

export type SupportRequestField = 'message' | 'email';

export interface SupportRequestContext {
  message: string;
  email: string;
  submitted: boolean;
  errorKey: ErrorKey | null;
  errorCode: string | null;
}

export type SupportRequestEvent =
  | { type: 'field.change'; field: SupportRequestField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

export interface SupportRequestInput {
  /** The signed-in user's email, prefilled. */
  email?: string;
}

export const supportRequestMachine = setup({
  types: {
    context: {} as SupportRequestContext,
    events: {} as SupportRequestEvent,
    input: {} as SupportRequestInput,
  },
  actors: {
    sendContactRequest: provided<Sig['sendContactRequest']>('sendContactRequest'),
  },
  guards: {
    isRequestValid: ({ context }) =>
      supportRequestSchema.safeParse({ message: context.message, email: context.email }).success,
  },
  actions: {
    assignField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { ...context, [event.field]: event.value, errorKey: null, errorCode: null };
    }),
    assignSubmitted: assign({ submitted: true, errorKey: null, errorCode: null }),
    assignError: assign((_, params: { key: ErrorKey; code: string | null }) => ({
      errorKey: params.key,
      errorCode: params.code,
    })),
    clearMessage: assign({ message: '', submitted: false, errorKey: null, errorCode: null }),
  },
}).createMachine({
  id: 'supportRequest',
  context: ({ input }) => ({ message: '', email: input.email ?? '', submitted: false, errorKey: null, errorCode: null }),
  initial: 'editing',
  states: {
    editing: {
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
      tags: ['error', 'form'],
      on: {
        'field.change': { target: 'editing', actions: 'assignField' },
        'form.submit': { guard: 'isRequestValid', target: 'sending', actions: 'assignSubmitted' },
      },
    },
    sent: {
      tags: ['success'],
      on: { 'form.reset': { target: 'editing', actions: 'clearMessage' } },
    },
  },
});
