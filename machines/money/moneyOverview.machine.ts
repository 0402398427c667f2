import { assign, setup, type SnapshotFrom } from 'xstate';
import { provided } from '../actors';
import type { PortError, PromiseActorSignature } from '../ports';
import { machineSpec, spec } from '../spec';

// The money overview's data (spec 002 §2 Money overview, §3 Connected institution, Credit display, §7
// getSavingsInfoHistory; spec 001 §9): the goal, income and rates (getUserInfo), the debts (getCreditDisplay's
// totalDebt and monthlyDebtPayment; none before the first credit report), the connected institutions
// (getConnectedInstitutions) and the savings history, loaded together; loaded again when another flow changed them
// (data.reload: a savings update, a linked account). A failed first load offers a retry; the free line's refusal
// ('upgrade-required') is told apart so the page shows the upgrade banner. A failed reload keeps what was shown.

/** The goal as the overview reads it (userInfo's goal; mirrors src/contract/userInfo.ts). */
export interface MoneyGoal {
  type: string;
  purchasePrice: number | null;
  currentHomePrice: number | null;
  currentSavings: number | null;
  savingsGoal: number | null;
  purchaseState: string | null;
}

/** What the overview shows, as the adapter composes it from the four calls. */
export interface MoneyOverviewData {
  goal: MoneyGoal | null;
  annualIncome: number | null;
  /** The customer's mortgage rate (user info's mortgageRate, percent a year), null when unknown. */
  mortgageRate: number | null;
  pmiTable: { savingsRatio: number; pmi: number }[] | null;
  /** getCreditDisplay's figures; null before the first credit report. */
  debts: { totalDebt: number; monthlyDebtPayment: number } | null;
  institutions: { id: string; name: string; accounts: { id: string; name: string; type: string; currentBalance: number }[] }[];
  savingsHistory: { source: 'linkedAccounts' | 'recordedSavings' | 'none'; points: { day: string; savings: number }[] };
}

export interface MoneyOverviewActorSignatures {
  loadOverview: PromiseActorSignature<void, MoneyOverviewData>;
}
type Sig = MoneyOverviewActorSignatures;

/** The refusal of the free product line (functions/src/credit/creditAccess.ts). */
export const UPGRADE_REQUIRED_CODE = 'upgrade-required';

export interface MoneyOverviewContext {
  data: MoneyOverviewData | null;
  upgradeRequired: boolean;
}

export type MoneyOverviewEvent = { type: 'load.retry' } | { type: 'data.reload' };
export type MoneyOverviewTag = 'loading';

function isUpgradeRequired(error: unknown): boolean {
  const failure = error as Partial<PortError> & { key?: string };
  return failure?.code === UPGRADE_REQUIRED_CODE || failure?.key === UPGRADE_REQUIRED_CODE;
}

export const moneyOverviewMachine = setup({
  types: {
    context: {} as MoneyOverviewContext,
    events: {} as MoneyOverviewEvent,
    tags: {} as MoneyOverviewTag,
  },
  actors: {
    loadOverview: provided<Sig['loadOverview']>('loadOverview'),
  },
  guards: {
    isUpgradeRequired: (_, params: { error: unknown }) => isUpgradeRequired(params.error),
  },
  actions: {
    assignData: assign((_, params: { data: MoneyOverviewData }) => ({ data: params.data, upgradeRequired: false })),
    assignUpgradeRequired: assign({ upgradeRequired: true, data: null }),
  },
}).createMachine({
  id: 'moneyOverview',
  meta: machineSpec(['002 §2', '001 §9']),
  context: { data: null, upgradeRequired: false },
  initial: 'loading',
  states: {
    loading: {
      meta: spec('002 §2'),
      tags: ['loading'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
        onError: [
          { guard: { type: 'isUpgradeRequired', params: ({ event }) => ({ error: event.error }) }, target: 'upgradeRequired', actions: 'assignUpgradeRequired' },
          { target: 'failed' },
        ],
      },
    },
    ready: {
      meta: spec('002 §2'),
      on: { 'data.reload': { target: 'reloading' } },
    },
    reloading: {
      meta: spec('002 §2'),
      invoke: {
        id: 'reloadOverview',
        src: 'loadOverview',
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
        // What was shown stays.
        onError: { target: 'ready' },
      },
    },
    failed: {
      meta: spec('002 §2'),
      on: { 'load.retry': { target: 'loading' } },
    },
    // The free product line: the page shows the upgrade banner (the server refused, whatever the browser knew).
    upgradeRequired: { meta: spec('002 §2'), type: 'final' },
  },
});

export type MoneyOverviewSnapshot = SnapshotFrom<typeof moneyOverviewMachine>;

export const moneyOverviewSelectors = {
  data: (s: MoneyOverviewSnapshot): MoneyOverviewData | null => s.context.data,
  loading: (s: MoneyOverviewSnapshot): boolean => s.hasTag('loading'),
  loadFailed: (s: MoneyOverviewSnapshot): boolean => s.matches('failed'),
  upgradeRequired: (s: MoneyOverviewSnapshot): boolean => s.matches('upgradeRequired'),
};
