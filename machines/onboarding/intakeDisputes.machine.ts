import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { INTAKE_REPORT_WAIT_MS } from '../../src/domain/constants';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import {
  isInitialReportSettled,
  personalInfoIdFor,
  type InitialReportStatus,
  type IntakeGoal,
  type IntakeKey,
  type IntakePersonalInfo,
  type IntakeSaveRequest,
} from '../../src/domain/intake';
import type {
  IntakeDisputesActorSignatures,
  IntakeDisputesInput,
  IntakeDisputesOutput,
  ReportStatusChangedEvent,
} from './ports';
import { provided, providedCallback } from '../actors';

// The intake's Disputes step (spec 002 §4 "Intake"), invoked by the intake machine (intake.machine.ts) while the
// step shows. No unchallenged investigations → the step is over by itself, the way the customer was going (back
// again when Back led there); the report still processing → the wait text, until the report is settled or
// INTAKE_REPORT_WAIT_MS passes; otherwise the review (until the dispute wizard exists: review later, recorded).
// Moving between steps, the coach override and the customer's skip (who the person is) stay with the intake.

type Sig = IntakeDisputesActorSignatures;

export interface IntakeDisputesContext {
  goal: IntakeGoal | null;
  personalInfo: IntakePersonalInfo | null;
  movingBack: boolean;
  errorKey: ErrorKey | IntakeKey | null;
  /** Whose initialReportStatus document the step listens to. */
  reportUserId: string | null;
  reportStatus: InitialReportStatus;
  unchallengedCount: number;
  pendingSave: IntakeSaveRequest | null;
  /** Where the step ends, and what it saved: the machine's output. */
  move: IntakeDisputesOutput['move'];
  saved: IntakeSaveRequest | null;
}

export type IntakeDisputesEvent = { type: 'disputes.reviewLater' } | { type: 'step.retry' } | ReportStatusChangedEvent;

export type IntakeDisputesTag = 'busy' | 'error' | 'disputes.checking' | 'disputes.waiting' | 'disputes.review';

type DisputesCheck = Sig['checkDisputes']['output'];

export const intakeDisputesMachine = setup({
  types: {
    context: {} as IntakeDisputesContext,
    events: {} as IntakeDisputesEvent,
    input: {} as IntakeDisputesInput,
    output: {} as IntakeDisputesOutput,
    tags: {} as IntakeDisputesTag,
  },
  actors: {
    checkDisputes: provided<Sig['checkDisputes']>('checkDisputes'),
    watchReportStatus: providedCallback<Sig['watchReportStatus']>('watchReportStatus'),
    saveIntake: provided<Sig['saveIntake']>('saveIntake'),
  },
  guards: {
    isReportProcessing: (_, params: { status: InitialReportStatus }) => params.status === 'processing',
    hasUnchallengedInvestigations: (_, params: { count: number }) => params.count > 0,
    isReportSettled: (_, params: { status: InitialReportStatus }) => isInitialReportSettled(params.status),
    isMovingBack: ({ context }) => context.movingBack,
  },
  actions: {
    assignDisputesCheck: assign((_, params: DisputesCheck) => ({
      reportUserId: params.userId,
      reportStatus: params.reportStatus,
      unchallengedCount: params.unchallengedCount,
    })),
    assignReportStatus: assign(({ event }) => {
      assertEvent(event, 'report.status');
      return { reportStatus: event.status };
    }),
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
    assignSaved: assign(({ context }) => ({ saved: context.pendingSave, pendingSave: null })),
    assignMoveBack: assign({ move: 'back' as const }),
    assignError: assign((_, params: { key: ErrorKey | IntakeKey }) => ({ errorKey: params.key })),
    clearError: assign({ errorKey: null }),
  },
  delays: {
    reportWait: INTAKE_REPORT_WAIT_MS,
  },
}).createMachine({
  id: 'intakeDisputes',
  context: ({ input }) => ({
    goal: input.goal,
    personalInfo: input.personalInfo,
    movingBack: input.movingBack,
    errorKey: input.errorKey,
    reportUserId: null,
    reportStatus: 'none',
    unchallengedCount: 0,
    pendingSave: null,
    move: 'next',
    saved: null,
  }),
  initial: 'checking',
  output: ({ context }) => ({ move: context.move, saved: context.saved }),
  states: {
    checking: {
      tags: ['busy', 'disputes.checking'],
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
          // Nothing to review: the step is over by itself, the way the customer was going (Back from the next
          // step goes on to the one before).
          {
            guard: 'isMovingBack',
            target: 'passedOn',
            actions: [{ type: 'assignDisputesCheck', params: ({ event }) => event.output }, 'assignMoveBack'],
          },
          {
            target: 'passedOn',
            actions: { type: 'assignDisputesCheck', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'checkFailed',
          actions: { type: 'assignError', params: { key: ERROR_KEYS.generalError } },
        },
      },
    },
    checkFailed: {
      tags: ['error'],
      on: { 'step.retry': { target: 'checking', actions: 'clearError' } },
    },
    waitingForReport: {
      // The wait text while the report is still processing; after INTAKE_REPORT_WAIT_MS the error with Try again,
      // which asks the server again (it starts a lost pull anew).
      tags: ['disputes.waiting'],
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
      tags: ['disputes.review'],
      on: { 'disputes.reviewLater': { target: 'recordingReviewLater', actions: 'assignReviewLaterSave' } },
    },
    recordingReviewLater: {
      tags: ['busy'],
      invoke: {
        id: 'saveReviewLater',
        src: 'saveIntake',
        input: ({ context }) => context.pendingSave ?? {},
        onDone: { target: 'passedOn', actions: 'assignSaved' },
        onError: {
          target: 'review',
          actions: { type: 'assignError', params: { key: ERROR_KEYS.errorUpdating } },
        },
      },
    },
    passedOn: {
      // The intake goes on to the next step, or back (the output).
      type: 'final',
    },
  },
});

type IntakeDisputesSnapshot = SnapshotFrom<typeof intakeDisputesMachine>;

/** What the Disputes step's view reads. */
export const intakeDisputesSelectors = {
  checking: (s: IntakeDisputesSnapshot) => s.hasTag('disputes.checking'),
  busy: (s: IntakeDisputesSnapshot) => s.hasTag('busy'),
  failed: (s: IntakeDisputesSnapshot) => s.hasTag('error'),
  waiting: (s: IntakeDisputesSnapshot) => s.hasTag('disputes.waiting'),
  review: (s: IntakeDisputesSnapshot) => s.hasTag('disputes.review'),
  unchallengedCount: (s: IntakeDisputesSnapshot) => s.context.unchallengedCount,
  errorKey: (s: IntakeDisputesSnapshot) => s.context.errorKey,
  canReviewLater: (s: IntakeDisputesSnapshot) => s.can({ type: 'disputes.reviewLater' }),
};
