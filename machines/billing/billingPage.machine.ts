import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import type { SecurePageRequest } from '../../src/domain/payments';
import type { Actor } from '../../src/domain/permissions';
import { provided } from '../actors';
import type { NavigateEmitted, NotifyEmitted, RouteChangedEvent } from '../ports';
import type { BillingPageActorSignatures, PaymentData } from './ports';
import { machineSpec, spec } from '../spec';

// The billing page, /settings/billing (spec 001 §2 Billing, §7 getContactPaymentData, getSecureSFURL,
// getContractLink; spec 002 §7), in two regions:
// - data: the payment data loads, and loads again when the window regains focus (the app sends window.focused:
//   the customer may come back from the secure page in another tab) or when another flow changed it (data.reload).
//   A failed reload keeps what was shown.
// - actions: a secure page (update the card, pay what is due): getSecureSFURL, then the browser leaves for it; it
//   returns to the page with ?secure=updated|paid|cancelled, which says so once (a toast) and is taken off the
//   address — on /update-payment; /settings/billing turns it into its confirmation dialog before this machine runs
//   (src/app/billing/BillingRoute.tsx). The contract: getContractLink opened in a new window; no contract → the
//   errors.settings.contract-not-found dialog.
// Both are the customer's own (the callables are customerOnly): a coach session is refused before any call.

type Sig = BillingPageActorSignatures;

/** The billing namespace's keys the page's machine emits (pay-frontend's texts). */
export const BILLING_PAGE_KEYS = {
  cardUpdated: 'page.toast.card-updated',
  paid: 'page.toast.paid',
} as const;

export type BillingPageNotifyKey =
  | (typeof BILLING_PAGE_KEYS)[keyof typeof BILLING_PAGE_KEYS]
  | typeof ERROR_KEYS.coachNotPermitted
  | typeof ERROR_KEYS.generalError;

export interface BillingPageInput {
  actor: Actor;
  /** The page's own path, where the secure pages return ('/settings/billing'). */
  returnPath: string;
}

export interface BillingPageContext extends BillingPageInput {
  data: PaymentData | null;
  /** The secure page being opened, until the browser leaves. */
  openingSecurePage: SecurePageRequest | null;
  secureFailed: boolean;
  /** Where the browser goes (getSecureSFURL's answer). */
  secureUrl: string | null;
}

export type BillingPageEvent =
  | { type: 'window.focused' }
  | { type: 'data.reload' }
  | { type: 'load.retry' }
  | { type: 'secure.open'; request: SecurePageRequest }
  | { type: 'contract.open' }
  | { type: 'contract.dialogClose' }
  | RouteChangedEvent;

export type BillingPageEmitted = NotifyEmitted<BillingPageNotifyKey> | NavigateEmitted;
export type BillingPageTag = 'loading' | 'busy';

/** The secure page's answer on the way back (?secure=…). */
function secureResult(search: string): string | null {
  return new URLSearchParams(search).get('secure');
}

export const billingPageMachine = setup({
  types: {
    context: {} as BillingPageContext,
    events: {} as BillingPageEvent,
    input: {} as BillingPageInput,
    emitted: {} as BillingPageEmitted,
    tags: {} as BillingPageTag,
  },
  actors: {
    loadPaymentData: provided<Sig['loadPaymentData']>('loadPaymentData'),
    getSecureUrl: provided<Sig['getSecureUrl']>('getSecureUrl'),
    goToSecurePage: provided<Sig['goToSecurePage']>('goToSecurePage'),
    openContract: provided<Sig['openContract']>('openContract'),
  },
  guards: {
    isCoachSession: ({ context }) => context.actor.isAgent,
    isContractMissing: (_, params: { outcome: 'opened' | 'not-found' }) => params.outcome === 'not-found',
    isCardUpdatedReturn: (_, params: { search: string }) => secureResult(params.search) === 'updated',
    isPaidReturn: (_, params: { search: string }) => secureResult(params.search) === 'paid',
    isOtherSecureReturn: (_, params: { search: string }) => secureResult(params.search) !== null,
  },
  actions: {
    assignData: assign((_, params: { data: PaymentData }) => ({ data: params.data })),
    assignOpening: assign((_, params: { request: SecurePageRequest }) => ({ openingSecurePage: params.request, secureFailed: false })),
    assignSecureUrl: assign((_, params: { url: string }) => ({ secureUrl: params.url })),
    assignSecureFailed: assign({ openingSecurePage: null, secureUrl: null, secureFailed: true }),
    clearOpening: assign({ openingSecurePage: null, secureUrl: null }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyContractError: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.generalError } as const),
    notifyCardUpdated: emit({ type: 'notify', level: 'success', key: BILLING_PAGE_KEYS.cardUpdated } as const),
    notifyPaid: emit({ type: 'notify', level: 'success', key: BILLING_PAGE_KEYS.paid } as const),
    /** The answer is said once: the address loses its ?secure=… (replace, so Back does not say it again). */
    dropSecureResult: emit(({ context }) => ({ type: 'navigate' as const, to: context.returnPath, replace: true })),
  },
}).createMachine({
  id: 'billingPage',
  meta: machineSpec(['001 §2', '002 §7']),
  context: ({ input }) => ({ ...input, data: null, openingSecurePage: null, secureFailed: false, secureUrl: null }),
  type: 'parallel',
  states: {
    data: {
      meta: spec('001 §2'),
      initial: 'loading',
      states: {
        loading: {
          meta: spec('001 §2'),
          tags: ['loading'],
          invoke: {
            id: 'loadPaymentData',
            src: 'loadPaymentData',
            onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
            onError: { target: 'failed' },
          },
        },
        ready: {
          meta: spec('001 §2'),
          on: { 'window.focused': { target: 'reloading' }, 'data.reload': { target: 'reloading' } },
        },
        reloading: {
          meta: spec('001 §2'),
          invoke: {
            id: 'reloadPaymentData',
            src: 'loadPaymentData',
            onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
            // What was shown stays; the next focus tries again.
            onError: { target: 'ready' },
          },
        },
        failed: {
          meta: spec('001 §2'),
          on: { 'load.retry': { target: 'loading' }, 'window.focused': { target: 'loading' }, 'data.reload': { target: 'loading' } },
        },
      },
    },
    actions: {
      meta: spec('001 §2'),
      initial: 'idle',
      states: {
        idle: {
          meta: spec('001 §2'),
          on: {
            'secure.open': [
              { guard: 'isCoachSession', actions: 'notifyNotPermitted' },
              { target: 'gettingSecureUrl', actions: { type: 'assignOpening', params: ({ event }) => ({ request: event.request }) } },
            ],
            'contract.open': [{ guard: 'isCoachSession', actions: 'notifyNotPermitted' }, { target: 'openingContract' }],
            'route.changed': [
              { guard: { type: 'isCardUpdatedReturn', params: ({ event }) => ({ search: event.search }) }, actions: ['notifyCardUpdated', 'dropSecureResult'] },
              { guard: { type: 'isPaidReturn', params: ({ event }) => ({ search: event.search }) }, actions: ['notifyPaid', 'dropSecureResult'] },
              // Cancelled on the secure page: nothing to say.
              { guard: { type: 'isOtherSecureReturn', params: ({ event }) => ({ search: event.search }) }, actions: 'dropSecureResult' },
            ],
          },
        },
        gettingSecureUrl: {
          meta: spec('001 §2'),
          tags: ['busy'],
          invoke: {
            id: 'getSecureUrl',
            src: 'getSecureUrl',
            input: ({ context }) => ({ request: context.openingSecurePage ?? 'getSecureBillingInformationURL', returnPath: context.returnPath }),
            onDone: { target: 'leaving', actions: { type: 'assignSecureUrl', params: ({ event }) => ({ url: event.output.url }) } },
            onError: { target: 'idle', actions: 'assignSecureFailed' },
          },
        },
        leaving: {
          meta: spec('001 §2'),
          tags: ['busy'],
          invoke: {
            id: 'goToSecurePage',
            src: 'goToSecurePage',
            input: ({ context }) => ({ url: context.secureUrl ?? '' }),
            onDone: { target: 'left' },
            onError: { target: 'idle', actions: 'assignSecureFailed' },
          },
        },
        left: {
          meta: spec('001 §2'),
          tags: ['busy'],
          // Back from the secure page through the browser's Back (the page kept in memory): the buttons work again.
          on: { 'window.focused': { target: 'idle', actions: 'clearOpening' } },
        },
        openingContract: {
          meta: spec('001 §2'),
          tags: ['busy'],
          invoke: {
            id: 'openContract',
            src: 'openContract',
            onDone: [{ guard: { type: 'isContractMissing', params: ({ event }) => ({ outcome: event.output }) }, target: 'contractMissing' }, { target: 'idle' }],
            onError: { target: 'idle', actions: 'notifyContractError' },
          },
        },
        contractMissing: {
          meta: spec('001 §2'),
          on: { 'contract.dialogClose': { target: 'idle' } },
        },
      },
    },
  },
});

export type BillingPageSnapshot = SnapshotFrom<typeof billingPageMachine>;

export const billingPageSelectors = {
  data: (s: BillingPageSnapshot): PaymentData | null => s.context.data,
  /** The first load is running (nothing to show yet). */
  loading: (s: BillingPageSnapshot): boolean => s.hasTag('loading'),
  loadFailed: (s: BillingPageSnapshot): boolean => s.matches({ data: 'failed' }),
  openingSecurePage: (s: BillingPageSnapshot): SecurePageRequest | null => s.context.openingSecurePage,
  secureFailed: (s: BillingPageSnapshot): boolean => s.context.secureFailed,
  contractOpening: (s: BillingPageSnapshot): boolean => s.matches({ actions: 'openingContract' }),
  /** The errors.settings.contract-not-found dialog is open. */
  contractMissing: (s: BillingPageSnapshot): boolean => s.matches({ actions: 'contractMissing' }),
};
