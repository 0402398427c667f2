import type { EventObject } from 'xstate';
import type { ReportRefreshFacts } from '../../src/domain/reportRefresh';
import type { PortError } from '../ports';
import { actorSamples, after, contextKey, defineMachineEntry, eventsByType, sampleEvents } from '../registry';
import { initialReportMachine } from './initialReport.machine';
import { kbaMachine } from './kba.machine';
import { pastReportMachine } from './pastReport.machine';
import type { InitialReportActorSignatures, InitialReportData, KbaActorSignatures, KbaQuestionData, ReportPrintActorSignatures, ReportRefreshActorSignatures } from './ports';
import { reportPrintMachine } from './reportPrint.machine';
import { reportRefreshMachine } from './reportRefresh.machine';

// The credit machines' registry entries, listed in machines/index.ts. Sample events carry real payloads;
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result and
// `xstate.after.<delay>.<state id>` for a delay running out.

// -------------------------------------------------------------------------------------------------- report refresh

const refreshEvent = sampleEvents<typeof reportRefreshMachine>();
const refreshActors = actorSamples<ReportRefreshActorSignatures>();

export const SAMPLE_TODAY = '2026-11-25';

/** A customer pulled 40 days ago (refresh allowed), 10 days ago (not yet), a coach without client actions. */
export const SAMPLE_REFRESH_FACTS = {
  due: { creditPullDate: '2026-10-16', kbaStatus: true, isAgent: false, allowClientActions: false },
  recent: { creditPullDate: '2026-11-15', kbaStatus: true, isAgent: false, allowClientActions: false },
  coach: { creditPullDate: '2026-10-16', kbaStatus: true, isAgent: true, allowClientActions: false },
} as const satisfies Record<string, ReportRefreshFacts>;

const THROTTLED_ORDER = {
  type: 'xstate.error.actor.orderReport',
  error: { code: 'resource-exhausted', retryAfterSeconds: 12 } satisfies PortError,
} as EventObject;

export const reportRefreshEntry = defineMachineEntry({
  id: 'reportRefresh',
  title: 'Report refresh',
  purpose: 'The Refresh control of the credit report: whether a new report may be ordered, and ordering it (or KBA first).',
  machine: reportRefreshMachine,
  testModel: {
    input: { facts: SAMPLE_REFRESH_FACTS.due, today: SAMPLE_TODAY, kbaFlag: false },
    events: eventsByType(
      refreshEvent({ type: 'facts.changed', facts: SAMPLE_REFRESH_FACTS.recent, today: SAMPLE_TODAY, kbaFlag: false }),
      refreshEvent({ type: 'facts.changed', facts: SAMPLE_REFRESH_FACTS.coach, today: SAMPLE_TODAY, kbaFlag: false }),
      refreshEvent({ type: 'facts.changed', facts: SAMPLE_REFRESH_FACTS.due, today: SAMPLE_TODAY, kbaFlag: true }),
      refreshEvent({ type: 'refresh.order' }),
      refreshActors.done('orderReport', { status: 'ordered', creditPullDate: SAMPLE_TODAY }),
      refreshActors.done('orderReport', { status: 'kba-required', kbaLinkId: 'kba-session-1' }),
      // Throttled: the server says how many seconds are left (PortError.retryAfterSeconds).
      THROTTLED_ORDER,
      // Aborted: an earlier order is still being pulled.
      refreshActors.fail('orderReport', 'aborted'),
      refreshActors.fail('orderReport', 'unavailable'),
    ),
    // The facts decide the guards; the pull date an order sets is among them.
    stateKey: contextKey('facts', 'kbaFlag'),
  },
});

// ------------------------------------------------------------------------------------------------------------ kba

const kbaEvent = sampleEvents<typeof kbaMachine>();
const kbaActors = actorSamples<KbaActorSignatures>();

export const SAMPLE_KBA_QUESTIONS: KbaQuestionData[] = [
  {
    id: 'q-creditor',
    text: 'Which of these companies have you had an auto loan with?',
    answers: [
      { id: 'a-toyota', text: 'TOYOTA MOTOR CREDIT' },
      { id: 'a-ally', text: 'ALLY FINANCIAL' },
      { id: 'a-none', text: 'None of the above' },
    ],
  },
  {
    id: 'q-street',
    text: 'On which of these streets have you lived?',
    answers: [
      { id: 'a-maple', text: 'MAPLE AVE' },
      { id: 'a-birch', text: 'BIRCH ST' },
    ],
  },
];

const NEW_KBA_QUESTIONS: KbaQuestionData[] = [
  {
    id: 'q-payment',
    text: 'What is the monthly payment of your student loan?',
    answers: [
      { id: 'a-150', text: '$101 - $200' },
      { id: 'a-250', text: '$201 - $300' },
    ],
  },
];

export const kbaEntry = defineMachineEntry({
  id: 'kba',
  title: 'Identity check (KBA)',
  purpose: 'At /kba?id=…: answer the identity questions before an ordered report is pulled, then go to the report.',
  machine: kbaMachine,
  testModel: {
    input: { lowerEnvironment: true },
    events: eventsByType(
      kbaEvent({ type: 'route.changed', path: '/kba', search: '?id=kba-session-1' }),
      kbaEvent({ type: 'route.changed', path: '/kba', search: '' }),
      kbaEvent({ type: 'answer.select', questionId: 'q-creditor', answerId: 'a-toyota' }),
      kbaEvent({ type: 'answer.select', questionId: 'q-street', answerId: 'a-maple' }),
      kbaEvent({ type: 'answer.select', questionId: 'q-payment', answerId: 'a-150' }),
      // An answer the question does not offer (refused).
      kbaEvent({ type: 'answer.select', questionId: 'q-street', answerId: 'a-toyota' }),
      kbaEvent({ type: 'answers.submit' }),
      kbaEvent({ type: 'questions.retry' }),
      kbaEvent({ type: 'kba.skip' }),
      kbaActors.done('getQuestions', {
        status: 'questions',
        questions: SAMPLE_KBA_QUESTIONS,
        authToken: 'auth-1',
        retry: false,
        attemptsLeft: 3,
      }),
      kbaActors.done('getQuestions', { status: 'passed', creditPullDate: SAMPLE_TODAY }),
      kbaActors.done('getQuestions', { status: 'locked', retryAt: '2026-11-26T23:00:00.000Z' }),
      kbaActors.fail('getQuestions', 'unavailable'),
      kbaActors.done('submitAnswers', {
        status: 'questions',
        questions: NEW_KBA_QUESTIONS,
        authToken: 'auth-2',
        retry: true,
        attemptsLeft: 2,
      }),
      kbaActors.done('submitAnswers', { status: 'passed', creditPullDate: SAMPLE_TODAY }),
      kbaActors.done('submitAnswers', { status: 'locked', retryAt: '2026-11-26T23:00:00.000Z' }),
      kbaActors.fail('submitAnswers', 'unavailable'),
    ),
    // The guards read the session id and which questions have an answer.
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        id: snapshot.context.id,
        questions: snapshot.context.questions.map((question) => question.id),
        selections: snapshot.context.selections,
      }),
  },
});

// --------------------------------------------------------------------------------------------------- report print

const printEvent = sampleEvents<typeof reportPrintMachine>();
const printActors = actorSamples<ReportPrintActorSignatures>();

export const reportPrintEntry = defineMachineEntry({
  id: 'reportPrint',
  title: 'Report sections and Download PDF',
  purpose: 'The credit report sections open and close one by one or all at once; Download PDF prints them all open.',
  machine: reportPrintMachine,
  testModel: {
    input: { sectionIds: ['creditCard', 'inquiries'], expanded: ['creditCard'] },
    events: eventsByType(
      printEvent({ type: 'section.toggle', id: 'inquiries' }),
      printEvent({ type: 'section.toggle', id: 'unknown' }),
      printEvent({ type: 'sections.expandAll' }),
      printEvent({ type: 'sections.collapseAll' }),
      printEvent({ type: 'print.requested' }),
      after('printDelay', 'reportPrint.preparing'),
      printActors.done('print'),
      printActors.fail('print', 'unknown'),
      after('printCleanup', 'reportPrint.cleaningUp'),
    ),
    stateKey: contextKey('expanded', 'remembered'),
  },
});

// ---------------------------------------------------------------------------------------------------- past report

const pastEvent = sampleEvents<typeof pastReportMachine>();

/** The customer's pulls as listCreditReports lists them: the current report and two earlier ones. */
export const SAMPLE_PULLED_REPORTS = {
  current: { id: 'report-2026-11', pulledAt: '2026-11-02T15:04:00.000Z', current: true },
  october: { id: 'report-2026-10', pulledAt: '2026-10-01T14:30:00.000Z', current: false },
  september: { id: 'report-2026-09', pulledAt: '2026-09-01T09:12:00.000Z', current: false },
} as const;

export const pastReportEntry = defineMachineEntry({
  id: 'pastReport',
  title: 'Past credit reports',
  purpose: 'Which pull the credit report page shows: the current report, or an earlier one picked from the list.',
  machine: pastReportMachine,
  testModel: {
    events: eventsByType(
      pastEvent({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.october }),
      pastEvent({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.september }),
      pastEvent({ type: 'report.pick', report: SAMPLE_PULLED_REPORTS.current }),
      pastEvent({ type: 'report.showCurrent' }),
    ),
    stateKey: (snapshot) => JSON.stringify({ value: snapshot.value, shown: snapshot.context.shown?.id ?? null }),
  },
});

// -------------------------------------------------------------------------------------------------- initial report

const initialEvent = sampleEvents<typeof initialReportMachine>();
const initialActors = actorSamples<InitialReportActorSignatures>();

/** getInitialReport's answers for a customer: the pull under way, failed, not started, and the report stored. */
export const SAMPLE_INITIAL_REPORTS = {
  processing: { userId: 'u1', status: 'processing', report: null },
  failed: { userId: 'u1', status: 'error', report: null },
  none: { userId: 'u1', status: 'none', report: null },
  stored: { userId: 'u1', status: 'complete', report: { id: 'first-u1', pulledAt: '2026-11-25T15:30:00.000Z' } },
} as const satisfies Record<string, InitialReportData>;

export const initialReportEntry = defineMachineEntry({
  id: 'initialReport',
  title: 'Waiting for the first credit report',
  purpose:
    'A credit page without a report asks getInitialReport where the first report stands: read it once stored; while the pull is under way follow the status document and ask again; say when the pull failed or has not started; Try again when the ask fails.',
  machine: initialReportMachine,
  testModel: {
    events: eventsByType(
      initialActors.done('getInitialReport', SAMPLE_INITIAL_REPORTS.processing),
      initialActors.done('getInitialReport', SAMPLE_INITIAL_REPORTS.failed),
      initialActors.done('getInitialReport', SAMPLE_INITIAL_REPORTS.none),
      initialActors.done('getInitialReport', SAMPLE_INITIAL_REPORTS.stored),
      initialActors.fail('getInitialReport', 'unavailable'),
      initialEvent({ type: 'pull.status', status: 'processing' }),
      initialEvent({ type: 'pull.status', status: 'complete' }),
      initialEvent({ type: 'pull.status', status: 'error' }),
      initialEvent({ type: 'check.retry' }),
      after('recheckPull', 'initialReport.waiting'),
    ),
    stateKey: (snapshot) => JSON.stringify(snapshot.value),
  },
});
