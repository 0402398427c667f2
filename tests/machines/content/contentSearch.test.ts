import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { CONTENT_SEARCH_DEBOUNCE_MS, contentSearchMachine, contentSearchSelectors } from '../../../machines/content/contentSearch.machine';
import type { ContentSearchAnswer } from '../../../machines/content/ports';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('contentSearch');
if (!entry) throw new Error('contentSearch is not registered');
runModelPaths(entry);

const ARTICLE = {
  area: 'support' as const,
  slug: 'reset-your-password',
  category: 'my-account-and-login',
  categories: [{ slug: 'my-account-and-login', label: 'My account and login' }],
  title: 'Reset your password',
  description: 'Locked out?',
  thumbnail: '/content/thumbnails/my-account-and-login.svg',
  author: 'Support team',
  heroPriority: null,
  categoryPriority: null,
  order: 1,
  premium: false,
  readingMinutes: 2,
  updatedAt: '2026-10-01',
};

function start(answer: (query: string) => Promise<ContentSearchAnswer>) {
  const queries: string[] = [];
  const actor = createActor(
    contentSearchMachine.provide({
      actors: {
        searchContent: fromPromise<ContentSearchAnswer, { query: string }>(({ input }) => {
          queries.push(input.query);
          return answer(input.query);
        }),
      },
    }),
    { inspect },
  );
  actor.start();
  return { actor, queries };
}

const found = (query: string): Promise<ContentSearchAnswer> =>
  Promise.resolve({ query, results: [{ article: ARTICLE, snippet: `…${query}…` }], total: 1 });

describe('content search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once typing pauses, with the last query trimmed, and shows its results', async () => {
    const { actor, queries } = start(found);
    for (const value of ['p', 'pa', 'pas', ' password ']) actor.send({ type: 'query.change', value });
    await vi.advanceTimersByTimeAsync(CONTENT_SEARCH_DEBOUNCE_MS - 1);
    expect(queries).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries).toEqual(['password']);
    expect(contentSearchSelectors.status(actor.getSnapshot())).toBe('results');
    expect(contentSearchSelectors.results(actor.getSnapshot())[0]?.snippet).toBe('…password…');
  });

  it('asks nothing for fewer than 2 characters and clears earlier results', async () => {
    const { actor, queries } = start(found);
    actor.send({ type: 'query.change', value: 'dti' });
    await vi.advanceTimersByTimeAsync(CONTENT_SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'query.change', value: ' d ' });
    actor.send({ type: 'query.submit' });
    await vi.advanceTimersByTimeAsync(CONTENT_SEARCH_DEBOUNCE_MS * 2);
    expect(queries).toEqual(['dti']);
    expect(contentSearchSelectors.status(actor.getSnapshot())).toBe('idle');
    expect(contentSearchSelectors.results(actor.getSnapshot())).toEqual([]);
  });

  it('asks at once on Enter', async () => {
    const { actor, queries } = start(found);
    actor.send({ type: 'query.change', value: 'credit' });
    actor.send({ type: 'query.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queries).toEqual(['credit']);
  });

  it("says 'no results' when nothing matches", async () => {
    const { actor } = start((query) => Promise.resolve({ query, results: [], total: 0 }));
    actor.send({ type: 'query.change', value: 'zzzz' });
    await vi.advanceTimersByTimeAsync(CONTENT_SEARCH_DEBOUNCE_MS);
    expect(contentSearchSelectors.status(actor.getSnapshot())).toBe('empty');
    expect(contentSearchSelectors.searchedQuery(actor.getSnapshot())).toBe('zzzz');
  });

  it('a failure offers Try again, which asks the same query again', async () => {
    let fail = true;
    const { actor, queries } = start((query) => (fail ? Promise.reject({ code: 'unavailable' }) : found(query)));
    actor.send({ type: 'query.change', value: 'score' });
    await vi.advanceTimersByTimeAsync(CONTENT_SEARCH_DEBOUNCE_MS);
    expect(contentSearchSelectors.status(actor.getSnapshot())).toBe('error');
    fail = false;
    actor.send({ type: 'search.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queries).toEqual(['score', 'score']);
    expect(contentSearchSelectors.status(actor.getSnapshot())).toBe('results');
  });

  it('a newer query replaces a slower older answer', async () => {
    const pending: Array<() => void> = [];
    const { actor } = start(
      (query) =>
        new Promise((resolve) => {
          pending.push(() => resolve({ query, results: [{ article: ARTICLE, snippet: query }], total: 1 }));
        }),
    );
    actor.send({ type: 'query.change', value: 'first' });
    await vi.advanceTimersByTimeAsync(CONTENT_SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'query.change', value: 'second' });
    await vi.advanceTimersByTimeAsync(CONTENT_SEARCH_DEBOUNCE_MS);
    pending[1]?.();
    await vi.advanceTimersByTimeAsync(0);
    pending[0]?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(contentSearchSelectors.results(actor.getSnapshot())[0]?.snippet).toBe('second');
  });
});
