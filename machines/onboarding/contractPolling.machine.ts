import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { CONTRACT_POLL_ATTEMPTS, CONTRACT_POLL_ERROR_RETRIES, CONTRACT_POLL_INTERVAL_MS } from '../../src/domain/constants';
import { AUTHORIZATIONS_PATH, HOME_PATH } from '../../src/domain/guardChain';
import { INTAKE_KEYS } from '../../src/domain/intake';
import { quickSignUpPath } from '../../src/domain/quickSignUp';
import type { ContractPollingActorSignatures } from './ports';
import type { NotifyEmitted } from '../ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 001 §4 "Contract-complete" (and §8, §9): after signing, poll up to 15 times, 1 s apart, for the contract
// link. With a link go to /sign-up/authorizations, or back to quick sign-up with the id when the signer came from
// there. After the 15th empty poll show the toast intake.recalculating.try-again-toast and go on anyway. Without a
// contact id go to /. A failed poll is not an empty one: it is retried 1 s later, and after 3 failures in a row
// the customer sees an error with Try again, so a network outage never waives the contract gate.

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
  /** Polls that answered without a link so far. */
  attempts: number;
  /** Polls that failed in a row. */
  failures: number;
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
    events: {} as { type: 'poll.retry' },
    emitted: {} as NotifyEmitted<typeof INTAKE_KEYS.contractTryAgain>,
    tags: {} as 'busy' | 'error' | 'done',
  },
  actors: {
    fetchContractLink: provided<Sig['fetchContractLink']>('fetchContractLink'),
  },
  guards: {
    lacksContactId: ({ context }) => context.contactId === null || context.contactId === '',
    hasLink: (_, params: { link: string | null }) => params.link !== null && params.link !== '',
    hasAttemptsLeft: ({ context }) => context.attempts < CONTRACT_POLL_ATTEMPTS,
    hasRetriesLeft: ({ context }) => context.failures < CONTRACT_POLL_ERROR_RETRIES,
  },
  actions: {
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1, failures: 0 })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    resetFailures: assign({ failures: 0 }),
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
  meta: machineSpec(['001 §4', '002 §4']),
  context: ({ input }) => ({
    contactId: input.contactId,
    anonymous: input.anonymous,
    attempts: 0,
    failures: 0,
    link: null,
    target: null,
  }),
  initial: 'polling',
  states: {
    polling: {
      meta: spec('001 §4'),
      tags: ['busy'],
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
          // The empty poll is counted before the guards below read the count.
          { actions: 'countAttempt', target: 'counted' },
        ],
        onError: { actions: 'countFailure', target: 'failedPoll' },
      },
    },
    counted: {
      meta: spec('001 §4'),
      tags: ['busy'],
      always: [{ guard: 'hasAttemptsLeft', target: 'waiting' }, { target: 'exhausted' }],
    },
    failedPoll: {
      meta: spec('001 §4'),
      tags: ['busy'],
      always: [{ guard: 'hasRetriesLeft', target: 'retrying' }, { target: 'failed' }],
    },
    waiting: {
      meta: spec('001 §4'),
      tags: ['busy'],
      after: { contractPoll: 'polling' },
    },
    retrying: {
      meta: spec('001 §4'),
      tags: ['busy'],
      after: { contractPoll: 'polling' },
    },
    failed: {
      // The contract's link could not be asked for: the customer decides when to try again.
      meta: spec('001 §4'),
      tags: ['error'],
      on: { 'poll.retry': { target: 'polling', actions: 'resetFailures' } },
    },
    linked: {
      meta: spec('001 §4'),
      type: 'final',
      tags: ['done'],
      entry: 'assignNextTarget',
    },
    exhausted: {
      // spec 001 §4: the toast, and on anyway.
      meta: spec('001 §4'),
      type: 'final',
      tags: ['done'],
      entry: ['notifyTryAgain', 'assignNextTarget'],
    },
    noContact: {
      meta: spec('001 §4'),
      type: 'final',
      tags: ['done'],
      entry: 'assignHomeTarget',
    },
  },
  output: ({ context }) => ({ target: context.target ?? HOME_PATH }),
});

type ContractPollingSnapshot = SnapshotFrom<typeof contractPollingMachine>;

/** What the contract-complete page and its routes read (views never reach into the context). */
export const contractPollingSelectors = {
  /** A poll is running or due. */
  busy: (snapshot: ContractPollingSnapshot) => snapshot.hasTag('busy'),
  /** The polls kept failing: the customer decides when to try again. */
  failed: (snapshot: ContractPollingSnapshot) => snapshot.hasTag('error'),
  /** spec 001 §4: there was no contact id to poll for. */
  noContact: (snapshot: ContractPollingSnapshot) => snapshot.matches('noContact'),
  /** spec 001 §4: the 15th empty poll; the customer goes on anyway. */
  exhausted: (snapshot: ContractPollingSnapshot) => snapshot.matches('exhausted'),
  /** Where the flow goes once it is done, null before. */
  target: (snapshot: ContractPollingSnapshot) => (snapshot.status === 'done' ? snapshot.output.target : null),
};
