import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { provided } from '../actors';
import type { NavigateEmitted, NotifyEmitted, RouteChangedEvent } from '../ports';
import type { ArrayKbaResult, KbaActorSignatures, KbaQuestionData, ReportOrderedEmitted } from './ports';
import { machineSpec, spec } from '../spec';

// The identity check (spec 001 §2 "Identity check (KBA)", §4 "KBA", §5, §8), on the
// route⇄machine pattern: the page at /kba/* sends `route.changed`; without an `id` in the query the machine asks to
// go to / (replacing the address). With one it loads the session's questions (a failure shows kba:error-loading with
// Try again), the customer picks one answer per question, and Submit works only when every question has an answer.
// Wrong answers bring new questions, a warning toast and cleared selections; correct ones go to the report (the
// order that waited for the check was pulled: `report.ordered`). A submit failure shows kba:submit-error as an
// alert and keeps the selections. Identity vendors limit attempts: after too many unmatched answers the session is
// locked until `retryAt`, and the page says when another try opens and whom to call. Skip-to-report exists only in
// lower environments.

type Sig = KbaActorSignatures;

/** The page's message keys (public/locales/{en,es}/kba.json). */
export const KBA_KEYS = {
  errorLoading: 'error-loading',
  submitError: 'submit-error',
  /** The warning toast after unmatched answers. */
  wrongAnswers: 'wrongAnswers',
} as const;
export type KbaMessageKey = (typeof KBA_KEYS)['errorLoading' | 'submitError'];

/** Where a passed (or skipped) check goes, and where a page without a session id goes. */
export const KBA_REPORT_PATH = '/credit/report';
export const KBA_NO_ID_PATH = '/';

export interface KbaInput {
  /** Outside production (dev, stage, emulator): the skip-to-report button exists (spec 001 §2). */
  lowerEnvironment: boolean;
}

export interface KbaContext {
  lowerEnvironment: boolean;
  /** The KBA session id from the address (?id=), null until the route says. */
  id: string | null;
  questions: KbaQuestionData[];
  authToken: string | null;
  /** question id → answer id */
  selections: Record<string, string>;
  /** These questions follow unmatched answers. */
  retry: boolean;
  attemptsLeft: number | null;
  /** While locked: when another try opens (ISO date-time). */
  retryAt: string | null;
  /** The message shown: kba:error-loading (with Try again) or kba:submit-error (an alert). */
  errorKey: KbaMessageKey | null;
}

export type KbaEvent =
  | RouteChangedEvent
  | { type: 'answer.select'; questionId: string; answerId: string }
  | { type: 'answers.submit' }
  | { type: 'questions.retry' }
  | { type: 'kba.skip' };

export type KbaEmitted = NavigateEmitted | NotifyEmitted<typeof KBA_KEYS.wrongAnswers> | ReportOrderedEmitted;
export type KbaTag = 'loading' | 'answering' | 'submitting' | 'error' | 'locked' | 'done';

/** The `id` of a query string ('?id=abc&x=1' → 'abc'); null when absent or empty. */
export function kbaIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id === null || id.trim() === '' ? null : id;
}

const questionsOf = (result: ArrayKbaResult) => (result.status === 'questions' ? result : null);

export const kbaMachine = setup({
  types: {
    context: {} as KbaContext,
    events: {} as KbaEvent,
    input: {} as KbaInput,
    emitted: {} as KbaEmitted,
    tags: {} as KbaTag,
  },
  actors: {
    getQuestions: provided<Sig['getQuestions']>('getQuestions'),
    submitAnswers: provided<Sig['submitAnswers']>('submitAnswers'),
  },
  guards: {
    lacksId: (_, params: { search: string }) => kbaIdFromSearch(params.search) === null,
    isNewId: ({ context }, params: { search: string }) => kbaIdFromSearch(params.search) !== context.id,
    isQuestions: (_, params: { result: ArrayKbaResult }) => params.result.status === 'questions',
    isPassed: (_, params: { result: ArrayKbaResult }) => params.result.status === 'passed',
    isOfferedAnswer: ({ context }, params: { questionId: string; answerId: string }) =>
      context.questions.some(
        (question) => question.id === params.questionId && question.answers.some((answer) => answer.id === params.answerId),
      ),
    allAnswered: ({ context }) =>
      context.questions.length > 0 && context.questions.every((question) => context.selections[question.id] !== undefined),
    isLowerEnvironment: ({ context }) => context.lowerEnvironment,
  },
  actions: {
    assignId: assign((_, params: { search: string }) => ({ id: kbaIdFromSearch(params.search) })),
    assignQuestions: assign((_, params: { result: ArrayKbaResult }) => {
      const questions = questionsOf(params.result);
      return {
        questions: questions?.questions ?? [],
        authToken: questions?.authToken ?? null,
        retry: questions?.retry ?? false,
        attemptsLeft: questions?.attemptsLeft ?? null,
        selections: {},
        errorKey: null,
      };
    }),
    assignLocked: assign((_, params: { result: ArrayKbaResult }) => ({
      retryAt: params.result.status === 'locked' ? params.result.retryAt : null,
      questions: [],
      authToken: null,
      selections: {},
      errorKey: null,
    })),
    assignSelection: assign(({ context }, params: { questionId: string; answerId: string }) => ({
      selections: { ...context.selections, [params.questionId]: params.answerId },
      errorKey: null,
    })),
    clearError: assign({ errorKey: null }),
    assignLoadError: assign({ errorKey: KBA_KEYS.errorLoading }),
    assignSubmitError: assign({ errorKey: KBA_KEYS.submitError }),
    notifyWrongAnswers: emit({ type: 'notify', level: 'warning', key: KBA_KEYS.wrongAnswers } as const),
    emitOrdered: emit((_, params: { result: ArrayKbaResult }) => ({
      type: 'report.ordered' as const,
      creditPullDate: params.result.status === 'passed' ? params.result.creditPullDate : '',
    })),
    navigateToReport: emit({ type: 'navigate', to: KBA_REPORT_PATH } as const),
    navigateHome: emit({ type: 'navigate', to: KBA_NO_ID_PATH, replace: true } as const),
  },
}).createMachine({
  id: 'kba',
  meta: machineSpec(['001 §4', '001 §2', '001 §5']),
  context: ({ input }) => ({
    lowerEnvironment: input.lowerEnvironment,
    id: null,
    questions: [],
    authToken: null,
    selections: {},
    retry: false,
    attemptsLeft: null,
    retryAt: null,
    errorKey: null,
  }),
  initial: 'session',
  states: {
    session: {
      meta: spec('001 §4', '001 §2'),
      initial: 'awaitingRoute',
      on: {
        // The address decides: no id → /; another id → that session's questions; the same id → nothing to do.
        'route.changed': [
          { guard: { type: 'lacksId', params: ({ event }) => ({ search: event.search }) }, target: '#kba.noId' },
          {
            guard: { type: 'isNewId', params: ({ event }) => ({ search: event.search }) },
            target: '.loading',
            actions: { type: 'assignId', params: ({ event }) => ({ search: event.search }) },
          },
        ],
        // spec 001 §2: only in lower environments.
        'kba.skip': { guard: 'isLowerEnvironment', target: '#kba.skipped' },
      },
      states: {
        awaitingRoute: {
          meta: spec('001 §4'),
          tags: ['loading'],
        },
        loading: {
          meta: spec('001 §4'),
          tags: ['loading'],
          entry: 'clearError',
          invoke: {
            id: 'getQuestions',
            src: 'getQuestions',
            input: ({ context }) => ({ id: context.id ?? '' }),
            onDone: [
              {
                guard: { type: 'isQuestions', params: ({ event }) => ({ result: event.output }) },
                target: 'answering',
                actions: { type: 'assignQuestions', params: ({ event }) => ({ result: event.output }) },
              },
              {
                // The check was passed already (the page opened again): the report.
                guard: { type: 'isPassed', params: ({ event }) => ({ result: event.output }) },
                target: '#kba.passed',
                actions: { type: 'emitOrdered', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'locked', actions: { type: 'assignLocked', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: { target: 'loadFailed', actions: 'assignLoadError' },
          },
        },
        loadFailed: {
          meta: spec('001 §4'),
          tags: ['error'],
          on: { 'questions.retry': 'loading' },
        },
        answering: {
          meta: spec('001 §4'),
          tags: ['answering'],
          on: {
            'answer.select': {
              guard: { type: 'isOfferedAnswer', params: ({ event }) => event },
              actions: { type: 'assignSelection', params: ({ event }) => event },
            },
            'answers.submit': { guard: 'allAnswered', target: 'submitting' },
          },
        },
        submitting: {
          meta: spec('001 §4'),
          tags: ['submitting'],
          entry: 'clearError',
          invoke: {
            id: 'submitAnswers',
            src: 'submitAnswers',
            input: ({ context }) => ({ id: context.id ?? '', authToken: context.authToken ?? '', answers: context.selections }),
            onDone: [
              {
                // Unmatched answers: new questions, selections cleared, a warning.
                guard: { type: 'isQuestions', params: ({ event }) => ({ result: event.output }) },
                target: 'answering',
                actions: [{ type: 'assignQuestions', params: ({ event }) => ({ result: event.output }) }, 'notifyWrongAnswers'],
              },
              {
                guard: { type: 'isPassed', params: ({ event }) => ({ result: event.output }) },
                target: '#kba.passed',
                actions: { type: 'emitOrdered', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'locked', actions: { type: 'assignLocked', params: ({ event }) => ({ result: event.output }) } },
            ],
            // The alert; the answers stay chosen for another Submit.
            onError: { target: 'answering', actions: 'assignSubmitError' },
          },
        },
        locked: {
          // The view says when another try opens (retryAt) and whom to call.
          meta: spec('001 §4'),
          tags: ['locked'],
        },
      },
    },
    passed: {
      meta: spec('001 §4'),
      type: 'final',
      tags: ['done'],
      entry: 'navigateToReport',
    },
    skipped: {
      meta: spec('001 §4'),
      type: 'final',
      tags: ['done'],
      entry: 'navigateToReport',
    },
    noId: {
      meta: spec('001 §4'),
      type: 'final',
      tags: ['done'],
      entry: 'navigateHome',
    },
  },
});

type KbaSnapshot = SnapshotFrom<typeof kbaMachine>;

export type KbaStatus = 'loading' | 'loadFailed' | 'answering' | 'submitting' | 'locked' | 'done';

/** What the KBA page reads. */
export const kbaSelectors = {
  status: (snapshot: KbaSnapshot): KbaStatus => {
    if (snapshot.hasTag('error')) return 'loadFailed';
    if (snapshot.hasTag('answering')) return 'answering';
    if (snapshot.hasTag('submitting')) return 'submitting';
    if (snapshot.hasTag('locked')) return 'locked';
    if (snapshot.hasTag('done')) return 'done';
    return 'loading';
  },
  questions: (snapshot: KbaSnapshot): readonly KbaQuestionData[] => snapshot.context.questions,
  /** The answer chosen for a question, null while none is. */
  selection: (snapshot: KbaSnapshot, questionId: string): string | null => snapshot.context.selections[questionId] ?? null,
  answeredCount: (snapshot: KbaSnapshot): number =>
    snapshot.context.questions.filter((question) => snapshot.context.selections[question.id] !== undefined).length,
  /** Submit is enabled only when every question has an answer (spec 001 §5), and not while submitting. */
  canSubmit: (snapshot: KbaSnapshot): boolean => snapshot.can({ type: 'answers.submit' }),
  /** These questions follow unmatched answers, with `attemptsLeft` more tries. */
  retry: (snapshot: KbaSnapshot): boolean => snapshot.context.retry,
  attemptsLeft: (snapshot: KbaSnapshot): number | null => snapshot.context.attemptsLeft,
  /** kba:error-loading (with Try again) or kba:submit-error (an alert above Submit); null otherwise. */
  errorKey: (snapshot: KbaSnapshot): KbaMessageKey | null => snapshot.context.errorKey,
  /** While locked: when another try opens (ISO date-time). */
  retryAt: (snapshot: KbaSnapshot): string | null => (snapshot.hasTag('locked') ? snapshot.context.retryAt : null),
  /** The skip-to-report button exists (lower environments only). */
  canSkip: (snapshot: KbaSnapshot): boolean => snapshot.context.lowerEnvironment && snapshot.status === 'active',
};
