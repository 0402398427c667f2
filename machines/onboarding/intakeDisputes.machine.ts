import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { INTAKE_REPORT_WAIT_MS } from '../../src/domain/constants';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { isInitialReportSettled, type InitialReportStatus, type IntakeKey } from '../../src/domain/intake';
import type { ActorFacts } from '../../src/domain/permissions';
import { disputeWizardMachine, type DisputeWizardInput } from '../disputes/disputeWizard.machine';
import type { InvestigationItemData } from '../disputes/ports';
import { provided, providedCallback } from '../actors';
import type {
  IntakeDisputesActorSignatures,
  IntakeDisputesInput,
  IntakeDisputesOutput,
  ReportStatusChangedEvent,
} from './ports';
import { machineSpec, spec } from '../spec';

// The intake's Disputes step (spec 002 §4 "Intake"), invoked by the intake machine
// (intake.machine.ts) while the step shows. No unchallenged investigations → the step is over by itself, the way the
// customer was going (back again when Back led there); the report still processing → the wait text, until the report
// is settled or INTAKE_REPORT_WAIT_MS passes; otherwise the review: the dispute wizard (disputeWizard.machine.ts,
// invoked as 'disputeWizard') opens with the checked items. Submitted → the step is done and the intake moves on;
// closed without submitting → the step stays, with a "Review disputes" button that opens the wizard again (with the
// reasons the wizard saved). Moving between steps, the coach override and the customer's skip (the can-skip-disputes
// flag) stay with the intake. The subscription gate comes before the intake in the guard chain (spec 000 §2.3), so
// the wizard starts with the subscription passed; the server checks it again.

type Sig = IntakeDisputesActorSignatures;

export interface IntakeDisputesContext {
  actor: ActorFacts;
  movingBack: boolean;
  errorKey: ErrorKey | IntakeKey | null;
  /** Whose initialReportStatus document the step listens to. */
  reportUserId: string | null;
  reportStatus: InitialReportStatus;
  unchallengedCount: number;
  /** The investigations the wizard reviews (as the last wizard left them). */
  items: InvestigationItemData[];
  /** Where the step ends: the machine's output. */
  move: IntakeDisputesOutput['move'];
}

export type IntakeDisputesEvent = { type: 'disputes.review' } | { type: 'step.retry' } | ReportStatusChangedEvent;

export type IntakeDisputesTag = 'busy' | 'error' | 'disputes.checking' | 'disputes.waiting' | 'disputes.review' | 'disputes.wizard';

type DisputesCheck = Sig['checkDisputes']['output'];

/** The wizard's input for the checked items. */
function wizardInput(context: IntakeDisputesContext): DisputeWizardInput {
  return {
    items: context.items,
    actor: { isAgent: context.actor.isAgent === true, allowClientActions: context.actor.allowClientActions === true },
    subscriptionOk: true,
    source: 'intake',
  };
}

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
    disputeWizard: disputeWizardMachine,
  },
  guards: {
    isReportProcessing: (_, params: { status: InitialReportStatus }) => params.status === 'processing',
    hasUnchallengedInvestigations: (_, params: { count: number }) => params.count > 0,
    isReportSettled: (_, params: { status: InitialReportStatus }) => isInitialReportSettled(params.status),
    isMovingBack: ({ context }) => context.movingBack,
    isSubmitted: (_, params: { submitted: boolean }) => params.submitted,
  },
  actions: {
    assignDisputesCheck: assign((_, params: DisputesCheck) => ({
      reportUserId: params.userId,
      reportStatus: params.reportStatus,
      unchallengedCount: params.unchallengedCount,
      items: params.items,
    })),
    assignReportStatus: assign(({ event }) => {
      assertEvent(event, 'report.status');
      return { reportStatus: event.status };
    }),
    assignWizardItems: assign((_, params: { items: InvestigationItemData[] }) => ({ items: params.items })),
    assignMoveBack: assign({ move: 'back' as const }),
    assignError: assign((_, params: { key: ErrorKey | IntakeKey }) => ({ errorKey: params.key })),
    clearError: assign({ errorKey: null }),
  },
  delays: {
    reportWait: INTAKE_REPORT_WAIT_MS,
  },
}).createMachine({
  id: 'intakeDisputes',
  meta: machineSpec(['002 §4']),
  context: ({ input }) => ({
    actor: input.actor,
    movingBack: input.movingBack,
    errorKey: input.errorKey,
    reportUserId: null,
    reportStatus: 'none',
    unchallengedCount: 0,
    items: [],
    move: 'next',
  }),
  initial: 'checking',
  output: ({ context }) => ({ move: context.move }),
  states: {
    checking: {
      meta: spec('002 §4'),
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
      meta: spec('002 §4'),
      tags: ['error'],
      on: { 'step.retry': { target: 'checking', actions: 'clearError' } },
    },
    waitingForReport: {
      // The wait text while the report is still processing; after INTAKE_REPORT_WAIT_MS the error with Try again,
      // which asks the server again (it starts a lost pull anew).
      meta: spec('002 §4'),
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
      // The dispute wizard over the step (the view reads it as `snapshot.children.disputeWizard`).
      meta: spec('002 §4'),
      tags: ['disputes.review', 'disputes.wizard'],
      invoke: {
        id: 'disputeWizard',
        src: 'disputeWizard',
        input: ({ context }) => wizardInput(context),
        onDone: [
          { guard: { type: 'isSubmitted', params: ({ event }) => ({ submitted: event.output.submitted }) }, target: 'passedOn' },
          { target: 'reviewClosed', actions: { type: 'assignWizardItems', params: ({ event }) => ({ items: event.output.items }) } },
        ],
        onError: { target: 'reviewClosed', actions: { type: 'assignError', params: { key: ERROR_KEYS.generalError } } },
      },
    },
    reviewClosed: {
      // Closed without submitting: "Review disputes" opens the wizard again.
      meta: spec('002 §4'),
      tags: ['disputes.review'],
      on: { 'disputes.review': { target: 'review', actions: 'clearError' } },
    },
    passedOn: {
      // The intake goes on to the next step, or back (the output).
      meta: spec('002 §4'),
      type: 'final',
    },
  },
});

type IntakeDisputesSnapshot = SnapshotFrom<typeof intakeDisputesMachine>;

/** The dispute wizard while it is open over the Disputes step. */
export type IntakeDisputeWizardActor = ActorRefFrom<typeof disputeWizardMachine>;

/** What the Disputes step's view reads. */
export const intakeDisputesSelectors = {
  checking: (s: IntakeDisputesSnapshot) => s.hasTag('disputes.checking'),
  busy: (s: IntakeDisputesSnapshot) => s.hasTag('busy'),
  failed: (s: IntakeDisputesSnapshot) => s.hasTag('error'),
  waiting: (s: IntakeDisputesSnapshot) => s.hasTag('disputes.waiting'),
  review: (s: IntakeDisputesSnapshot) => s.hasTag('disputes.review'),
  unchallengedCount: (s: IntakeDisputesSnapshot) => s.context.unchallengedCount,
  errorKey: (s: IntakeDisputesSnapshot) => s.context.errorKey,
  /** The wizard, while open. */
  wizard: (s: IntakeDisputesSnapshot) => s.children.disputeWizard as IntakeDisputeWizardActor | undefined,
  /** The "Review disputes" button (the wizard was closed without submitting). */
  canReopen: (s: IntakeDisputesSnapshot) => s.can({ type: 'disputes.review' }),
};
