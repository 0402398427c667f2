import { fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { intakeMachine, intakeSelectors, type IntakeEmitted, type IntakeInput } from '../../machines/onboarding/intake.machine';
import { intakeBankAccountsMachine } from '../../machines/onboarding/intakeBankAccounts.machine';
import { disputeWizardMachine } from '../../machines/disputes/disputeWizard.machine';
import { SAMPLE_DISPUTE_ITEMS } from '../../machines/disputes/entries';
import type { DisputeActionUndo, DisputeLetterData, InvestigationItemData, InvestigationReasonData } from '../../machines/disputes/ports';
import { intakeDisputesMachine } from '../../machines/onboarding/intakeDisputes.machine';
import type { IntakeLoadResult } from '../../machines/onboarding/ports';
import type { InitialReportStatus, IntakeGoal, IntakePersonalInfo, IntakeSaveRequest } from '../../src/domain/intake';

// The intake machine (with its Disputes and BankAccounts steps' machines) over fake ports, for the machine tests
// and the view tests: it starts from `start`, records what it was asked (saves, opt-outs, disputes checks, widget
// requests, completions, the finishing calls, the dispute wizard's calls), and answers the disputes check, the
// dispute wizard, the bank widget and completion as the options say.

export const CUSTOMER: IntakeInput = { actor: { isAgent: false }, canSkipDisputes: false, productLine: 'Primary' };
export const FREE_LINE_CUSTOMER: IntakeInput = { ...CUSTOMER, productLine: 'Freemium' };
export const AGENT: IntakeInput = { actor: { isAgent: true, allowClientActions: true }, canSkipDisputes: false, productLine: 'Primary' };

export const WIDGET_URL = 'https://bank.example/widget?session=abc';

export interface FakeIntakeOptions {
  input?: IntakeInput;
  /** The disputes check's answer; without `items`, `unchallengedCount` collections waiting for a decision. */
  disputes?: { reportStatus: InitialReportStatus; unchallengedCount: number; items?: InvestigationItemData[] };
  /** The dispute wizard's submit fails. */
  submitDisputesError?: { code: string; key?: string };
  linkedAfterConnect?: number;
  /** The bank widget's URL is refused with this error. */
  widgetError?: { code: string; key?: string };
  completeError?: { code: string; key?: string };
  /** The first load fails with this error. */
  loadError?: { code: string };
  /** The first save fails with this error. */
  saveError?: { code: string };
}

export function goal(type: string, properties: IntakeGoal['properties'] = {}): IntakeGoal {
  return { id: 'goal-1', type, properties };
}

export function loaded(
  g: IntakeGoal | null,
  personalInfo: IntakePersonalInfo | null = null,
  bank: Partial<IntakeLoadResult> = {},
): IntakeLoadResult {
  return { goal: g, personalInfo, bankOptOut: false, linkedAccountCount: 0, ...bank };
}

/** The checked items: those given, or `unchallengedCount` collections waiting for a decision. */
function disputeItems(disputes: NonNullable<FakeIntakeOptions['disputes']>): InvestigationItemData[] {
  return (
    disputes.items ??
    Array.from({ length: disputes.unchallengedCount }, (_, index) => ({ ...SAMPLE_DISPUTE_ITEMS.collection, id: `collection-${index + 1}` }))
  );
}

export function fakeIntakePorts(start: IntakeLoadResult, options: FakeIntakeOptions = {}) {
  const calls = {
    saves: [] as IntakeSaveRequest[],
    optOuts: [] as boolean[],
    disputeChecks: 0,
    widgetRequests: 0,
    completions: 0,
    finishing: [] as string[],
    watching: [] as string[],
    /** The dispute wizard's calls, in order. */
    wizard: [] as string[],
  };
  /** Sends the initial report's status to the machine while it watches it. */
  const report: { send: ((status: InitialReportStatus) => void) | null } = { send: null };
  let disputes: NonNullable<FakeIntakeOptions['disputes']> = options.disputes ?? { reportStatus: 'none', unchallengedCount: 0 };
  let loadFails = options.loadError !== undefined;
  let saveFails = options.saveError !== undefined;
  const watchReportStatus = fromCallback<EventObject, { userId: string }>(({ input, sendBack }) => {
    calls.watching.push(input.userId);
    report.send = (status) => sendBack({ type: 'report.status', status });
    return () => {
      report.send = null;
    };
  });
  const saveIntake = fromPromise<void, IntakeSaveRequest>(async ({ input }) => {
    if (saveFails) {
      saveFails = false;
      throw options.saveError;
    }
    calls.saves.push(input);
  });
  const wizardMachine = disputeWizardMachine.provide({
    actors: {
      saveReasons: fromPromise<InvestigationItemData[], { investigations: InvestigationReasonData[] }>(async ({ input }) => {
        calls.wizard.push('saveReasons');
        const checked = disputeItems(disputes);
        return input.investigations.flatMap((saved) => {
          const item = checked.find((candidate) => candidate.id === saved.id);
          return item ? [{ ...item, challengeReason: saved.reason, challengeReasonOptions: saved.reasonOptions, challengeReasonSelected: true }] : [];
        });
      }),
      completeDisputeActionOptimistically: fromPromise<DisputeActionUndo, void>(async () => {
        calls.wizard.push('completeDisputeActionOptimistically');
        return null;
      }),
      submitDisputes: fromPromise<{ submitted: number; letters: DisputeLetterData[] }, void>(async () => {
        calls.wizard.push('submitDisputes');
        if (options.submitDisputesError) throw options.submitDisputesError;
        return { submitted: 1, letters: [] };
      }),
      rollbackDisputeAction: fromPromise<void, { undo: DisputeActionUndo }>(async () => {
        calls.wizard.push('rollbackDisputeAction');
      }),
      refreshAfterSubmit: fromPromise<void, void>(async () => {
        calls.wizard.push('refreshAfterSubmit');
      }),
    },
  });
  const disputesMachine = intakeDisputesMachine.provide({
    actors: {
      checkDisputes: fromPromise(async () => {
        calls.disputeChecks += 1;
        return { userId: 'customer-1', reportStatus: disputes.reportStatus, unchallengedCount: disputes.unchallengedCount, items: disputeItems(disputes) };
      }),
      watchReportStatus,
      disputeWizard: wizardMachine,
    },
  });
  const bankAccountsMachine = intakeBankAccountsMachine.provide({
    actors: {
      fetchWidgetUrl: fromPromise(async () => {
        calls.widgetRequests += 1;
        if (options.widgetError) throw options.widgetError;
        return { url: WIDGET_URL };
      }),
      countLinkedAccounts: fromPromise(async () => ({ linkedAccountCount: options.linkedAfterConnect ?? 2 })),
      saveBankOptOut: fromPromise<void, { optOut: boolean }>(async ({ input }) => {
        calls.optOuts.push(input.optOut);
      }),
    },
  });
  const machine = intakeMachine.provide({
    actors: {
      loadIntake: fromPromise(async () => {
        if (loadFails) {
          loadFails = false;
          throw options.loadError;
        }
        return start;
      }),
      saveIntake,
      watchReportStatus,
      completeIntake: fromPromise(async () => {
        calls.completions += 1;
        if (options.completeError) throw options.completeError;
        return { userId: 'customer-1' };
      }),
      refreshCreditDisplay: fromPromise(async () => {
        calls.finishing.push('refreshCreditDisplay');
      }),
      generateReadinessScore: fromPromise(async () => {
        calls.finishing.push('generateReadinessScore');
      }),
      refetchUserData: fromPromise(async () => {
        calls.finishing.push('refetchUserData');
      }),
      intakeDisputes: disputesMachine,
      intakeBankAccounts: bankAccountsMachine,
    },
  });
  return {
    machine,
    calls,
    report,
    /** What the next disputes check answers. */
    setDisputes(next: typeof disputes) {
      disputes = next;
    },
  };
}

type IntakeRef = ActorRefFrom<typeof intakeMachine>;

/**
 * What the intake and its BankAccounts step ask the app to show (toasts, the stuck event), in order; the address
 * it asks for (`navigate`) is kept apart.
 */
export function recordIntakeEmitted(actor: IntakeRef) {
  const emitted: Exclude<IntakeEmitted, { type: 'navigate' }>[] = [];
  const navigations: Extract<IntakeEmitted, { type: 'navigate' }>[] = [];
  actor.on('*', (event) => {
    if (event.type === 'navigate') navigations.push(event);
    else emitted.push(event);
  });
  const listened = new WeakSet<object>();
  actor.subscribe((snapshot) => {
    const bankAccounts = intakeSelectors.bankAccounts(snapshot);
    if (!bankAccounts || listened.has(bankAccounts)) return;
    listened.add(bankAccounts);
    bankAccounts.on('notify', (event) => emitted.push(event));
  });
  return { emitted, navigations };
}
