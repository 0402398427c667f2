import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { checkExtraPayment, planDebtPayoff, type DebtAccount, type DebtPayoffPlan, type ExtraPaymentCheck } from '../../src/domain/debtPayoff';
import { ERROR_KEYS } from '../../src/domain/errors';
import { canActForClient, type Actor } from '../../src/domain/permissions';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { DebtsActorSignatures, GoodStandingAccounts } from './debtsPorts';
import { machineSpec, spec } from '../spec';

// The debts page (spec 002 §2 /money/debts/*, §3 "Credit balance account (debts)", §4 "Debt payoff"):
// the accounts load (getCreditDisplay's id, then getGoodStandingAccounts); a show/hide switch moves at once and
// saves (updateCreditBalance), moving back with a toast when the save fails; the extra monthly payment is typed,
// checked (a negative amount shows its message, nothing is saved) and saved (updateAdditionalDebtPayment), going back
// to the saved amount when the save fails. A coach without allowClientActions is refused before any call
// (coach.toast.not-permitted), as the callables refuse them. The payoff plan is src/domain/debtPayoff.ts's.

export type { DebtsActorSignatures, GoodStandingAccounts } from './debtsPorts';

type Sig = DebtsActorSignatures;

export interface DebtsInput {
  actor: Actor;
  /** Today as 'YYYY-MM-DD' (the final payment dates count from it). */
  today: string;
}

/** Why the typed extra payment is refused; null while it reads as an amount. */
export type ExtraPaymentError = Extract<ExtraPaymentCheck, { ok: false }>['reason'];

/** The message keys this machine emits: the errors catalogue's, or the money namespace's. */
export type DebtsNotifyKey = typeof ERROR_KEYS.coachNotPermitted | 'debts.toggleFailed' | 'debts.extraFailed' | 'debts.extraSaved';

export interface DebtsContext {
  actor: Actor;
  today: string;
  accounts: DebtAccount[];
  /** The extra monthly payment the plan uses (the saved one, or the one being saved). */
  extra: number;
  /** What the extra payment field shows. */
  extraDraft: string;
  extraError: ExtraPaymentError | null;
  /** The switch being saved and the value it goes back to; the extra payment being saved and the one it replaces. */
  pendingShow: { id: string; previous: boolean } | null;
  previousExtra: number | null;
  /** The server's message key when the load failed with one (no report yet), else null. */
  loadErrorKey: string | null;
}

export type DebtsEvent =
  | { type: 'debt.toggle'; id: string; show: boolean }
  | { type: 'extra.change'; value: string }
  | { type: 'extra.submit' }
  | { type: 'load.retry' };

export type DebtsTag = 'loading' | 'error' | 'ready' | 'busy' | 'savingShow' | 'savingExtra';

const keyOf = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && 'key' in error && typeof error.key === 'string' ? error.key : null;

export const debtsMachine = setup({
  types: {
    context: {} as DebtsContext,
    events: {} as DebtsEvent,
    input: {} as DebtsInput,
    emitted: {} as NotifyEmitted<DebtsNotifyKey>,
    tags: {} as DebtsTag,
  },
  actors: {
    loadDebts: provided<Sig['loadDebts']>('loadDebts'),
    saveShow: provided<Sig['saveShow']>('saveShow'),
    saveExtraPayment: provided<Sig['saveExtraPayment']>('saveExtraPayment'),
  },
  guards: {
    isNotPermitted: ({ context }) => !canActForClient(context.actor),
    // One of the listed accounts, switched to the other value.
    isToggleChange: ({ context }, params: { id: string; show: boolean }) =>
      context.accounts.some((account) => account.id === params.id && account.show !== params.show),
    isExtraInvalid: ({ context }) => !checkExtraPayment(context.extraDraft).ok,
  },
  actions: {
    assignLoaded: assign((_, params: { loaded: GoodStandingAccounts }) => ({
      accounts: params.loaded.accounts,
      extra: params.loaded.additionalMonthlyDebtPayment,
      extraDraft: params.loaded.additionalMonthlyDebtPayment === 0 ? '' : String(params.loaded.additionalMonthlyDebtPayment),
      extraError: null,
      loadErrorKey: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadErrorKey: keyOf(params.error) })),
    applyToggle: assign(({ context }, params: { id: string; show: boolean }) => ({
      accounts: context.accounts.map((account) => (account.id === params.id ? { ...account, show: params.show } : account)),
      pendingShow: { id: params.id, previous: !params.show },
    })),
    confirmToggle: assign({ pendingShow: null }),
    revertToggle: assign(({ context }) => {
      const pending = context.pendingShow;
      if (pending === null) return {};
      return {
        accounts: context.accounts.map((account) => (account.id === pending.id ? { ...account, show: pending.previous } : account)),
        pendingShow: null,
      };
    }),
    assignExtraDraft: assign((_, params: { value: string }) => ({ extraDraft: params.value, extraError: null })),
    assignExtraError: assign(({ context }) => {
      const check = checkExtraPayment(context.extraDraft);
      return { extraError: check.ok ? null : check.reason };
    }),
    applyExtra: assign(({ context }) => {
      const check = checkExtraPayment(context.extraDraft);
      return check.ok ? { previousExtra: context.extra, extra: check.amount } : {};
    }),
    confirmExtra: assign((_, params: { saved: number }) => ({ extra: params.saved, previousExtra: null })),
    revertExtra: assign(({ context }) => ({
      extra: context.previousExtra ?? context.extra,
      extraDraft: String(context.previousExtra ?? context.extra),
      previousExtra: null,
    })),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyToggleFailed: emit({ type: 'notify', level: 'error', key: 'debts.toggleFailed' } as const),
    notifyExtraFailed: emit({ type: 'notify', level: 'error', key: 'debts.extraFailed' } as const),
    notifyExtraSaved: emit({ type: 'notify', level: 'success', key: 'debts.extraSaved' } as const),
  },
}).createMachine({
  id: 'debts',
  meta: machineSpec(['002 §4', '002 §2']),
  context: ({ input }) => ({
    actor: input.actor,
    today: input.today,
    accounts: [],
    extra: 0,
    extraDraft: '',
    extraError: null,
    pendingShow: null,
    previousExtra: null,
    loadErrorKey: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('002 §4'),
      tags: ['loading'],
      invoke: {
        id: 'loadDebts',
        src: 'loadDebts',
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: spec('002 §4'),
      tags: ['error'],
      on: { 'load.retry': 'loading' },
    },
    // The switches and the extra payment save independently (parallel regions): typing an amount while a switch is
    // being saved keeps what is typed, and a switch can change while the amount is being saved.
    ready: {
      meta: spec('002 §4'),
      tags: ['ready'],
      type: 'parallel',
      on: {
        'extra.change': { actions: { type: 'assignExtraDraft', params: ({ event }) => ({ value: event.value }) } },
      },
      states: {
        show: {
          meta: spec('002 §4'),
          initial: 'idle',
          states: {
            idle: {
              meta: spec('002 §4'),
              on: {
                'debt.toggle': [
                  { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
                  {
                    guard: { type: 'isToggleChange', params: ({ event }) => ({ id: event.id, show: event.show }) },
                    target: 'saving',
                    actions: { type: 'applyToggle', params: ({ event }) => ({ id: event.id, show: event.show }) },
                  },
                ],
              },
            },
            saving: {
              meta: spec('002 §4'),
              tags: ['busy', 'savingShow'],
              invoke: {
                id: 'saveShow',
                src: 'saveShow',
                input: ({ context }) => {
                  const id = context.pendingShow?.id ?? '';
                  return { id, show: context.accounts.find((account) => account.id === id)?.show ?? true };
                },
                onDone: { target: 'idle', actions: 'confirmToggle' },
                onError: { target: 'idle', actions: ['revertToggle', 'notifyToggleFailed'] },
              },
            },
          },
        },
        extra: {
          meta: spec('002 §4'),
          initial: 'idle',
          states: {
            idle: {
              meta: spec('002 §4'),
              on: {
                'extra.submit': [
                  { guard: 'isExtraInvalid', actions: 'assignExtraError' },
                  { guard: 'isNotPermitted', actions: 'notifyNotPermitted' },
                  { target: 'saving', actions: 'applyExtra' },
                ],
              },
            },
            saving: {
              meta: spec('002 §4'),
              tags: ['busy', 'savingExtra'],
              invoke: {
                id: 'saveExtraPayment',
                src: 'saveExtraPayment',
                input: ({ context }) => ({ amount: context.extra }),
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'confirmExtra', params: ({ event }) => ({ saved: event.output }) }, 'notifyExtraSaved'],
                },
                onError: { target: 'idle', actions: ['revertExtra', 'notifyExtraFailed'] },
              },
            },
          },
        },
      },
    },
  },
});

export type DebtsSnapshot = SnapshotFrom<typeof debtsMachine>;
export type DebtsStatus = 'loading' | 'loadFailed' | 'ready';

const todayOf = (s: DebtsSnapshot) => new Date(`${s.context.today}T00:00:00Z`);

/** What the debts page reads. */
export const debtsSelectors = {
  status: (s: DebtsSnapshot): DebtsStatus => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'loadFailed' : 'ready'),
  loadErrorKey: (s: DebtsSnapshot): string | null => s.context.loadErrorKey,
  /** The payoff plan over the accounts as shown (a switch being saved counts with its new value). */
  plan: (s: DebtsSnapshot): DebtPayoffPlan => planDebtPayoff(s.context.accounts, s.context.extra, todayOf(s)),
  extraDraft: (s: DebtsSnapshot): string => s.context.extraDraft,
  extraError: (s: DebtsSnapshot): ExtraPaymentError | null => s.context.extraError,
  extra: (s: DebtsSnapshot): number => s.context.extra,
  /** The account whose switch is being saved, null when none is. */
  savingId: (s: DebtsSnapshot): string | null => s.context.pendingShow?.id ?? null,
  busy: (s: DebtsSnapshot): boolean => s.hasTag('busy'),
  /** A switch is being saved (the switches wait for it). */
  savingShow: (s: DebtsSnapshot): boolean => s.hasTag('savingShow'),
  /** The extra payment is being saved (Apply waits for it). */
  savingExtra: (s: DebtsSnapshot): boolean => s.hasTag('savingExtra'),
};
