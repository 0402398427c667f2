import { assign, emit, fromCallback, setup, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { NavigateEmitted, RouteChangedEvent } from '../ports';
import { machineSpec, spec } from '../spec';

// spec 002 §2 "Modal states carried in navigation state": the one machine of every dialog a page opens over itself
// as a modal state of the history entry (the support center's contact form, spec 000 §2.2; the dispute wizard's
// walkthrough video, spec 001 §2; the home hub's dialogs and the header's loan team, spec 002 §2). The page's route
// tells it each entry's navigation state (route⇄machine pattern, src/app/shell/routeMachine.ts): opening a dialog
// adds a history entry of the same address (path, query and #fragment) carrying the modal state, the browser's Back
// closes it (or shows the dialog under it), and a reload or Forward reopens what the entry carries. Each entry a
// dialog adds also carries how many entries the page's dialogs added up to it (MODAL_DEPTH_KEY), so whichever
// dialog closes it, and whichever instance of this machine it belongs to (the hub's page and the shell's header open
// the same loan team), its Close goes back over all of them and Back afterwards leaves the page; a modal state the
// page found without that count (a link) is cleared in place. "Back to the dialog under this one" (the checklist's
// item to its list) is Back when the entry under it is the dialog's, and replaces the entry otherwise. While open,
// the dialog runs its content's own flow (dialogContent: the walkthrough's player; nothing for the others).

/** The navigation state's key of the support center's and the disputes pages' modal states. */
export const NAVIGATION_MODAL_KEY = 'modal';

/** The field of an entry a dialog added: how many history entries the page's dialogs added up to and including it. */
export const MODAL_DEPTH_KEY = 'modalDepth';

/** A modal state as the navigation state carries it: the dialog's name under the page's key, and its parameters. */
export type ModalState = Readonly<Record<string, string>>;

/** A dialog's parameters (the progress tip's actionId, the checklist's checklistItemId) and whether it needs them. */
export type ModalParameters = Readonly<Record<string, 'required' | 'optional'>>;

export interface NavigationModalInput {
  /** The navigation state's key of the page's modal states (NAVIGATION_MODAL_KEY; the hub's 'hubModal'). */
  key: string;
  /** The page's dialogs by spec 002 §2's name of their modal state, each with its parameters. */
  modals: Readonly<Record<string, ModalParameters>>;
}

/** The page's modal state a navigation state carries (its parameters and nothing else), or null. */
export function modalStateOf(state: unknown, input: NavigationModalInput): ModalState | null {
  if (typeof state !== 'object' || state === null) return null;
  const fields = state as Record<string, unknown>;
  const name = fields[input.key];
  if (typeof name !== 'string' || !Object.hasOwn(input.modals, name)) return null;
  const modal: Record<string, string> = { [input.key]: name };
  for (const [parameter, need] of Object.entries(input.modals[name]!)) {
    const value = fields[parameter];
    if (typeof value === 'string') modal[parameter] = value;
    else if (need === 'required') return null;
  }
  return modal;
}

/** How many history entries the page's dialogs added up to this one (0: none, or an entry found with the state). */
export function modalDepthOf(state: unknown): number {
  if (typeof state !== 'object' || state === null) return 0;
  const depth = (state as Record<string, unknown>)[MODAL_DEPTH_KEY];
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

const sameModal = (a: ModalState | null, b: ModalState | null): boolean =>
  a !== null && b !== null && Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([field, value]) => b[field] === value);

export interface NavigationModalContext extends NavigationModalInput {
  /** The page's address (path, query and #fragment), where the dialogs open over it. */
  address: string | null;
  /** The modal state shown (null: none). */
  shown: ModalState | null;
  /** The MODAL_DEPTH_KEY of the entry shown: history entries the page's dialogs added up to it. */
  depth: number;
}

export type NavigationModalEvent =
  | RouteChangedEvent
  | { type: 'dialog.open'; modal: ModalState }
  | { type: 'dialog.return'; modal: ModalState }
  | { type: 'dialog.close' };

export type NavigationModalTag = 'open';

type ModalEvent<T extends NavigationModalEvent['type']> = Extract<NavigationModalEvent, { type: T }>;

const routeParams = ({ event }: { event: RouteChangedEvent }) => ({
  address: `${event.path}${event.search}${event.hash ?? ''}`,
  navigationState: event.navigationState ?? null,
});
const modalParams = ({ event }: { event: ModalEvent<'dialog.open'> | ModalEvent<'dialog.return'> }) => ({ modal: event.modal });

export const navigationModalMachine = setup({
  types: {
    context: {} as NavigationModalContext,
    events: {} as NavigationModalEvent,
    input: {} as NavigationModalInput,
    emitted: {} as NavigateEmitted,
    tags: {} as NavigationModalTag,
    children: {} as { content: 'dialogContent' },
  },
  actors: {
    // The open dialog's own flow (the walkthrough's player, machines/disputes/walkthrough.machine.ts): any logic, provided
    // by the page whose dialog has one; the others run nothing.
    dialogContent: fromCallback(() => undefined) as AnyActorLogic,
  },
  guards: {
    /** The entry carries one of the page's modal states: a reload, a link, Back or Forward, or the dialog's own. */
    isRouteModal: ({ context }, params: { navigationState: unknown }) => modalStateOf(params.navigationState, context) !== null,
    isRouteClosed: ({ context }, params: { navigationState: unknown }) => modalStateOf(params.navigationState, context) === null,
    /** One of the page's dialogs, other than the one shown, once the page's address is known. */
    canOpen: ({ context }, params: { modal: ModalState }) => {
      const modal = modalStateOf(params.modal, context);
      return context.address !== null && modal !== null && !sameModal(modal, context.shown);
    },
    /** The entry under the one shown is a dialog's too (the list the item was opened from): Back shows it. */
    hasDialogUnder: ({ context }) => context.depth >= 2,
    isPageModal: ({ context }, params: { modal: ModalState }) => modalStateOf(params.modal, context) !== null,
  },
  actions: {
    /** What the entry now shown carries: its modal state (or none) and the count of dialogs' entries up to it. */
    assignRoute: assign(({ context }, params: { address: string; navigationState: unknown }) => {
      const shown = modalStateOf(params.navigationState, context);
      return { address: params.address, shown, depth: shown === null ? 0 : modalDepthOf(params.navigationState) };
    }),
    assignOpened: assign(({ context }, params: { modal: ModalState }) => ({ shown: modalStateOf(params.modal, context), depth: context.depth + 1 })),
    assignReturnedBack: assign(({ context }, params: { modal: ModalState }) => ({ shown: modalStateOf(params.modal, context), depth: context.depth - 1 })),
    assignReturnedInPlace: assign(({ context }, params: { modal: ModalState }) => ({ shown: modalStateOf(params.modal, context) })),
    assignClosed: assign({ shown: null, depth: 0 }),
    // A history entry of the same address carrying the modal state, one more of the dialogs' entries.
    pushModal: emit(({ context }, params: { modal: ModalState }) => ({
      type: 'navigate' as const,
      to: context.address ?? '/',
      replace: false,
      state: { ...modalStateOf(params.modal, context), [MODAL_DEPTH_KEY]: context.depth + 1 },
    })),
    goBackOne: emit(({ context }) => ({ type: 'navigate' as const, to: context.address ?? '/', back: 1 })),
    replaceWithModal: emit(({ context }, params: { modal: ModalState }) => ({
      type: 'navigate' as const,
      to: context.address ?? '/',
      replace: true,
      state: { ...modalStateOf(params.modal, context), ...(context.depth > 0 ? { [MODAL_DEPTH_KEY]: context.depth } : {}) },
    })),
    // Closed by its button: back over the entries the page's dialogs added, or the modal state cleared in place.
    closeModal: emit(({ context }) =>
      context.depth > 0
        ? { type: 'navigate' as const, to: context.address ?? '/', back: context.depth }
        : { type: 'navigate' as const, to: context.address ?? '/', replace: true, state: null },
    ),
  },
}).createMachine({
  id: 'navigationModal',
  meta: machineSpec(['002 §2', '000 §2.2', '001 §2']),
  context: ({ input }) => ({ key: input.key, modals: input.modals, address: null, shown: null, depth: 0 }),
  initial: 'closed',
  states: {
    closed: {
      meta: spec('002 §2'),
      on: {
        'route.changed': [
          // The entry carries one of the page's modal states: a reload, a link or the browser's Forward.
          {
            guard: { type: 'isRouteModal', params: routeParams },
            target: 'open',
            actions: { type: 'assignRoute', params: routeParams },
            meta: spec('002 §2'),
          },
          { actions: { type: 'assignRoute', params: routeParams } },
        ],
        'dialog.open': {
          guard: { type: 'canOpen', params: modalParams },
          target: 'open',
          actions: [
            { type: 'pushModal', params: modalParams },
            { type: 'assignOpened', params: modalParams },
          ],
          meta: spec('002 §2'),
        },
      },
    },
    open: {
      meta: spec('002 §2'),
      tags: ['open'],
      invoke: { id: 'content', src: 'dialogContent' },
      on: {
        'route.changed': [
          // The entry carries none of the page's modal states: the browser's Back.
          {
            guard: { type: 'isRouteClosed', params: routeParams },
            target: 'closed',
            actions: { type: 'assignRoute', params: routeParams },
            meta: spec('002 §2'),
          },
          // The dialog's own entry, or another of the page's (Back from an item to its list, Forward).
          { actions: { type: 'assignRoute', params: routeParams } },
        ],
        // A dialog opened from the one shown (the checklist's item from its list): one more entry over it.
        'dialog.open': {
          guard: { type: 'canOpen', params: modalParams },
          actions: [
            { type: 'pushModal', params: modalParams },
            { type: 'assignOpened', params: modalParams },
          ],
          meta: spec('002 §2'),
        },
        // Back to the dialog under this one (the checklist's list): Back over this entry when the entry under it is
        // that dialog's, otherwise this entry replaced with it.
        'dialog.return': [
          {
            guard: 'hasDialogUnder',
            actions: ['goBackOne', { type: 'assignReturnedBack', params: modalParams }],
            meta: spec('002 §2'),
          },
          {
            guard: { type: 'isPageModal', params: modalParams },
            actions: [
              { type: 'replaceWithModal', params: modalParams },
              { type: 'assignReturnedInPlace', params: modalParams },
            ],
            meta: spec('002 §2'),
          },
        ],
        'dialog.close': {
          target: 'closed',
          actions: ['closeModal', 'assignClosed'],
          meta: spec('002 §2'),
        },
      },
    },
  },
});

export type NavigationModalSnapshot = SnapshotFrom<typeof navigationModalMachine>;

export const navigationModalSelectors = {
  open: (s: NavigationModalSnapshot): boolean => s.hasTag('open'),
  /** The modal state shown, or null. */
  shown: (s: NavigationModalSnapshot): ModalState | null => (s.hasTag('open') ? s.context.shown : null),
};
