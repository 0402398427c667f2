import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { intakeMachine, type IntakeEmitted, type IntakeInput } from '../../../machines/intake.machine';
import type { IntakeLoadResult } from '../../../machines/onboardingPorts';
import type { InitialReportStatus, IntakeGoal, IntakePersonalInfo, IntakeSaveRequest } from '../../../src/domain/intake';
import { inspect } from '../../../src/inspect';

// An intake actor over fake ports for the view tests: it starts from `loaded`, records what it was asked to save,
// and answers the disputes check, the bank widget and completion as the options say. The clock is simulated so
// the resume dialog's 1 s can be stepped.

export const CUSTOMER: IntakeInput = { actor: { isAgent: false }, canSkipDisputes: false, productLine: 'Primary' };
export const FREE_LINE_CUSTOMER: IntakeInput = { ...CUSTOMER, productLine: 'Freemium' };
export const AGENT: IntakeInput = { actor: { isAgent: true, allowClientActions: true }, canSkipDisputes: false, productLine: 'Primary' };

export const WIDGET_URL = 'https://bank.example/widget?session=abc';

export interface FakeIntakeOptions {
  input?: IntakeInput;
  disputes?: { reportStatus: InitialReportStatus; unchallengedCount: number };
  linkedAfterConnect?: number;
  /** The bank widget's URL is refused with this error. */
  widgetError?: { code: string; key?: string };
  completeError?: { code: string; key?: string };
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

export function fakeIntake(start: IntakeLoadResult, options: FakeIntakeOptions = {}) {
  const calls = { saves: [] as IntakeSaveRequest[], optOuts: [] as boolean[], completions: 0, widgetOpened: 0, finishing: [] as string[] };
  const emitted: IntakeEmitted[] = [];
  let loadFails = options.loadError !== undefined;
  let saveFails = options.saveError !== undefined;
  const machine = intakeMachine.provide({
    actors: {
      loadIntake: fromPromise(async () => {
        if (loadFails) {
          loadFails = false;
          throw options.loadError;
        }
        return start;
      }),
      saveIntake: fromPromise(async ({ input }) => {
        if (saveFails) {
          saveFails = false;
          throw options.saveError;
        }
        calls.saves.push(input);
      }),
      checkDisputes: fromPromise(async () => ({
        userId: 'customer-1',
        ...(options.disputes ?? { reportStatus: 'none' as InitialReportStatus, unchallengedCount: 0 }),
      })),
      watchReportStatus: fromCallback<EventObject, { userId: string }>(() => () => undefined),
      fetchWidgetUrl: fromPromise(async () => {
        calls.widgetOpened += 1;
        if (options.widgetError) throw options.widgetError;
        return { url: WIDGET_URL };
      }),
      countLinkedAccounts: fromPromise(async () => ({ linkedAccountCount: options.linkedAfterConnect ?? 2 })),
      saveBankOptOut: fromPromise(async ({ input }) => {
        calls.optOuts.push(input.optOut);
      }),
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
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: options.input ?? CUSTOMER, clock, inspect });
  actor.on('*', (event) => emitted.push(event as IntakeEmitted));
  actor.start();
  return { actor, calls, clock, emitted };
}
