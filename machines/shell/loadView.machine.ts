import { emit, setup, type SnapshotFrom } from 'xstate';
import { LOAD_VIEW_ERROR_AFTER_SLOW_MS, LOAD_VIEW_SLOW_MS } from '../../src/domain/constants';
import { machineSpec, spec } from '../spec';

// spec 000 §4.2 and §2.2: the generic load view. 'Loading', after 5 s 'loaded momentarily', after a further 15 s
// the error view with Try again and Request assistance. The owner sends `load.complete` when its data arrives.

export type LoadViewEvent =
  | { type: 'load.complete' }
  | { type: 'load.retry' }
  | { type: 'assistance.request' }
  | { type: 'dialog.close' };

export type LoadViewEmitted = { type: 'load.retried' };

/** Loading ('slow': 'loaded momentarily'), the error view, its support dialog. */
export type LoadViewTag = 'loading' | 'slow' | 'error' | 'dialog.support';

export const loadViewMachine = setup({
  types: {
    events: {} as LoadViewEvent,
    emitted: {} as LoadViewEmitted,
    tags: {} as LoadViewTag,
  },
  actions: {
    emitRetried: emit({ type: 'load.retried' } as const),
  },
  delays: {
    loadSlow: LOAD_VIEW_SLOW_MS,
    loadFailed: LOAD_VIEW_ERROR_AFTER_SLOW_MS,
  },
}).createMachine({
  id: 'loadView',
  meta: machineSpec(['000 §4.2', '000 §2.2']),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('000 §4.2'),
      tags: ['loading'],
      after: { loadSlow: 'slow' },
      on: { 'load.complete': 'loaded' },
    },
    slow: {
      // 'loaded momentarily'
      meta: spec('000 §4.2'),
      tags: ['loading', 'slow'],
      after: { loadFailed: 'failed' },
      on: { 'load.complete': 'loaded' },
    },
    failed: {
      meta: spec('000 §4.2'),
      tags: ['error'],
      initial: 'idle',
      states: {
        idle: {
          meta: spec('000 §4.2'),
          on: { 'assistance.request': 'assistance' },
        },
        assistance: {
          // The support dialog (spec 000 §2.2 "Request assistance").
          meta: spec('000 §4.2', '000 §2.2'),
          tags: ['dialog.support'],
          on: { 'dialog.close': 'idle' },
        },
      },
      on: {
        // Try again: the owner refetches on 'load.retried' and the timers start over.
        'load.retry': { target: 'loading', actions: 'emitRetried' },
        'load.complete': 'loaded',
      },
    },
    loaded: { meta: spec('000 §4.2'), type: 'final' },
  },
});

type LoadViewSnapshot = SnapshotFrom<typeof loadViewMachine>;

/** What the load view shows (src/views/status/LoadView.tsx). */
export const loadViewSelectors = {
  isSlow: (s: LoadViewSnapshot) => s.hasTag('slow'),
  hasFailed: (s: LoadViewSnapshot) => s.hasTag('error'),
  showsSupport: (s: LoadViewSnapshot) => s.hasTag('dialog.support'),
};
