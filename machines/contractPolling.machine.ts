import { assign, emit, fromPromise, setup } from 'xstate';
import { CONTRACT_POLL_ATTEMPTS, CONTRACT_POLL_INTERVAL_MS } from '../src/domain/constants';
import { AUTHORIZATIONS_PATH, HOME_PATH } from '../src/domain/guardChain';
import { INTAKE_KEYS } from '../src/domain/intake';
import { quickSignUpPath } from '../src/domain/quickSignUp';
import type { ContractPollingActorSignatures } from './onboardingPorts';
import type { NotifyEmitted } from './ports';

// spec 001 §4 "Contract-complete" (and §8, §9): after signing, poll up to 15 times, 1 s apart, for the contract
// link. With a link go to /sign-up/authorizations, or back to quick sign-up with the id when the signer came from
// there. After the 15th empty poll show the toast intake.recalculating.try-again-toast and go on anyway. Without a
// contact id go to /. A failed poll counts as an empty one.

type Sig = ContractPollingActorSignatures;

export interface ContractPollingInput {
  /** The customer's contact id (claims), or the quick sign-up page's id. */
  contactId: string | null;
  /** Reached from quick sign-up: no account yet, polls by contact id. */
  anonymous: boolean;
}

export interface ContractPollingContext {
  contactId: string | null;
  anonymous: boolean;
  /** Polls made so far. */
  attempts: number;
  link: string | null;
  /** Where the view navigates once the machine is done. */
  target: string | null;
}

export interface ContractPollingOutput {
  target: string;
}

export const contractPollingMachine = setup({
  types: {
    context: {} as ContractPollingContext,
    input: {} as ContractPollingInput,
    output: {} as ContractPollingOutput,
    emitted: {} as NotifyEmitted,
  },
  actors: {
    fetchContractLink: fromPromise<Sig['fetchContractLink']['output'], Sig['fetchContractLink']['input']>(async () => {
      throw new Error('fetchContractLink not provided');
    }),
  },
  guards: {
    lacksContactId: ({ context }) => context.contactId === null || context.contactId === '',
    hasLink: (_, params: { link: string | null }) => params.link !== null && params.link !== '',
    hasAttemptsLeft: ({ context }) => context.attempts < CONTRACT_POLL_ATTEMPTS,
  },
  actions: {
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    assignLink: assign((_, params: { link: string | null }) => ({ link: params.link })),
    assignNextTarget: assign(({ context }) => ({
      target: context.anonymous && context.contactId ? quickSignUpPath(context.contactId) : AUTHORIZATIONS_PATH,
    })),
    assignHomeTarget: assign({ target: HOME_PATH }),
    notifyTryAgain: emit({ type: 'notify', level: 'error', key: INTAKE_KEYS.contractTryAgain } as const),
  },
  delays: {
    contractPoll: CONTRACT_POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'contractPolling',
  context: ({ input }) => ({
    contactId: input.contactId,
    anonymous: input.anonymous,
    attempts: 0,
    link: null,
    target: null,
  }),
  initial: 'polling',
  states: {
    polling: {
      tags: ['busy'],
      entry: 'countAttempt',
      // Without a contact id there is nothing to poll for (the poll started on entry is dropped unstarted).
      always: { guard: 'lacksContactId', target: 'noContact' },
      invoke: {
        id: 'fetchContractLink',
        src: 'fetchContractLink',
        input: ({ context }) => ({ contactId: context.contactId ?? '', anonymous: context.anonymous }),
        onDone: [
          {
            guard: { type: 'hasLink', params: ({ event }) => ({ link: event.output.link }) },
            target: 'linked',
            actions: { type: 'assignLink', params: ({ event }) => ({ link: event.output.link }) },
          },
          { guard: 'hasAttemptsLeft', target: 'waiting' },
          { target: 'exhausted' },
        ],
        onError: [{ guard: 'hasAttemptsLeft', target: 'waiting' }, { target: 'exhausted' }],
      },
    },
    waiting: {
      tags: ['busy'],
      after: { contractPoll: 'polling' },
    },
    linked: {
      type: 'final',
      tags: ['done'],
      entry: 'assignNextTarget',
    },
    exhausted: {
      // spec 001 §4: the toast, and on anyway.
      type: 'final',
      tags: ['done'],
      entry: ['notifyTryAgain', 'assignNextTarget'],
    },
    noContact: {
      type: 'final',
      tags: ['done'],
      entry: 'assignHomeTarget',
    },
  },
  output: ({ context }) => ({ target: context.target ?? HOME_PATH }),
});
