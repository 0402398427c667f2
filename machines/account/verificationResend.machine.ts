import { assign, setup, type SnapshotFrom } from 'xstate';
import { portErrorCode } from '../ports';
import type { VerificationResendActorSignatures } from './ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §2.3 gate 1: on /not-verified the user can have the verification email sent again. Idle, sending, then
// sent or failed (with the identity provider's code); either way it can be sent again.

type Sig = VerificationResendActorSignatures;

export interface VerificationResendContext {
  errorCode: string | null;
}

export type VerificationResendEvent = { type: 'verification.resend' };

export type VerificationResendTag = 'busy' | 'success' | 'error';

export const verificationResendMachine = setup({
  types: {
    context: {} as VerificationResendContext,
    events: {} as VerificationResendEvent,
    tags: {} as VerificationResendTag,
  },
  actors: {
    sendEmailVerification: provided<Sig['sendEmailVerification']>('sendEmailVerification'),
  },
  actions: {
    clearErrorCode: assign({ errorCode: null }),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
  },
}).createMachine({
  id: 'verificationResend',
  meta: machineSpec(['000 §2.3', '000 §8']),
  context: { errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      meta: spec('000 §2.3'),
      on: { 'verification.resend': 'sending' },
    },
    sending: {
      meta: spec('000 §2.3'),
      tags: ['busy'],
      entry: 'clearErrorCode',
      invoke: {
        id: 'sendEmailVerification',
        src: 'sendEmailVerification',
        onDone: 'sent',
        onError: {
          target: 'failed',
          actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
        },
      },
    },
    sent: {
      // 'We sent you an email verification link! ...' (spec 000 §8).
      meta: spec('000 §2.3', '000 §8'),
      tags: ['success'],
      on: { 'verification.resend': 'sending' },
    },
    failed: {
      meta: spec('000 §2.3'),
      tags: ['error'],
      on: { 'verification.resend': 'sending' },
    },
  },
});

export type VerificationResendSnapshot = SnapshotFrom<typeof verificationResendMachine>;

export type VerificationResendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export const verificationResendSelectors = {
  status: (s: VerificationResendSnapshot): VerificationResendStatus =>
    s.hasTag('busy') ? 'sending' : s.hasTag('success') ? 'sent' : s.hasTag('error') ? 'failed' : 'idle',
};
