import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import {
  DISPUTE_CATEGORIES,
  DO_NOT_CHALLENGE,
  defaultReasonFor,
  isReviewable,
  needsSecondaryReasons,
  needsWaiver,
  reasonsFor,
  secondaryReasonsFor,
  type DisputeCategory,
  type DisputeReason,
  type SecondaryReason,
} from '../../src/domain/disputes';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { canSubmitDisputes } from '../../src/domain/permissions';
import { eitherWay, provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type {
  DisputeActionUndo,
  DisputeLetterData,
  DisputeWizardActorSignatures,
  InvestigationItemData,
  InvestigationReasonData,
} from './ports';
import { machineSpec, spec } from '../spec';

// The dispute wizard (spec 001 §2 "Disputes dashboard", §4 "Wizard", §5 "Dispute wizard", §8): a
// full dialog opened from the dashboard or the intake's Disputes step. Intro, then one step per non-empty category
// (DISPUTE_CATEGORIES order), then a summary, then submit.
// - Each step lists its items with a reason each: special accounts start at 'do not challenge'; a reason with
//   secondary reasons opens the secondary-reasons dialog (saving needs at least one choice); a special account
//   given any other reason needs the waiver accepted first (declining keeps 'do not challenge'). Select-all gives
//   the selected rows one reason, with the same dialogs for the whole selection.
// - Next: every item of the step needs a reason, else 'please select all' and the first item without one
//   (`missingItemId`, which the view scrolls into view); then the step's reasons are saved (updateInvestigationReasons)
//   and the next step shows. A coach without client actions, or a subscription outside the acceptable set, moves on
//   without saving (the server would refuse the save) and is told why.
// - Submit (summary): refused for a coach without client actions and outside the subscription set; otherwise the
//   dispute action moves to completed optimistically, challengeAllInvestigations runs, then the investigations and
//   actions refresh. On a failure the action is rolled back, the toast says errors.submit-disputes-error and the
//   wizard goes back a step, where errors.disputes-step-error says the answers are kept (spec 001 §8).
// - Closing with unsaved changes (drafts that differ from what was last saved) asks first.
// - The info dialog opens beside any step (a parallel region). The walkthrough video dialog is the walkthrough modal
//   state of the navigation state (spec 002 §2), its own machine (machines/disputes/walkthrough.machine.ts).

type Sig = DisputeWizardActorSignatures;

/** The toast keys the wizard emits ('toast.*' in the disputes namespace; the rest in 'errors'). */
export const DISPUTE_WIZARD_KEYS = {
  pleaseSelectAll: 'toast.please-select-all',
  submitted: 'toast.disputes-submitted',
} as const;

export type DisputeWizardNotifyKey =
  | (typeof DISPUTE_WIZARD_KEYS)[keyof typeof DISPUTE_WIZARD_KEYS]
  | ErrorKey;

/** Who is using the wizard: a coach may act for the client only with allowClientActions. */
export interface DisputeActorFacts {
  isAgent: boolean;
  allowClientActions: boolean;
}

export interface DisputeWizardInput {
  items: InvestigationItemData[];
  actor: DisputeActorFacts;
  /** src/domain/subscription.ts passesSubscriptionGate for the session. */
  subscriptionOk: boolean;
  source: 'dashboard' | 'intake';
}

/** How the wizard ended: submitted, or closed; `items` as the last saves answered them. */
export interface DisputeWizardOutput {
  submitted: boolean;
  items: InvestigationItemData[];
}

/** One item's answer as the customer is giving it. */
export interface DisputeDraft {
  reason: DisputeReason | null;
  secondary: SecondaryReason[];
  waiverAccepted: boolean;
}

export interface SecondaryDialog {
  itemIds: string[];
  reason: DisputeReason;
  choices: SecondaryReason[];
}

export interface WaiverDialog {
  /** The special accounts that need the waiver for `reason`. */
  itemIds: string[];
  reason: DisputeReason;
  /** The secondary reasons chosen with `reason`, applied on accept. */
  secondary: SecondaryReason[];
}

export interface DisputeWizardContext {
  items: InvestigationItemData[];
  steps: DisputeCategory[];
  /** -1 the intro, 0..steps.length-1 a category, steps.length the summary. */
  stepIndex: number;
  drafts: Record<string, DisputeDraft>;
  /** What was last saved (or loaded) per item: closing with drafts that differ asks first. */
  saved: Record<string, DisputeDraft>;
  selectedIds: string[];
  missingItemId: string | null;
  secondary: SecondaryDialog | null;
  waiver: WaiverDialog | null;
  errorKey: ErrorKey | null;
  result: { submitted: number; letters: DisputeLetterData[] } | null;
  actor: DisputeActorFacts;
  subscriptionOk: boolean;
  source: DisputeWizardInput['source'];
  undo: DisputeActionUndo;
  submitted: boolean;
}

export type DisputeWizardEvent =
  | { type: 'wizard.begin' }
  | { type: 'reason.select'; itemId: string; reason: DisputeReason }
  | { type: 'item.toggle'; itemId: string }
  | { type: 'items.toggleAll' }
  | { type: 'selection.apply'; reason: DisputeReason }
  | { type: 'secondary.toggle'; option: SecondaryReason }
  | { type: 'secondary.save' }
  | { type: 'secondary.cancel' }
  | { type: 'secondary.edit'; itemId: string }
  | { type: 'waiver.accept' }
  | { type: 'waiver.decline' }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submit' }
  | { type: 'wizard.close' }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'info.open' }
  | { type: 'info.close' };

export type DisputeWizardEmitted = NotifyEmitted<DisputeWizardNotifyKey>;

export type DisputeWizardTag =
  | 'step.intro'
  | 'step.category'
  | 'step.summary'
  | 'busy'
  | 'saving'
  | 'submitting'
  | 'error'
  | 'dialog.secondary'
  | 'dialog.waiver'
  | 'dialog.confirmClose'
  | 'dialog.info';

// ------------------------------------------------------------------------------------------------ pure helpers

function initialDraft(item: InvestigationItemData): DisputeDraft {
  const reason = defaultReasonFor(item);
  const offered = secondaryReasonsFor(reason);
  return {
    reason,
    secondary: reason !== null && reason === item.challengeReason ? item.challengeReasonOptions.filter((option) => offered.includes(option)) : [],
    waiverAccepted: item.waiverAcceptedAt !== null,
  };
}

/** The categories with items, in the wizard's order. */
export function wizardSteps(items: readonly InvestigationItemData[]): DisputeCategory[] {
  return DISPUTE_CATEGORIES.filter((category) => items.some((item) => item.type === category));
}

const currentCategory = (context: DisputeWizardContext): DisputeCategory | null => context.steps[context.stepIndex] ?? null;

/** The current step's items, in the order given. */
export function stepItemsOf(context: Pick<DisputeWizardContext, 'items' | 'steps' | 'stepIndex'>): InvestigationItemData[] {
  const category = context.steps[context.stepIndex];
  return category === undefined ? [] : context.items.filter((item) => item.type === category);
}

const isInStep = (context: DisputeWizardContext, itemId: string) => stepItemsOf(context).some((item) => item.id === itemId);

/** The first item of the step without a reason, null when every one has one. */
export function firstMissingItem(context: Pick<DisputeWizardContext, 'items' | 'steps' | 'stepIndex' | 'drafts'>): string | null {
  return stepItemsOf(context).find((item) => (context.drafts[item.id]?.reason ?? null) === null)?.id ?? null;
}

/** The items of `itemIds` that need the waiver for `reason` and have not accepted it. */
function waiverPending(context: DisputeWizardContext, itemIds: readonly string[], reason: DisputeReason): string[] {
  return itemIds.filter((id) => {
    const item = context.items.find((candidate) => candidate.id === id);
    return item !== undefined && needsWaiver(item, reason) && context.drafts[id]?.waiverAccepted !== true;
  });
}

/** The drafts with `reason` (and its secondary reasons) given to `itemIds`, except those still waiting for the waiver. */
function withReason(
  context: DisputeWizardContext,
  itemIds: readonly string[],
  reason: DisputeReason,
  secondary: readonly SecondaryReason[],
  acceptWaiver = false,
): Record<string, DisputeDraft> {
  const pending = acceptWaiver ? [] : waiverPending(context, itemIds, reason);
  const drafts = { ...context.drafts };
  for (const id of itemIds) {
    if (pending.includes(id)) continue;
    const previous = drafts[id];
    drafts[id] = {
      reason,
      secondary: [...secondary],
      waiverAccepted: acceptWaiver || (previous?.waiverAccepted ?? false),
    };
  }
  return drafts;
}

const sameDraft = (a: DisputeDraft | undefined, b: DisputeDraft | undefined) =>
  a?.reason === b?.reason &&
  a?.waiverAccepted === b?.waiverAccepted &&
  (a?.secondary ?? []).length === (b?.secondary ?? []).length &&
  (a?.secondary ?? []).every((option) => (b?.secondary ?? []).includes(option));

export function hasUnsavedChanges(context: Pick<DisputeWizardContext, 'drafts' | 'saved'>): boolean {
  return Object.keys(context.drafts).some((id) => !sameDraft(context.drafts[id], context.saved[id]));
}

/** The step's answers as updateInvestigationReasons takes them. */
export function stepReasons(context: DisputeWizardContext): InvestigationReasonData[] {
  return stepItemsOf(context).flatMap((item) => {
    const draft = context.drafts[item.id];
    if (!draft || draft.reason === null) return [];
    return [
      {
        id: item.id,
        itemIds: item.itemIds,
        disputeIds: item.disputeIds,
        type: item.type,
        reason: draft.reason,
        reasonOptions: needsSecondaryReasons(draft.reason) ? draft.secondary : [],
        ...(item.isSpecialAccount ? { waiverAccepted: draft.waiverAccepted } : {}),
      },
    ];
  });
}

/** The server's refusal key when it sent one of ours, else the general error. */
function failureKey(error: unknown): ErrorKey {
  const key = typeof error === 'object' && error !== null && 'key' in error ? (error as { key: unknown }).key : null;
  return (Object.values(ERROR_KEYS) as string[]).includes(String(key)) ? (key as ErrorKey) : ERROR_KEYS.generalError;
}

const canAct = (context: DisputeWizardContext) => canSubmitDisputes(context.actor);

interface ReasonParams {
  itemIds: readonly string[];
  reason: DisputeReason;
}

/** Every item is in the current step and the step's category offers the reason. */
function isOffered(context: DisputeWizardContext, params: ReasonParams): boolean {
  const category = currentCategory(context);
  return (
    category !== null &&
    params.itemIds.length > 0 &&
    params.itemIds.every((id) => isInStep(context, id)) &&
    reasonsFor(category).includes(params.reason)
  );
}

// ------------------------------------------------------------------------------------------------ the machine

export const disputeWizardMachine = setup({
  types: {
    context: {} as DisputeWizardContext,
    events: {} as DisputeWizardEvent,
    input: {} as DisputeWizardInput,
    output: {} as DisputeWizardOutput,
    emitted: {} as DisputeWizardEmitted,
    tags: {} as DisputeWizardTag,
  },
  actors: {
    saveReasons: provided<Sig['saveReasons']>('saveReasons'),
    completeDisputeActionOptimistically: provided<Sig['completeDisputeActionOptimistically']>('completeDisputeActionOptimistically'),
    submitDisputes: provided<Sig['submitDisputes']>('submitDisputes'),
    rollbackDisputeAction: provided<Sig['rollbackDisputeAction']>('rollbackDisputeAction'),
    refreshAfterSubmit: provided<Sig['refreshAfterSubmit']>('refreshAfterSubmit'),
  },
  guards: {
    isIntroStep: ({ context }) => context.stepIndex < 0,
    isSummaryStep: ({ context }) => context.stepIndex >= context.steps.length,
    hasError: ({ context }) => context.errorKey !== null,
    isOfferedReason: ({ context }, params: ReasonParams) => isOffered(context, params),
    reasonNeedsSecondary: ({ context }, params: ReasonParams) => isOffered(context, params) && needsSecondaryReasons(params.reason),
    reasonNeedsWaiver: ({ context }, params: ReasonParams) =>
      isOffered(context, params) && waiverPending(context, params.itemIds, params.reason).length > 0,
    isStepItem: ({ context }, params: { itemId: string }) => isInStep(context, params.itemId),
    hasSecondaryReasons: ({ context }, params: { itemId: string }) =>
      isInStep(context, params.itemId) && needsSecondaryReasons(context.drafts[params.itemId]?.reason ?? null),
    hasSelection: ({ context }) => context.selectedIds.length > 0,
    isOfferedSecondary: ({ context }, params: { option: SecondaryReason }) =>
      context.secondary !== null && secondaryReasonsFor(context.secondary.reason).includes(params.option),
    hasSecondaryChoice: ({ context }) => (context.secondary?.choices.length ?? 0) > 0,
    secondaryChoiceNeedsWaiver: ({ context }) =>
      context.secondary !== null &&
      context.secondary.choices.length > 0 &&
      waiverPending(context, context.secondary.itemIds, context.secondary.reason).length > 0,
    hasMissingReason: ({ context }) => firstMissingItem(context) !== null,
    isCoachWithoutPermission: ({ context }) => !canAct(context),
    isSubscriptionRefused: ({ context }) => !context.subscriptionOk,
    hasUnsavedChanges: ({ context }) => hasUnsavedChanges(context),
  },
  actions: {
    // ---------------------------------------------------------------- reasons
    assignReason: assign(({ context }, params: { itemIds: readonly string[]; reason: DisputeReason; secondary: readonly SecondaryReason[] }) => ({
      drafts: withReason(context, params.itemIds, params.reason, params.secondary),
      missingItemId: null,
    })),
    openSecondary: assign(({ context }, params: { itemIds: readonly string[]; reason: DisputeReason }) => {
      // The choices already made, when every item of the dialog has this reason with the same ones.
      const existing = params.itemIds.map((id) => context.drafts[id]);
      const first = existing[0];
      const same = first !== undefined && first.reason === params.reason && existing.every((draft) => sameDraft(draft, first));
      return { secondary: { itemIds: [...params.itemIds], reason: params.reason, choices: same ? [...first.secondary] : [] } };
    }),
    openSecondaryForItem: assign(({ context }, params: { itemId: string }) => {
      const draft = context.drafts[params.itemId];
      return {
        secondary:
          draft?.reason == null ? null : { itemIds: [params.itemId], reason: draft.reason, choices: [...draft.secondary] },
      };
    }),
    toggleSecondary: assign(({ context }, params: { option: SecondaryReason }) => {
      if (context.secondary === null) return {};
      const { choices } = context.secondary;
      return {
        secondary: {
          ...context.secondary,
          choices: choices.includes(params.option) ? choices.filter((choice) => choice !== params.option) : [...choices, params.option],
        },
      };
    }),
    saveSecondary: assign(({ context }) =>
      context.secondary === null
        ? {}
        : { drafts: withReason(context, context.secondary.itemIds, context.secondary.reason, context.secondary.choices), missingItemId: null },
    ),
    closeSecondary: assign({ secondary: null }),
    openWaiver: assign(({ context }, params: { itemIds: readonly string[]; reason: DisputeReason; secondary: readonly SecondaryReason[] }) => ({
      waiver: { itemIds: waiverPending(context, params.itemIds, params.reason), reason: params.reason, secondary: [...params.secondary] },
    })),
    openWaiverAfterSecondary: assign(({ context }) =>
      context.secondary === null
        ? {}
        : {
            waiver: {
              itemIds: waiverPending(context, context.secondary.itemIds, context.secondary.reason),
              reason: context.secondary.reason,
              secondary: [...context.secondary.choices],
            },
          },
    ),
    acceptWaiver: assign(({ context }) =>
      context.waiver === null
        ? {}
        : { drafts: withReason(context, context.waiver.itemIds, context.waiver.reason, context.waiver.secondary, true), waiver: null, missingItemId: null },
    ),
    // Declining keeps the special accounts off the dispute.
    declineWaiver: assign(({ context }) =>
      context.waiver === null ? {} : { drafts: withReason(context, context.waiver.itemIds, DO_NOT_CHALLENGE, []), waiver: null },
    ),
    // ---------------------------------------------------------------- selection
    toggleItem: assign(({ context }, params: { itemId: string }) => ({
      selectedIds: context.selectedIds.includes(params.itemId)
        ? context.selectedIds.filter((id) => id !== params.itemId)
        : stepItemsOf(context)
            .map((item) => item.id)
            .filter((id) => id === params.itemId || context.selectedIds.includes(id)),
    })),
    toggleAll: assign(({ context }) => {
      const ids = stepItemsOf(context).map((item) => item.id);
      return { selectedIds: ids.every((id) => context.selectedIds.includes(id)) ? [] : ids };
    }),
    // ---------------------------------------------------------------- steps
    assignSteps: assign(({ context }) => ({ steps: wizardSteps(context.items) })),
    goToStep: assign((_, params: { stepIndex: number }) => ({
      stepIndex: params.stepIndex,
      selectedIds: [],
      missingItemId: null,
    })),
    nextStep: assign(({ context }) => ({ stepIndex: context.stepIndex + 1, selectedIds: [], missingItemId: null, errorKey: null })),
    previousStep: assign(({ context }) => ({ stepIndex: context.stepIndex - 1, selectedIds: [], missingItemId: null, errorKey: null })),
    assignMissing: assign(({ context }) => ({ missingItemId: firstMissingItem(context) })),
    notifyPleaseSelectAll: emit({ type: 'notify', level: 'warning', key: DISPUTE_WIZARD_KEYS.pleaseSelectAll } as const),
    clearError: assign({ errorKey: null }),
    assignSavedStep: assign(({ context }, params: { answered: readonly InvestigationItemData[] }) => {
      const saved = { ...context.saved };
      for (const item of stepItemsOf(context)) {
        const draft = context.drafts[item.id];
        if (draft) saved[item.id] = draft;
      }
      const answered = new Map(params.answered.map((item) => [item.id, item]));
      return { saved, items: context.items.map((item) => answered.get(item.id) ?? item) };
    }),
    assignSaveError: assign((_, params: { error: unknown }) => ({ errorKey: failureKey(params.error) })),
    notifySaveError: emit((_, params: { error: unknown }) => ({ type: 'notify' as const, level: 'error' as const, key: failureKey(params.error) })),
    // ---------------------------------------------------------------- refusals
    notifyCoachNotPermitted: emit({ type: 'notify', level: 'info', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyDisputesNotSubmitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachDisputesNotSubmitted } as const),
    notifyPremiumOnly: emit({ type: 'notify', level: 'info', key: ERROR_KEYS.premiumOnly } as const),
    // ---------------------------------------------------------------- submit
    assignUndo: assign((_, params: { undo: DisputeActionUndo }) => ({ undo: params.undo })),
    assignResult: assign((_, params: { result: { submitted: number; letters: DisputeLetterData[] } }) => ({ result: params.result })),
    // Back a step: the last category (or the intro when there is none), with the answers kept.
    assignSubmitError: assign(({ context }) => ({
      errorKey: ERROR_KEYS.disputesStepError,
      stepIndex: context.steps.length - 1,
      undo: null,
      selectedIds: [],
      missingItemId: null,
    })),
    notifySubmitError: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.submitDisputesError } as const),
    assignSubmitted: assign({ submitted: true }),
    notifySubmitted: emit({ type: 'notify', level: 'success', key: DISPUTE_WIZARD_KEYS.submitted } as const),
  },
}).createMachine({
  id: 'disputeWizard',
  meta: machineSpec(['001 §4', '001 §2', '001 §5', '001 §8'], ['open.flow.showingStep']),
  context: ({ input }) => {
    const items = input.items.filter(isReviewable);
    const drafts = Object.fromEntries(items.map((item) => [item.id, initialDraft(item)]));
    return {
      items,
      steps: wizardSteps(items),
      stepIndex: -1,
      drafts,
      saved: drafts,
      selectedIds: [],
      missingItemId: null,
      secondary: null,
      waiver: null,
      errorKey: null,
      result: null,
      actor: { isAgent: input.actor.isAgent, allowClientActions: input.actor.allowClientActions },
      subscriptionOk: input.subscriptionOk,
      source: input.source,
      undo: null,
      submitted: false,
    };
  },
  output: ({ context }) => ({ submitted: context.submitted, items: context.items }),
  initial: 'open',
  states: {
    open: {
      meta: spec('001 §4'),
      type: 'parallel',
      states: {
        flow: {
          meta: spec('001 §4'),
          initial: 'intro',
          states: {
            showingStep: {
              // The step the index points at (after Begin, Next, Back, a cancelled close or a failed submit).
              always: [
                { guard: 'isIntroStep', target: 'intro' },
                { guard: 'isSummaryStep', target: 'summary' },
                { guard: 'hasError', target: 'category.editing.failed' },
                { target: 'category' },
              ],
            },
            intro: {
              meta: spec('001 §4'),
              tags: ['step.intro'],
              on: {
                'wizard.begin': { target: 'showingStep', actions: { type: 'goToStep', params: { stepIndex: 0 } } },
                'wizard.close': [
                  { guard: 'hasUnsavedChanges', target: 'confirmClose' },
                  { target: '#disputeWizard.closed' },
                ],
              },
            },
            category: {
              meta: spec('001 §4'),
              tags: ['step.category'],
              initial: 'editing',
              states: {
                editing: {
                  meta: spec('001 §4', '001 §5'),
                  initial: 'ready',
                  states: {
                    ready: { meta: spec('001 §4') },
                    // The message of a failed save or submit, until the customer moves on.
                    failed: { meta: spec('001 §4'), tags: ['error'], exit: 'clearError' },
                  },
                  on: {
                    'reason.select': [
                      {
                        // The secondary-reasons dialog first (the waiver, when needed, follows its Save).
                        guard: { type: 'reasonNeedsSecondary', params: ({ event }) => ({ itemIds: [event.itemId], reason: event.reason }) },
                        target: 'secondary',
                        actions: { type: 'openSecondary', params: ({ event }) => ({ itemIds: [event.itemId], reason: event.reason }) },
                      },
                      {
                        guard: { type: 'reasonNeedsWaiver', params: ({ event }) => ({ itemIds: [event.itemId], reason: event.reason }) },
                        target: 'waiver',
                        actions: {
                          type: 'openWaiver',
                          params: ({ event }) => ({ itemIds: [event.itemId], reason: event.reason, secondary: [] }),
                        },
                      },
                      {
                        guard: { type: 'isOfferedReason', params: ({ event }) => ({ itemIds: [event.itemId], reason: event.reason }) },
                        actions: {
                          type: 'assignReason',
                          params: ({ event }) => ({ itemIds: [event.itemId], reason: event.reason, secondary: [] }),
                        },
                      },
                    ],
                    'item.toggle': {
                      guard: { type: 'isStepItem', params: ({ event }) => ({ itemId: event.itemId }) },
                      actions: { type: 'toggleItem', params: ({ event }) => ({ itemId: event.itemId }) },
                    },
                    'items.toggleAll': { actions: 'toggleAll' },
                    // Select-all: the selected rows get one reason, with the same dialogs as one row.
                    'selection.apply': [
                      {
                        guard: { type: 'reasonNeedsSecondary', params: ({ context, event }) => ({ itemIds: context.selectedIds, reason: event.reason }) },
                        target: 'secondary',
                        actions: { type: 'openSecondary', params: ({ context, event }) => ({ itemIds: context.selectedIds, reason: event.reason }) },
                      },
                      {
                        // The rows that need no waiver get the reason at once; the special accounts wait for it.
                        guard: { type: 'reasonNeedsWaiver', params: ({ context, event }) => ({ itemIds: context.selectedIds, reason: event.reason }) },
                        target: 'waiver',
                        actions: [
                          { type: 'openWaiver', params: ({ context, event }) => ({ itemIds: context.selectedIds, reason: event.reason, secondary: [] }) },
                          { type: 'assignReason', params: ({ context, event }) => ({ itemIds: context.selectedIds, reason: event.reason, secondary: [] }) },
                        ],
                      },
                      {
                        guard: { type: 'isOfferedReason', params: ({ context, event }) => ({ itemIds: context.selectedIds, reason: event.reason }) },
                        actions: {
                          type: 'assignReason',
                          params: ({ context, event }) => ({ itemIds: context.selectedIds, reason: event.reason, secondary: [] }),
                        },
                      },
                    ],
                    'secondary.edit': {
                      guard: { type: 'hasSecondaryReasons', params: ({ event }) => ({ itemId: event.itemId }) },
                      target: 'secondary',
                      actions: { type: 'openSecondaryForItem', params: ({ event }) => ({ itemId: event.itemId }) },
                    },
                    'wizard.next': [
                      // spec 001 §5: every item needs a reason; the view scrolls to the first without one.
                      { guard: 'hasMissingReason', actions: ['assignMissing', 'notifyPleaseSelectAll'] },
                      // The server would refuse the save: the coach or the customer moves on, told why.
                      { guard: 'isCoachWithoutPermission', target: '#disputeWizard.open.flow.showingStep', actions: ['notifyCoachNotPermitted', 'nextStep'] },
                      { guard: 'isSubscriptionRefused', target: '#disputeWizard.open.flow.showingStep', actions: ['notifyPremiumOnly', 'nextStep'] },
                      { target: 'saving' },
                    ],
                    'wizard.back': { target: '#disputeWizard.open.flow.showingStep', actions: 'previousStep' },
                    'wizard.close': [
                      { guard: 'hasUnsavedChanges', target: '#disputeWizard.open.flow.confirmClose' },
                      { target: '#disputeWizard.closed' },
                    ],
                  },
                },
                secondary: {
                  meta: spec('001 §4'),
                  tags: ['dialog.secondary'],
                  on: {
                    'secondary.toggle': {
                      guard: { type: 'isOfferedSecondary', params: ({ event }) => ({ option: event.option }) },
                      actions: { type: 'toggleSecondary', params: ({ event }) => ({ option: event.option }) },
                    },
                    // Save needs at least one choice.
                    'secondary.save': [
                      { guard: 'secondaryChoiceNeedsWaiver', target: 'waiver', actions: ['saveSecondary', 'openWaiverAfterSecondary', 'closeSecondary'] },
                      { guard: 'hasSecondaryChoice', target: 'editing.ready', actions: ['saveSecondary', 'closeSecondary'] },
                    ],
                    'secondary.cancel': { target: 'editing.ready', actions: 'closeSecondary' },
                  },
                },
                waiver: {
                  meta: spec('001 §4'),
                  tags: ['dialog.waiver'],
                  on: {
                    'waiver.accept': { target: 'editing.ready', actions: 'acceptWaiver' },
                    'waiver.decline': { target: 'editing.ready', actions: 'declineWaiver' },
                  },
                },
                saving: {
                  // Each step saves its reasons on Next (spec 001 §4).
                  meta: spec('001 §4'),
                  tags: ['busy', 'saving'],
                  invoke: {
                    id: 'saveReasons',
                    src: 'saveReasons',
                    input: ({ context }) => ({ investigations: stepReasons(context) }),
                    onDone: {
                      target: '#disputeWizard.open.flow.showingStep',
                      actions: [{ type: 'assignSavedStep', params: ({ event }) => ({ answered: event.output }) }, 'nextStep'],
                    },
                    onError: {
                      target: 'editing.failed',
                      actions: [
                        { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) },
                        { type: 'notifySaveError', params: ({ event }) => ({ error: event.error }) },
                      ],
                    },
                  },
                },
              },
            },
            summary: {
              meta: spec('001 §4'),
              tags: ['step.summary'],
              on: {
                'wizard.submit': [
                  { guard: 'isCoachWithoutPermission', actions: 'notifyDisputesNotSubmitted' },
                  { guard: 'isSubscriptionRefused', actions: 'notifyPremiumOnly' },
                  { target: 'submitting' },
                ],
                'wizard.back': { target: 'showingStep', actions: 'previousStep' },
                'wizard.close': [
                  { guard: 'hasUnsavedChanges', target: 'confirmClose' },
                  { target: '#disputeWizard.closed' },
                ],
              },
            },
            confirmClose: {
              meta: spec('001 §4'),
              tags: ['dialog.confirmClose'],
              on: {
                'close.confirm': '#disputeWizard.closed',
                'close.cancel': 'showingStep',
              },
            },
            submitting: {
              meta: spec('001 §4'),
              tags: ['busy', 'submitting'],
              initial: 'completingAction',
              states: {
                completingAction: {
                  // The investigation-dispute action shows completed today at once (spec 001 §4 Action completion).
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'completeDisputeActionOptimistically',
                    src: 'completeDisputeActionOptimistically',
                    onDone: { target: 'challenging', actions: { type: 'assignUndo', params: ({ event }) => ({ undo: event.output }) } },
                    // The cached list could not be changed: nothing to undo, the submit goes on.
                    onError: { target: 'challenging', actions: { type: 'assignUndo', params: { undo: null } } },
                  },
                },
                challenging: {
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'submitDisputes',
                    src: 'submitDisputes',
                    onDone: { target: 'refreshing', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
                    onError: { target: 'rollingBack' },
                  },
                },
                refreshing: {
                  // The investigations and the actions (and the readiness score) follow the submit; the disputes
                  // were sent either way.
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'refreshAfterSubmit',
                    src: 'refreshAfterSubmit',
                    ...eitherWay({ target: '#disputeWizard.submitted', actions: ['assignSubmitted', 'notifySubmitted'] }),
                  },
                },
                rollingBack: {
                  meta: spec('001 §4'),
                  invoke: {
                    id: 'rollbackDisputeAction',
                    src: 'rollbackDisputeAction',
                    input: ({ context }) => ({ undo: context.undo }),
                    ...eitherWay({ target: '#disputeWizard.open.flow.showingStep', actions: ['assignSubmitError', 'notifySubmitError'] }),
                  },
                },
              },
            },
          },
        },
        dialogs: {
          // The info dialog, beside any step.
          meta: spec('001 §4'),
          initial: 'none',
          states: {
            none: {
              meta: spec('001 §4'),
              on: { 'info.open': 'info' },
            },
            info: {
              meta: spec('001 §4'),
              tags: ['dialog.info'],
              on: { 'info.close': 'none' },
            },
          },
        },
      },
    },
    submitted: {
      meta: spec('001 §4'),
      type: 'final',
    },
    closed: {
      meta: spec('001 §4'),
      type: 'final',
    },
  },
});

export type DisputeWizardSnapshot = SnapshotFrom<typeof disputeWizardMachine>;

/** What the wizard's views read. */
export const disputeWizardSelectors = {
  step: (s: DisputeWizardSnapshot): 'intro' | 'category' | 'summary' | 'done' => {
    if (s.hasTag('step.intro')) return 'intro';
    if (s.hasTag('step.category')) return 'category';
    if (s.hasTag('step.summary') || s.hasTag('submitting')) return 'summary';
    return 'done';
  },
  steps: (s: DisputeWizardSnapshot): DisputeCategory[] => s.context.steps,
  stepIndex: (s: DisputeWizardSnapshot): number => s.context.stepIndex,
  /** The category of the step shown, null on the intro and the summary. */
  category: (s: DisputeWizardSnapshot): DisputeCategory | null => s.context.steps[s.context.stepIndex] ?? null,
  items: (s: DisputeWizardSnapshot): InvestigationItemData[] => s.context.items,
  stepItems: (s: DisputeWizardSnapshot): InvestigationItemData[] => stepItemsOf(s.context),
  draft: (s: DisputeWizardSnapshot, itemId: string): DisputeDraft | null => s.context.drafts[itemId] ?? null,
  drafts: (s: DisputeWizardSnapshot): Record<string, DisputeDraft> => s.context.drafts,
  selectedIds: (s: DisputeWizardSnapshot): string[] => s.context.selectedIds,
  allSelected: (s: DisputeWizardSnapshot): boolean => {
    const ids = stepItemsOf(s.context).map((item) => item.id);
    return ids.length > 0 && ids.every((id) => s.context.selectedIds.includes(id));
  },
  missingItemId: (s: DisputeWizardSnapshot): string | null => s.context.missingItemId,
  secondary: (s: DisputeWizardSnapshot): SecondaryDialog | null => (s.hasTag('dialog.secondary') ? s.context.secondary : null),
  canSaveSecondary: (s: DisputeWizardSnapshot): boolean => s.can({ type: 'secondary.save' }),
  waiver: (s: DisputeWizardSnapshot): WaiverDialog | null => (s.hasTag('dialog.waiver') ? s.context.waiver : null),
  confirmingClose: (s: DisputeWizardSnapshot): boolean => s.hasTag('dialog.confirmClose'),
  busy: (s: DisputeWizardSnapshot): boolean => s.hasTag('busy'),
  saving: (s: DisputeWizardSnapshot): boolean => s.hasTag('saving'),
  submitting: (s: DisputeWizardSnapshot): boolean => s.hasTag('submitting'),
  errorKey: (s: DisputeWizardSnapshot): ErrorKey | null => s.context.errorKey,
  infoOpen: (s: DisputeWizardSnapshot): boolean => s.hasTag('dialog.info'),
  result: (s: DisputeWizardSnapshot) => s.context.result,
  /** Items of the summary: every reviewed item with its reason, by category. */
  hasUnsavedChanges: (s: DisputeWizardSnapshot): boolean => hasUnsavedChanges(s.context),
};
