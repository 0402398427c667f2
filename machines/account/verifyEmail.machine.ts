import { assign, setup, type SnapshotFrom } from 'xstate';
import { portErrorCode } from '../ports';
import type { VerifyEmailActorSignatures } from './ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §4.5: verify email. Applying the link on arrival, then success (sign-in with the email kept) or error;
// an expired, used or missing link shows 'Need a new link?' with sign-in to resend (spec 000 §8).

type Sig = VerifyEmailActorSignatures;

export interface VerifyEmailContext {
  oobCode: string;
  /** Kept for the sign-in page after success. */
  email: string | null;
  tenantId: string | null;
  errorCode: string | null;
}

export type VerifyEmailEvent = { type: 'signIn.open' };

export interface VerifyEmailInput {
  oobCode: string | null;
  email: string | null;
  /** The partner tenant on partner sites (spec 000 §7). */
  tenantId: string | null;
}

export type VerifyEmailTag = 'loading' | 'success' | 'error';

export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
    input: {} as VerifyEmailInput,
    tags: {} as VerifyEmailTag,
  },
  actors: {
    applyActionCode: provided<Sig['applyActionCode']>('applyActionCode'),
  },
  actions: {
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
  },
}).createMachine({
  id: 'verifyEmail',
  meta: machineSpec(['000 §4.5', '000 §7', '000 §8']),
  context: ({ input }) => ({
    oobCode: input.oobCode ?? '',
    email: input.email,
    tenantId: input.tenantId,
    errorCode: null,
  }),
  initial: 'applying',
  states: {
    applying: {
      // A missing code is refused by the identity provider like a used one.
      meta: spec('000 §4.5'),
      tags: ['loading'],
      invoke: {
        id: 'applyActionCode',
        src: 'applyActionCode',
        input: ({ context }) => ({ oobCode: context.oobCode, tenantId: context.tenantId }),
        onDone: 'success',
        onError: {
          target: 'expired',
          actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
        },
      },
    },
    success: {
      meta: spec('000 §4.5'),
      tags: ['success'],
      on: { 'signIn.open': 'toSignIn' },
    },
    expired: {
      // 'Need a new link?' with sign-in to resend.
      meta: spec('000 §4.5'),
      tags: ['error'],
      on: { 'signIn.open': 'toSignIn' },
    },
    toSignIn: {
      // The view goes to sign-in with context.email.
      meta: spec('000 §4.5'),
      type: 'final',
    },
  },
});

export type VerifyEmailSnapshot = SnapshotFrom<typeof verifyEmailMachine>;

export const verifyEmailSelectors = {
  loading: (s: VerifyEmailSnapshot) => s.hasTag('loading'),
  success: (s: VerifyEmailSnapshot) => s.hasTag('success'),
  canSignIn: (s: VerifyEmailSnapshot) => s.can({ type: 'signIn.open' }),
  /** The person asked for sign-in, with `email` kept for it. */
  toSignIn: (s: VerifyEmailSnapshot) => s.matches('toSignIn'),
  email: (s: VerifyEmailSnapshot) => s.context.email,
};
