import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { NavigateEmitted, RouteChangedEvent } from '../ports';
import { machineSpec, spec } from '../spec';

// The hub's dialogs as modal states of the navigation state (spec 002 §2 "Modal states carried in navigation state":
// scoreDetails, updateSavings, loanTeam, progressTip with the action's id, checklist with the checklistItemId of the
// item shown). The modal state rides in the history entry (HUB_MODAL_KEY, route⇄machine pattern,
// src/app/shell/routeMachine.ts): opening a dialog adds a history entry, the browser's Back closes it (from a checklist
// item, Back shows the list first), and a reload or Forward reopens what the entry carries. Closed by its own button a
// dialog goes back over the entries it added, so Back afterwards leaves the page instead of landing on the same page
// again; a dialog found already open (a reload, a link, Forward) clears its modal state in place. The checklist's
// "back to the list" is Back when the item was opened from the list, and replaces the item with the list otherwise.

/** The navigation state's key of the hub's modal states. */
export const HUB_MODAL_KEY = 'hubModal';

/** A hub modal state as the navigation state carries it. */
export type HubModalState =
  | { hubModal: 'scoreDetails' }
  | { hubModal: 'updateSavings' }
  | { hubModal: 'loanTeam' }
  | { hubModal: 'progressTip'; actionId: string }
  | { hubModal: 'checklist' }
  | { hubModal: 'checklist'; checklistItemId: string };

export type HubModalName = HubModalState['hubModal'];

/** The loan team's modal state: the header's dialog, which the hub's call actions open too (spec 000 §2.4). */
export const LOAN_TEAM_MODAL = { [HUB_MODAL_KEY]: 'loanTeam' } as const satisfies HubModalState;

/** The hub modal state a navigation state carries, or null (anything else: another page's state, or none). */
export function hubModalOf(state: unknown): HubModalState | null {
  if (typeof state !== 'object' || state === null || !(HUB_MODAL_KEY in state)) return null;
  const fields = state as Record<string, unknown>;
  const modal = fields[HUB_MODAL_KEY];
  if (modal === 'scoreDetails' || modal === 'updateSavings' || modal === 'loanTeam') return { hubModal: modal };
  if (modal === 'progressTip') return typeof fields.actionId === 'string' ? { hubModal: modal, actionId: fields.actionId } : null;
  if (modal === 'checklist') {
    return typeof fields.checklistItemId === 'string' ? { hubModal: modal, checklistItemId: fields.checklistItemId } : { hubModal: modal };
  }
  return null;
}

export interface HubModalContext {
  /** The page's address (path and query), where the dialogs open over it. */
  address: string | null;
  /** The modal state shown (null: none). */
  shown: HubModalState | null;
  /** History entries this page's dialogs added that are still above the entry where they started. */
  pushed: number;
}

export type HubModalEvent =
  | RouteChangedEvent
  | { type: 'dialog.open'; modal: HubModalState }
  | { type: 'checklist.openItem'; checklistItemId: string }
  | { type: 'checklist.showList' }
  | { type: 'dialog.close' };

export type HubModalTag = 'open';

/** The route's modal state, read from the event (route.changed with the navigation state). */
const routeModal = (event: HubModalEvent): HubModalState | null => (event.type === 'route.changed' ? hubModalOf(event.navigationState ?? null) : null);

const sameModal = (a: HubModalState | null, b: HubModalState | null): boolean => JSON.stringify(a) === JSON.stringify(b);

export const hubModalMachine = setup({
  types: {
    context: {} as HubModalContext,
    events: {} as HubModalEvent,
    emitted: {} as NavigateEmitted,
    tags: {} as HubModalTag,
  },
  guards: {
    hasAddress: ({ context }) => context.address !== null,
    /** The entry now shown carries what this machine shows: its own navigation, or nothing changed. */
    isShownModal: ({ context, event }) => sameModal(routeModal(event), context.shown),
    isRouteClosed: ({ event }) => routeModal(event) === null,
    isRouteChecklistItem: ({ event }) => {
      const modal = routeModal(event);
      return modal?.hubModal === 'checklist' && 'checklistItemId' in modal;
    },
    isRouteChecklist: ({ event }) => routeModal(event)?.hubModal === 'checklist',
    isRouteModal: ({ event }) => routeModal(event) !== null,
    isChecklistOpening: ({ context, event }) => context.address !== null && event.type === 'dialog.open' && event.modal.hubModal === 'checklist',
    /** The item was opened from the list in this page's history, so the list is one entry back. */
    wasItemPushedOverList: ({ context }) => context.pushed >= 2,
  },
  actions: {
    assignAddress: assign(({ event }) => (event.type === 'route.changed' ? { address: `${event.path}${event.search}` } : {})),
    /** Back or Forward (or a reload) moved to another entry: what it carries is shown, one entry fewer of ours above. */
    assignRouteModal: assign(({ context, event }) => {
      const modal = routeModal(event);
      return { shown: modal, pushed: modal === null ? 0 : Math.max(0, context.pushed - 1) };
    }),
    /** A dialog found open (a reload, a link, Forward): no entry of ours under it. */
    assignFoundModal: assign(({ event }) => ({ shown: routeModal(event), pushed: 0 })),
    assignOpened: assign(({ context, event }) =>
      event.type === 'dialog.open' ? { shown: event.modal, pushed: context.pushed + 1 } : {},
    ),
    assignItemOpened: assign(({ context, event }) =>
      event.type === 'checklist.openItem'
        ? { shown: { hubModal: 'checklist' as const, checklistItemId: event.checklistItemId }, pushed: context.pushed + 1 }
        : {},
    ),
    assignListShownBack: assign(({ context }) => ({ shown: { hubModal: 'checklist' as const }, pushed: context.pushed - 1 })),
    assignListShownInPlace: assign({ shown: { hubModal: 'checklist' as const } }),
    assignClosed: assign({ shown: null, pushed: 0 }),
    // A history entry of the same address carrying the modal state.
    pushShown: emit(({ context }) => ({
      type: 'navigate' as const,
      to: context.address ?? '/',
      replace: false,
      state: { ...context.shown } as Record<string, string>,
    })),
    goBackOne: emit(({ context }) => ({ type: 'navigate' as const, to: context.address ?? '/', back: 1 })),
    replaceWithList: emit(({ context }) => ({
      type: 'navigate' as const,
      to: context.address ?? '/',
      replace: true,
      state: { [HUB_MODAL_KEY]: 'checklist' },
    })),
    // Closed by its button: back over the entries this page's dialogs added, or the modal state cleared in place.
    closeShown: emit(({ context }) =>
      context.pushed > 0
        ? { type: 'navigate' as const, to: context.address ?? '/', back: context.pushed }
        : { type: 'navigate' as const, to: context.address ?? '/', replace: true, state: null },
    ),
  },
}).createMachine({
  id: 'hubModal',
  meta: machineSpec(['002 §2', '002 §4']),
  context: { address: null, shown: null, pushed: 0 },
  initial: 'closed',
  on: {
    'route.changed': [
      // The machine's own navigation arriving, or the same entry told again: nothing changes.
      { guard: 'isShownModal', actions: 'assignAddress' },
      { guard: 'isRouteClosed', target: '.closed', actions: ['assignAddress', 'assignRouteModal'] },
      { guard: 'isRouteChecklistItem', target: '.checklist.item', actions: ['assignAddress', 'assignRouteModal'] },
      { guard: 'isRouteChecklist', target: '.checklist.list', actions: ['assignAddress', 'assignRouteModal'] },
      { guard: 'isRouteModal', target: '.dialog', actions: ['assignAddress', 'assignRouteModal'] },
    ],
  },
  states: {
    closed: {
      meta: spec('002 §2'),
      on: {
        'route.changed': [
          { guard: 'isShownModal', actions: 'assignAddress' },
          { guard: 'isRouteChecklistItem', target: 'checklist.item', actions: ['assignAddress', 'assignFoundModal'] },
          { guard: 'isRouteChecklist', target: 'checklist.list', actions: ['assignAddress', 'assignFoundModal'] },
          { guard: 'isRouteModal', target: 'dialog', actions: ['assignAddress', 'assignFoundModal'] },
        ],
        'dialog.open': [
          { guard: 'isChecklistOpening', target: 'checklist.list', actions: ['assignOpened', 'pushShown'] },
          { guard: 'hasAddress', target: 'dialog', actions: ['assignOpened', 'pushShown'] },
        ],
      },
    },
    // One of the hub's single dialogs (score details, savings, loan team, an action's progress tip).
    dialog: {
      meta: spec('002 §2'),
      tags: ['open'],
      on: {
        'dialog.close': { target: 'closed', actions: ['closeShown', 'assignClosed'] },
      },
    },
    // The documents the loan team asked for, and one of them with its Upload (spec 002 §4, "checklist").
    checklist: {
      meta: spec('002 §2', '002 §4'),
      tags: ['open'],
      initial: 'list',
      states: {
        list: {
          meta: spec('002 §2'),
          on: {
            'checklist.openItem': { target: 'item', actions: ['assignItemOpened', 'pushShown'] },
          },
        },
        item: {
          meta: spec('002 §2'),
          on: {
            'checklist.showList': [
              { guard: 'wasItemPushedOverList', target: 'list', actions: ['assignListShownBack', 'goBackOne'] },
              { target: 'list', actions: ['assignListShownInPlace', 'replaceWithList'] },
            ],
          },
        },
      },
      on: {
        'dialog.close': { target: 'closed', actions: ['closeShown', 'assignClosed'] },
      },
    },
  },
});

export type HubModalSnapshot = SnapshotFrom<typeof hubModalMachine>;

export const hubModalSelectors = {
  /** The modal state shown, or null. */
  shown: (snapshot: HubModalSnapshot): HubModalState | null => (snapshot.hasTag('open') ? snapshot.context.shown : null),
  /** Which dialog is open (null: none). */
  openModal: (snapshot: HubModalSnapshot): HubModalName | null => (snapshot.hasTag('open') ? (snapshot.context.shown?.hubModal ?? null) : null),
  /** The progress tip's action id, when that dialog is open. */
  progressTipActionId: (snapshot: HubModalSnapshot): string | null => {
    const shown = hubModalSelectors.shown(snapshot);
    return shown?.hubModal === 'progressTip' ? shown.actionId : null;
  },
  /** The checklist item shown, when the checklist shows one. */
  checklistItemId: (snapshot: HubModalSnapshot): string | null =>
    snapshot.matches({ checklist: 'item' }) && snapshot.context.shown !== null && 'checklistItemId' in snapshot.context.shown
      ? snapshot.context.shown.checklistItemId
      : null,
};
