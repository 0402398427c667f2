import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MIN_LENGTH } from '../../src/domain/content';
import { provided } from '../actors';
import { portErrorCode } from '../ports';
import type { ContentSearchActorSignatures, ContentSearchResult } from './ports';
import { machineSpec, spec } from '../spec';

// The learning center's and the support center's search box: typing waits for a pause (the named
// `debounce` delay) before it asks, a query of fewer than 2 characters asks nothing, Enter asks at once. Every new
// query leaves the state that was asking, so an older answer never replaces a newer one. An answer without results
// is its own state (the page says 'no results'), a failure offers Try again.

type Sig = ContentSearchActorSignatures;

/** How long typing must pause before the search asks. */
export const CONTENT_SEARCH_DEBOUNCE_MS = 300;

export interface ContentSearchContext {
  /** What the box shows. */
  query: string;
  /** The query of the last answer (or of the search under way). */
  searchedQuery: string;
  results: ContentSearchResult[];
  total: number;
  errorCode: string | null;
}

export type ContentSearchEvent =
  | { type: 'query.change'; value: string }
  | { type: 'query.submit' }
  | { type: 'query.clear' }
  | { type: 'search.retry' };

export type ContentSearchTag = 'busy' | 'results' | 'empty' | 'error';

/** The query as it is sent: trimmed, at most 100 characters. */
export function searchableQuery(query: string): string {
  return query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
}

function isSearchable(query: string): boolean {
  return searchableQuery(query).length >= SEARCH_QUERY_MIN_LENGTH;
}

const typing = {
  'query.change': [
    { guard: 'isNewQuerySearchable', target: '#contentSearch.debouncing', reenter: true, actions: 'assignQuery' },
    { target: '#contentSearch.idle', actions: ['assignQuery', 'clearResults'] },
  ],
  'query.clear': { target: '#contentSearch.idle', actions: ['clearQuery', 'clearResults'] },
} as const;

export const contentSearchMachine = setup({
  types: {
    context: {} as ContentSearchContext,
    events: {} as ContentSearchEvent,
    tags: {} as ContentSearchTag,
  },
  actors: {
    searchContent: provided<Sig['searchContent']>('searchContent'),
  },
  guards: {
    isNewQuerySearchable: ({ event }) => event.type === 'query.change' && isSearchable(event.value),
    isQuerySearchable: ({ context }) => isSearchable(context.query),
    hasResults: ({ event }) => 'output' in event && (event.output as { results: unknown[] }).results.length > 0,
  },
  actions: {
    assignQuery: assign(({ event }) => {
      assertEvent(event, 'query.change');
      return { query: event.value };
    }),
    clearQuery: assign({ query: '' }),
    clearResults: assign({ results: [], total: 0, searchedQuery: '', errorCode: null }),
  },
  delays: {
    debounce: CONTENT_SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'contentSearch',
  meta: machineSpec(['000 §2.4']),
  context: { query: '', searchedQuery: '', results: [], total: 0, errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      meta: spec('000 §2.4'),
      on: typing,
    },
    debouncing: {
      meta: spec('000 §2.4'),
      after: { debounce: 'searching' },
      on: { ...typing, 'query.submit': 'searching' },
    },
    searching: {
      meta: spec('000 §2.4'),
      tags: ['busy'],
      entry: assign(({ context }) => ({ searchedQuery: searchableQuery(context.query), errorCode: null })),
      invoke: {
        id: 'searchContent',
        src: 'searchContent',
        input: ({ context }) => ({ query: searchableQuery(context.query) }),
        onDone: [
          {
            guard: 'hasResults',
            target: 'results',
            actions: assign(({ event }) => ({ results: event.output.results, total: event.output.total })),
          },
          { target: 'empty', actions: assign({ results: [], total: 0 }) },
        ],
        onError: {
          target: 'error',
          actions: assign(({ event }) => ({ errorCode: portErrorCode(event.error), results: [], total: 0 })),
        },
      },
      on: typing,
    },
    results: {
      meta: spec('000 §2.4'),
      tags: ['results'],
      on: { ...typing, 'query.submit': { guard: 'isQuerySearchable', target: 'searching' } },
    },
    empty: {
      meta: spec('000 §2.4'),
      tags: ['empty'],
      on: { ...typing, 'query.submit': { guard: 'isQuerySearchable', target: 'searching' } },
    },
    error: {
      meta: spec('000 §2.4'),
      tags: ['error'],
      on: { ...typing, 'search.retry': 'searching', 'query.submit': { guard: 'isQuerySearchable', target: 'searching' } },
    },
  },
});

type ContentSearchSnapshot = SnapshotFrom<typeof contentSearchMachine>;

export const contentSearchSelectors = {
  query: (s: ContentSearchSnapshot) => s.context.query,
  searchedQuery: (s: ContentSearchSnapshot) => s.context.searchedQuery,
  results: (s: ContentSearchSnapshot) => s.context.results,
  total: (s: ContentSearchSnapshot) => s.context.total,
  busy: (s: ContentSearchSnapshot) => s.hasTag('busy'),
  status: (s: ContentSearchSnapshot): 'idle' | 'waiting' | 'results' | 'empty' | 'error' => {
    if (s.hasTag('results')) return 'results';
    if (s.hasTag('empty')) return 'empty';
    if (s.hasTag('error')) return 'error';
    if (s.matches('idle')) return 'idle';
    return 'waiting';
  },
};
