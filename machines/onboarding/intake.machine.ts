import { assertEvent, assign, emit, enqueueActions, setup } from 'xstate';
import {
  INTAKE_COMPLETION_WAIT_MS,
  INTAKE_RESUME_DIALOG_DELAY_MS,
  INTAKE_REPORT_WAIT_MS,
  INTAKE_STUCK_CHECK_MS,
} from '../../src/domain/constants';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import {
  applyIntakeSave,
  firstIncompleteStep,
  INTAKE_KEYS,
  intakeSaveRequest,
  intakeSteps,
  isBankAccountsStepDone,
  isFormStep,
  isInitialReportSettled,
  isSupportedGoalType,
  personalInfoIdFor,
  stepValues,
  validateIntakeStep,
  wasIntakeEditedBefore,
  type InitialReportStatus,
  type IntakeField,
  type IntakeFormStep,
  type IntakeGoal,
  type IntakeKey,
  type IntakePersonalInfo,
  type IntakeSaveRequest,
  type IntakeStep,
  type IntakeValues,
} from '../../src/domain/intake';
import { canConnectBank, canUseBankWidgets, PREMIUM_ONLY_CODE, type ActorFacts } from '../../src/domain/permissions';
import {
  portErrorKey,
  type IntakeActorSignatures,
  type IntakeLoadResult,
  type IntakeStuckEmitted,
  type ReportStatusChangedEvent,
} from './ports';
import { portErrorCode, type NotifyEmitted } from '../ports';
import { provided, providedCallback } from '../actors';

// spec 002 §4 "Intake" and §5 "Intake completeness", §8, §9. One screen per step, in the goal's order; entry goes
// to the first incomplete step; answers are saved only when changed; Back goes to the previous step; resuming an
// intake edited before shows the resume dialog after 1 s; missing fields give intake.errors.missing-fields.
// - Disputes: no unchallenged investigations → on by itself (back again when Back led there); report still
//   processing → wait; otherwise review
//   (until the dispute wizard exists: review later, recorded). Agents may use the coach override (skip);
//   customers skip only with the can-skip-disputes flag.
// - BankAccounts: next once accounts are linked or the opt-out is ticked; the opt-out is saved to the contact.
//   Connect-bank and the bank widgets need a non-free product line (spec 000 §6): the free line is not offered the
//   widget, only the explanation and the opt-out; so too when the server refuses the widget as premium-only.
// - Completion: completeIntake, wait up to 10 s for the initial report status (complete or error), refresh the
//   credit display, generate the readiness score, refetch, then the recalculating screen; still here 15 s after
//   completion started → a stuck event is logged.

type Sig = IntakeActorSignatures;

export interface IntakeInput {
  /** The signed-in person's claims: agents see the coach override and may connect banks only with permission. */
  actor: ActorFacts;
  /** The can-skip-disputes flag (default off: customers cannot skip). */
  canSkipDisputes: boolean;
  /** The customer's product line (users/{uid} customer.productLine): the free line gets no bank widget. */
  productLine: string | null;
}

export interface IntakeContext {
  actor: ActorFacts;
  canSkipDisputes: boolean;
  productLine: string | null;
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
  /** The goal's steps in order; the route is /intake/{stepIndex + 1}. */
  steps: readonly IntakeStep[];
  stepIndex: number;
  /** The furthest step reached: pages up to it may be revisited. */
  furthestIndex: number;
  /** Whether the current step was reached going back (Back, or revisiting an earlier page). */
  movingBack: boolean;
  /** The current form's answers as typed. */
  values: IntakeValues;
  missingFields: IntakeField[];
  fieldErrors: Partial<Record<IntakeField, string>>;
  errorKey: ErrorKey | IntakeKey | null;
  editedBefore: boolean;
  resumeOffered: boolean;
  pendingSave: IntakeSaveRequest | null;
  bankOptOut: boolean;
  savedBankOptOut: boolean;
  linkedAccountCount: number;
  widgetUrl: string | null;
  /** Whose initialReportStatus document the intake listens to. */
  reportUserId: string | null;
  reportStatus: InitialReportStatus;
  unchallengedCount: number;
}

export type IntakeEvent =
  | { type: 'form.change'; values: IntakeValues }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.visit'; page: number }
  | { type: 'step.retry' }
  | { type: 'load.retry' }
  | { type: 'dialog.close' }
  | { type: 'disputes.reviewLater' }
  | { type: 'disputes.skip' }
  | { type: 'disputes.coachOverride' }
  | { type: 'bank.optOutChange'; optOut: boolean }
  | { type: 'bank.connect' }
  | { type: 'bank.linked' }
  | { type: 'completion.retry' }
  | ReportStatusChangedEvent;

export type IntakeEmitted = NotifyEmitted<ErrorKey | IntakeKey> | IntakeStuckEmitted;

const NOT_PERMITTED_CODES = ['permission-denied', 'functions/permission-denied'];

/** The state of each step's screen. */
const STEP_STATES: Readonly<Record<IntakeStep, string>> = {
  HouseDetails: 'houseDetails',
  MortgageDetails: 'mortgageDetails',
  RefinanceDetails: 'refinanceDetails',
  FinancialStatus: 'financialStatus',
  RVType: 'rvType',
  RVFinancing: 'rvFinancing',
  Disputes: 'disputes',
  BankAccounts: 'bankAccounts',
  UserBackground: 'userBackground',
};

const currentStep = (context: IntakeContext): IntakeStep | null => context.steps[context.stepIndex] ?? null;

function currentFormStep(context: IntakeContext): IntakeFormStep | null {
  const step = currentStep(context);
  return step !== null && isFormStep(step) ? step : null;
}

function validation(context: IntakeContext) {
  const step = currentFormStep(context);
  return step === null ? null : validateIntakeStep(step, context.values);
}

function saveRequestFor(context: IntakeContext): IntakeSaveRequest | null {
  const result = validation(context);
  if (!result?.ok || !context.goal) return null;
  return intakeSaveRequest(result.changes, context.goal, context.personalInfo);
}

const ROUTING = '#intake.active.step.routing';

export const intakeMachine = setup({
  types: {
    context: {} as IntakeContext,
    events: {} as IntakeEvent,
    input: {} as IntakeInput,
    emitted: {} as IntakeEmitted,
  },
  actors: {
    loadIntake: provided<Sig['loadIntake']>('loadIntake'),
    saveIntake: provided<Sig['saveIntake']>('saveIntake'),
    checkDisputes: provided<Sig['checkDisputes']>('checkDisputes'),
    watchReportStatus: providedCallback<Sig['watchReportStatus']>('watchReportStatus'),
    fetchWidgetUrl: provided<Sig['fetchWidgetUrl']>('fetchWidgetUrl'),
    countLinkedAccounts: provided<Sig['countLinkedAccounts']>('countLinkedAccounts'),
    saveBankOptOut: provided<Sig['saveBankOptOut']>('saveBankOptOut'),
    completeIntake: provided<Sig['completeIntake']>('completeIntake'),
    refreshCreditDisplay: provided<Sig['refreshCreditDisplay']>('refreshCreditDisplay'),
    generateReadinessScore: provided<Sig['generateReadinessScore']>('generateReadinessScore'),
    refetchUserData: provided<Sig['refetchUserData']>('refetchUserData'),
  },
  guards: {
    hasNoGoal: ({ context }) => context.goal === null,
    isUnsupportedGoal: ({ context }) => context.goal !== null && !isSupportedGoalType(context.goal.type),
    isIntakeCompleted: ({ context }) => context.personalInfo?.completedIntake === true,
    shouldOfferResume: ({ context }) => context.editedBefore && !context.resumeOffered,
    isPastLastStep: ({ context }) => context.stepIndex >= context.steps.length,
    isCurrentStep: ({ context }, params: { step: IntakeStep }) => currentStep(context) === params.step,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
    isMovingBack: ({ context }) => context.movingBack && context.stepIndex > 0,
    isReachablePage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page - 1 <= context.furthestIndex &&
      params.page - 1 !== context.stepIndex,
    hasRefusedAnswers: ({ context }) => validation(context)?.ok === false,
    hasChanges: ({ context }) => saveRequestFor(context) !== null,
    isReportProcessing: (_, params: { status: InitialReportStatus }) => params.status === 'processing',
    hasUnchallengedInvestigations: (_, params: { count: number }) => params.count > 0,
    isReportSettled: (_, params: { status: InitialReportStatus }) => isInitialReportSettled(params.status),
    isAgent: ({ context }) => context.actor.isAgent === true,
    // spec 002 §4: customers never see the coach override; they skip only with the flag.
    canCustomerSkipDisputes: ({ context }) => context.actor.isAgent !== true && context.canSkipDisputes,
    cannotConnectBank: ({ context }) => !canConnectBank(context.actor),
    canUseBankWidgets: ({ context }) => canUseBankWidgets(context.productLine),
    isBankStepDone: ({ context }) => isBankAccountsStepDone(context.linkedAccountCount, context.bankOptOut),
    hasOptOutChanged: ({ context }) => context.bankOptOut !== context.savedBankOptOut,
    // The free line's refusal (e.g. a product line changed since the intake started), told apart from a coach's.
    isPremiumOnlyError: (_, params: { error: unknown }) => portErrorCode(params.error) === PREMIUM_ONLY_CODE,
    // The server names a refusal by its key (the adapter may carry the server's message as the code).
    isBankPermissionError: (_, params: { error: unknown }) =>
      portErrorKey(params.error) === ERROR_KEYS.coachCantConnect || NOT_PERMITTED_CODES.includes(portErrorCode(params.error)),
    isMissingFieldsError: (_, params: { error: unknown }) => portErrorKey(params.error) === INTAKE_KEYS.missingFields,
  },
  actions: {
    assignLoaded: assign((_, params: { loaded: IntakeLoadResult }) => {
      const { goal, personalInfo, bankOptOut, linkedAccountCount } = params.loaded;
      return {
        goal,
        personalInfo,
        bankOptOut,
        savedBankOptOut: bankOptOut,
        linkedAccountCount,
        steps: goal && isSupportedGoalType(goal.type) ? intakeSteps(goal.type) : [],
        editedBefore: wasIntakeEditedBefore(goal, personalInfo),
      };
    }),
    assignEntryStep: assign(({ context }) => {
      const { goal, personalInfo } = context;
      if (!goal || !isSupportedGoalType(goal.type)) return {};
      const progress = { bankAccountsDone: isBankAccountsStepDone(context.linkedAccountCount, context.savedBankOptOut) };
      const page = firstIncompleteStep(goal.type, goal, personalInfo, progress) ?? context.steps.length;
      return { stepIndex: page - 1, furthestIndex: page - 1, movingBack: false };
    }),
    assignStepValues: assign(({ context }) => {
      const step = currentFormStep(context);
      return {
        values: step === null ? {} : stepValues(step, context.goal, context.personalInfo),
        missingFields: [],
        fieldErrors: {},
      };
    }),
    assignFormValues: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const changed = Object.keys(event.values) as IntakeField[];
      const fieldErrors = { ...context.fieldErrors };
      for (const field of changed) delete fieldErrors[field];
      return {
        values: { ...context.values, ...event.values },
        missingFields: context.missingFields.filter((field) => !changed.includes(field)),
        fieldErrors,
        errorKey: null,
      };
    }),
    assignValidation: assign(({ context }) => {
      const result = validation(context);
      if (!result || result.ok) return { missingFields: [], fieldErrors: {} };
      return { missingFields: result.missingFields, fieldErrors: result.fieldErrors };
    }),
    // spec 002 §5: missing answers give the warning; refused amounts show their messages at the fields.
    notifyMissingFields: enqueueActions(({ context, enqueue }) => {
      const result = validation(context);
      if (result && !result.ok && result.missingFields.length > 0) {
        enqueue.emit({ type: 'notify', level: 'warning', key: INTAKE_KEYS.missingFields });
      }
    }),
    assignPendingSave: assign(({ context }) => ({ pendingSave: saveRequestFor(context), errorKey: null })),
    assignReviewLaterSave: assign(({ context }) => ({
      pendingSave: context.goal
        ? {
            personalInfo: {
              id: context.personalInfo?.id ?? personalInfoIdFor(context.goal.id),
              disputesReviewLater: true,
            },
          }
        : null,
      errorKey: null,
    })),
    applyPendingSave: assign(({ context }) => {
      if (!context.pendingSave || !context.goal) return { pendingSave: null };
      return { ...applyIntakeSave(context.pendingSave, context.goal, context.personalInfo), pendingSave: null };
    }),
    nextStep: assign(({ context }) => {
      const stepIndex = context.stepIndex + 1;
      return { stepIndex, furthestIndex: Math.max(context.furthestIndex, stepIndex), movingBack: false, errorKey: null };
    }),
    previousStep: assign(({ context }) => ({ stepIndex: Math.max(0, context.stepIndex - 1), movingBack: true, errorKey: null })),
    visitStep: assign(({ context, event }) => {
      assertEvent(event, 'step.visit');
      return { stepIndex: event.page - 1, movingBack: event.page - 1 < context.stepIndex, errorKey: null };
    }),
    assignError: assign((_, params: { key: ErrorKey | IntakeKey }) => ({ errorKey: params.key })),
    clearError: assign({ errorKey: null }),
    markResumeOffered: assign({ resumeOffered: true }),
    assignDisputesCheck: assign(
      (_, params: { userId: string; reportStatus: InitialReportStatus; unchallengedCount: number }) => ({
        reportUserId: params.userId,
        reportStatus: params.reportStatus,
        unchallengedCount: params.unchallengedCount,
      }),
    ),
    assignReportStatus: assign(({ event }) => {
      assertEvent(event, 'report.status');
      return { reportStatus: event.status };
    }),
    assignReportUser: assign((_, params: { userId: string }) => ({ reportUserId: params.userId, reportStatus: 'processing' as const })),
    assignBankOptOut: assign(({ event }) => {
      assertEvent(event, 'bank.optOutChange');
      return { bankOptOut: event.optOut, errorKey: null };
    }),
    assignSavedBankOptOut: assign(({ context }) => ({ savedBankOptOut: context.bankOptOut })),
    assignWidgetUrl: assign((_, params: { url: string }) => ({ widgetUrl: params.url })),
    clearWidgetUrl: assign({ widgetUrl: null }),
    assignLinkedAccountCount: assign((_, params: { count: number }) => ({ linkedAccountCount: params.count })),
    notifyCoachCantConnect: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachCantConnect } as const),
    reportStuck: emit(({ context }) => ({ type: 'intake.stuck' as const, page: Math.min(context.stepIndex, context.steps.length - 1) + 1 })),
  },
  delays: {
    resumeDialog: INTAKE_RESUME_DIALOG_DELAY_MS,
    completionWait: INTAKE_COMPLETION_WAIT_MS,
    intakeStuck: INTAKE_STUCK_CHECK_MS,
    reportWait: INTAKE_REPORT_WAIT_MS,
  },
}).createMachine({
  id: 'intake',
  context: ({ input }) => ({
    actor: input.actor,
    canSkipDisputes: input.canSkipDisputes,
    productLine: input.productLine,
    goal: null,
    personalInfo: null,
    steps: [],
    stepIndex: 0,
    furthestIndex: 0,
    movingBack: false,
    values: {},
    missingFields: [],
    fieldErrors: {},
    errorKey: null,
    editedBefore: false,
    resumeOffered: false,
    pendingSave: null,
    bankOptOut: false,
    savedBankOptOut: false,
    linkedAccountCount: 0,
    widgetUrl: null,
    reportUserId: null,
    reportStatus: 'none',
    unchallengedCount: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadIntake',
        src: 'loadIntake',
        onDone: {
          target: 'entering',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) },
        },
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: { key: ERROR_KEYS.generalError } } },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    entering: {
      always: [
        { guard: 'hasNoGoal', target: 'noGoal' },
        { guard: 'isUnsupportedGoal', target: 'unsupportedGoal' },
        { guard: 'isIntakeCompleted', target: 'completed' },
        { target: 'active', actions: ['assignEntryStep', 'assignStepValues'] },
      ],
    },
    noGoal: {
      // The view goes to /sign-up/select-goal.
      type: 'final',
      tags: ['redirect.selectGoal'],
    },
    unsupportedGoal: {
      // 'Unsupported Goal Type' (spec 002 §1).
      type: 'final',
      tags: ['goal.unsupported'],
    },
    completed: {
      // Completed before: the view goes home.
      type: 'final',
      tags: ['intake.complete'],
    },
    active: {
      type: 'parallel',
      states: {
        resume: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'shouldOfferResume', target: 'waiting' }, { target: 'hidden' }],
            },
            waiting: {
              entry: 'markResumeOffered',
              after: { resumeDialog: 'shown' },
            },
            shown: {
              tags: ['dialog.resume'],
              on: { 'dialog.close': 'hidden' },
            },
            hidden: {},
          },
        },
        step: {
          initial: 'routing',
          states: {
            routing: {
              always: [
                { guard: 'isPastLastStep', target: '#intake.finishing' },
                ...(Object.keys(STEP_STATES) as IntakeStep[]).map((step) => ({
                  guard: { type: 'isCurrentStep' as const, params: { step } },
                  target: STEP_STATES[step],
                })),
              ],
            },
            houseDetails: formStep('step.houseDetails', { first: true }),
            mortgageDetails: formStep('step.mortgageDetails', { first: false }),
            refinanceDetails: formStep('step.refinanceDetails', { first: false }),
            financialStatus: formStep('step.financialStatus', { first: true }),
            rvType: formStep('step.rvType', { first: true }),
            rvFinancing: formStep('step.rvFinancing', { first: false }),
            userBackground: formStep('step.userBackground', { first: false }),
            saving: {
              tags: ['busy', 'step.form'],
              invoke: {
                id: 'saveIntake',
                src: 'saveIntake',
                input: ({ context }) => context.pendingSave ?? {},
                onDone: { target: 'routing', actions: ['applyPendingSave', 'nextStep', 'assignStepValues'] },
                onError: { target: 'routing', actions: { type: 'assignError', params: { key: ERROR_KEYS.errorUpdating } } },
              },
            },
            disputes: {
              initial: 'checking',
              on: {
                'disputes.coachOverride': {
                  guard: 'isAgent',
                  target: 'routing',
                  actions: ['nextStep', 'assignStepValues'],
                },
                'disputes.skip': {
                  guard: 'canCustomerSkipDisputes',
                  target: 'routing',
                  actions: ['nextStep', 'assignStepValues'],
                },
                'step.back': { guard: 'hasPreviousStep', target: 'routing', actions: ['previousStep', 'assignStepValues'] },
                'step.visit': {
                  guard: { type: 'isReachablePage', params: ({ event }) => ({ page: event.page }) },
                  target: 'routing',
                  actions: ['visitStep', 'assignStepValues'],
                },
              },
              states: {
                checking: {
                  tags: ['busy', 'step.disputes', 'disputes.checking'],
                  invoke: {
                    id: 'checkDisputes',
                    src: 'checkDisputes',
                    onDone: [
                      {
                        guard: { type: 'isReportProcessing', params: ({ event }) => ({ status: event.output.reportStatus }) },
                        target: 'waitingForReport',
                        actions: { type: 'assignDisputesCheck', params: ({ event }) => event.output },
                      },
                      {
                        guard: {
                          type: 'hasUnchallengedInvestigations',
                          params: ({ event }) => ({ count: event.output.unchallengedCount }),
                        },
                        target: 'review',
                        actions: { type: 'assignDisputesCheck', params: ({ event }) => event.output },
                      },
                      // Nothing to review: the step moves on by itself, the way the customer was going (Back from
                      // the next step goes on to the one before).
                      {
                        guard: 'isMovingBack',
                        target: ROUTING,
                        actions: [
                          { type: 'assignDisputesCheck', params: ({ event }) => event.output },
                          'previousStep',
                          'assignStepValues',
                        ],
                      },
                      {
                        target: ROUTING,
                        actions: [
                          { type: 'assignDisputesCheck', params: ({ event }) => event.output },
                          'nextStep',
                          'assignStepValues',
                        ],
                      },
                    ],
                    onError: {
                      target: 'checkFailed',
                      actions: { type: 'assignError', params: { key: ERROR_KEYS.generalError } },
                    },
                  },
                },
                checkFailed: {
                  tags: ['error', 'step.disputes'],
                  on: { 'step.retry': { target: 'checking', actions: 'clearError' } },
                },
                waitingForReport: {
                  // The wait text while the report is still processing; after INTAKE_REPORT_WAIT_MS the error with
                  // Try again, which asks the server again (it starts a lost pull anew).
                  tags: ['step.disputes', 'disputes.waiting'],
                  after: {
                    reportWait: {
                      target: 'checkFailed',
                      actions: { type: 'assignError', params: { key: ERROR_KEYS.reportWaitTimedOut } },
                    },
                  },
                  invoke: {
                    id: 'watchReportStatus',
                    src: 'watchReportStatus',
                    input: ({ context }) => ({ userId: context.reportUserId ?? '' }),
                  },
                  on: {
                    'report.status': [
                      {
                        guard: { type: 'isReportSettled', params: ({ event }) => ({ status: event.status }) },
                        target: 'checking',
                        actions: 'assignReportStatus',
                      },
                      { actions: 'assignReportStatus' },
                    ],
                  },
                },
                review: {
                  // Until the dispute wizard exists, the customer may choose to review the disputes later.
                  tags: ['step.disputes', 'disputes.review'],
                  on: { 'disputes.reviewLater': { target: 'recordingReviewLater', actions: 'assignReviewLaterSave' } },
                },
                recordingReviewLater: {
                  tags: ['busy', 'step.disputes'],
                  invoke: {
                    id: 'saveReviewLater',
                    src: 'saveIntake',
                    input: ({ context }) => context.pendingSave ?? {},
                    onDone: { target: ROUTING, actions: ['applyPendingSave', 'nextStep', 'assignStepValues'] },
                    onError: {
                      target: 'review',
                      actions: { type: 'assignError', params: { key: ERROR_KEYS.errorUpdating } },
                    },
                  },
                },
              },
            },
            bankAccounts: {
              initial: 'deciding',
              states: {
                deciding: {
                  always: [{ guard: 'canUseBankWidgets', target: 'idle' }, { target: 'premiumOnly' }],
                },
                idle: {
                  tags: ['step.bankAccounts'],
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
                  tags: ['busy', 'step.bankAccounts'],
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
                  tags: ['step.bankAccounts', 'bank.widget'],
                  on: {
                    'bank.linked': { target: 'countingAccounts', actions: 'clearWidgetUrl' },
                    'dialog.close': { target: 'idle', actions: 'clearWidgetUrl' },
                  },
                },
                countingAccounts: {
                  tags: ['busy', 'step.bankAccounts'],
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
                  tags: ['busy', 'step.bankAccounts'],
                  invoke: saveBankOptOut('idle'),
                },
                premiumOnly: {
                  // No bank widget: the explanation that linking comes with the premium plan, and the opt-out.
                  tags: ['step.bankAccounts', 'bank.premiumOnly'],
                  on: bankStepMoves('savingPremiumOptOut'),
                },
                savingPremiumOptOut: {
                  tags: ['busy', 'step.bankAccounts', 'bank.premiumOnly'],
                  invoke: saveBankOptOut('premiumOnly'),
                },
              },
            },
          },
        },
      },
    },
    finishing: {
      initial: 'completingIntake',
      states: {
        completingIntake: {
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'completeIntake',
            src: 'completeIntake',
            onDone: {
              target: 'waitingForReport',
              actions: { type: 'assignReportUser', params: ({ event }) => ({ userId: event.output.userId }) },
            },
            onError: [
              {
                guard: { type: 'isMissingFieldsError', params: ({ event }) => ({ error: event.error }) },
                target: 'completionFailed',
                actions: { type: 'assignError', params: { key: INTAKE_KEYS.missingFields } },
              },
              {
                target: 'completionFailed',
                actions: { type: 'assignError', params: { key: ERROR_KEYS.errorUpdating } },
              },
            ],
          },
        },
        completionFailed: {
          tags: ['error', 'finishing'],
          on: {
            'completion.retry': { target: 'completingIntake', actions: 'clearError' },
            // Back to the last step (the resume dialog is not offered again).
            'step.back': {
              target: '#intake.active',
              actions: [{ type: 'assignEntryStep' }, 'assignStepValues', 'markResumeOffered'],
            },
          },
        },
        waitingForReport: {
          // Up to 10 s for the initial report status to be complete or error.
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'watchReportStatus',
            src: 'watchReportStatus',
            input: ({ context }) => ({ userId: context.reportUserId ?? '' }),
          },
          after: { completionWait: 'refreshingCredit' },
          on: {
            'report.status': [
              {
                guard: { type: 'isReportSettled', params: ({ event }) => ({ status: event.status }) },
                target: 'refreshingCredit',
                actions: 'assignReportStatus',
              },
              { actions: 'assignReportStatus' },
            ],
          },
        },
        refreshingCredit: {
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'refreshCreditDisplay',
            src: 'refreshCreditDisplay',
            onDone: 'generatingScore',
            onError: 'generatingScore',
          },
        },
        generatingScore: {
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'generateReadinessScore',
            src: 'generateReadinessScore',
            onDone: 'refetching',
            onError: 'refetching',
          },
        },
        refetching: {
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'refetchUserData',
            src: 'refetchUserData',
            onDone: 'recalculating',
            onError: 'recalculating',
          },
        },
        recalculating: {
          // The recalculating screen; the guard chain now lets the home hub open and the view goes there. If the
          // intake is still shown 15 s later, a stuck event is logged (spec 002 §4).
          tags: ['recalculating'],
          after: { intakeStuck: 'stuck' },
        },
        stuck: {
          type: 'final',
          tags: ['recalculating'],
          entry: 'reportStuck',
        },
      },
    },
  },
});

/**
 * A form step's screen: answers, Next (validate, save what changed, go on), Back (not on a goal's first step) and
 * revisiting the pages reached so far.
 */
function formStep(tag: string, { first }: { first: boolean }) {
  const back = {
    'step.back': { guard: 'hasPreviousStep', target: 'routing', actions: ['previousStep', 'assignStepValues'] },
  } as const;
  return {
    tags: ['step.form', tag],
    on: {
      'form.change': { actions: 'assignFormValues' },
      'step.next': [
        { guard: 'hasRefusedAnswers', actions: ['assignValidation', 'notifyMissingFields'] },
        { guard: 'hasChanges', target: 'saving', actions: 'assignPendingSave' },
        { target: 'routing', actions: ['nextStep', 'assignStepValues'] },
      ],
      ...(first ? {} : back),
      'step.visit': {
        guard: { type: 'isReachablePage', params: ({ event }: { event: IntakeEvent }) => ({ page: event.type === 'step.visit' ? event.page : 0 }) },
        target: 'routing',
        actions: ['visitStep', 'assignStepValues'],
      },
    },
  } as const;
}

/**
 * The BankAccounts step's moves, with or without the widget: the opt-out, Next (enabled only once accounts are
 * linked or the opt-out is ticked, spec 002 §4; a changed opt-out is saved first), Back and revisiting pages.
 */
function bankStepMoves(saving: 'savingOptOut' | 'savingPremiumOptOut') {
  return {
    'bank.optOutChange': { actions: 'assignBankOptOut' },
    'step.next': [
      { guard: 'hasOptOutChanged', target: saving },
      { guard: 'isBankStepDone', target: ROUTING, actions: ['nextStep', 'assignStepValues'] },
    ],
    'step.back': { guard: 'hasPreviousStep', target: ROUTING, actions: ['previousStep', 'assignStepValues'] },
    'step.visit': {
      guard: { type: 'isReachablePage', params: ({ event }: { event: IntakeEvent }) => ({ page: event.type === 'step.visit' ? event.page : 0 }) },
      target: ROUTING,
      actions: ['visitStep', 'assignStepValues'],
    },
  } as const;
}

/** Saving the opt-out to the contact (Link_Bank_Acct_Opt_Out__c), then on, or back to the step's screen. */
function saveBankOptOut(screen: 'idle' | 'premiumOnly') {
  return {
    id: 'saveBankOptOut',
    src: 'saveBankOptOut',
    input: ({ context }: { context: IntakeContext }) => ({ optOut: context.bankOptOut }),
    onDone: [
      { guard: 'isBankStepDone', target: ROUTING, actions: ['assignSavedBankOptOut', 'nextStep', 'assignStepValues'] },
      { target: screen, actions: 'assignSavedBankOptOut' },
    ],
    onError: { target: screen, actions: { type: 'assignError', params: { key: ERROR_KEYS.errorUpdating } } },
  } as const;
}
