import { assign, setup, type SnapshotFrom } from 'xstate';
import { LOADING_MESSAGE_COUNT, LOADING_MESSAGES_AFTER_MS } from '../../src/domain/constants';
import { loadingMessageDelayMs } from '../../src/domain/hub';
import { machineSpec, spec } from '../spec';

// The loading messages on long waits (spec 002 §9: 50 rotating, every 2-6 s): nothing for a moment (a short wait
// needs no words), then one encouraging message after another, each for 2 to 6 seconds, from `start` round the 50.
// The view runs it while it waits and stops it when the wait is over.

export interface LoadingMessagesInput {
  /** The first message's index (the app picks one, so waits do not always open with the same words). */
  start: number;
}

export interface LoadingMessagesContext {
  index: number;
}

export const loadingMessagesMachine = setup({
  types: {
    context: {} as LoadingMessagesContext,
    input: {} as LoadingMessagesInput,
    tags: {} as 'message',
  },
  actions: {
    showNextMessage: assign(({ context }) => ({ index: (context.index + 1) % LOADING_MESSAGE_COUNT })),
  },
  delays: {
    longWait: LOADING_MESSAGES_AFTER_MS,
    messageShown: ({ context }) => loadingMessageDelayMs(context.index),
  },
}).createMachine({
  id: 'loadingMessages',
  meta: machineSpec(['002 §9']),
  context: ({ input }) => ({ index: ((Math.trunc(input.start) % LOADING_MESSAGE_COUNT) + LOADING_MESSAGE_COUNT) % LOADING_MESSAGE_COUNT }),
  initial: 'waiting',
  states: {
    waiting: {
      meta: spec('002 §9'),
      after: { longWait: 'showing' },
    },
    showing: {
      meta: spec('002 §9'),
      tags: ['message'],
      after: { messageShown: { target: 'showing', reenter: true, actions: 'showNextMessage' } },
    },
  },
});

type LoadingMessagesSnapshot = SnapshotFrom<typeof loadingMessagesMachine>;

export const loadingMessagesSelectors = {
  /** The message to show (0-49), or null while the wait is still short. */
  messageIndex: (s: LoadingMessagesSnapshot): number | null => (s.hasTag('message') ? s.context.index : null),
};
