import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { SAMPLE_KBA_QUESTIONS } from '../../../machines/credit/entries';
import { kbaIdFromSearch, kbaMachine, kbaSelectors } from '../../../machines/credit/kba.machine';
import type { ArrayKbaResult, KbaActorSignatures, KbaQuestionData } from '../../../machines/credit/ports';
import { machineEntry } from '../../../machines/index';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('kba');
if (!entry) throw new Error('kba is not registered');
runModelPaths(entry, {
  variants: [
    {
      name: 'in production (no skip)',
      input: { lowerEnvironment: false },
      events: (registered) => ({ 'route.changed': registered['route.changed'] ?? [], 'kba.skip': registered['kba.skip'] ?? [] }),
    },
  ],
});

type Pending = { resolve: (result: ArrayKbaResult) => void; reject: (error: unknown) => void };
type SubmitInput = KbaActorSignatures['submitAnswers']['input'];

const QUESTIONS = (questions: KbaQuestionData[] = SAMPLE_KBA_QUESTIONS, attemptsLeft = 3, retry = false): ArrayKbaResult => ({
  status: 'questions',
  questions,
  authToken: `token-${attemptsLeft}`,
  retry,
  attemptsLeft,
});
const NEW_QUESTIONS: KbaQuestionData[] = [
  { id: 'q-new', text: 'Which amount was your auto loan?', answers: [{ id: 'a-1', text: '$12,000' }, { id: 'a-2', text: '$30,000' }] },
];

/** The KBA page's machine with the arrayKBA calls answered by the test. */
function kba(lowerEnvironment = false) {
  const loads: { id: string; pending: Pending }[] = [];
  const submits: { input: SubmitInput; pending: Pending }[] = [];
  const machine = kbaMachine.provide({
    actors: {
      getQuestions: fromPromise<ArrayKbaResult, { id: string }>(
        ({ input }) => new Promise((resolve, reject) => loads.push({ id: input.id, pending: { resolve, reject } })),
      ),
      submitAnswers: fromPromise<ArrayKbaResult, SubmitInput>(
        ({ input }) => new Promise((resolve, reject) => submits.push({ input, pending: { resolve, reject } })),
      ),
    },
  });
  const running = run(machine, { lowerEnvironment });
  const { snapshot } = running;
  return {
    ...running,
    loads,
    submits,
    status: () => kbaSelectors.status(snapshot()),
    snapshot,
    open: (search: string) => running.actor.send({ type: 'route.changed', path: '/kba', search }),
    select: (questionId: string, answerId: string) => running.actor.send({ type: 'answer.select', questionId, answerId }),
    async settleLoad(result: ArrayKbaResult | Error) {
      const pending = loads.at(-1)?.pending;
      if (result instanceof Error) pending?.reject(result);
      else pending?.resolve(result);
      await settle();
    },
    async settleSubmit(result: ArrayKbaResult | Error) {
      const pending = submits.at(-1)?.pending;
      if (result instanceof Error) pending?.reject(result);
      else pending?.resolve(result);
      await settle();
    },
  };
}

async function answering(lowerEnvironment = false) {
  const page = kba(lowerEnvironment);
  page.open('?id=session-1');
  await page.settleLoad(QUESTIONS());
  return page;
}

describe('KBA identity check (spec 001 §2, §4, §5, §8)', () => {
  it('sends a page without an id to / (replacing the address)', () => {
    for (const search of ['', '?id=', '?other=1']) {
      const page = kba();
      page.open(search);
      expect(page.emitted).toEqual([{ type: 'navigate', to: '/', replace: true }]);
      expect(page.loads).toEqual([]);
    }
  });

  it('loads the questions of the session the address names', async () => {
    const page = kba();
    expect(page.status()).toBe('loading');
    page.open('?id=session-1&lang=es');
    expect(page.loads.map(({ id }) => id)).toEqual(['session-1']);
    await page.settleLoad(QUESTIONS());
    expect(page.status()).toBe('answering');
    expect(kbaSelectors.questions(page.snapshot()).map(({ id }) => id)).toEqual(['q-creditor', 'q-street']);
    expect(kbaSelectors.attemptsLeft(page.snapshot())).toBe(3);
    // The same address again does not load again.
    page.open('?id=session-1&lang=es');
    expect(page.loads).toHaveLength(1);
  });

  it('shows kba:error-loading when the questions cannot be loaded, and loads again on Try again', async () => {
    const page = kba();
    page.open('?id=session-1');
    await page.settleLoad(new Error('unavailable'));
    expect(page.status()).toBe('loadFailed');
    expect(kbaSelectors.errorKey(page.snapshot())).toBe('error-loading');
    page.actor.send({ type: 'questions.retry' });
    expect(kbaSelectors.errorKey(page.snapshot())).toBeNull();
    await page.settleLoad(QUESTIONS());
    expect(page.status()).toBe('answering');
    expect(page.loads).toHaveLength(2);
  });

  it('enables Submit only when every question has an answer', async () => {
    const page = await answering();
    expect(kbaSelectors.canSubmit(page.snapshot())).toBe(false);
    page.actor.send({ type: 'answers.submit' });
    expect(page.submits).toEqual([]);
    page.select('q-creditor', 'a-toyota');
    expect([kbaSelectors.answeredCount(page.snapshot()), kbaSelectors.canSubmit(page.snapshot())]).toEqual([1, false]);
    page.select('q-street', 'a-birch');
    page.select('q-street', 'a-maple');
    expect(kbaSelectors.selection(page.snapshot(), 'q-street')).toBe('a-maple');
    expect(kbaSelectors.canSubmit(page.snapshot())).toBe(true);
    page.actor.send({ type: 'answers.submit' });
    expect(page.status()).toBe('submitting');
    expect(kbaSelectors.canSubmit(page.snapshot())).toBe(false);
    expect(page.submits.map(({ input }) => input)).toEqual([
      { id: 'session-1', authToken: 'token-3', answers: { 'q-creditor': 'a-toyota', 'q-street': 'a-maple' } },
    ]);
  });

  it('ignores an answer the question does not offer', async () => {
    const page = await answering();
    page.select('q-street', 'a-toyota');
    page.select('q-unknown', 'a-maple');
    expect(kbaSelectors.answeredCount(page.snapshot())).toBe(0);
    expect(page.snapshot().context.selections).toEqual({});
  });

  it('brings new questions with a warning toast and cleared selections after wrong answers', async () => {
    const page = await answering();
    page.select('q-creditor', 'a-ally');
    page.select('q-street', 'a-birch');
    page.actor.send({ type: 'answers.submit' });
    await page.settleSubmit(QUESTIONS(NEW_QUESTIONS, 2, true));
    expect(page.emitted).toEqual([{ type: 'notify', level: 'warning', key: 'wrongAnswers' }]);
    expect(page.status()).toBe('answering');
    expect(kbaSelectors.questions(page.snapshot()).map(({ id }) => id)).toEqual(['q-new']);
    expect(kbaSelectors.answeredCount(page.snapshot())).toBe(0);
    expect([kbaSelectors.retry(page.snapshot()), kbaSelectors.attemptsLeft(page.snapshot())]).toEqual([true, 2]);
    page.select('q-new', 'a-1');
    page.actor.send({ type: 'answers.submit' });
    expect(page.submits.at(-1)?.input).toEqual({ id: 'session-1', authToken: 'token-2', answers: { 'q-new': 'a-1' } });
  });

  it('goes to the report after correct answers, telling the app the ordered report was pulled', async () => {
    const page = await answering();
    page.select('q-creditor', 'a-toyota');
    page.select('q-street', 'a-maple');
    page.actor.send({ type: 'answers.submit' });
    await page.settleSubmit({ status: 'passed', creditPullDate: '2026-11-25' });
    expect(page.emitted).toEqual([
      { type: 'report.ordered', creditPullDate: '2026-11-25' },
      { type: 'navigate', to: '/credit/report' },
    ]);
    expect(page.status()).toBe('done');
  });

  it('shows kba:submit-error as an alert when the answers cannot be checked, keeping the selections', async () => {
    const page = await answering();
    page.select('q-creditor', 'a-toyota');
    page.select('q-street', 'a-maple');
    page.actor.send({ type: 'answers.submit' });
    await page.settleSubmit(new Error('unavailable'));
    expect(page.status()).toBe('answering');
    expect(kbaSelectors.errorKey(page.snapshot())).toBe('submit-error');
    expect(kbaSelectors.answeredCount(page.snapshot())).toBe(2);
    expect(kbaSelectors.canSubmit(page.snapshot())).toBe(true);
    page.actor.send({ type: 'answers.submit' });
    expect(kbaSelectors.errorKey(page.snapshot())).toBeNull();
    expect(page.submits).toHaveLength(2);
  });

  it('locks after too many unmatched answers and says when another try opens', async () => {
    const page = await answering();
    page.select('q-creditor', 'a-ally');
    page.select('q-street', 'a-birch');
    page.actor.send({ type: 'answers.submit' });
    await page.settleSubmit({ status: 'locked', retryAt: '2026-11-26T23:00:00.000Z' });
    expect(page.status()).toBe('locked');
    expect(kbaSelectors.retryAt(page.snapshot())).toBe('2026-11-26T23:00:00.000Z');
    expect(kbaSelectors.questions(page.snapshot())).toEqual([]);
  });

  it('shows a session locked earlier as locked when it opens', async () => {
    const page = kba();
    page.open('?id=session-1');
    await page.settleLoad({ status: 'locked', retryAt: '2026-11-26T23:00:00.000Z' });
    expect(page.status()).toBe('locked');
  });

  it('goes to the report when the session was passed already', async () => {
    const page = kba();
    page.open('?id=session-1');
    await page.settleLoad({ status: 'passed', creditPullDate: '2026-11-25' });
    expect(page.emitted.at(-1)).toEqual({ type: 'navigate', to: '/credit/report' });
  });

  it('skips to the report only in lower environments', async () => {
    const test = await answering(true);
    expect(kbaSelectors.canSkip(test.snapshot())).toBe(true);
    test.actor.send({ type: 'kba.skip' });
    expect(test.emitted).toEqual([{ type: 'navigate', to: '/credit/report' }]);

    const production = await answering(false);
    expect(kbaSelectors.canSkip(production.snapshot())).toBe(false);
    production.actor.send({ type: 'kba.skip' });
    expect(production.emitted).toEqual([]);
    expect(production.status()).toBe('answering');
  });

  it('loads the other session when the address names another id', async () => {
    const page = await answering();
    page.select('q-creditor', 'a-toyota');
    page.open('?id=session-2');
    expect(page.status()).toBe('loading');
    expect(page.loads.map(({ id }) => id)).toEqual(['session-1', 'session-2']);
    await page.settleLoad(QUESTIONS(NEW_QUESTIONS));
    expect(kbaSelectors.answeredCount(page.snapshot())).toBe(0);
  });

  it('reads the id from the query string', () => {
    expect(kbaIdFromSearch('?id=abc&x=1')).toBe('abc');
    expect(kbaIdFromSearch('?id=%20')).toBeNull();
    expect(kbaIdFromSearch('')).toBeNull();
  });
});
