import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { NavigateEmitted, RouteChangedEvent } from '../ports';
import { NAVIGATION_MODAL_KEY } from '../support/navigationModal.machine';
import { machineSpec, spec } from '../spec';

// The dispute wizard's walkthrough video (spec 001 §2 "Disputes dashboard": a walkthrough video dialog, with a
// video overlay until play and again on end; spec 001 §8 global.error-loading-video), kept as the walkthrough modal
// state of the navigation state (spec 002 §2 "Modal states carried in navigation state"): opening it adds a history
// entry of the same address carrying { modal: 'walkthrough' } (NAVIGATION_MODAL_KEY, the route⇄machine pattern,
// src/app/shell/routeMachine.ts), the browser's Back closes it, and a reload, a link or Forward whose entry carries
// it opens it again. Closed by its own Close it goes back over the entry it added, or clears the modal state in
// place when it found the entry already open (a reload, a link). Open, it shows the player: the overlay with its
// play button until play and again when the video ends; a video that cannot be loaded says so, with Try again.

/** spec 002 §2's name of this modal state. */
export const WALKTHROUGH_MODAL = 'walkthrough';

export interface WalkthroughContext {
  /** The page's address (path and query), where the dialog opens over it. */
  address: string | null;
  /** The modal state the navigation state carries now (route.changed). */
  routeModal: string | null;
  /** The open dialog added its own history entry (closing it goes back), rather than finding it open. */
  pushed: boolean;
}

export type WalkthroughEvent =
  | RouteChangedEvent
  | { type: 'video.open' }
  | { type: 'video.close' }
  | { type: 'video.play' }
  | { type: 'video.ended' }
  | { type: 'video.failed' }
  | { type: 'video.retry' };

export type WalkthroughTag = 'open' | 'video.overlay' | 'video.error';

export const walkthroughMachine = setup({
  types: {
    context: {} as WalkthroughContext,
    events: {} as WalkthroughEvent,
    emitted: {} as NavigateEmitted,
    tags: {} as WalkthroughTag,
  },
  guards: {
    isWalkthroughEntry: (_, params: { routeModal: string | null | undefined }) => params.routeModal === WALKTHROUGH_MODAL,
    isWalkthroughEntryLeft: (_, params: { routeModal: string | null | undefined }) => params.routeModal !== WALKTHROUGH_MODAL,
    hasAddress: ({ context }) => context.address !== null,
  },
  actions: {
    assignRoute: assign((_, params: { path: string; search: string; modal: string | null | undefined }) => ({
      address: `${params.path}${params.search}`,
      routeModal: params.modal ?? null,
    })),
    assignPushed: assign((_, params: { pushed: boolean }) => ({ pushed: params.pushed })),
    // A history entry of the same address carrying the walkthrough's modal state.
    showWalkthrough: emit(({ context }) => ({
      type: 'navigate' as const,
      to: context.address ?? '/',
      replace: false,
      state: { [NAVIGATION_MODAL_KEY]: WALKTHROUGH_MODAL },
    })),
    // Closed by its button: back over the entry it added, or the modal state cleared in place.
    closeWalkthrough: emit(({ context }) =>
      context.pushed
        ? { type: 'navigate' as const, to: context.address ?? '/', back: 1 }
        : { type: 'navigate' as const, to: context.address ?? '/', replace: true, state: null },
    ),
  },
}).createMachine({
  id: 'walkthrough',
  meta: machineSpec(['002 §2', '001 §2', '001 §8']),
  context: { address: null, routeModal: null, pushed: false },
  initial: 'closed',
  states: {
    closed: {
      meta: spec('002 §2'),
      on: {
        'route.changed': [
          // The entry carries the walkthrough: a reload, a link or the browser's Forward.
          {
            guard: { type: 'isWalkthroughEntry', params: ({ event }) => ({ routeModal: event.modal }) },
            target: 'open',
            actions: [
              { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) },
              { type: 'assignPushed', params: { pushed: false } },
            ],
            meta: spec('002 §2'),
          },
          { actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) } },
        ],
        // The wizard's "Watch the walkthrough".
        'video.open': {
          guard: 'hasAddress',
          target: 'open',
          actions: ['showWalkthrough', { type: 'assignPushed', params: { pushed: true } }],
          meta: spec('002 §2', '001 §2'),
        },
      },
    },
    open: {
      meta: spec('002 §2', '001 §2'),
      tags: ['open'],
      initial: 'overlay',
      on: {
        'route.changed': [
          // The navigation state no longer carries it: the browser's Back.
          {
            guard: { type: 'isWalkthroughEntryLeft', params: ({ event }) => ({ routeModal: event.modal }) },
            target: 'closed',
            actions: [
              { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) },
              { type: 'assignPushed', params: { pushed: false } },
            ],
            meta: spec('002 §2'),
          },
          { actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) } },
        ],
        'video.close': {
          target: 'closed',
          actions: ['closeWalkthrough', { type: 'assignPushed', params: { pushed: false } }],
          meta: spec('002 §2'),
        },
      },
      states: {
        // The overlay with its play button: until play, and again when the video ends.
        overlay: {
          meta: spec('001 §2'),
          tags: ['video.overlay'],
          on: {
            'video.play': { target: 'playing', meta: spec('001 §2') },
            'video.failed': { target: 'failed', meta: spec('001 §8') },
          },
        },
        playing: {
          meta: spec('001 §2'),
          on: {
            'video.ended': { target: 'overlay', meta: spec('001 §2') },
            'video.failed': { target: 'failed', meta: spec('001 §8') },
          },
        },
        // The video could not be loaded (spec 001 §8 global.error-loading-video): the message in place of the
        // player, and Try again loads it afresh.
        failed: {
          meta: spec('001 §2', '001 §8'),
          tags: ['video.error'],
          on: { 'video.retry': { target: 'overlay', meta: spec('001 §8') } },
        },
      },
    },
  },
});

export type WalkthroughSnapshot = SnapshotFrom<typeof walkthroughMachine>;

/** What the walkthrough's view reads. */
export const walkthroughSelectors = {
  open: (s: WalkthroughSnapshot): boolean => s.hasTag('open'),
  overlay: (s: WalkthroughSnapshot): boolean => s.hasTag('video.overlay'),
  /** The video could not be loaded: its message and Try again instead of the player. */
  failed: (s: WalkthroughSnapshot): boolean => s.hasTag('video.error'),
};
