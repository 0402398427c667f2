import { actorSamples, after, defineMachineEntry, eventsByType, sampleEvents } from '../registry';
import { contentSearchMachine } from './contentSearch.machine';
import type { ContentSearchActorSignatures, ContentSearchAnswer } from './ports';

// The content pages' machines' registry entries, listed in machines/index.ts.

const searchEvent = sampleEvents<typeof contentSearchMachine>();
const searchActors = actorSamples<ContentSearchActorSignatures>();

const SAMPLE_ANSWER: ContentSearchAnswer = {
  query: 'dti',
  total: 1,
  results: [
    {
      article: {
        area: 'learning',
        slug: 'what-is-dti-and-how-can-i-improve-it',
        category: 'home-buying',
        title: 'What is DTI and how can I improve it?',
        description: 'Your debt-to-income ratio, explained.',
        premium: false,
        readingMinutes: 5,
      },
      snippet: 'Your debt-to-income ratio (DTI) compares…',
    },
  ],
};

export const contentSearchEntry = defineMachineEntry({
  id: 'contentSearch',
  title: 'Content search',
  purpose: 'The learning and support search box: waits for a pause in typing, at least 2 characters, then results, no results or a failure with Try again.',
  machine: contentSearchMachine,
  testModel: {
    events: eventsByType(
      searchEvent({ type: 'query.change', value: 'dti' }),
      searchEvent({ type: 'query.change', value: 'd' }),
      searchEvent({ type: 'query.submit' }),
      searchEvent({ type: 'query.clear' }),
      searchEvent({ type: 'search.retry' }),
      after('debounce', 'contentSearch.debouncing'),
      searchActors.done('searchContent', SAMPLE_ANSWER),
      searchActors.done('searchContent', { query: 'zz', results: [], total: 0 }),
      searchActors.fail('searchContent', 'internal'),
    ),
    stateKey: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.query]),
  },
});
