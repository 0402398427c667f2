import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { CONTRACT_COMPLETE_PATH } from '../../src/domain/guardChain';
import { provided, providedCallback } from '../actors';
import type { NavigateEmitted, NotifyEmitted, RouteChangedEvent } from '../ports';
import type { CachedRead, ContractActorSignatures, OnboardingPrices, SigningUrlReadEvent } from './ports';
import { machineSpec, spec } from '../spec';

// /sign-up/contract (spec 000 §2.2, §2.3 gate 3; spec 002 §6): the customer opens the contract in a new window and
// signs it there, then waits at contract-complete, where contract polling takes over (spec 001 §4). The signing
// page's address is a cached read (spec 000 §9) asked for only when the viewer may sign; it must be known before
// the button works, so the page opens it straight from the click (pop-up blockers). A failed read shows an error
// with Try again. Someone who may not sign (a coach without allowClientActions) gets the coach-not-permitted
// warning instead. "I have signed" (signed in another window) goes to contract-complete at any time. Either way
// the flow hands over to contract-complete, with the query string the page was opened with. Meanwhile the page reads
// the prices it shows beside the placeholder-price note (spec 000 §1, spec 002 §9); without them (a failed read) the
// note shows alone and signing is not held up.

type Sig = ContractActorSignatures;

export interface ContractInput {
  /** Whether the viewer may sign the contract (src/domain/permissions.ts canSignContract). */
  permitted: boolean;
}

export interface ContractContext {
  permitted: boolean;
  /** The signing page's address, null until read. */
  url: string | null;
  /** The query string of the page's address (route.changed), carried on to contract-complete. */
  search: string;
  /** The first work fee and monthly fee, null until read (or when they could not be). */
  prices: OnboardingPrices | null;
}

export type ContractEvent =
  | RouteChangedEvent
  | SigningUrlReadEvent
  | { type: 'contract.sign' }
  | { type: 'contract.signed' }
  | { type: 'signingUrl.retry' };

/** Asks the route to open the signing page in a new window, from the click that sent `contract.sign`. */
export interface SigningPageOpenEmitted {
  type: 'signingPage.open';
  url: string;
}

export const contractMachine = setup({
  types: {
    context: {} as ContractContext,
    events: {} as ContractEvent,
    input: {} as ContractInput,
    emitted: {} as NavigateEmitted | SigningPageOpenEmitted | NotifyEmitted<typeof ERROR_KEYS.coachNotPermitted>,
    tags: {} as 'busy' | 'ready' | 'error' | 'done',
  },
  actors: {
    watchSigningUrl: providedCallback<Sig['watchSigningUrl']>('watchSigningUrl'),
    loadPrices: provided<Sig['loadPrices']>('loadPrices'),
  },
  guards: {
    isPermitted: ({ context }) => context.permitted,
    hasFailed: (_, params: { read: CachedRead<{ url: string }> }) => params.read.failed,
    hasUrl: (_, params: { read: CachedRead<{ url: string }> }) => params.read.data !== null,
  },
  actions: {
    assignSearch: assign((_, params: { search: string }) => ({ search: params.search })),
    assignUrl: assign((_, params: { read: CachedRead<{ url: string }> }) => ({ url: params.read.data?.url ?? null })),
    assignPrices: assign((_, params: { prices: OnboardingPrices }) => ({ prices: params.prices })),
    leaveOutPrices: assign({ prices: null }),
    openSigningPage: emit(({ context }) => ({ type: 'signingPage.open', url: context.url ?? '' }) as const),
    navigateToContractComplete: emit(({ context }) => ({
      type: 'navigate',
      to: `${CONTRACT_COMPLETE_PATH}${context.search}`,
    })),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
  },
}).createMachine({
  id: 'contract',
  meta: machineSpec(['002 §4', '001 §4', '002 §9'], ['deciding']),
  context: ({ input }) => ({ permitted: input.permitted, url: null, search: '', prices: null }),
  // The prices are read once while the page shows; a failure leaves them out.
  invoke: {
    id: 'loadPrices',
    src: 'loadPrices',
    onDone: { actions: { type: 'assignPrices', params: ({ event }) => ({ prices: event.output }) } },
    onError: { actions: 'leaveOutPrices' },
  },
  initial: 'deciding',
  on: {
    'route.changed': { actions: { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) } },
    // Signed in another window: wait for the signed contract.
    'contract.signed': '.handedOver',
  },
  states: {
    deciding: {
      always: [{ guard: 'isPermitted', target: 'signing' }, { target: 'notPermitted' }],
    },
    signing: {
      meta: spec('002 §4'),
      invoke: { id: 'watchSigningUrl', src: 'watchSigningUrl' },
      on: {
        // The cached read changed: a failure shows first (even over an address read before), then the address.
        'signingUrl.read': [
          {
            guard: { type: 'hasFailed', params: ({ event }) => ({ read: event.read }) },
            target: '.failed',
            actions: { type: 'assignUrl', params: ({ event }) => ({ read: event.read }) },
          },
          {
            guard: { type: 'hasUrl', params: ({ event }) => ({ read: event.read }) },
            target: '.ready',
            actions: { type: 'assignUrl', params: ({ event }) => ({ read: event.read }) },
          },
          { target: '.loading', actions: { type: 'assignUrl', params: ({ event }) => ({ read: event.read }) } },
        ],
      },
      initial: 'loading',
      states: {
        loading: {
          meta: spec('002 §4'),
          tags: ['busy'],
        },
        ready: {
          meta: spec('002 §4'),
          tags: ['ready'],
          on: { 'contract.sign': { target: '#contract.handedOver', actions: 'openSigningPage' } },
        },
        failed: {
          meta: spec('002 §4'),
          tags: ['error'],
          // Try again reads the address again (the read starts over).
          on: { 'signingUrl.retry': { target: '#contract.signing', reenter: true } },
        },
      },
    },
    notPermitted: {
      // spec 002 §6: the button stays, and says why it does nothing.
      meta: spec('002 §4', '002 §6'),
      tags: ['ready'],
      on: { 'contract.sign': { actions: 'notifyNotPermitted' } },
    },
    handedOver: {
      // Contract-complete waits for the signed contract (contract polling, spec 001 §4).
      meta: spec('002 §4', '001 §4'),
      type: 'final',
      tags: ['done'],
      entry: 'navigateToContractComplete',
    },
  },
});

type ContractSnapshot = SnapshotFrom<typeof contractMachine>;
export type { OnboardingPrices };

/** What the contract page reads. */
export const contractSelectors = {
  /** The sign button's state: loading while the address is read, error when it could not be. */
  status: (snapshot: ContractSnapshot): 'loading' | 'ready' | 'error' => {
    if (snapshot.hasTag('error')) return 'error';
    return snapshot.hasTag('busy') ? 'loading' : 'ready';
  },
  /** The first work fee and monthly fee in cents, null while unknown. */
  prices: (snapshot: ContractSnapshot): OnboardingPrices | null => snapshot.context.prices,
};
