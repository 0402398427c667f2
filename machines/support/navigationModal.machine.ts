import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { NavigateEmitted, RouteChangedEvent } from '../ports';
import { machineSpec, spec } from '../spec';

// spec 002 §2 "Modal states carried in navigation state" for a dialog a page opens over itself, such as the contact
// form (the support dialog, spec 000 §2.2): its modal state rides in the history entry's navigation state
// (NAVIGATION_MODAL_KEY, route⇄machine pattern, src/app/shell/routeMachine.ts), so opening it adds a history entry, the
// browser's Back closes it, and a reload (or Forward) reopens it. Closed by its own button it goes back over the entry
// it added, or clears the modal state in place when it found the entry already open (a reload, a link). The same as
// the welcome flow's modals (machines/hub/welcomeFlow.machine.ts), for one dialog named by the input.

/** The navigation state's key of these modal states (other pages' own keys, e.g. the hub's 'hubModal', are apart). */
export const NAVIGATION_MODAL_KEY = 'modal';

/** spec 002 §2's names of the modal states a page opens this way. */
export type NavigationModal = 'contactForm';

export interface NavigationModalInput {
  modal: NavigationModal;
}

export interface NavigationModalContext {
  modal: NavigationModal;
  /** The page's address (path and query), where the dialog opens over it. */
  address: string | null;
  /** The modal state the navigation state carries now (route.changed). */
  routeModal: string | null;
  /** The open dialog added its own history entry (closing it goes back), rather than finding it open. */
  pushed: boolean;
}

export type NavigationModalEvent = RouteChangedEvent | { type: 'dialog.open' } | { type: 'dialog.close' };

export type NavigationModalTag = 'open';

export const navigationModalMachine = setup({
  types: {
    context: {} as NavigationModalContext,
    events: {} as NavigationModalEvent,
    input: {} as NavigationModalInput,
    emitted: {} as NavigateEmitted,
    tags: {} as NavigationModalTag,
  },
  guards: {
    isRouteModal: ({ context }, params: { routeModal: string | null | undefined }) => params.routeModal === context.modal,
    isRouteModalLeft: ({ context }, params: { routeModal: string | null | undefined }) => params.routeModal !== context.modal,
    hasAddress: ({ context }) => context.address !== null,
  },
  actions: {
    assignRoute: assign((_, params: { path: string; search: string; modal: string | null | undefined }) => ({
      address: `${params.path}${params.search}`,
      routeModal: params.modal ?? null,
    })),
    assignPushed: assign((_, params: { pushed: boolean }) => ({ pushed: params.pushed })),
    // A history entry of the same address carrying the modal state.
    showModal: emit(({ context }) => ({
      type: 'navigate' as const,
      to: context.address ?? '/',
      replace: false,
      state: { [NAVIGATION_MODAL_KEY]: context.modal },
    })),
    // Closed by its button: back over the entry it added, or the modal state cleared in place.
    closeModal: emit(({ context }) =>
      context.pushed
        ? { type: 'navigate' as const, to: context.address ?? '/', back: 1 }
        : { type: 'navigate' as const, to: context.address ?? '/', replace: true, state: null },
    ),
  },
}).createMachine({
  id: 'navigationModal',
  meta: machineSpec(['002 §2', '000 §2.2']),
  context: ({ input }) => ({ modal: input.modal, address: null, routeModal: null, pushed: false }),
  initial: 'closed',
  states: {
    closed: {
      meta: spec('002 §2'),
      on: {
        'route.changed': [
          // The entry carries the modal state: a reload, a link or the browser's Forward.
          {
            guard: { type: 'isRouteModal', params: ({ event }) => ({ routeModal: event.modal }) },
            target: 'open',
            actions: [
              { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) },
              { type: 'assignPushed', params: { pushed: false } },
            ],
          },
          { actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) } },
        ],
        'dialog.open': {
          guard: 'hasAddress',
          target: 'open',
          actions: ['showModal', { type: 'assignPushed', params: { pushed: true } }],
        },
      },
    },
    open: {
      meta: spec('002 §2', '000 §2.2'),
      tags: ['open'],
      on: {
        'route.changed': [
          // The navigation state no longer carries it: the browser's Back.
          {
            guard: { type: 'isRouteModalLeft', params: ({ event }) => ({ routeModal: event.modal }) },
            target: 'closed',
            actions: [
              { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) },
              { type: 'assignPushed', params: { pushed: false } },
            ],
          },
          { actions: { type: 'assignRoute', params: ({ event }) => ({ path: event.path, search: event.search, modal: event.modal }) } },
        ],
        'dialog.close': {
          target: 'closed',
          actions: ['closeModal', { type: 'assignPushed', params: { pushed: false } }],
        },
      },
    },
  },
});

export type NavigationModalSnapshot = SnapshotFrom<typeof navigationModalMachine>;

export const navigationModalSelectors = {
  open: (s: NavigationModalSnapshot) => s.hasTag('open'),
};
