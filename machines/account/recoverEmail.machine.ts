import { assign, setup, type SnapshotFrom } from 'xstate';
import { portErrorCode, type RecoverEmailResult } from '../ports';
import type { RecoverEmailActorSignatures } from './ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §4.5 and §8: recover email. Loading on arrival, then the server's result: success, expired,
// email-in-use, or not-found on failure (a missing code included).

type Sig = RecoverEmailActorSignatures;

export interface RecoverEmailContext {
  oobCode: string;
  /** The restored email (success). */
  email: string | null;
  errorCode: string | null;
}

export interface RecoverEmailInput {
  oobCode: string | null;
}

export type RecoverEmailTag = 'loading' | 'success' | 'error';

export const recoverEmailMachine = setup({
  types: {
    context: {} as RecoverEmailContext,
    input: {} as RecoverEmailInput,
    tags: {} as RecoverEmailTag,
  },
  actors: {
    recoverEmail: provided<Sig['recoverEmail']>('recoverEmail'),
  },
  guards: {
    hasResult: (_, params: { result: RecoverEmailResult; expected: RecoverEmailResult }) =>
      params.result === params.expected,
  },
  actions: {
    assignEmail: assign((_, params: { email: string | null }) => ({ email: params.email })),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
  },
}).createMachine({
  id: 'recoverEmail',
  meta: machineSpec(['000 §4.5', '000 §8']),
  context: ({ input }) => ({ oobCode: input.oobCode ?? '', email: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('000 §4.5'),
      tags: ['loading'],
      invoke: {
        id: 'recoverEmail',
        src: 'recoverEmail',
        input: ({ context }) => ({ oobCode: context.oobCode }),
        onDone: [
          {
            guard: { type: 'hasResult', params: ({ event }) => ({ result: event.output.result, expected: 'success' }) },
            target: 'success',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.output.email }) },
          },
          {
            guard: { type: 'hasResult', params: ({ event }) => ({ result: event.output.result, expected: 'expired' }) },
            target: 'expired',
          },
          {
            guard: {
              type: 'hasResult',
              params: ({ event }) => ({ result: event.output.result, expected: 'email-in-use' }),
            },
            target: 'emailInUse',
          },
          { target: 'notFound' },
        ],
        onError: {
          target: 'notFound',
          actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
        },
      },
    },
    success: { meta: spec('000 §4.5'), type: 'final', tags: ['success'] },
    expired: { meta: spec('000 §4.5'), type: 'final', tags: ['error'] },
    emailInUse: { meta: spec('000 §4.5'), type: 'final', tags: ['error'] },
    notFound: { meta: spec('000 §4.5'), type: 'final', tags: ['error'] },
  },
});

export type RecoverEmailSnapshot = SnapshotFrom<typeof recoverEmailMachine>;

/** What the page shows once the server has answered (a failed call shows not-found). */
export type RecoverEmailOutcome = 'success' | 'expired' | 'emailInUse' | 'notFound';

export const recoverEmailSelectors = {
  loading: (s: RecoverEmailSnapshot) => s.hasTag('loading'),
  outcome: (s: RecoverEmailSnapshot): RecoverEmailOutcome =>
    s.matches('success') ? 'success' : s.matches('expired') ? 'expired' : s.matches('emailInUse') ? 'emailInUse' : 'notFound',
  /** The restored email. */
  email: (s: RecoverEmailSnapshot) => s.context.email,
};
