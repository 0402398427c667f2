import { assertEvent, assign, emit, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  INTAKE_COMPLETION_WAIT_MS,
  INTAKE_RESUME_DIALOG_DELAY_MS,
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
  shownStepFields,
  stepValues,
  validateIntakeStep,
  wasIntakeEditedBefore,
  withChangedValues,
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
import type { ActorFacts } from '../../src/domain/permissions';
import { intakeBankAccountsMachine } from './intakeBankAccounts.machine';
import { intakeDisputesMachine } from './intakeDisputes.machine';
import {
  portErrorKey,
  type IntakeActorSignatures,
  type IntakeBankAccountsOutput,
  type IntakeBankFacts,
  type IntakeDisputesOutput,
  type IntakeLoadResult,
  type IntakeStuckEmitted,
  type IntakeVisitRefusedEvent,
  type ReportStatusChangedEvent,
} from './ports';
import type { NavigateEmitted, NotifyEmitted, RouteChangedEvent } from '../ports';
import { eitherWay, provided, providedCallback } from '../actors';
import { intakeStepPath } from '../../src/domain/routes';
import { machineSpec, spec } from '../spec';

// spec 002 §4 "Intake" and §5 "Intake completeness", §8, §9. One screen per step, in the goal's order; entry goes
// to the first incomplete step; answers are saved only when changed; Back goes to the previous step; resuming an
// intake edited before shows the resume dialog after 1 s; missing fields give intake.errors.missing-fields.
// - Disputes and BankAccounts: each its own machine (intakeDisputes.machine.ts, intakeBankAccounts.machine.ts),
//   invoked while the step shows; the step ends with where the intake goes next. Agents may use the coach override
//   on the Disputes step (skip); customers skip only with the can-skip-disputes flag.
// - Completion: completeIntake, wait up to 10 s for the initial report status (complete or error), refresh the
//   credit display, generate the readiness score, refetch, then the recalculating screen; still here 15 s after
//   completion started → a stuck event is logged.
// - The address (spec 002 §2 /intake/:page, steps numbered from 1; the route⇄machine pattern): the route sends
//   `route.changed`; a page typed or reached with the browser's back and forward buttons is shown when it was
//   reached before and the step's screen lets the customer leave, else the address goes back to the step's page.
//   The address follows the step with `navigate`: entry replaces the address the intake was opened with, a step the
//   customer moves to is a new history entry.

type Sig = IntakeActorSignatures;

export interface IntakeInput {
  /** The signed-in person's claims: agents see the coach override and may connect banks only with permission. */
  actor: ActorFacts;
  /** The can-skip-disputes flag (default off: customers cannot skip). */
  canSkipDisputes: boolean;
  /** The customer's product line (users/{uid} customer.productLine): the free line gets no bank widget. */
  productLine: string | null;
}

export interface IntakeContext extends IntakeBankFacts {
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
  /** Whose initialReportStatus document the completion listens to. */
  reportUserId: string | null;
  reportStatus: InitialReportStatus;
  /** The page a step was last shown at (null before the first): the first one replaces the address. */
  shownPage: number | null;
  /** The page segment of the address, as the route last said (null before it said anything). */
  addressPage: string | null;
  /** The page the intake asked the address to show, until the route says it does. */
  askedPage: number | null;
}

export type IntakeEvent =
  | { type: 'form.change'; values: IntakeValues }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'load.retry' }
  | { type: 'dialog.close' }
  | { type: 'disputes.skip' }
  | { type: 'disputes.coachOverride' }
  | { type: 'completion.retry' }
  | RouteChangedEvent
  | IntakeVisitRefusedEvent
  | ReportStatusChangedEvent;

export type IntakeEmitted = NotifyEmitted<ErrorKey | IntakeKey> | IntakeStuckEmitted | NavigateEmitted;

export type IntakeTag =
  | 'loading'
  | 'error'
  | 'busy'
  | 'redirect.selectGoal'
  | 'goal.unsupported'
  | 'intake.complete'
  | 'dialog.resume'
  | 'step.form'
  | 'step.houseDetails'
  | 'step.mortgageDetails'
  | 'step.refinanceDetails'
  | 'step.financialStatus'
  | 'step.rvType'
  | 'step.rvFinancing'
  | 'step.userBackground'
  | 'step.disputes'
  | 'step.bankAccounts'
  | 'finishing'
  | 'recalculating';

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

/** The address of a step's page (spec 002 §2: steps numbered from 1). */
export const intakePagePath = (page: number) => intakeStepPath(String(page));

/** The page segment of the address a `route.changed` names (/intake/:page/*), '' for none. */
function addressPageOf(event: IntakeEvent): string {
  return event.type === 'route.changed' ? (event.path.split('/')[2] ?? '') : '';
}

const pageOf = (context: IntakeContext) => context.stepIndex + 1;

export const intakeMachine = setup({
  types: {
    context: {} as IntakeContext,
    events: {} as IntakeEvent,
    input: {} as IntakeInput,
    emitted: {} as IntakeEmitted,
    tags: {} as IntakeTag,
  },
  actors: {
    loadIntake: provided<Sig['loadIntake']>('loadIntake'),
    saveIntake: provided<Sig['saveIntake']>('saveIntake'),
    watchReportStatus: providedCallback<Sig['watchReportStatus']>('watchReportStatus'),
    completeIntake: provided<Sig['completeIntake']>('completeIntake'),
    refreshCreditDisplay: provided<Sig['refreshCreditDisplay']>('refreshCreditDisplay'),
    generateReadinessScore: provided<Sig['generateReadinessScore']>('generateReadinessScore'),
    refetchUserData: provided<Sig['refetchUserData']>('refetchUserData'),
    intakeDisputes: intakeDisputesMachine,
    intakeBankAccounts: intakeBankAccountsMachine,
  },
  guards: {
    hasNoGoal: ({ context }) => context.goal === null,
    isUnsupportedGoal: ({ context }) => context.goal !== null && !isSupportedGoalType(context.goal.type),
    isIntakeCompleted: ({ context }) => context.personalInfo?.completedIntake === true,
    shouldOfferResume: ({ context }) => context.editedBefore && !context.resumeOffered,
    isPastLastStep: ({ context }) => context.stepIndex >= context.steps.length,
    isCurrentStep: ({ context }, params: { step: IntakeStep }) => currentStep(context) === params.step,
    hasPreviousStep: ({ context }) => context.stepIndex > 0,
    // An address from before the page the intake last asked for: the route is still on its way there.
    isStaleAddress: ({ context }, params: { page: string }) =>
      context.askedPage !== null && params.page !== String(context.askedPage),
    isStepAddress: ({ context }, params: { page: string }) => params.page === String(pageOf(context)),
    // A page reached before, other than the step's own (spec 002 §2).
    isReachableAddress: ({ context }, params: { page: string }) => {
      const page = Number(params.page);
      return (
        context.askedPage === null &&
        Number.isInteger(page) &&
        page >= 1 &&
        page - 1 <= context.furthestIndex &&
        page - 1 !== context.stepIndex
      );
    },
    hasRefusedAnswers: ({ context }) => validation(context)?.ok === false,
    hasChanges: ({ context }) => saveRequestFor(context) !== null,
    isReportSettled: (_, params: { status: InitialReportStatus }) => isInitialReportSettled(params.status),
    isAgent: ({ context }) => context.actor.isAgent === true,
    // spec 002 §4: customers never see the coach override; they skip only with the flag.
    canCustomerSkipDisputes: ({ context }) => context.actor.isAgent !== true && context.canSkipDisputes,
    isMissingFieldsError: (_, params: { error: unknown }) => portErrorKey(params.error) === INTAKE_KEYS.missingFields,
    // Where a step's machine ended: the intake moves accordingly.
    isDisputesMoveBack: (_, params: { move: IntakeDisputesOutput['move'] }) => params.move === 'back',
    isBankMoveTo: (_, params: { move: IntakeBankAccountsOutput['move']; to: IntakeBankAccountsOutput['move']['to'] }) =>
      params.move.to === params.to,
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
      return { ...withChangedValues(context, event.values), errorKey: null };
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
    applySave: assign(({ context }, params: { save: IntakeSaveRequest | null }) => {
      if (!params.save || !context.goal) return { pendingSave: null };
      return { ...applyIntakeSave(params.save, context.goal, context.personalInfo), pendingSave: null };
    }),
    nextStep: assign(({ context }) => {
      const stepIndex = context.stepIndex + 1;
      return { stepIndex, furthestIndex: Math.max(context.furthestIndex, stepIndex), movingBack: false, errorKey: null };
    }),
    previousStep: assign(({ context }) => ({ stepIndex: Math.max(0, context.stepIndex - 1), movingBack: true, errorKey: null })),
    visitStep: assign(({ context }, params: { page: number }) => ({
      stepIndex: params.page - 1,
      movingBack: params.page - 1 < context.stepIndex,
      errorKey: null,
    })),
    assignBankFacts: assign((_, params: IntakeBankFacts) => ({
      bankOptOut: params.bankOptOut,
      savedBankOptOut: params.savedBankOptOut,
      linkedAccountCount: params.linkedAccountCount,
    })),
    assignError: assign((_, params: { key: ErrorKey | IntakeKey }) => ({ errorKey: params.key })),
    clearError: assign({ errorKey: null }),
    markResumeOffered: assign({ resumeOffered: true }),
    assignReportStatus: assign(({ event }) => {
      assertEvent(event, 'report.status');
      return { reportStatus: event.status };
    }),
    assignReportUser: assign((_, params: { userId: string }) => ({ reportUserId: params.userId, reportStatus: 'processing' as const })),
    reportStuck: emit(({ context }) => ({ type: 'intake.stuck' as const, page: Math.min(context.stepIndex, context.steps.length - 1) + 1 })),
    /** What the address shows now: the page the intake asked for, once there, is no longer awaited. */
    assignAddress: assign((_, params: { page: string }) => ({ addressPage: params.page, askedPage: null })),
    assignStaleAddress: assign((_, params: { page: string }) => ({ addressPage: params.page })),
    // A step shows: the address follows when it shows another page. Entry replaces the address the intake was
    // opened with; a step the customer moves to is a new history entry.
    showStep: enqueueActions(({ context, enqueue }) => {
      const page = pageOf(context);
      if (context.shownPage === page) return;
      enqueue.assign({ shownPage: page });
      const shown = context.askedPage !== null ? String(context.askedPage) : context.addressPage;
      if (shown === String(page)) return;
      enqueue.emit({ type: 'navigate', to: intakePagePath(page), replace: context.shownPage === null });
      enqueue.assign({ askedPage: page });
    }),
    // The page asked for may not be shown now: the address goes back to the step's.
    navigateBack: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'navigate', to: intakePagePath(pageOf(context)), replace: true });
      enqueue.assign({ askedPage: pageOf(context) });
    }),
    // The address the route reports is from before the page last asked for (the route was not there to follow it,
    // or is still on its way): asked for again, in place of the address shown.
    navigateAgain: emit(({ context }) => ({ type: 'navigate' as const, to: intakePagePath(context.askedPage ?? pageOf(context)), replace: true })),
    forwardVisit: sendTo('intakeBankAccounts', (_, params: { page: number }) => ({ type: 'step.visit' as const, page: params.page })),
  },
  delays: {
    resumeDialog: INTAKE_RESUME_DIALOG_DELAY_MS,
    completionWait: INTAKE_COMPLETION_WAIT_MS,
    intakeStuck: INTAKE_STUCK_CHECK_MS,
  },
}).createMachine({
  id: 'intake',
  meta: machineSpec(['002 §4', '002 §2', '002 §5'], ['entering', 'active.resume.deciding', 'active.step.routing']),
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
    reportUserId: null,
    reportStatus: 'none',
    shownPage: null,
    addressPage: null,
    askedPage: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('002 §4'),
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
      on: { 'route.changed': recordAddress() },
    },
    loadFailed: {
      meta: spec('002 §4'),
      tags: ['error'],
      on: { 'load.retry': { target: 'loading', actions: 'clearError' }, 'route.changed': recordAddress() },
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
      meta: spec('002 §4'),
      type: 'final',
      tags: ['redirect.selectGoal'],
    },
    unsupportedGoal: {
      // 'Unsupported Goal Type' (spec 002 §1).
      meta: spec('002 §4', '002 §1'),
      type: 'final',
      tags: ['goal.unsupported'],
    },
    completed: {
      // Completed before: the view goes home.
      meta: spec('002 §4'),
      type: 'final',
      tags: ['intake.complete'],
    },
    active: {
      meta: spec('002 §4'),
      type: 'parallel',
      states: {
        resume: {
          meta: spec('002 §4'),
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'shouldOfferResume', target: 'waiting' }, { target: 'hidden' }],
            },
            waiting: {
              meta: spec('002 §4'),
              entry: 'markResumeOffered',
              after: { resumeDialog: 'shown' },
            },
            shown: {
              meta: spec('002 §4'),
              tags: ['dialog.resume'],
              on: { 'dialog.close': 'hidden' },
            },
            hidden: { meta: spec('002 §4') },
          },
        },
        step: {
          meta: spec('002 §4'),
          initial: 'routing',
          // An address the step's screen did not take: stale, the step's own, or one that may not be shown now.
          on: {
            'route.changed': [
              {
                guard: { type: 'isStaleAddress', params: ({ event }) => ({ page: addressPageOf(event) }) },
                actions: [{ type: 'assignStaleAddress', params: ({ event }) => ({ page: addressPageOf(event) }) }, 'navigateAgain'],
              },
              {
                guard: { type: 'isStepAddress', params: ({ event }) => ({ page: addressPageOf(event) }) },
                actions: { type: 'assignAddress', params: ({ event }) => ({ page: addressPageOf(event) }) },
              },
              { actions: [{ type: 'assignAddress', params: ({ event }) => ({ page: addressPageOf(event) }) }, 'navigateBack'] },
            ],
          },
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
              meta: spec('002 §4'),
              tags: ['busy', 'step.form'],
              invoke: {
                id: 'saveIntake',
                src: 'saveIntake',
                input: ({ context }) => context.pendingSave ?? {},
                onDone: {
                  target: 'routing',
                  actions: [{ type: 'applySave', params: ({ context }) => ({ save: context.pendingSave }) }, 'nextStep', 'assignStepValues'],
                },
                onError: { target: 'routing', actions: { type: 'assignError', params: { key: ERROR_KEYS.errorUpdating } } },
              },
            },
            disputes: {
              // The Disputes step's machine; moving between steps, the coach override and the skip stay here.
              meta: spec('002 §4'),
              tags: ['step.disputes'],
              entry: 'showStep',
              invoke: {
                id: 'intakeDisputes',
                src: 'intakeDisputes',
                input: ({ context }) => ({
                  actor: context.actor,
                  movingBack: context.movingBack && context.stepIndex > 0,
                  errorKey: context.errorKey,
                }),
                onDone: [
                  {
                    guard: { type: 'isDisputesMoveBack', params: ({ event }) => ({ move: event.output.move }) },
                    target: 'routing',
                    actions: ['previousStep', 'assignStepValues'],
                  },
                  {
                    target: 'routing',
                    actions: ['nextStep', 'assignStepValues'],
                  },
                ],
              },
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
                'route.changed': visitPage(),
              },
            },
            bankAccounts: {
              // The BankAccounts step's machine: it takes Next, Back and another page only on its screens, and
              // ends with where to go and its facts (kept for the next visit and the entry step).
              meta: spec('002 §4'),
              tags: ['step.bankAccounts'],
              entry: 'showStep',
              invoke: {
                id: 'intakeBankAccounts',
                src: 'intakeBankAccounts',
                input: ({ context }) => ({
                  actor: context.actor,
                  productLine: context.productLine,
                  canGoBack: context.stepIndex > 0,
                  bankOptOut: context.bankOptOut,
                  savedBankOptOut: context.savedBankOptOut,
                  linkedAccountCount: context.linkedAccountCount,
                  errorKey: context.errorKey,
                }),
                onDone: [
                  {
                    guard: { type: 'isBankMoveTo', params: ({ event }) => ({ move: event.output.move, to: 'back' as const }) },
                    target: 'routing',
                    actions: [{ type: 'assignBankFacts', params: ({ event }) => event.output }, 'previousStep', 'assignStepValues'],
                  },
                  {
                    guard: { type: 'isBankMoveTo', params: ({ event }) => ({ move: event.output.move, to: 'page' as const }) },
                    target: 'routing',
                    actions: [
                      { type: 'assignBankFacts', params: ({ event }) => event.output },
                      {
                        type: 'visitStep',
                        params: ({ event }) => ({ page: event.output.move.to === 'page' ? event.output.move.page : 0 }),
                      },
                      'assignStepValues',
                    ],
                  },
                  {
                    target: 'routing',
                    actions: [{ type: 'assignBankFacts', params: ({ event }) => event.output }, 'nextStep', 'assignStepValues'],
                  },
                ],
              },
              on: {
                // Whether the step's screen lets the customer leave is the step's to say.
                'route.changed': {
                  guard: { type: 'isReachableAddress', params: ({ event }) => ({ page: addressPageOf(event) }) },
                  actions: [
                    { type: 'assignAddress', params: ({ event }) => ({ page: addressPageOf(event) }) },
                    { type: 'forwardVisit', params: ({ event }) => ({ page: Number(addressPageOf(event)) }) },
                  ],
                },
                'step.visitRefused': { actions: 'navigateBack' },
              },
            },
          },
        },
      },
    },
    finishing: {
      meta: spec('002 §4'),
      initial: 'completingIntake',
      on: { 'route.changed': recordAddress() },
      states: {
        completingIntake: {
          meta: spec('002 §4'),
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
          meta: spec('002 §4'),
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
          meta: spec('002 §4'),
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
          meta: spec('002 §4'),
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'refreshCreditDisplay',
            src: 'refreshCreditDisplay',
            ...eitherWay('generatingScore'),
          },
        },
        generatingScore: {
          meta: spec('002 §4'),
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'generateReadinessScore',
            src: 'generateReadinessScore',
            ...eitherWay('refetching'),
          },
        },
        refetching: {
          meta: spec('002 §4'),
          tags: ['busy', 'finishing'],
          invoke: {
            id: 'refetchUserData',
            src: 'refetchUserData',
            ...eitherWay('recalculating'),
          },
        },
        recalculating: {
          // The recalculating screen; the guard chain now lets the home hub open and the view goes there. If the
          // intake is still shown 15 s later, a stuck event is logged (spec 002 §4).
          meta: spec('002 §4'),
          tags: ['recalculating'],
          after: { intakeStuck: 'stuck' },
        },
        stuck: {
          meta: spec('002 §4'),
          type: 'final',
          tags: ['recalculating'],
          entry: 'reportStuck',
        },
      },
    },
  },
});


/** Records the address while no step shows (loading, finishing): the step shown next is compared with it. */
function recordAddress() {
  return {
    actions: {
      type: 'assignAddress',
      params: ({ event }: { event: IntakeEvent }) => ({ page: addressPageOf(event) }),
    },
  } as const;
}

/** Another page reached before, typed or reached with the browser's back and forward buttons (spec 002 §2). */
function visitPage() {
  return {
    guard: { type: 'isReachableAddress', params: ({ event }: { event: IntakeEvent }) => ({ page: addressPageOf(event) }) },
    target: 'routing',
    actions: [
      { type: 'assignAddress', params: ({ event }: { event: IntakeEvent }) => ({ page: addressPageOf(event) }) },
      { type: 'visitStep', params: ({ event }: { event: IntakeEvent }) => ({ page: Number(addressPageOf(event)) }) },
      'assignStepValues',
    ],
  } as const;
}

/**
 * A form step's screen: answers, Next (validate, save what changed, go on), Back (not on a goal's first step) and
 * revisiting the pages reached so far.
 */
function formStep(tag: IntakeTag, { first }: { first: boolean }) {
  const back = {
    'step.back': { guard: 'hasPreviousStep', target: 'routing', actions: ['previousStep', 'assignStepValues'] },
  } as const;
  return {
    // spec 002 §4 Intake (step order, Next saves what changed, Back) and §5 (the step's answers).
    meta: spec('002 §4', '002 §5'),
    tags: ['step.form', tag],
    entry: 'showStep',
    on: {
      'form.change': { actions: 'assignFormValues' },
      'step.next': [
        { guard: 'hasRefusedAnswers', actions: ['assignValidation', 'notifyMissingFields'] },
        { guard: 'hasChanges', target: 'saving', actions: 'assignPendingSave' },
        { target: 'routing', actions: ['nextStep', 'assignStepValues'] },
      ],
      ...(first ? {} : back),
      'route.changed': visitPage(),
    },
  } as const;
}

type IntakeSnapshot = SnapshotFrom<typeof intakeMachine>;

/** The Disputes step's actor while the step shows (intakeDisputes.machine.ts has its selectors). */
export type IntakeDisputesActor = ActorRefFrom<typeof intakeDisputesMachine>;
/** The BankAccounts step's actor while the step shows (intakeBankAccounts.machine.ts has its selectors). */
export type IntakeBankAccountsActor = ActorRefFrom<typeof intakeBankAccountsMachine>;

const sameFields = (a: readonly IntakeField[], b: readonly IntakeField[]) =>
  a.length === b.length && a.every((field, i) => field === b[i]);

/** What the intake's views and route read. */
export const intakeSelectors = {
  /** Not finished (a final state: no goal, an unsupported goal, completed before, or stuck). */
  running: (s: IntakeSnapshot) => s.status === 'active',
  loading: (s: IntakeSnapshot) => s.hasTag('loading'),
  loadFailed: (s: IntakeSnapshot) => s.can({ type: 'load.retry' }),
  unsupportedGoal: (s: IntakeSnapshot) => s.hasTag('goal.unsupported'),
  /** No goal yet: the route goes to /sign-up/select-goal. */
  needsGoal: (s: IntakeSnapshot) => s.hasTag('redirect.selectGoal'),
  /** Completion under way, done, or completed before. */
  finishing: (s: IntakeSnapshot) => s.hasTag('finishing') || s.hasTag('recalculating') || s.hasTag('intake.complete'),
  recalculating: (s: IntakeSnapshot) => s.hasTag('recalculating') || s.hasTag('intake.complete'),
  failed: (s: IntakeSnapshot) => s.hasTag('error'),
  busy: (s: IntakeSnapshot) => s.hasTag('busy'),
  resumeOpen: (s: IntakeSnapshot) => s.hasTag('dialog.resume'),
  /** The resume dialog is shown or about to be (its 1 s wait): a step's own dialog waits until it is closed. */
  resumeFirst: (s: IntakeSnapshot) => s.hasTag('dialog.resume') || s.matches({ active: { resume: 'waiting' } }),
  /** The step shown, null while none is. */
  step: (s: IntakeSnapshot) => (s.matches('active') ? (s.context.steps[s.context.stepIndex] ?? null) : null),
  stepNumber: (s: IntakeSnapshot) => s.context.stepIndex + 1,
  stepCount: (s: IntakeSnapshot) => s.context.steps.length,
  isLastStep: (s: IntakeSnapshot) => s.context.stepIndex === s.context.steps.length - 1,
  errorKey: (s: IntakeSnapshot) => s.context.errorKey,
  canGoBack: (s: IntakeSnapshot) => s.can({ type: 'step.back' }),
  canSkipDisputes: (s: IntakeSnapshot) => s.can({ type: 'disputes.skip' }),
  canOverrideDisputes: (s: IntakeSnapshot) => s.can({ type: 'disputes.coachOverride' }),
  /** A form step's fields as its answers show them (spec 002 §5); compare with `intakeSelectors.sameFields`. */
  shownFields: (step: IntakeFormStep) => (s: IntakeSnapshot) => shownStepFields(step, s.context.values),
  sameFields,
  fieldValue: (field: IntakeField) => (s: IntakeSnapshot) => s.context.values[field],
  /** A field's refusal: its message key, 'form.required' when missing, else null. */
  fieldError: (field: IntakeField) => (s: IntakeSnapshot) =>
    s.context.fieldErrors[field] ?? (s.context.missingFields.includes(field) ? 'form.required' : null),
  disputes: (s: IntakeSnapshot) => s.children.intakeDisputes as IntakeDisputesActor | undefined,
  bankAccounts: (s: IntakeSnapshot) => s.children.intakeBankAccounts as IntakeBankAccountsActor | undefined,
};
