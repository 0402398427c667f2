import { assertEvent, assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { isBankAccountsStepDone, type IntakeKey } from '../../src/domain/intake';
import { canConnectBank, canUseBankWidgets, PREMIUM_ONLY_CODE, type ActorFacts } from '../../src/domain/permissions';
import {
  portErrorKey,
  type IntakeBankAccountsActorSignatures,
  type IntakeBankAccountsInput,
  type IntakeBankAccountsOutput,
  type IntakeVisitRefusedEvent,
} from './ports';
import { portErrorCode, type NotifyEmitted } from '../ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// The intake's BankAccounts step (spec 002 §4 "Intake"), invoked by the intake machine (intake.machine.ts) while
// the step shows. Next once accounts are linked or the opt-out is ticked; the opt-out is saved to the contact.
// Connect-bank and the bank widgets need a non-free product line (spec 000 §6): the free line is not offered the
// widget, only the explanation and the opt-out; so too when the server refuses the widget as premium-only.
// The step's moves (Next, Back, another page the intake let through) are taken only on its screens, not while a
// call is under way or the widget is open: the step then ends, with its facts, and the intake moves.

type Sig = IntakeBankAccountsActorSignatures;

export interface IntakeBankAccountsContext {
  actor: ActorFacts;
  productLine: string | null;
  canGoBack: boolean;
  bankOptOut: boolean;
  savedBankOptOut: boolean;
  linkedAccountCount: number;
  widgetUrl: string | null;
  errorKey: ErrorKey | IntakeKey | null;
  /** Where the step ends: the machine's output with its facts. */
  move: IntakeBankAccountsOutput['move'];
}

export type IntakeBankAccountsEvent =
  | { type: 'bank.optOutChange'; optOut: boolean }
  | { type: 'bank.connect' }
  | { type: 'bank.linked' }
  | { type: 'dialog.close' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  /** Another page the intake lets the customer go to (spec 002 §2 /intake/:page). */
  | { type: 'step.visit'; page: number };

export type IntakeBankAccountsEmitted = NotifyEmitted<typeof ERROR_KEYS.coachCantConnect>;

export type IntakeBankAccountsTag = 'busy' | 'bank.widget' | 'bank.premiumOnly';

const NOT_PERMITTED_CODES = ['permission-denied'];

/** A page asked for while a call is under way or the widget is open is refused: the intake keeps the address. */
const REFUSE_VISIT = { 'step.visit': { actions: 'refuseVisit' } } as const;

export const intakeBankAccountsMachine = setup({
  types: {
    context: {} as IntakeBankAccountsContext,
    events: {} as IntakeBankAccountsEvent,
    input: {} as IntakeBankAccountsInput,
    output: {} as IntakeBankAccountsOutput,
    emitted: {} as IntakeBankAccountsEmitted,
    tags: {} as IntakeBankAccountsTag,
  },
  actors: {
    fetchWidgetUrl: provided<Sig['fetchWidgetUrl']>('fetchWidgetUrl'),
    countLinkedAccounts: provided<Sig['countLinkedAccounts']>('countLinkedAccounts'),
    saveBankOptOut: provided<Sig['saveBankOptOut']>('saveBankOptOut'),
  },
  guards: {
    hasPreviousStep: ({ context }) => context.canGoBack,
    cannotConnectBank: ({ context }) => !canConnectBank(context.actor),
    canUseBankWidgets: ({ context }) => canUseBankWidgets(context.productLine),
    isBankStepDone: ({ context }) => isBankAccountsStepDone(context.linkedAccountCount, context.bankOptOut),
    hasOptOutChanged: ({ context }) => context.bankOptOut !== context.savedBankOptOut,
    // The free line's refusal (e.g. a product line changed since the intake started), told apart from a coach's.
    isPremiumOnlyError: (_, params: { error: unknown }) => portErrorCode(params.error) === PREMIUM_ONLY_CODE,
    // The server names a refusal by its key (the adapter may carry the server's message as the code).
    isBankPermissionError: (_, params: { error: unknown }) =>
      portErrorKey(params.error) === ERROR_KEYS.coachCantConnect || NOT_PERMITTED_CODES.includes(portErrorCode(params.error)),
  },
  actions: {
    assignBankOptOut: assign(({ event }) => {
      assertEvent(event, 'bank.optOutChange');
      return { bankOptOut: event.optOut, errorKey: null };
    }),
    assignSavedBankOptOut: assign(({ context }) => ({ savedBankOptOut: context.bankOptOut })),
    assignWidgetUrl: assign((_, params: { url: string }) => ({ widgetUrl: params.url })),
    clearWidgetUrl: assign({ widgetUrl: null }),
    assignLinkedAccountCount: assign((_, params: { count: number }) => ({ linkedAccountCount: params.count })),
    assignError: assign((_, params: { key: ErrorKey | IntakeKey }) => ({ errorKey: params.key })),
    clearError: assign({ errorKey: null }),
    assignMoveNext: assign({ move: { to: 'next' } as const }),
    assignMoveBack: assign({ move: { to: 'back' } as const }),
    assignMoveToPage: assign(({ event }) => {
      assertEvent(event, 'step.visit');
      return { move: { to: 'page' as const, page: event.page } };
    }),
    notifyCoachCantConnect: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachCantConnect } as const),
    // The intake puts the address back (spec 002 §2). Run on its own (its model test, the visualizer) the step has
    // no intake to tell.
    refuseVisit: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'step.visitRefused' } satisfies IntakeVisitRefusedEvent);
    }),
  },
}).createMachine({
  id: 'intakeBankAccounts',
  meta: machineSpec(['002 §4', '002 §2'], ['deciding']),
  context: ({ input }) => ({
    actor: input.actor,
    productLine: input.productLine,
    canGoBack: input.canGoBack,
    bankOptOut: input.bankOptOut,
    savedBankOptOut: input.savedBankOptOut,
    linkedAccountCount: input.linkedAccountCount,
    widgetUrl: null,
    errorKey: input.errorKey,
    move: { to: 'next' },
  }),
  initial: 'deciding',
  output: ({ context }) => ({
    move: context.move,
    bankOptOut: context.bankOptOut,
    savedBankOptOut: context.savedBankOptOut,
    linkedAccountCount: context.linkedAccountCount,
  }),
  states: {
    deciding: {
      always: [{ guard: 'canUseBankWidgets', target: 'idle' }, { target: 'premiumOnly' }],
    },
    idle: {
      meta: spec('002 §4'),
      on: {
        ...bankStepMoves('savingOptOut'),
        'bank.connect': [
          { guard: 'cannotConnectBank', actions: 'notifyCoachCantConnect' },
          { target: 'openingWidget', actions: 'clearError' },
        ],
        'bank.linked': 'countingAccounts',
      },
    },
    openingWidget: {
      meta: spec('002 §4'),
      tags: ['busy'],
      on: REFUSE_VISIT,
      invoke: {
        id: 'fetchWidgetUrl',
        src: 'fetchWidgetUrl',
        onDone: {
          target: 'widgetOpen',
          actions: { type: 'assignWidgetUrl', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: [
          {
            guard: { type: 'isPremiumOnlyError', params: ({ event }) => ({ error: event.error }) },
            target: 'premiumOnly',
          },
          {
            guard: { type: 'isBankPermissionError', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: 'notifyCoachCantConnect',
          },
          { target: 'idle', actions: { type: 'assignError', params: { key: ERROR_KEYS.generalError } } },
        ],
      },
    },
    widgetOpen: {
      // The bank-link widget in a sandboxed frame at context.widgetUrl.
      meta: spec('002 §4'),
      tags: ['bank.widget'],
      on: {
        ...REFUSE_VISIT,
        'bank.linked': { target: 'countingAccounts', actions: 'clearWidgetUrl' },
        'dialog.close': { target: 'idle', actions: 'clearWidgetUrl' },
      },
    },
    countingAccounts: {
      meta: spec('002 §4'),
      tags: ['busy'],
      on: REFUSE_VISIT,
      invoke: {
        id: 'countLinkedAccounts',
        src: 'countLinkedAccounts',
        onDone: {
          target: 'idle',
          actions: {
            type: 'assignLinkedAccountCount',
            params: ({ event }) => ({ count: event.output.linkedAccountCount }),
          },
        },
        onError: { target: 'idle', actions: { type: 'assignError', params: { key: ERROR_KEYS.generalError } } },
      },
    },
    savingOptOut: {
      meta: spec('002 §4'),
      tags: ['busy'],
      on: REFUSE_VISIT,
      invoke: saveBankOptOut('idle'),
    },
    premiumOnly: {
      // No bank widget: the explanation that linking comes with the premium plan, and the opt-out.
      meta: spec('002 §4'),
      tags: ['bank.premiumOnly'],
      on: bankStepMoves('savingPremiumOptOut'),
    },
    savingPremiumOptOut: {
      meta: spec('002 §4'),
      tags: ['busy', 'bank.premiumOnly'],
      on: REFUSE_VISIT,
      invoke: saveBankOptOut('premiumOnly'),
    },
    done: {
      // The intake moves as context.move says (the output).
      meta: spec('002 §4'),
      type: 'final',
    },
  },
});

/**
 * The step's moves, with or without the widget: the opt-out, Next (enabled only once accounts are linked or the
 * opt-out is ticked, spec 002 §4; a changed opt-out is saved first), Back and another page the intake let through.
 */
function bankStepMoves(saving: 'savingOptOut' | 'savingPremiumOptOut') {
  return {
    'bank.optOutChange': { actions: 'assignBankOptOut' },
    'step.next': [
      { guard: 'hasOptOutChanged', target: saving },
      { guard: 'isBankStepDone', target: 'done', actions: 'assignMoveNext' },
    ],
    'step.back': { guard: 'hasPreviousStep', target: 'done', actions: 'assignMoveBack' },
    'step.visit': { target: 'done', actions: 'assignMoveToPage' },
  } as const;
}

/** Saving the opt-out to the contact (Link_Bank_Acct_Opt_Out__c), then on, or back to the step's screen. */
function saveBankOptOut(screen: 'idle' | 'premiumOnly') {
  return {
    id: 'saveBankOptOut',
    src: 'saveBankOptOut',
    input: ({ context }: { context: IntakeBankAccountsContext }) => ({ optOut: context.bankOptOut }),
    onDone: [
      { guard: 'isBankStepDone', target: 'done', actions: ['assignSavedBankOptOut', 'assignMoveNext'] },
      { target: screen, actions: 'assignSavedBankOptOut' },
    ],
    onError: { target: screen, actions: { type: 'assignError', params: { key: ERROR_KEYS.errorUpdating } } },
  } as const;
}

type IntakeBankAccountsSnapshot = SnapshotFrom<typeof intakeBankAccountsMachine>;

/** What the BankAccounts step's view reads. */
export const intakeBankAccountsSelectors = {
  linkedAccountCount: (s: IntakeBankAccountsSnapshot) => s.context.linkedAccountCount,
  optOut: (s: IntakeBankAccountsSnapshot) => s.context.bankOptOut,
  busy: (s: IntakeBankAccountsSnapshot) => s.hasTag('busy'),
  premiumOnly: (s: IntakeBankAccountsSnapshot) => s.hasTag('bank.premiumOnly'),
  /** The widget's address while it is open, else null. */
  widgetUrl: (s: IntakeBankAccountsSnapshot) => (s.hasTag('bank.widget') ? s.context.widgetUrl : null),
  errorKey: (s: IntakeBankAccountsSnapshot) => s.context.errorKey,
  canConnect: (s: IntakeBankAccountsSnapshot) => s.can({ type: 'bank.connect' }),
  canChangeOptOut: (s: IntakeBankAccountsSnapshot) => s.can({ type: 'bank.optOutChange', optOut: !s.context.bankOptOut }),
  canGoOn: (s: IntakeBankAccountsSnapshot) => s.can({ type: 'step.next' }),
  canGoBack: (s: IntakeBankAccountsSnapshot) => s.can({ type: 'step.back' }),
};
