import { emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canRequestCancellation } from '../../src/domain/payments';
import type { Actor } from '../../src/domain/permissions';
import { provided } from '../actors';
import { portErrorCode, type NotifyEmitted } from '../ports';
import type { CancellationRequestActorSignatures, PaymentData } from './ports';
import { machineSpec, spec } from '../spec';

// The cancellation request of the billing page (spec 001 §2 Billing, §4 "Cancellation request results", §8, §9):
// offered only to customers whose mailing state is CA. requestCancellation answers success, or
// failed-precondition 'in-progress' (shown as a success toast) or 'already-complete' (a success toast, then the
// payment data is refreshed); neither is an error to report. Anything else says errors.request-cancellation-error and
// the button stays, and the failure is reported (`report`, which the page passes to the app's error reporter: spec
// 000 §9) — in-progress and already-complete are not. Afterwards the processed message shows in place of the button — also when the payment data says
// a request was made before. A coach session is refused before any call (the callable is customerOnly).

type Sig = CancellationRequestActorSignatures;

/** The billing namespace's keys of the cancellation's toasts (pay-frontend's texts). */
export const CANCELLATION_KEYS = {
  requested: 'cancellation.toast.requested',
  inProgress: 'cancellation.toast.in-progress',
  alreadyComplete: 'cancellation.toast.already-complete',
} as const;

export type CancellationNotifyKey =
  | (typeof CANCELLATION_KEYS)[keyof typeof CANCELLATION_KEYS]
  | typeof ERROR_KEYS.requestCancellationError
  | typeof ERROR_KEYS.coachNotPermitted;

export interface CancellationRequestInput {
  actor: Actor;
  /** The contact's MailingStateCode. */
  mailingStateCode: string | null;
  /** PaymentData.cancellation: a request made before shows the processed message at once. */
  status: PaymentData['cancellation'];
}

export type CancellationRequestEvent = { type: 'cancellation.request' };
/** A failure for the app's error reporter (the host passes it on as errorReporter's report.add). */
export interface CancellationReportEmitted {
  type: 'report';
  report: { message: string; extra: { code: string } };
}
export const CANCELLATION_REPORT_MESSAGE = 'request-cancellation-error';

export type CancellationRequestEmitted = NotifyEmitted<CancellationNotifyKey> | CancellationReportEmitted;
export type CancellationRequestTag = 'busy';

/** requestCancellation's refusals that are not failures: the spec code the server names them with (PortError.code). */
export const CANCELLATION_REFUSALS = { inProgress: 'in-progress', alreadyComplete: 'already-complete' } as const;

export const cancellationRequestMachine = setup({
  types: {
    context: {} as CancellationRequestInput,
    events: {} as CancellationRequestEvent,
    input: {} as CancellationRequestInput,
    emitted: {} as CancellationRequestEmitted,
    tags: {} as CancellationRequestTag,
  },
  actors: {
    requestCancellation: provided<Sig['requestCancellation']>('requestCancellation'),
    refreshPaymentData: provided<Sig['refreshPaymentData']>('refreshPaymentData'),
  },
  guards: {
    isNotEligible: ({ context }) => !canRequestCancellation(context.mailingStateCode),
    wasRequestedBefore: ({ context }) => context.status !== 'none',
    isCoachSession: ({ context }) => context.actor.isAgent,
    isInProgress: (_, params: { error: unknown }) => portErrorCode(params.error) === CANCELLATION_REFUSALS.inProgress,
    isAlreadyComplete: (_, params: { error: unknown }) => portErrorCode(params.error) === CANCELLATION_REFUSALS.alreadyComplete,
  },
  actions: {
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyRequested: emit({ type: 'notify', level: 'success', key: CANCELLATION_KEYS.requested } as const),
    notifyInProgress: emit({ type: 'notify', level: 'success', key: CANCELLATION_KEYS.inProgress } as const),
    notifyAlreadyComplete: emit({ type: 'notify', level: 'success', key: CANCELLATION_KEYS.alreadyComplete } as const),
    notifyFailed: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.requestCancellationError } as const),
    reportFailed: emit((_, params: { error: unknown }) => ({
      type: 'report' as const,
      report: { message: CANCELLATION_REPORT_MESSAGE, extra: { code: portErrorCode(params.error) } },
    })),
  },
}).createMachine({
  id: 'cancellationRequest',
  meta: machineSpec(['001 §4', '001 §2', '000 §9'], ['checking']),
  context: ({ input }) => input,
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isNotEligible', target: 'hidden' }, { guard: 'wasRequestedBefore', target: 'processed' }, { target: 'available' }],
    },
    available: {
      meta: spec('001 §4'),
      on: {
        'cancellation.request': [{ guard: 'isCoachSession', actions: 'notifyNotPermitted' }, { target: 'requesting' }],
      },
    },
    requesting: {
      meta: spec('001 §4'),
      tags: ['busy'],
      invoke: {
        id: 'requestCancellation',
        src: 'requestCancellation',
        onDone: { target: 'processed', actions: 'notifyRequested' },
        onError: [
          { guard: { type: 'isInProgress', params: ({ event }) => ({ error: event.error }) }, target: 'processed', actions: 'notifyInProgress' },
          { guard: { type: 'isAlreadyComplete', params: ({ event }) => ({ error: event.error }) }, target: 'refreshing', actions: 'notifyAlreadyComplete' },
          { target: 'available', actions: ['notifyFailed', { type: 'reportFailed', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    refreshing: {
      meta: spec('001 §4'),
      tags: ['busy'],
      invoke: { id: 'refreshPaymentData', src: 'refreshPaymentData', onDone: { target: 'processed' }, onError: { target: 'processed' } },
    },
    /** The processed message in place of the button. */
    processed: { meta: spec('001 §4'), type: 'final' },
    /** Not offered (mailing state not CA). */
    hidden: { meta: spec('001 §4'), type: 'final' },
  },
});

export type CancellationRequestSnapshot = SnapshotFrom<typeof cancellationRequestMachine>;

export type CancellationView = 'hidden' | 'available' | 'requesting' | 'processed';

export const cancellationRequestSelectors = {
  /** What the page shows: nothing, the button, the button waiting, or the processed message. */
  view: (s: CancellationRequestSnapshot): CancellationView => {
    if (s.matches('hidden')) return 'hidden';
    if (s.matches('processed')) return 'processed';
    return s.hasTag('busy') ? 'requesting' : 'available';
  },
};
