import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { reportRefreshEligibility, type ReportRefreshFacts } from '../../src/domain/reportRefresh';
import { provided } from '../actors';
import { portErrorCode, portErrorRetryAfterSeconds, type NavigateEmitted, type NotifyEmitted } from '../ports';
import type { OrderReportResult, ReportOrderedEmitted, ReportRefreshActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// The report's Refresh control (spec 001 §2 "Credit report and score", §4 "Report ordering", §5, §8 item
// 9). Its tooltip (wide screens) or dialog (small ones) explains one of four states, given as tags: 'enabled',
// 'disabled' (until a date, or with no date when KBA failed), 'loading' (an order is under way) and 'notPermitted'
// (an agent without allowClientActions). The facts come from the customer contact query (Credit_Pull_Date__c,
// KBA_Status__c) and the claims; `facts.changed` brings them again whenever the query reloads.
//
// Ordering (only while enabled): an info toast says it is under way and orderReport runs. 'ordered' emits
// `report.ordered` (the app invalidates the report, display-token and related queries) and the pull date becomes
// the new one, so the control is disabled for 30 days. 'kba-required' (the KBA flag is on and the customer has not
// passed it) emits `navigate` to /kba?id=<id>: the order goes through the identity check first. A throttled order
// (the server refuses a second order within 15 s: resource-exhausted with the seconds left) shows an info toast with
// the seconds; an order the server aborts because an earlier one is still being pulled (aborted, spec 002 §7) an
// info toast that a report is already on its way; any other failure an error toast; in each case the control is
// enabled again.

type Sig = ReportRefreshActorSignatures;

/** The toast keys (public/locales/{en,es}/creditTools.json). */
export const REPORT_REFRESH_KEYS = {
  ordering: 'refresh.ordering',
  ordered: 'refresh.ordered',
  /** values: { count } (the seconds left; the text is pluralised on it). */
  throttled: 'refresh.throttled',
  inProgress: 'refresh.inProgress',
  failed: 'refresh.failed',
} as const;
export type ReportRefreshKey = (typeof REPORT_REFRESH_KEYS)[keyof typeof REPORT_REFRESH_KEYS];

/** The KBA page that continues an order which needs the identity check. */
export const KBA_PATH = '/kba';
export const kbaPath = (kbaLinkId: string): string => `${KBA_PATH}?id=${encodeURIComponent(kbaLinkId)}`;

export interface ReportRefreshInput {
  facts: ReportRefreshFacts;
  /** The customer's calendar day, yyyy-MM-dd. */
  today: string;
  /** The KBA feature flag: with it on and KBA not passed, an order goes through the identity check first. */
  kbaFlag: boolean;
}

export type ReportRefreshContext = ReportRefreshInput;

export type ReportRefreshEvent =
  | { type: 'facts.changed'; facts: ReportRefreshFacts; today: string; kbaFlag: boolean }
  | { type: 'refresh.order' };

export type ReportRefreshEmitted = NotifyEmitted<ReportRefreshKey> | ReportOrderedEmitted | NavigateEmitted;
export type ReportRefreshTag = 'enabled' | 'disabled' | 'loading' | 'notPermitted';

/** Seconds the server asks to wait when it does not say (the whole throttle window, spec 001 §9). */
const THROTTLE_FALLBACK_SECONDS = 15;

export const reportRefreshMachine = setup({
  types: {
    context: {} as ReportRefreshContext,
    events: {} as ReportRefreshEvent,
    input: {} as ReportRefreshInput,
    emitted: {} as ReportRefreshEmitted,
    tags: {} as ReportRefreshTag,
  },
  actors: {
    orderReport: provided<Sig['orderReport']>('orderReport'),
  },
  guards: {
    canRefresh: ({ context }) => reportRefreshEligibility(context.facts, context.today).kind === 'enabled',
    isNotPermitted: ({ context }) => reportRefreshEligibility(context.facts, context.today).kind === 'notPermitted',
    isOrdered: (_, params: { result: OrderReportResult }) => params.result.status === 'ordered',
    isThrottled: (_, params: { error: unknown }) => portErrorCode(params.error) === 'resource-exhausted',
    isOrderInProgress: (_, params: { error: unknown }) => portErrorCode(params.error) === 'aborted',
  },
  actions: {
    assignFacts: assign((_, params: { facts: ReportRefreshFacts; today: string; kbaFlag: boolean }) => ({
      facts: params.facts,
      today: params.today,
      kbaFlag: params.kbaFlag,
    })),
    // The contact query reloads after the app's invalidation; until then the control already counts the new pull.
    assignPullDate: assign(({ context }, params: { creditPullDate: string }) => ({
      facts: { ...context.facts, creditPullDate: params.creditPullDate },
    })),
    notifyOrdering: emit({ type: 'notify', level: 'info', key: REPORT_REFRESH_KEYS.ordering } as const),
    notifyOrdered: emit({ type: 'notify', level: 'success', key: REPORT_REFRESH_KEYS.ordered } as const),
    emitOrdered: emit((_, params: { creditPullDate: string }) => ({
      type: 'report.ordered' as const,
      creditPullDate: params.creditPullDate,
    })),
    navigateToKba: emit((_, params: { kbaLinkId: string }) => ({ type: 'navigate' as const, to: kbaPath(params.kbaLinkId) })),
    notifyThrottled: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      level: 'info' as const,
      key: REPORT_REFRESH_KEYS.throttled,
      values: { count: portErrorRetryAfterSeconds(params.error) ?? THROTTLE_FALLBACK_SECONDS },
    })),
    notifyInProgress: emit({ type: 'notify', level: 'info', key: REPORT_REFRESH_KEYS.inProgress } as const),
    notifyFailed: emit({ type: 'notify', level: 'error', key: REPORT_REFRESH_KEYS.failed } as const),
  },
}).createMachine({
  id: 'reportRefresh',
  meta: machineSpec(['001 §4', '001 §2', '001 §9', '002 §7'], ['idle.deciding']),
  context: ({ input }) => ({ facts: input.facts, today: input.today, kbaFlag: input.kbaFlag }),
  initial: 'idle',
  states: {
    idle: {
      meta: spec('001 §4'),
      initial: 'deciding',
      on: {
        'facts.changed': {
          target: '.deciding',
          reenter: true,
          actions: { type: 'assignFacts', params: ({ event }) => event },
        },
      },
      states: {
        deciding: {
          always: [
            { guard: 'isNotPermitted', target: 'notPermitted' },
            { guard: 'canRefresh', target: 'enabled' },
            { target: 'disabled' },
          ],
        },
        enabled: {
          meta: spec('001 §4'),
          tags: ['enabled'],
          on: { 'refresh.order': { guard: 'canRefresh', target: '#reportRefresh.ordering' } },
        },
        disabled: {
          meta: spec('001 §4'),
          tags: ['disabled'],
        },
        notPermitted: {
          meta: spec('001 §4'),
          tags: ['notPermitted'],
        },
      },
    },
    ordering: {
      meta: spec('001 §4'),
      tags: ['loading'],
      entry: 'notifyOrdering',
      on: {
        // The contact query may reload while the order runs: keep its facts for the decision that follows.
        'facts.changed': { actions: { type: 'assignFacts', params: ({ event }) => event } },
      },
      invoke: {
        id: 'orderReport',
        src: 'orderReport',
        onDone: [
          {
            guard: { type: 'isOrdered', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              {
                type: 'assignPullDate',
                params: ({ event }) => ({ creditPullDate: event.output.status === 'ordered' ? event.output.creditPullDate : '' }),
              },
              {
                type: 'emitOrdered',
                params: ({ event }) => ({ creditPullDate: event.output.status === 'ordered' ? event.output.creditPullDate : '' }),
              },
              'notifyOrdered',
            ],
          },
          {
            // kba-required: the order continues at the identity check.
            target: 'idle',
            actions: {
              type: 'navigateToKba',
              params: ({ event }) => ({ kbaLinkId: event.output.status === 'kba-required' ? event.output.kbaLinkId : '' }),
            },
          },
        ],
        onError: [
          {
            guard: { type: 'isThrottled', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: { type: 'notifyThrottled', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isOrderInProgress', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: 'notifyInProgress',
          },
          { target: 'idle', actions: 'notifyFailed' },
        ],
      },
    },
  },
});

type ReportRefreshSnapshot = SnapshotFrom<typeof reportRefreshMachine>;

export type ReportRefreshStatus = 'enabled' | 'disabled' | 'loading' | 'notPermitted';

/** What the Refresh control and its tooltip or dialog read. */
export const reportRefreshSelectors = {
  /** The four states of the tooltip / dialog (spec 001 §2). */
  status: (snapshot: ReportRefreshSnapshot): ReportRefreshStatus => {
    if (snapshot.hasTag('loading')) return 'loading';
    if (snapshot.hasTag('notPermitted')) return 'notPermitted';
    return snapshot.hasTag('enabled') ? 'enabled' : 'disabled';
  },
  /** The Refresh button orders (only while enabled). */
  canOrder: (snapshot: ReportRefreshSnapshot): boolean => snapshot.hasTag('enabled'),
  /**
   * While disabled: the first day (yyyy-MM-dd) a refresh is allowed, or null when KBA failed and no date opens it
   * (the text then says to call customer service). null in the other states.
   */
  disabledUntil: (snapshot: ReportRefreshSnapshot): string | null => {
    if (!snapshot.hasTag('disabled')) return null;
    const eligibility = reportRefreshEligibility(snapshot.context.facts, snapshot.context.today);
    return eligibility.kind === 'disabled' ? eligibility.date : null;
  },
  /** The next order goes through the identity check first (KBA flag on, KBA not passed): the tooltip says so. */
  needsKba: (snapshot: ReportRefreshSnapshot): boolean =>
    snapshot.context.kbaFlag && snapshot.context.facts.kbaStatus !== true,
};
