import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { NAVIGATION_MODAL_KEY, navigationModalMachine, type NavigationModalInput, type NavigationModalSnapshot } from '../support/navigationModal.machine';
import { machineSpec, spec } from '../spec';

// The dispute wizard's walkthrough video (spec 001 §2 "Disputes dashboard": a walkthrough video dialog, with a
// video overlay until play and again on end; spec 001 §8 global.error-loading-video). The dialog is the walkthrough
// modal state of the navigation state (spec 002 §2), kept by the navigation modal machine
// (machines/support/navigationModal.machine.ts: opening adds a history entry, Back closes it, a reload keeps it, its
// Close goes back over the entry it added); this machine is the player the open dialog runs, started afresh each time
// the dialog opens: the overlay with its play button until play and again when the video ends; a video that cannot
// be loaded says so, with Try again.

/** spec 002 §2's name of this modal state, as the navigation state carries it. */
export const WALKTHROUGH_MODAL = { [NAVIGATION_MODAL_KEY]: 'walkthrough' } as const;

/** The navigation modal machine's input for the walkthrough's page (the disputes dashboard, the intake's Disputes step). */
export const WALKTHROUGH_DIALOG: NavigationModalInput = { key: NAVIGATION_MODAL_KEY, modals: { walkthrough: {} } };

export type WalkthroughEvent = { type: 'video.play' } | { type: 'video.ended' } | { type: 'video.failed' } | { type: 'video.retry' };

export type WalkthroughTag = 'video.overlay' | 'video.error';

export const walkthroughMachine = setup({
  types: {
    events: {} as WalkthroughEvent,
    tags: {} as WalkthroughTag,
  },
}).createMachine({
  id: 'walkthrough',
  meta: machineSpec(['001 §2', '001 §8']),
  initial: 'overlay',
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
    // The video could not be loaded (spec 001 §8 global.error-loading-video): the message in place of the player, and
    // Try again loads it afresh.
    failed: {
      meta: spec('001 §2', '001 §8'),
      tags: ['video.error'],
      on: { 'video.retry': { target: 'overlay', meta: spec('001 §8') } },
    },
  },
});

/** The walkthrough's dialog: the navigation modal machine running the player while open (input WALKTHROUGH_DIALOG). */
export const walkthroughDialogMachine = navigationModalMachine.provide({ actors: { dialogContent: walkthroughMachine } });

export type WalkthroughSnapshot = SnapshotFrom<typeof walkthroughMachine>;
export type WalkthroughPlayerActor = ActorRefFrom<typeof walkthroughMachine>;

/** What the walkthrough's view reads. */
export const walkthroughSelectors = {
  open: (s: NavigationModalSnapshot): boolean => s.hasTag('open'),
  /** The player of the open dialog (the dialog's content, which walkthroughDialogMachine provides as this machine). */
  player: (s: NavigationModalSnapshot): WalkthroughPlayerActor | undefined => s.children.content as WalkthroughPlayerActor | undefined,
  overlay: (s: WalkthroughSnapshot): boolean => s.hasTag('video.overlay'),
  /** The video could not be loaded: its message and Try again instead of the player. */
  failed: (s: WalkthroughSnapshot): boolean => s.hasTag('video.error'),
};
